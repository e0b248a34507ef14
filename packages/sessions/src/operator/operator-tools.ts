import type { ComputerAction } from './computer-action.js';
import { mapBasicInput } from './basic-input-calls.js';
import { mapFullInput } from './full-input-calls.js';

export { escapePywinauto, keysText } from './operator-keys.js';

/** How computer actions become the platform's coordinate tools. */
export interface OperatorToolMapping {
  /** `absolute`: screen pixels (`coordinate_type: absolute`, Linux); `fraction`: 0..1 of the screenshot (Windows). */
  coordinates: 'absolute' | 'fraction';
  /** Key syntax of `keyboard_input`: `xdotool` (`ctrl+s`, Linux) or `pywinauto` (`^s`, Windows). */
  keys: 'xdotool' | 'pywinauto';
  /** Tool that types text: `type_text` (Linux), or `keyboard_input` with escaped text (Windows). */
  typeTool: 'type_text' | 'keyboard_input';
  /**
   * The pointer tools the platform has. `full` (Linux): `move_pointer`, `mouse_button`, `hold_keys`,
   * `click_on_coordinates` with `clicks` (1-3) and `key_hold`, `wheel_mouse_input` at a point with `key_hold`,
   * `drag_on_coordinates` holding any keys. `basic` (Windows): `click_on_coordinates` (one or two clicks, no keys
   * held), `drag_on_coordinates` holding at most one modifier, `keyboard_input` (also to hold keys); the other
   * actions are refused with `ComputerActionUnsupportedError`.
   */
  input: 'full' | 'basic';
}

/** The Linux platform's tools (`@ufo-ts/platform-linux`). */
export const LINUX_OPERATOR_TOOLS: OperatorToolMapping = { coordinates: 'absolute', keys: 'xdotool', typeTool: 'type_text', input: 'full' };
/** The Windows platform's tools (`@ufo-ts/platform-windows`; fractions are of the selected window, so maximise it). */
export const WINDOWS_OPERATOR_TOOLS: OperatorToolMapping = { coordinates: 'fraction', keys: 'pywinauto', typeTool: 'keyboard_input', input: 'basic' };

/** A tool call for a computer action. */
export interface MappedToolCall {
  function: string;
  arguments: Record<string, unknown>;
}

/** A point of the screenshot as a tool's arguments: `{ x, y, coordinate_type: 'absolute' }` or fractions `{ x, y }`. */
export type ToolPoint = (x: number, y: number) => Record<string, unknown> & { x: number; y: number };

/**
 * The tool call for a computer action on a screen of `screen` pixels, or `null` when nothing is to run:
 * `screenshot` (every step takes one) and `cursor_position` (the pointer is where the last pointer action left it;
 * the caller answers from that). With `input: 'full'` (Linux) every other action has a tool; with `input: 'basic'`
 * (Windows) an action the tools cannot perform throws {@link ComputerActionUnsupportedError}, never a silent no-op.
 * A drag runs from the path's first point to its last.
 *
 * @throws ComputerActionUnsupportedError (code `COMPUTER_ACTION_UNSUPPORTED`) for an action the platform lacks.
 * @example
 * ```ts
 * mapComputerAction({ type: 'triple_click', x: 120, y: 40, keys: null }, LINUX_OPERATOR_TOOLS, { width: 1280, height: 800 });
 * // { function: 'click_on_coordinates', arguments: { x: 120, y: 40, coordinate_type: 'absolute', button: 'left', clicks: 3 } }
 * ```
 */
export function mapComputerAction(action: ComputerAction, mapping: OperatorToolMapping, screen: { width: number; height: number }): MappedToolCall | null {
  const pos: ToolPoint = (x, y) =>
    mapping.coordinates === 'absolute'
      ? { x: Math.round(x), y: Math.round(y), coordinate_type: 'absolute' }
      : { x: round4(x / Math.max(1, screen.width)), y: round4(y / Math.max(1, screen.height)) };
  if (action.type === 'screenshot' || action.type === 'cursor_position') return null;
  return mapping.input === 'basic' ? mapBasicInput(action, mapping, pos) : mapFullInput(action, mapping, pos);
}

function round4(n: number): number {
  return Math.min(1, Math.max(0, Math.round(n * 10_000) / 10_000));
}
