/**
 * Largest AIP message accepted by default, in bytes of UTF-8 JSON (one WebSocket text frame). Screenshots travel as
 * base64 data URLs inside results, so the limit is generous; the original allowed 100 MB.
 */
export const DEFAULT_MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

/** Longest free-text field (a user request, an error text) in characters. */
export const MAX_TEXT_CHARS = 100_000;

/** Most commands in one COMMAND message (and results in one COMMAND_RESULTS). */
export const MAX_COMMANDS_PER_MESSAGE = 1_000;
