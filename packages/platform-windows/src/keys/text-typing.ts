import { VK_RETURN, VK_TAB } from './key-codes.js';
import type { KeyAction } from './key-sequence-parser.js';

/** Characters that mean something in the key syntax and must be braced to be typed literally. */
const SPECIAL = new Set(['{', '}', '+', '^', '%', '~', '(', ')']);

/**
 * Escapes free text for the key syntax (UFO's `TextTransformer` step before `type_keys`): syntax characters are
 * braced (`+` → `{+}`), newlines become `{ENTER}` and tabs `{TAB}`. Parsing the result with `withSpaces: true`
 * types exactly `text`.
 */
export function escapeForKeySequence(text: string): string {
  let out = '';
  for (const c of normaliseNewlines(text)) {
    if (c === '\n') out += '{ENTER}';
    else if (c === '\t') out += '{TAB}';
    else if (SPECIAL.has(c)) out += `{${c}}`;
    else out += c;
  }
  return out;
}

/**
 * The key actions that type `text` literally: every character as Unicode, newlines as Enter, tabs as Tab. This is
 * what `set_edit_text` sends when it has to type.
 */
export function textToKeyActions(text: string): KeyAction[] {
  const out: KeyAction[] = [];
  for (const c of normaliseNewlines(text)) {
    if (c === '\n') out.push({ type: 'vk', vk: VK_RETURN, down: true, up: true });
    else if (c === '\t') out.push({ type: 'vk', vk: VK_TAB, down: true, up: true });
    else out.push({ type: 'char', char: c, down: true, up: true });
  }
  return out;
}

function normaliseNewlines(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}
