import type { ComputerAction } from './computer-action.js';

/** How computer actions become the platform's coordinate tools. */
export interface OperatorToolMapping {
  /** `absolute`: screen pixels (`coordinate_type: absolute`, Linux); `fraction`: 0..1 of the screenshot (Windows). */
  coordinates: 'absolute' | 'fraction';
  /** Key syntax of `keyboard_input`: `xdotool` (`ctrl+s`, Linux) or `pywinauto` (`^s`, Windows). */
  keys: 'xdotool' | 'pywinauto';
  /** Tool that types text: `type_text` (Linux), or `keyboard_input` with escaped text (Windows). */
  typeTool: 'type_text' | 'keyboard_input';
}

/** The Linux platform's tools (`@ufo-ts/platform-linux`). */
export const LINUX_OPERATOR_TOOLS: OperatorToolMapping = { coordinates: 'absolute', keys: 'xdotool', typeTool: 'type_text' };
/** The Windows platform's tools (`@ufo-ts/platform-windows`; fractions are of the selected window, so maximise it). */
export const WINDOWS_OPERATOR_TOOLS: OperatorToolMapping = { coordinates: 'fraction', keys: 'pywinauto', typeTool: 'keyboard_input' };

/** A tool call for a computer action, or `null` for actions that need none (`screenshot`) or have no tool (`move`). */
export interface MappedToolCall {
  function: string;
  arguments: Record<string, unknown>;
}

const XDOTOOL: Record<string, string> = {
  CTRL: 'ctrl', CONTROL: 'ctrl', ALT: 'alt', OPTION: 'alt', SHIFT: 'shift', META: 'super', CMD: 'super', SUPER: 'super', WIN: 'super',
  ENTER: 'Return', RETURN: 'Return', ESC: 'Escape', ESCAPE: 'Escape', TAB: 'Tab', BACKSPACE: 'BackSpace', DELETE: 'Delete', DEL: 'Delete',
  SPACE: 'space', UP: 'Up', ARROWUP: 'Up', DOWN: 'Down', ARROWDOWN: 'Down', LEFT: 'Left', ARROWLEFT: 'Left', RIGHT: 'Right', ARROWRIGHT: 'Right',
  PAGEUP: 'Page_Up', PAGEDOWN: 'Page_Down', HOME: 'Home', END: 'End', INSERT: 'Insert',
};
const PYWINAUTO_MODIFIERS: Record<string, string> = { CTRL: '^', CONTROL: '^', ALT: '%', OPTION: '%', SHIFT: '+' };
const PYWINAUTO_KEYS: Record<string, string> = {
  ENTER: '{ENTER}', RETURN: '{ENTER}', ESC: '{ESC}', ESCAPE: '{ESC}', TAB: '{TAB}', BACKSPACE: '{BACKSPACE}', DELETE: '{DELETE}', DEL: '{DELETE}',
  SPACE: '{SPACE}', UP: '{UP}', ARROWUP: '{UP}', DOWN: '{DOWN}', ARROWDOWN: '{DOWN}', LEFT: '{LEFT}', ARROWLEFT: '{LEFT}', RIGHT: '{RIGHT}', ARROWRIGHT: '{RIGHT}',
  PAGEUP: '{PGUP}', PAGEDOWN: '{PGDN}', HOME: '{HOME}', END: '{END}', INSERT: '{INSERT}', META: '{VK_LWIN}', CMD: '{VK_LWIN}', SUPER: '{VK_LWIN}', WIN: '{VK_LWIN}',
};

/** `["CTRL", "SHIFT", "S"]` → `ctrl+shift+s` (xdotool) or `^+s` (pywinauto). */
export function keysText(keys: readonly string[], syntax: OperatorToolMapping['keys']): string {
  if (syntax === 'xdotool') {
    return keys.map((k) => XDOTOOL[k.toUpperCase()] ?? (/^F\d{1,2}$/i.test(k) ? k.toUpperCase() : k.length === 1 ? k.toLowerCase() : k)).join('+');
  }
  return keys
    .map((k) => PYWINAUTO_MODIFIERS[k.toUpperCase()] ?? PYWINAUTO_KEYS[k.toUpperCase()] ?? (/^F\d{1,2}$/i.test(k) ? `{${k.toUpperCase()}}` : k.length === 1 ? escapePywinauto(k.toLowerCase()) : `{${k.toUpperCase()}}`))
    .join('');
}

/** Escapes pywinauto's special characters so text is typed literally. */
export function escapePywinauto(text: string): string {
  return text.replace(/[{}+^%~()[\]]/g, (ch) => `{${ch}}`).replace(/\n/g, '{ENTER}');
}

/**
 * The tool call for a computer action on a screen of `screen` pixels. Returns `null` for `screenshot` (every step
 * takes one) and `move` (no pointer-move tool among the platform's coordinate tools).
 */
export function mapComputerAction(action: ComputerAction, mapping: OperatorToolMapping, screen: { width: number; height: number }): MappedToolCall | null {
  const pos = (x: number, y: number) =>
    mapping.coordinates === 'absolute'
      ? { x: Math.round(x), y: Math.round(y), coordinate_type: 'absolute' }
      : { x: round4(x / Math.max(1, screen.width)), y: round4(y / Math.max(1, screen.height)) };
  switch (action.type) {
    case 'click':
      return { function: 'click_on_coordinates', arguments: { ...pos(action.x, action.y), button: action.button === 'wheel' ? 'middle' : action.button } };
    case 'double_click':
      return { function: 'click_on_coordinates', arguments: { ...pos(action.x, action.y), button: 'left', double: true } };
    case 'scroll': {
      const horizontal = action.scroll_y === 0 && action.scroll_x !== 0;
      const pixels = horizontal ? action.scroll_x : -action.scroll_y;
      const notches = Math.sign(pixels) * Math.max(1, Math.round(Math.abs(pixels) / 100));
      return { function: 'wheel_mouse_input', arguments: { ...pos(action.x, action.y), wheel_dist: notches, ...(horizontal ? { horizontal: true } : {}) } };
    }
    case 'type':
      return mapping.typeTool === 'type_text'
        ? { function: 'type_text', arguments: { text: action.text } }
        : { function: 'keyboard_input', arguments: { keys: escapePywinauto(action.text), control_focus: false } };
    case 'keypress':
      return { function: 'keyboard_input', arguments: { keys: keysText(action.keys, mapping.keys), ...(mapping.keys === 'pywinauto' ? { control_focus: false } : {}) } };
    case 'drag': {
      const start = action.path[0]!;
      const end = action.path[action.path.length - 1]!;
      const a = pos(start.x, start.y);
      const b = pos(end.x, end.y);
      return {
        function: 'drag_on_coordinates',
        arguments: { start_x: a.x, start_y: a.y, end_x: b.x, end_y: b.y, ...(mapping.coordinates === 'absolute' ? { coordinate_type: 'absolute' } : {}) },
      };
    }
    case 'wait':
      return { function: 'wait', arguments: { seconds: action.seconds } };
    case 'move':
    case 'screenshot':
      return null;
  }
}

function round4(n: number): number {
  return Math.min(1, Math.max(0, Math.round(n * 10_000) / 10_000));
}
