/**
 * Largest AIP message accepted by default, in bytes of UTF-8 JSON (one WebSocket text frame). Screenshots travel as
 * base64 data URLs inside results, so the limit is generous; the original allowed 100 MB.
 */
export const DEFAULT_MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

/** Longest free-text field (a user request, an error text) in characters. */
export const MAX_TEXT_CHARS = 100_000;

/** Most commands in one COMMAND message (and results in one COMMAND_RESULTS). */
export const MAX_COMMANDS_PER_MESSAGE = 1_000;

/**
 * Largest client message of any type other than `command_results`, in bytes (a REGISTER, a TASK with a
 * {@link MAX_TEXT_CHARS}-character request, a heartbeat). Only results carry screenshots.
 */
export const DEFAULT_MAX_CONTROL_MESSAGE_BYTES = 1024 * 1024;

/** Largest `metadata` / `custom_metadata` object, in bytes of JSON. */
export const MAX_METADATA_BYTES = 64 * 1024;

/** Deepest nesting inside a `metadata` / `custom_metadata` object (the object itself is depth 1). */
export const MAX_METADATA_DEPTH = 8;
