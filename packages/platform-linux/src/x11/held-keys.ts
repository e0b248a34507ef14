import { modifierFromName } from '@ufo-ts/desktop-common';
import { InputError } from '../errors.js';
import { keysymForKeyName, MODIFIER_KEYSYMS } from './key-combo.js';

/**
 * The key names of a text of keys to hold: names joined by `+` or separated by spaces (`ctrl++` is ctrl and the
 * `+` key).
 *
 * @throws InputError when there is none.
 * @example
 * ```ts
 * heldKeyNames('ctrl+shift'); // ['ctrl', 'shift']
 * ```
 */
export function heldKeyNames(text: string): string[] {
  const names = text.trim() === '+' ? ['+'] : text.split(/\s+|(?<!\+)\+(?!$)/).filter(Boolean);
  if (names.length === 0) throw new InputError('no keys given to hold: write e.g. "shift" or "ctrl+alt"');
  return names;
}

/**
 * The keysyms of a text of keys to hold (see {@link heldKeyNames}), in the order written. A modifier name (`ctrl`,
 * `control`, `shift`, `alt`, `super`, `win`, `meta`, `cmd`, any case) is its left key; any other name is a key of
 * `keyboard_input` (`a`, `Return`, `F5`, `Shift_R`). A key named twice is held once.
 *
 * @throws InputError for no keys or an unknown key name.
 * @example
 * ```ts
 * heldKeysyms('ctrl+shift'); // [0xffe3, 0xffe1]
 * heldKeysyms('alt a'); // [0xffe9, 0x61]
 * ```
 */
export function heldKeysyms(text: string): number[] {
  const keysyms = heldKeyNames(text).map((name) => {
    const modifier = modifierFromName(name);
    return modifier ? MODIFIER_KEYSYMS[modifier] : keysymForKeyName(name);
  });
  return [...new Set(keysyms)];
}
