import type { ComputerAction } from './computer-action.js';
import { escapePywinauto, keysText } from './operator-keys.js';
import type { MappedToolCall, OperatorToolMapping, ToolPoint } from './operator-tools.js';

type Runnable = Exclude<ComputerAction, { type: 'screenshot' | 'cursor_position' }>;

/** `wheel` (OpenAI's name of the middle button) → `middle`; the other names are the tools' own. */
const toolButton = (button: string) => (button === 'wheel' ? 'middle' : button);

/**
 * The call of a platform with every pointer tool (`input: 'full'`, Linux): keys held during a pointer action become
 * its `key_hold`, a triple click is `click_on_coordinates` with `clicks: 3`, a move is `move_pointer`, a button held
 * on its own is `mouse_button`, keys held for a time are `hold_keys`.
 */
export function mapFullInput(action: Runnable, mapping: OperatorToolMapping, pos: ToolPoint): MappedToolCall {
  const keyHold =
    'keys' in action && action.type !== 'keypress' && action.type !== 'hold_key' && action.keys?.length ? { key_hold: keysText(action.keys, 'xdotool') } : {};
  switch (action.type) {
    case 'click':
      return { function: 'click_on_coordinates', arguments: { ...pos(action.x, action.y), button: toolButton(action.button), ...keyHold } };
    case 'double_click':
      return { function: 'click_on_coordinates', arguments: { ...pos(action.x, action.y), button: 'left', double: true, ...keyHold } };
    case 'triple_click':
      return { function: 'click_on_coordinates', arguments: { ...pos(action.x, action.y), button: 'left', clicks: 3, ...keyHold } };
    case 'scroll': {
      const horizontal = action.scroll_y === 0 && action.scroll_x !== 0;
      const pixels = horizontal ? action.scroll_x : -action.scroll_y;
      const notches = Math.sign(pixels) * Math.max(1, Math.round(Math.abs(pixels) / 100));
      return {
        function: 'wheel_mouse_input',
        arguments: { ...pos(action.x, action.y), wheel_dist: notches, ...(horizontal ? { horizontal: true } : {}), ...keyHold },
      };
    }
    case 'type':
      return mapping.typeTool === 'type_text'
        ? { function: 'type_text', arguments: { text: action.text } }
        : { function: 'keyboard_input', arguments: { keys: escapePywinauto(action.text), control_focus: false } };
    case 'keypress':
      return {
        function: 'keyboard_input',
        arguments: { keys: keysText(action.keys, mapping.keys), ...(mapping.keys === 'pywinauto' ? { control_focus: false } : {}) },
      };
    case 'move':
      return { function: 'move_pointer', arguments: { ...pos(action.x, action.y), ...keyHold } };
    case 'drag': {
      const a = pos(action.path[0]!.x, action.path[0]!.y);
      const b = pos(action.path[action.path.length - 1]!.x, action.path[action.path.length - 1]!.y);
      return {
        function: 'drag_on_coordinates',
        arguments: { start_x: a.x, start_y: a.y, end_x: b.x, end_y: b.y, ...(a.coordinate_type ? { coordinate_type: a.coordinate_type } : {}), ...keyHold },
      };
    }
    case 'mouse_down':
    case 'mouse_up':
      return { function: 'mouse_button', arguments: { action: action.type === 'mouse_down' ? 'press' : 'release', button: toolButton(action.button) } };
    case 'hold_key':
      return { function: 'hold_keys', arguments: { keys: keysText(action.keys, 'xdotool'), seconds: action.seconds } };
    case 'wait':
      return { function: 'wait', arguments: { seconds: action.seconds } };
  }
}
