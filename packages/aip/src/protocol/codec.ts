import { z } from 'zod';
import { AipMessageTooLargeError } from '../errors.js';
import { ClientMessageSchema, type ClientMessage, type ClientMessageInput } from './client-messages.js';
import type { AipErrorCode } from './enums.js';
import { MAX_JSON_DEPTH, prescanJson } from './json-prescan.js';
import { DEFAULT_MAX_CONTROL_MESSAGE_BYTES, DEFAULT_MAX_MESSAGE_BYTES } from './limits.js';
import { ServerMessageSchema, type ServerMessage, type ServerMessageInput } from './server-messages.js';

/** A decoded message, or why it could not be decoded (with the ids needed to answer it). */
export type DecodeResult<T> =
  | { ok: true; message: T }
  | {
      ok: false;
      code: Extract<AipErrorCode, 'MESSAGE_NOT_JSON' | 'MESSAGE_INVALID' | 'MESSAGE_TOO_LARGE'>;
      error: string;
      /** The `type` field of the raw message, when it had a string one. */
      type: string | undefined;
      /** The `request_id` (or `prev_response_id`) of the raw message, to correlate the ERROR answer. */
      correlationId: string | undefined;
    };

/** Options of the decoders. */
export interface DecodeOptions {
  /** Largest accepted message in bytes (default {@link DEFAULT_MAX_MESSAGE_BYTES}). */
  maxBytes?: number;
  /**
   * Client messages only: largest message of any type but `command_results`, in bytes (default
   * {@link DEFAULT_MAX_CONTROL_MESSAGE_BYTES}, never above `maxBytes`). Checked before parsing, from a linear
   * pre-scan of the top-level `type`.
   */
  maxControlBytes?: number;
  /** Deepest nesting of arrays/objects, checked by a linear pre-scan before parsing (default {@link MAX_JSON_DEPTH}). */
  maxDepth?: number;
}

/** Client message types that may use the full `maxBytes` (results carry screenshots). */
const LARGE_CLIENT_TYPES: ReadonlySet<string> = new Set(['command_results']);

/**
 * Parses and validates one client → server message. Never throws.
 *
 * @example
 * ```ts
 * const decoded = decodeClientMessage(frameText, { maxBytes: 1 << 20 });
 * if (!decoded.ok) socket.send(encodeServerMessage({ type: 'error', code: decoded.code, error: decoded.error }));
 * ```
 */
export function decodeClientMessage(data: string | Uint8Array, options: DecodeOptions = {}): DecodeResult<ClientMessage> {
  const large = options.maxBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  const control = Math.min(options.maxControlBytes ?? DEFAULT_MAX_CONTROL_MESSAGE_BYTES, large);
  return decodeWith(ClientMessageSchema, data, options, (type) => (type !== undefined && LARGE_CLIENT_TYPES.has(type) ? large : control));
}

/** Parses and validates one server → client message. Never throws. */
export function decodeServerMessage(data: string | Uint8Array, options: DecodeOptions = {}): DecodeResult<ServerMessage> {
  const limit = options.maxBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  return decodeWith(ServerMessageSchema, data, options, () => limit);
}

/**
 * Validates (applying defaults) and serialises a client message.
 * @throws AipMessageTooLargeError when the JSON exceeds `maxBytes`; a ZodError when the message is invalid.
 */
export function encodeClientMessage(message: ClientMessageInput, options: DecodeOptions = {}): string {
  return encodeWith(ClientMessageSchema, message, options);
}

/**
 * Validates (applying defaults) and serialises a server message.
 * @throws AipMessageTooLargeError when the JSON exceeds `maxBytes`; a ZodError when the message is invalid.
 *
 * @example
 * ```ts
 * socket.send(encodeServerMessage({ type: 'error', code: 'MESSAGE_INVALID', error: 'not an AIP message' }));
 * ```
 */
export function encodeServerMessage(message: ServerMessageInput, options: DecodeOptions = {}): string {
  return encodeWith(ServerMessageSchema, message, options);
}

/** Byte length of a string as UTF-8. */
export function utf8Length(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

function encodeWith<T>(schema: z.ZodType<T>, message: unknown, options: DecodeOptions): string {
  const text = JSON.stringify(schema.parse(message));
  const limit = options.maxBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  const bytes = utf8Length(text);
  if (bytes > limit) throw new AipMessageTooLargeError(bytes, limit);
  return text;
}

function decodeWith<T>(
  schema: z.ZodType<T>,
  data: string | Uint8Array,
  options: DecodeOptions,
  limitOf: (type: string | undefined) => number,
): DecodeResult<T> {
  const limit = options.maxBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  if (bytes.byteLength > limit) {
    return {
      ok: false,
      code: 'MESSAGE_TOO_LARGE',
      error: `message of ${bytes.byteLength} bytes exceeds the ${limit}-byte limit`,
      type: undefined,
      correlationId: undefined,
    };
  }
  const scan = prescanJson(bytes, options.maxDepth ?? MAX_JSON_DEPTH);
  if (!scan.ok)
    return { ok: false, code: 'MESSAGE_INVALID', error: `message refused before parsing: ${scan.reason}`, type: undefined, correlationId: undefined };
  const typeLimit = limitOf(scan.type);
  if (bytes.byteLength > typeLimit) {
    const what = scan.type === undefined ? 'a message without a readable type' : `a "${scan.type.slice(0, 40)}" message`;
    return {
      ok: false,
      code: 'MESSAGE_TOO_LARGE',
      error: `${what} of ${bytes.byteLength} bytes exceeds its ${typeLimit}-byte limit`,
      type: scan.type,
      correlationId: undefined,
    };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(typeof data === 'string' ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('utf8'));
  } catch (error) {
    return { ok: false, code: 'MESSAGE_NOT_JSON', error: `message is not JSON: ${(error as Error).message}`, type: undefined, correlationId: undefined };
  }
  const type = pick(raw, 'type');
  const correlationId = pick(raw, 'request_id') ?? pick(raw, 'prev_response_id') ?? pick(raw, 'response_id');
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    return { ok: false, code: 'MESSAGE_INVALID', error: 'a message must be a JSON object', type, correlationId };
  }
  if (bytes.byteLength > limitOf(type)) {
    // the pre-scan read another type than the parser (escaped or repeated keys): judge by the parsed one
    return {
      ok: false,
      code: 'MESSAGE_TOO_LARGE',
      error: `a "${String(type).slice(0, 40)}" message of ${bytes.byteLength} bytes exceeds its ${limitOf(type)}-byte limit`,
      type,
      correlationId,
    };
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    return { ok: false, code: 'MESSAGE_INVALID', error: describeIssues(parsed.error, type), type, correlationId };
  }
  return { ok: true, message: parsed.data };
}

function pick(raw: unknown, key: string): string | undefined {
  if (raw === null || typeof raw !== 'object') return undefined;
  const value = (raw as Record<string, unknown>)[key];
  return typeof value === 'string' && value.length <= 128 ? value : undefined;
}

/** A short, bounded description of what is wrong with a message. */
export function describeIssues(error: z.ZodError, type: string | undefined): string {
  const issues = error.issues.slice(0, 5).map((issue) => {
    const path = issue.path.length > 0 ? issue.path.join('.') : '(message)';
    return `${path}: ${issue.message}`;
  });
  const more = error.issues.length > 5 ? ` (+${error.issues.length - 5} more)` : '';
  const what = type === undefined ? 'message' : `"${type.slice(0, 40)}" message`;
  return `invalid ${what}: ${issues.join('; ')}${more}`;
}
