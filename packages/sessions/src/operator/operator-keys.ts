import type { OperatorToolMapping } from './operator-tools.js';

const XDOTOOL: Record<string, string> = {
  CTRL: 'ctrl',
  CONTROL: 'ctrl',
  ALT: 'alt',
  OPTION: 'alt',
  SHIFT: 'shift',
  META: 'super',
  CMD: 'super',
  SUPER: 'super',
  WIN: 'super',
  ENTER: 'Return',
  RETURN: 'Return',
  ESC: 'Escape',
  ESCAPE: 'Escape',
  TAB: 'Tab',
  BACKSPACE: 'BackSpace',
  DELETE: 'Delete',
  DEL: 'Delete',
  SPACE: 'space',
  UP: 'Up',
  ARROWUP: 'Up',
  DOWN: 'Down',
  ARROWDOWN: 'Down',
  LEFT: 'Left',
  ARROWLEFT: 'Left',
  RIGHT: 'Right',
  ARROWRIGHT: 'Right',
  PAGEUP: 'Page_Up',
  PAGEDOWN: 'Page_Down',
  HOME: 'Home',
  END: 'End',
  INSERT: 'Insert',
};
const PYWINAUTO_MODIFIERS: Record<string, string> = { CTRL: '^', CONTROL: '^', ALT: '%', OPTION: '%', SHIFT: '+' };
const PYWINAUTO_KEYS: Record<string, string> = {
  ENTER: '{ENTER}',
  RETURN: '{ENTER}',
  ESC: '{ESC}',
  ESCAPE: '{ESC}',
  TAB: '{TAB}',
  BACKSPACE: '{BACKSPACE}',
  DELETE: '{DELETE}',
  DEL: '{DELETE}',
  SPACE: '{SPACE}',
  UP: '{UP}',
  ARROWUP: '{UP}',
  DOWN: '{DOWN}',
  ARROWDOWN: '{DOWN}',
  LEFT: '{LEFT}',
  ARROWLEFT: '{LEFT}',
  RIGHT: '{RIGHT}',
  ARROWRIGHT: '{RIGHT}',
  PAGEUP: '{PGUP}',
  PAGEDOWN: '{PGDN}',
  HOME: '{HOME}',
  END: '{END}',
  INSERT: '{INSERT}',
  META: '{VK_LWIN}',
  CMD: '{VK_LWIN}',
  SUPER: '{VK_LWIN}',
  WIN: '{VK_LWIN}',
};
/** pywinauto's names of the modifier keys, to press or release one on its own (`{VK_SHIFT down}`). */
const PYWINAUTO_MODIFIER_NAMES: Record<string, string> = { CTRL: 'VK_CONTROL', CONTROL: 'VK_CONTROL', ALT: 'VK_MENU', OPTION: 'VK_MENU', SHIFT: 'VK_SHIFT' };

const isFunctionKey = (k: string) => /^F\d{1,2}$/i.test(k);

/** `["CTRL", "SHIFT", "S"]` → `ctrl+shift+s` (xdotool) or `^+s` (pywinauto). */
export function keysText(keys: readonly string[], syntax: OperatorToolMapping['keys']): string {
  if (syntax === 'xdotool') {
    return keys.map((k) => XDOTOOL[k.toUpperCase()] ?? (isFunctionKey(k) ? k.toUpperCase() : k.length === 1 ? k.toLowerCase() : k)).join('+');
  }
  return keys
    .map(
      (k) =>
        PYWINAUTO_MODIFIERS[k.toUpperCase()] ??
        PYWINAUTO_KEYS[k.toUpperCase()] ??
        (isFunctionKey(k) ? `{${k.toUpperCase()}}` : k.length === 1 ? escapePywinauto(k.toLowerCase()) : `{${k.toUpperCase()}}`),
    )
    .join('');
}

/** Escapes pywinauto's special characters so text is typed literally. */
export function escapePywinauto(text: string): string {
  return text.replace(/[{}+^%~()[\]]/g, (ch) => `{${ch}}`).replace(/\n/g, '{ENTER}');
}

/**
 * pywinauto keys that hold `keys` down for `seconds`, then release them in reverse order:
 * `["CTRL", "A"], 1.5` → `{VK_CONTROL down}{a down}{PAUSE 1.5}{a up}{VK_CONTROL up}`.
 */
export function pywinautoHold(keys: readonly string[], seconds: number): string {
  const names = keys.map((k) => {
    const upper = k.toUpperCase();
    const named = PYWINAUTO_MODIFIER_NAMES[upper] ?? PYWINAUTO_KEYS[upper]?.slice(1, -1);
    return named ?? (isFunctionKey(k) ? upper : k.length === 1 ? k.toLowerCase() : upper);
  });
  return [...names.map((n) => `{${n} down}`), `{PAUSE ${seconds}}`, ...[...names].reverse().map((n) => `{${n} up}`)].join('');
}
