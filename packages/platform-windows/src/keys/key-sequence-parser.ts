import { KeySequenceError } from '../errors.js';
import { KEY_CODES, MODIFIER_KEYS, VK_RETURN, keyCodeOf } from './key-codes.js';

/**
 * One keyboard action, as pywinauto's `parse_keys` produces them:
 * - `vk`: a virtual key (pywinauto `VirtualKeyAction`), e.g. `{ENTER}`, a modifier;
 * - `char`: a character typed as Unicode (pywinauto `KeyAction`, KEYEVENTF_UNICODE);
 * - `escapedChar`: a character sent as the virtual key of the current layout (pywinauto `EscapedKeyAction`), used
 *   while modifiers are held so that `^a` is Ctrl+A and not Ctrl plus a Unicode "a";
 * - `pause`: `{PAUSE 1.5}`.
 * `down`/`up` say whether the action presses, releases, or (both true) taps the key.
 */
export type KeyAction =
  | { type: 'vk'; vk: number; down: boolean; up: boolean }
  | { type: 'char'; char: string; down: boolean; up: boolean }
  | { type: 'escapedChar'; char: string; down: boolean; up: boolean }
  | { type: 'pause'; seconds: number };

/** Options of {@link parseKeySequence}, named after pywinauto's `type_keys` flags. */
export interface KeySequenceOptions {
  /** Type spaces (pywinauto default false: spaces are dropped unless written `{SPACE}`). */
  withSpaces?: boolean;
  /** Type tab characters (default false). */
  withTabs?: boolean;
  /** Type newlines as Enter (default false). */
  withNewlines?: boolean;
  /**
   * Treat a bare modifier key name (`{VK_CONTROL}`, `{VK_SHIFT}`, `{VK_MENU}`, `{VK_LWIN}`, their left/right forms)
   * followed by more keys like `^`/`+`/`%`: held for the next key or group. Default true, so UFO's documented
   * example `{VK_CONTROL}c` really copies (pywinauto taps the modifier alone). At the end of a sequence it is a tap.
   */
  holdModifierNames?: boolean;
  /**
   * Send plain characters as Unicode packets (default true). When false, characters with a US-layout virtual key
   * (letters, digits, punctuation) are sent as that virtual key.
   */
  vkPacket?: boolean;
}

/** Virtual keys of characters on a US layout (pywinauto `ascii_vk`), used when `vkPacket` is false. */
const ASCII_VK: Readonly<Record<string, number>> = (() => {
  const table: Record<string, number> = {
    ' ': 0x20,
    '=': 0xbb,
    ',': 0xbc,
    '-': 0xbd,
    '.': 0xbe,
    ';': 0xba,
    '/': 0xbf,
    '`': 0xc0,
    '[': 0xdb,
    '\\': 0xdc,
    ']': 0xdd,
    "'": 0xde,
  };
  for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789') table[c] = c.charCodeAt(0);
  for (const c of 'abcdefghijklmnopqrstuvwxyz') table[c] = c.toUpperCase().charCodeAt(0);
  return Object.freeze(table);
})();

const tap = { down: true, up: true } as const;

/** Key names that act as held modifiers when followed by more keys (see `holdModifierNames`). */
const HOLDABLE_MODIFIER_NAMES = new Set([
  'VK_CONTROL',
  'VK_LCONTROL',
  'VK_RCONTROL',
  'VK_SHIFT',
  'VK_LSHIFT',
  'VK_RSHIFT',
  'VK_MENU',
  'VK_LMENU',
  'VK_RMENU',
  'RMENU',
  'VK_LWIN',
  'VK_RWIN',
  'LWIN',
  'RWIN',
]);

interface ParseState {
  options: Required<KeySequenceOptions>;
  /** After an explicit `{X down}`/`{X up}`, later characters are sent as virtual keys (pywinauto behaviour). */
  escapeNext: boolean;
}

/**
 * Parses a pywinauto key sequence (UFO's `keyboard_input(keys=…)` syntax) into key actions.
 *
 * Syntax: `+` `^` `%` hold Shift/Ctrl/Alt for the next key or `( … )` group; `{NAME}` a named key, `{NAME n}` n
 * presses, `{PAUSE s}` a pause, `{x}` a literal character (so `{+}` types a plus and `{{}` a brace), `{NAME down}` /
 * `{NAME up}` press or release only; `~` is Enter. Differences from pywinauto, on purpose: key names are accepted
 * in any case, and a modifier applies to every key of a `( … )` group (pywinauto releases it after the first).
 *
 * @throws KeySequenceError on unbalanced braces or parentheses, unknown names, or bad counts.
 */
export function parseKeySequence(keys: string, options: KeySequenceOptions = {}): KeyAction[] {
  const state: ParseState = {
    options: {
      withSpaces: false,
      withTabs: false,
      withNewlines: false,
      vkPacket: true,
      holdModifierNames: true,
      ...options,
    },
    escapeNext: false,
  };
  return parseInto(keys, state, []);
}

function parseInto(text: string, state: ParseState, held: number[]): KeyAction[] {
  const out: KeyAction[] = [];
  const modifiers: number[] = [];
  const release = () => {
    while (modifiers.length > 0) out.push({ type: 'vk', vk: modifiers.pop() as number, down: false, up: true });
  };
  let i = 0;
  while (i < text.length) {
    // Whole code points, so an emoji is one character and not two lone surrogates.
    const c = String.fromCodePoint(text.codePointAt(i) as number);
    i += c.length;
    const modifier = MODIFIER_KEYS[c];
    if (modifier !== undefined) {
      modifiers.push(modifier);
      out.push({ type: 'vk', vk: modifier, down: true, up: false });
      continue;
    }
    if (c === '(') {
      const end = text.indexOf(')', i);
      if (end === -1) throw new KeySequenceError(`"(" at position ${i - 1} has no matching ")" in ${JSON.stringify(text)}`);
      out.push(...parseInto(text.slice(i, end), state, [...held, ...modifiers]));
      i = end + 1;
    } else if (c === '{') {
      // Search from i + 1 so that "{}}" is a literal "}".
      const end = text.indexOf('}', i + 1);
      if (end === -1) throw new KeySequenceError(`"{" at position ${i - 1} has no matching "}" in ${JSON.stringify(text)}`);
      const code = text.slice(i, end);
      i = end + 1;
      const holdVk = HOLDABLE_MODIFIER_NAMES.has(code.toUpperCase()) ? keyCodeOf(code) : undefined;
      if (holdVk !== undefined && state.options.holdModifierNames && i < text.length) {
        modifiers.push(holdVk);
        out.push({ type: 'vk', vk: holdVk, down: true, up: false });
        continue;
      }
      out.push(...parseBraced(code, state));
    } else if (c === ')') {
      throw new KeySequenceError(`")" at position ${i - 1} has no matching "(" in ${JSON.stringify(text)}`);
    } else if (c === '}') {
      throw new KeySequenceError(`"}" at position ${i - 1} has no matching "{" in ${JSON.stringify(text)}`);
    } else {
      const action = plainCharacter(c, state, held.length + modifiers.length > 0);
      if (action) out.push(action);
    }
    release();
  }
  release();
  return out;
}

function plainCharacter(c: string, state: ParseState, modified: boolean): KeyAction | undefined {
  const { options } = state;
  if ((c === ' ' && !options.withSpaces) || (c === '\t' && !options.withTabs) || (c === '\n' && !options.withNewlines)) {
    return undefined;
  }
  if (c === '~' || c === '\n') return { type: 'vk', vk: VK_RETURN, ...tap };
  if (modified || state.escapeNext) return { type: 'escapedChar', char: c, ...tap };
  const vk = ASCII_VK[c];
  if (!options.vkPacket && vk !== undefined) return { type: 'vk', vk, ...tap };
  return { type: 'char', char: c, ...tap };
}

function parseBraced(code: string, state: ParseState): KeyAction[] {
  const lower = code.toLowerCase();
  if (lower.endsWith(' up') || lower.endsWith(' down')) {
    const space = code.lastIndexOf(' ');
    const name = code.slice(0, space);
    const event = lower.slice(space + 1);
    state.escapeNext = true;
    const actions = namedKey(name, state);
    const first = actions[0];
    if (!first || first.type === 'pause') throw new KeySequenceError(`cannot press or release ${JSON.stringify(name)}`);
    const single: Exclude<KeyAction, { type: 'pause' }> =
      first.type === 'char' ? { type: 'escapedChar', char: first.char, down: true, up: true } : { ...first };
    if (event === 'up') single.down = false;
    else single.up = false;
    return [single, ...actions.slice(1)];
  }
  return namedKey(code, state);
}

function namedKey(code: string, state: ParseState): KeyAction[] {
  const single = [...code].length === 1;
  const vk = single ? undefined : keyCodeOf(code);
  if (vk !== undefined) return [{ type: 'vk', vk, ...tap }];
  if (single) {
    const asciiVk = ASCII_VK[code];
    if (!state.options.vkPacket && asciiVk !== undefined) return [{ type: 'vk', vk: asciiVk, ...tap }];
    return [{ type: 'char', char: code, ...tap }];
  }
  const space = code.search(/\s+\S+$/);
  if (space > 0) {
    const what = code.slice(0, space);
    const countText = code.slice(space).trim();
    if (what.toUpperCase() === 'PAUSE') {
      const seconds = Number(countText);
      if (!Number.isFinite(seconds) || seconds < 0) throw new KeySequenceError(`invalid pause time ${countText}`);
      return [{ type: 'pause', seconds }];
    }
    if (!/^\d+$/.test(countText)) throw new KeySequenceError(`invalid repetition count ${countText}`);
    const count = Number(countText);
    const repeatedVk = keyCodeOf(what);
    const once: KeyAction[] = repeatedVk !== undefined ? [{ type: 'vk', vk: repeatedVk, ...tap }] : parseInto(what, state, []);
    const out: KeyAction[] = [];
    for (let n = 0; n < count; n += 1) out.push(...once.map((a) => ({ ...a })));
    return out;
  }
  throw new KeySequenceError(`unknown key name {${code}}; known names include ${exampleNames()}`);
}

function exampleNames(): string {
  return ['ENTER', 'TAB', 'ESC', 'BACKSPACE', 'DELETE', 'HOME', 'END', 'UP', 'DOWN', 'F1', 'VK_CONTROL']
    .filter((n) => KEY_CODES[n] !== undefined)
    .map((n) => `{${n}}`)
    .join(', ');
}
