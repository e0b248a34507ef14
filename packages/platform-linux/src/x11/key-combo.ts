import { parseKeyChord, splitKeySequence, type Modifier } from '@ufo-ts/desktop-common';
import x11 from 'x11';
import { InputError } from '../errors.js';

export type { Modifier };

/** One key press, with modifiers held, repeated `repeat` times. */
export interface KeyChord {
  modifiers: Modifier[];
  /** X keysym of the key. */
  keysym: number;
  repeat: number;
  /** The chord as written, for messages. */
  text: string;
}

/** Keysyms of the modifier keys (left variants). */
export const MODIFIER_KEYSYMS: Record<Modifier, number> = { ctrl: 0xffe3, shift: 0xffe1, alt: 0xffe9, super: 0xffeb };

/** Friendly key names (lowercase) → X keysym names. */
const KEY_ALIASES: Record<string, string> = {
  enter: 'Return',
  return: 'Return',
  ret: 'Return',
  esc: 'Escape',
  escape: 'Escape',
  tab: 'Tab',
  space: 'space',
  spacebar: 'space',
  backspace: 'BackSpace',
  bs: 'BackSpace',
  delete: 'Delete',
  del: 'Delete',
  insert: 'Insert',
  ins: 'Insert',
  home: 'Home',
  end: 'End',
  pageup: 'Page_Up',
  pgup: 'Page_Up',
  page_up: 'Page_Up',
  pagedown: 'Page_Down',
  pgdn: 'Page_Down',
  page_down: 'Page_Down',
  up: 'Up',
  down: 'Down',
  left: 'Left',
  right: 'Right',
  plus: 'plus',
  minus: 'minus',
  comma: 'comma',
  period: 'period',
  slash: 'slash',
  backslash: 'backslash',
  equal: 'equal',
  equals: 'equal',
  asterisk: 'asterisk',
  menu: 'Menu',
  capslock: 'Caps_Lock',
  printscreen: 'Print',
  print: 'Print',
};

/** Lowercase keysym name (without `XK_`) → keysym, for case-insensitive lookups. Built from the x11 package's table. */
const KEYSYMS_BY_LOWER_NAME: ReadonlyMap<string, number> = new Map(
  Object.entries(x11.keySyms).map(([name, sym]) => [name.replace(/^XK_/, '').toLowerCase(), sym.code]),
);

/** The keysym X uses for a character: Latin-1 code points map to themselves, others to 0x01000000 + code point. */
export function keysymForChar(char: string): number {
  const cp = char.codePointAt(0) ?? 0;
  if (char === '\n' || char === '\r') return 0xff0d;
  if (char === '\t') return 0xff09;
  if (char === '\b') return 0xff08;
  if ((cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa0 && cp <= 0xff)) return cp;
  return 0x01000000 + cp;
}

/** The keysym of a key name (`Return`, `F5`, `page_up`, `a`, `€`). Throws {@link InputError} for unknown names. */
export function keysymForKeyName(name: string): number {
  if ([...name].length === 1) return keysymForChar(name);
  const alias = Object.hasOwn(KEY_ALIASES, name.toLowerCase()) ? KEY_ALIASES[name.toLowerCase()] : undefined;
  const exact = x11.keySyms[`XK_${alias ?? name}`];
  if (exact) return exact.code;
  const loose = KEYSYMS_BY_LOWER_NAME.get((alias ?? name).toLowerCase());
  if (loose !== undefined) return loose;
  throw new InputError(
    `unknown key "${name}": use a key name such as Return, Escape, Tab, BackSpace, Delete, Home, F5, Page_Up, Left, space, or a single character`,
  );
}

/**
 * Parses a key sequence: chords separated by spaces, each `modifier+…+key` with an optional `*N` repeat, e.g.
 * `ctrl+s`, `ctrl+shift+Tab`, `Return`, `ctrl+a BackSpace`, `Down*3`, `ctrl++` (ctrl and the + key). The grammar is
 * @ufo-ts/desktop-common's; this maps each chord's key name to its X keysym, chord by chord, so the first bad chord
 * is the one reported.
 */
export function parseKeySequence(keys: string): KeyChord[] {
  return splitKeySequence(keys).map((token) => {
    const { modifiers, key, repeat, text } = parseKeyChord(token);
    return { modifiers, keysym: keysymForKeyName(key), repeat, text };
  });
}
