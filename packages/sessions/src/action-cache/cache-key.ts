import { createHash } from 'node:crypto';
import { canonicalJson } from '@ufo-ts/core/internal';
import { CacheKeyPartsSchema, type CacheKeyParts, type WindowSignature } from './cached-run-schema.js';
import { toTemplate } from './cache-variables.js';

/**
 * A request as the cache compares it: variables' values replaced by placeholders, whitespace collapsed, lower case,
 * no trailing full stop. "Sum column B of {{file}}." and "sum column B of  {{file}}" are one request.
 */
export function normalizeRequest(request: string, variables: Readonly<Record<string, string>> = {}): string {
  return toTemplate(request, variables)
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.!]+$/, '')
    .toLowerCase();
}

/** The parts of the key of a run of `request` with `variables` that starts on `window`. */
export function cacheKeyParts(request: string, variables: Readonly<Record<string, string>>, window: WindowSignature): CacheKeyParts {
  return CacheKeyPartsSchema.parse({
    request: normalizeRequest(request, variables),
    variables: Object.keys(variables).sort(),
    window: { app: window.app.toLowerCase(), title: toTemplate(window.title, variables).replace(/\s+/g, ' ').trim() },
  });
}

/** The key of a cached run: the SHA-256 (hex) of its parts as canonical JSON. */
export function cacheKey(parts: CacheKeyParts): string {
  return createHash('sha256')
    .update(canonicalJson(CacheKeyPartsSchema.parse(parts)))
    .digest('hex');
}
