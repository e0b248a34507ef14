import { ComputerActionUnsupportedError } from './computer-action-unsupported.js';
import type { ComputerAction } from './computer-action.js';
import { escapePywinauto, keysText, pywinautoHold } from './operator-keys.js';
import type { MappedToolCall, OperatorToolMapping, ToolPoint } from './operator-tools.js';

type Runnable = Exclude<ComputerAction, { type: 'screenshot' | 'cursor_position' }>;

/** Buttons of the basic `click_on_coordinates`: `x` is the first side button, which applications read as back. */
const BUTTONS: Record<string, string> = { left: 'left', right: 'right', wheel: 'middle', back: 'x' };
/** The keys `drag_on_coordinates` can hold (one at a time), by the names models use. */
const DRAG_HOLD: Record<string, string> = {
  CTRL: 'ctrl',
  CONTROL: 'ctrl',
  SHIFT: 'shift',
  ALT: 'alt',
  OPTION: 'alt',
  WIN: 'win',
  META: 'win',
  CMD: 'win',
  SUPER: 'win',
};
/** `keyboard_input` sent to the selected window, not to a control. */
const TO_WINDOW = { id: '', name: '', control_focus: false };

const refuse = (action: Runnable, reason: string): never => {
  throw new ComputerActionUnsupportedError(action.type, reason);
};

/** Refuses a click that holds keys: the basic click tool holds none. */
function noKeysHeld(action: Runnable & { keys?: string[] | null | undefined }): void {
  if (action.keys?.length)
    refuse(action, `keys cannot be held during a click on this platform (${action.keys.join('+')}); click without them, or use keypress`);
}

/**
 * The call of a platform with the basic pointer tools (`input: 'basic'`, Windows: UFO's `click_on_coordinates`,
 * `drag_on_coordinates`, `keyboard_input`), or {@link ComputerActionUnsupportedError} for an action they cannot
 * perform: a triple click, a click or scroll with keys held, a forward-button click, scrolling at a point, a
 * pointer move, a button pressed or released on its own, a drag holding more than one key or a key other than a
 * modifier. Keys held for a time are `keyboard_input` with `{KEY down}{PAUSE s}{KEY up}`.
 */
export function mapBasicInput(action: Runnable, mapping: OperatorToolMapping, pos: ToolPoint): MappedToolCall {
  switch (action.type) {
    case 'click': {
      noKeysHeld(action);
      const button = BUTTONS[action.button] ?? refuse(action, `the ${action.button} button cannot be clicked on this platform`);
      return { function: 'click_on_coordinates', arguments: { ...pos(action.x, action.y), button } };
    }
    case 'double_click':
      noKeysHeld(action);
      return { function: 'click_on_coordinates', arguments: { ...pos(action.x, action.y), button: 'left', double: true } };
    case 'triple_click':
      return refuse(
        action,
        'no triple click on this platform (click_on_coordinates clicks once or twice); use double_click, or select with keys such as Home then shift+End',
      );
    case 'scroll':
      return refuse(action, 'the wheel turns only over a listed control here (wheel_mouse_input takes a control id, not a point); use keys such as Page_Down');
    case 'type':
      return mapping.typeTool === 'type_text'
        ? { function: 'type_text', arguments: { text: action.text } }
        : { function: 'keyboard_input', arguments: { keys: escapePywinauto(action.text), ...TO_WINDOW } };
    case 'keypress':
      return { function: 'keyboard_input', arguments: { keys: keysText(action.keys, mapping.keys), ...TO_WINDOW } };
    case 'move':
      return refuse(action, 'no pointer-move tool on this platform; click or drag instead');
    case 'mouse_down':
    case 'mouse_up':
      return refuse(action, 'a mouse button cannot be pressed or released on its own on this platform; use drag');
    case 'drag': {
      const keys = action.keys ?? [];
      const hold = keys.length === 0 ? null : keys.length === 1 ? DRAG_HOLD[keys[0]!.toUpperCase()] : undefined;
      if (hold === undefined) refuse(action, `a drag holds at most one of ctrl, shift, alt or win on this platform (got ${keys.join('+')})`);
      const a = pos(action.path[0]!.x, action.path[0]!.y);
      const b = pos(action.path[action.path.length - 1]!.x, action.path[action.path.length - 1]!.y);
      return { function: 'drag_on_coordinates', arguments: { start_x: a.x, start_y: a.y, end_x: b.x, end_y: b.y, ...(hold ? { key_hold: hold } : {}) } };
    }
    case 'hold_key':
      return { function: 'keyboard_input', arguments: { keys: pywinautoHold(action.keys, action.seconds), ...TO_WINDOW } };
    case 'wait':
      return { function: 'wait', arguments: { seconds: action.seconds } };
  }
}
