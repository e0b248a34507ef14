/**
 * Key names of pywinauto's `send_keys` syntax (`{ENTER}`, `{VK_CONTROL}`, `{F5}`…) and their Windows virtual-key
 * codes. The table is pywinauto's `CODES`, so key strings written for UFO keep working.
 */
export const KEY_CODES: Readonly<Record<string, number>> = Object.freeze({
  BACK: 8, BACKSPACE: 8, BKSP: 8, BREAK: 3, BS: 8, CAP: 20, CAPSLOCK: 20, DEL: 46, DELETE: 46, DOWN: 40, END: 35,
  ENTER: 13, ESC: 27,
  F1: 112, F2: 113, F3: 114, F4: 115, F5: 116, F6: 117, F7: 118, F8: 119, F9: 120, F10: 121, F11: 122, F12: 123,
  F13: 124, F14: 125, F15: 126, F16: 127, F17: 128, F18: 129, F19: 130, F20: 131, F21: 132, F22: 133, F23: 134,
  F24: 135,
  HELP: 47, HOME: 36, INS: 45, INSERT: 45, LEFT: 37, LWIN: 91, NUMLOCK: 144, PGDN: 34, PGUP: 33, PRTSC: 44,
  RIGHT: 39, RMENU: 165, RWIN: 92, SCROLLLOCK: 145, SPACE: 32, TAB: 9, UP: 38,
  VK_ACCEPT: 30, VK_ADD: 107, VK_APPS: 93, VK_ATTN: 246, VK_BACK: 8, VK_CANCEL: 3, VK_CAPITAL: 20, VK_CLEAR: 12,
  VK_CONTROL: 17, VK_CONVERT: 28, VK_CRSEL: 247, VK_DECIMAL: 110, VK_DELETE: 46, VK_DIVIDE: 111, VK_DOWN: 40,
  VK_END: 35, VK_EREOF: 249, VK_ESCAPE: 27, VK_EXECUTE: 43, VK_EXSEL: 248,
  VK_F1: 112, VK_F2: 113, VK_F3: 114, VK_F4: 115, VK_F5: 116, VK_F6: 117, VK_F7: 118, VK_F8: 119, VK_F9: 120,
  VK_F10: 121, VK_F11: 122, VK_F12: 123, VK_F13: 124, VK_F14: 125, VK_F15: 126, VK_F16: 127, VK_F17: 128,
  VK_F18: 129, VK_F19: 130, VK_F20: 131, VK_F21: 132, VK_F22: 133, VK_F23: 134, VK_F24: 135,
  VK_FINAL: 24, VK_HANGEUL: 21, VK_HANGUL: 21, VK_HANJA: 25, VK_HELP: 47, VK_HOME: 36, VK_INSERT: 45,
  VK_JUNJA: 23, VK_KANA: 21, VK_KANJI: 25, VK_LBUTTON: 1, VK_LCONTROL: 162, VK_LEFT: 37, VK_LMENU: 164,
  VK_LSHIFT: 160, VK_LWIN: 91, VK_MBUTTON: 4, VK_MENU: 18, VK_MODECHANGE: 31, VK_MULTIPLY: 106, VK_NEXT: 34,
  VK_NONAME: 252, VK_NONCONVERT: 29, VK_NUMLOCK: 144,
  VK_NUMPAD0: 96, VK_NUMPAD1: 97, VK_NUMPAD2: 98, VK_NUMPAD3: 99, VK_NUMPAD4: 100, VK_NUMPAD5: 101,
  VK_NUMPAD6: 102, VK_NUMPAD7: 103, VK_NUMPAD8: 104, VK_NUMPAD9: 105,
  VK_OEM_CLEAR: 254, VK_PA1: 253, VK_PAUSE: 19, VK_PLAY: 250, VK_PRINT: 42, VK_PRIOR: 33, VK_PROCESSKEY: 229,
  VK_RBUTTON: 2, VK_RCONTROL: 163, VK_RETURN: 13, VK_RIGHT: 39, VK_RMENU: 165, VK_RSHIFT: 161, VK_RWIN: 92,
  VK_SCROLL: 145, VK_SELECT: 41, VK_SEPARATOR: 108, VK_SHIFT: 16, VK_SNAPSHOT: 44, VK_SPACE: 32,
  VK_SUBTRACT: 109, VK_TAB: 9, VK_UP: 38, ZOOM: 251,
});

/** Modifier characters of the syntax: `+` Shift, `^` Ctrl, `%` Alt. */
export const MODIFIER_KEYS: Readonly<Record<string, number>> = Object.freeze({ '+': 16, '^': 17, '%': 18 });

export const VK_SHIFT = 16;
export const VK_CONTROL = 17;
export const VK_MENU = 18;
export const VK_RETURN = 13;
export const VK_TAB = 9;

/**
 * Whether a virtual key must be sent with KEYEVENTF_EXTENDEDKEY. pywinauto's rule (navigation block 33–46 and the
 * Windows/Apps keys 91–93), plus the right-hand Ctrl/Alt, numpad divide and Num Lock, which Windows also treats as
 * extended.
 */
export function isExtendedKey(vk: number): boolean {
  return (vk >= 33 && vk <= 46) || (vk >= 91 && vk <= 93) || vk === 163 || vk === 165 || vk === 111 || vk === 144;
}

/** Looks a key name up; case-insensitive (`{enter}` works like `{ENTER}`). */
export function keyCodeOf(name: string): number | undefined {
  return KEY_CODES[name] ?? KEY_CODES[name.toUpperCase()];
}

/** Names UFO's `drag_on_coordinates(key_hold=…)` accepts for the held key, mapped to virtual keys. */
export const HOLD_KEY_CODES: Readonly<Record<string, number>> = Object.freeze({
  ctrl: 17, control: 17, shift: 16, alt: 18, menu: 18, win: 91, lwin: 91, rwin: 92,
});
