/** Deepest nesting of arrays and objects accepted in one AIP message (a message is depth 1). */
export const MAX_JSON_DEPTH = 64;

/** What a {@link prescanJson} pass found, read without parsing. */
export type PrescanResult =
  | {
      ok: true;
      /** Deepest nesting of arrays/objects seen. */
      depth: number;
      /**
       * The top-level `"type"` string when the text is an object with a plain (escape-free, ≤ 64 bytes) `type`
       * key and value; undefined otherwise. The last one wins, as in `JSON.parse`.
       */
      type: string | undefined;
    }
  | { ok: false; reason: string };

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;
const TYPE_KEY = [0x74, 0x79, 0x70, 0x65]; // "type"
const MAX_TYPE_BYTES = 64;

/** Whether `byte` occurs in `bytes[from, to)` (a loop for short ranges, native search within the range otherwise). */
function hasByte(bytes: Uint8Array, byte: number, from: number, to: number): boolean {
  if (to - from < 64) {
    for (let k = from; k < to; k += 1) if (bytes[k] === byte) return true;
    return false;
  }
  return bytes.subarray(from, to).indexOf(byte) >= 0;
}

/** Whether the quote at `at` is escaped: an odd run of backslashes (not before `from`) precedes it. */
function escapedAt(bytes: Uint8Array, at: number, from: number): boolean {
  let run = 0;
  for (let k = at - 1; k >= from && bytes[k] === BACKSLASH; k -= 1) run += 1;
  return run % 2 === 1;
}

/**
 * One linear pass over JSON bytes, before `JSON.parse`: stops at the first container nested deeper than
 * `maxDepth` (so a frame of a million nested arrays costs one short loop, never a parse or a deep recursion),
 * and reads the top-level `type` so size limits can depend on the message type. It does not validate JSON:
 * `JSON.parse` still does, and a text it cannot judge only loses its `type`.
 */
export function prescanJson(bytes: Uint8Array, maxDepth: number = MAX_JSON_DEPTH): PrescanResult {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  let topIsObject = false;
  let expectingKey = false;
  let stringStart = -1;
  let stringHasEscape = false;
  let stringIsKey = false;
  let keyIsType = false;
  let valueIsType = false;
  let type: string | undefined;
  for (let i = 0; i < bytes.length; i += 1) {
    const byte = bytes[i]!;
    if (inString) {
      // jump to the next unescaped quote (indexOf is native: a 16 MB string costs a few milliseconds)
      let end = bytes.indexOf(QUOTE, i);
      while (end > 0 && escapedAt(bytes, end, i)) end = bytes.indexOf(QUOTE, end + 1);
      if (end < 0) break; // unterminated: JSON.parse will say so
      if (!stringHasEscape) stringHasEscape = hasByte(bytes, BACKSLASH, i, end);
      i = end;
      inString = false;
      if (depth === 1 && topIsObject) {
        if (stringIsKey) keyIsType = !stringHasEscape && i - stringStart === TYPE_KEY.length && TYPE_KEY.every((b, k) => bytes[stringStart + k] === b);
        else if (valueIsType) {
          type = !stringHasEscape && i - stringStart <= MAX_TYPE_BYTES ? Buffer.from(bytes.subarray(stringStart, i)).toString('utf8') : undefined;
          valueIsType = false;
        }
      }
      continue;
    }
    if (byte === QUOTE) {
      inString = true;
      stringStart = i + 1;
      stringHasEscape = false;
      stringIsKey = depth === 1 && topIsObject && expectingKey;
      if (stringIsKey) expectingKey = false;
      continue;
    }
    if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) {
      if (depth === 0) topIsObject = byte === OPEN_OBJECT;
      depth += 1;
      if (depth > maxDepth) return { ok: false, reason: `nesting deeper than ${maxDepth} levels` };
      if (depth > deepest) deepest = depth;
      if (depth === 1) expectingKey = topIsObject;
      if (depth === 2 && valueIsType) ((valueIsType = false), (type = undefined));
      continue;
    }
    if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) {
      depth -= 1;
      continue;
    }
    if (depth !== 1 || !topIsObject) continue;
    if (byte === COMMA) {
      expectingKey = true;
      valueIsType = false;
    } else if (byte === COLON) {
      valueIsType = keyIsType;
      keyIsType = false;
    } else if (valueIsType && byte > 0x20) {
      // a non-string value (number, literal): the message has no usable type
      type = undefined;
      valueIsType = false;
    }
  }
  return { ok: true, depth: deepest, type };
}
