import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** Options of {@link createHttpRequestGuard}. */
export interface HttpRequestGuardOptions {
  /** Bearer token required in `Authorization`; undefined: no authentication. */
  token?: string;
  /** Extra accepted `Host` header values (`name` or `name:port`) besides loopback names. */
  allowedHosts?: readonly string[];
  /** Extra accepted `Origin` header values (exact, e.g. `https://app.example`) besides loopback origins. */
  allowedOrigins?: readonly string[];
}

/** Why a request was refused: HTTP status and a message for the body. */
export interface GuardRejection {
  status: 401 | 403;
  message: string;
  /**
   * The `WWW-Authenticate` value of a 401 (RFC 6750 Bearer challenge), so a client that supports OAuth knows a
   * bearer token is what is missing or wrong instead of starting an OAuth discovery.
   */
  challenge?: string;
}

/** The realm named in Bearer challenges. */
export const BEARER_REALM = 'ufo-ts';

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/**
 * Builds the check every request to `serveHttp` goes through: DNS-rebinding protection (the `Host` header must
 * name a loopback address unless listed; an `Origin`, when sent, must be a loopback origin unless listed) and,
 * when a token is set, `Authorization: Bearer <token>` compared in constant time.
 */
export function createHttpRequestGuard(options: HttpRequestGuardOptions): (req: IncomingMessage) => GuardRejection | undefined {
  const allowedHosts = new Set((options.allowedHosts ?? []).map((h) => h.toLowerCase()));
  const allowedOrigins = new Set(options.allowedOrigins ?? []);
  const expectedAuth = options.token === undefined ? undefined : digest(`Bearer ${options.token}`);
  return (req) => {
    const host = (req.headers.host ?? '').toLowerCase();
    if (!isAllowedHost(host, allowedHosts)) {
      return { status: 403, message: `Host "${host}" is not allowed` };
    }
    const origin = req.headers.origin;
    if (origin !== undefined && !allowedOrigins.has(origin) && !isLoopbackOrigin(origin)) {
      return { status: 403, message: `Origin "${origin}" is not allowed` };
    }
    if (expectedAuth !== undefined) {
      const header = req.headers.authorization;
      if (header === undefined || header === '') {
        return { status: 401, message: 'Missing bearer token', challenge: `Bearer realm="${BEARER_REALM}"` };
      }
      if (!timingSafeEqual(digest(header), expectedAuth)) {
        return {
          status: 401,
          message: 'Invalid bearer token',
          challenge: `Bearer realm="${BEARER_REALM}", error="invalid_token", error_description="The bearer token is not valid"`,
        };
      }
    }
    return undefined;
  };
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

function isAllowedHost(host: string, allowed: ReadonlySet<string>): boolean {
  if (host === '') return false;
  if (allowed.has(host)) return true;
  const name = hostName(host);
  return LOOPBACK_NAMES.has(name) || allowed.has(name);
}

/** `example.com:80` → `example.com`; `[::1]:80` → `[::1]`. */
function hostName(host: string): string {
  if (host.startsWith('[')) {
    const end = host.indexOf(']');
    return end === -1 ? host : host.slice(0, end + 1);
  }
  const colon = host.lastIndexOf(':');
  return colon === -1 ? host : host.slice(0, colon);
}

function isLoopbackOrigin(origin: string): boolean {
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK_NAMES.has(url.hostname);
  } catch {
    return false;
  }
}
