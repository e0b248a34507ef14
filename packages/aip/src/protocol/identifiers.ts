import { z } from 'zod';
import { boundedRecordSchema } from './bounded-json.js';
import { MAX_METADATA_BYTES, MAX_METADATA_DEPTH, MAX_TEXT_CHARS } from './limits.js';

/** Client ids: 1–128 characters of letters, digits and `. _ : @ -`, starting with a letter or digit. */
export const ClientIdSchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._:@-]{0,127}$/, 'a client id is 1-128 letters, digits or . _ : @ - characters');

/** Session ids (UUIDs by default; callers may choose their own in the same character set as client ids). */
export const SessionIdSchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._:@-]{0,127}$/, 'a session id is 1-128 letters, digits or . _ : @ - characters');

/** Correlation ids of requests and responses. */
export const MessageIdSchema = z.string().min(1).max(128);

/** Task names: free text up to 200 characters; servers sanitise them before using them in paths. */
export const TaskNameSchema = z.string().min(1).max(200);

/** Free text (requests, reasons, error texts). */
export const TextSchema = z.string().max(MAX_TEXT_CHARS);

/** ISO-8601 timestamps. */
export const TimestampSchema = z.string().max(64);

/** Free-form extension data (at most {@link MAX_METADATA_BYTES} bytes of JSON, {@link MAX_METADATA_DEPTH} levels deep). */
export const MetadataSchema = boundedRecordSchema(MAX_METADATA_BYTES, MAX_METADATA_DEPTH);
