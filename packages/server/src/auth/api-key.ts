import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/** A fresh random API key (32 bytes, base64url), like the original's `secrets.token_urlsafe(32)`. */
export function generateApiKey(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Compares a presented key with the expected one in constant time (both are hashed first, so neither the
 * content nor the length of the expected key leaks through timing).
 */
export function apiKeyMatches(presented: string | undefined, expected: string): boolean {
  if (presented === undefined) return false;
  const a = createHash('sha256').update(presented, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  return timingSafeEqual(a, b);
}

/**
 * The key a request presents: the `x-api-key` header, an `Authorization: Bearer` header, or (WebSocket only, as
 * in the original) the `token` query parameter.
 */
export function presentedApiKey(headers: IncomingHttpHeaders | Headers, url?: URL): string | undefined {
  const get = (name: string): string | undefined => {
    if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
    const value = (headers as IncomingHttpHeaders)[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const header = get('x-api-key');
  if (header) return header;
  const auth = get('authorization');
  if (auth && /^bearer\s+/i.test(auth)) return auth.replace(/^bearer\s+/i, '');
  return url?.searchParams.get('token') ?? undefined;
}
