import { systemClock } from '@ufo-ts/core';
import { isSdkError } from './sdk/sdk-error-kind.js';

/** What kind of failure one HTTP attempt ended with. */
export type FailureKind = 'rate-limit' | 'server' | 'timeout' | 'connection' | 'client' | 'aborted' | 'other';

/** A classified failure of one attempt. */
export interface Failure {
  kind: FailureKind;
  /** Whether this kind of failure is worth retrying (429, 5xx, timeouts, connection resets). */
  retryable: boolean;
  /** HTTP status, when the server answered. */
  status?: number;
  /** The server's requested wait (`retry-after-ms` / `retry-after`), in milliseconds. */
  retryAfterMs?: number;
  /** A one-line description. */
  message: string;
}

const CONNECTION_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

/** Error types that providers send inside a 200 stream and that are worth retrying. */
const RETRYABLE_STREAM_ERROR_TYPES = new Set(['overloaded_error', 'api_error', 'rate_limit_error', 'server_error']);

/**
 * Classifies an error thrown by the `openai` or `@anthropic-ai/sdk` clients (or by fetch underneath them):
 * 429 and 5xx are retryable, as are timeouts and connection failures; other 4xx are not. Does not load the SDKs.
 */
export function classifyFailure(error: unknown): Failure {
  const message = error instanceof Error ? error.message : String(error);
  if (isSdkError(error, 'APIUserAbortError')) return { kind: 'aborted', retryable: false, message };
  if (isSdkError(error, 'APIConnectionTimeoutError')) return { kind: 'timeout', retryable: true, message };
  if (isSdkError(error, 'APIConnectionError')) return { kind: 'connection', retryable: true, message };
  if (isSdkError(error, 'APIError')) return classifyStatus(error.status, error.headers, error.error, message);
  if (isConnectionError(error)) return { kind: 'connection', retryable: true, message };
  return { kind: 'other', retryable: false, message };
}

function classifyStatus(status: number | undefined, headers: Headers | undefined, body: unknown, message: string): Failure {
  if (status === undefined) {
    // An error event inside a streamed 200 response.
    const type = errorType(body);
    const retryable = type !== undefined && RETRYABLE_STREAM_ERROR_TYPES.has(type);
    return { kind: retryable ? 'server' : 'other', retryable, message };
  }
  const retryAfterMs = parseRetryAfter(headers);
  const base = retryAfterMs === undefined ? {} : { retryAfterMs };
  if (status === 429) return { kind: 'rate-limit', retryable: true, status, message, ...base };
  if (status >= 500) return { kind: 'server', retryable: true, status, message, ...base };
  return { kind: 'client', retryable: false, status, message };
}

function errorType(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const record = body as Record<string, unknown>;
  if (typeof record['type'] === 'string' && record['type'] !== 'error') return record['type'];
  const inner = record['error'];
  if (inner && typeof inner === 'object' && typeof (inner as Record<string, unknown>)['type'] === 'string') {
    return (inner as Record<string, string>)['type'];
  }
  return undefined;
}

/** True for fetch/undici/socket failures (connection reset, refused, terminated mid-body). */
export function isConnectionError(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && CONNECTION_CODES.has(code)) return true;
    if (current instanceof TypeError && /terminated|fetch failed|socket/i.test(current.message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Reads the wait a server asks for: `retry-after-ms` (milliseconds), or `retry-after` as seconds or an HTTP date.
 * Returns `undefined` when absent or unparseable.
 */
export function parseRetryAfter(headers: Headers | undefined, now: number = systemClock.now()): number | undefined {
  if (!headers || typeof headers.get !== 'function') return undefined;
  const ms = headers.get('retry-after-ms');
  if (ms !== null && ms.trim() !== '') {
    const value = Number(ms);
    if (Number.isFinite(value) && value >= 0) return value;
  }
  const raw = headers.get('retry-after');
  if (raw === null || raw.trim() === '') return undefined;
  const seconds = Number(raw);
  if (Number.isFinite(seconds)) return seconds >= 0 ? seconds * 1000 : undefined;
  const date = Date.parse(raw);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
