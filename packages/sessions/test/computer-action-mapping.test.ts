// Every computer action of both providers, with the keys held during pointer actions, mapped to the tools of each
// platform: Linux has a tool for each; Windows refuses what its tools cannot do with a typed, matchable error.
// Shapes: Anthropic's computer tool computer_20250124 / computer_20251124 inputs (`action`, `coordinate`, `text`,
// `duration`, `scroll_direction`, `scroll_amount`, `start_coordinate`, `region`); OpenAI Responses `computer_call`
// actions (`type`, `x`, `y`, `button`, `keys`, `path`, `scroll_x`, `scroll_y`).
import { describe, expect, it } from 'vitest';
import {
  ComputerActionSchema,
  ComputerActionUnsupportedError,
  LINUX_OPERATOR_TOOLS,
  mapActionPoints,
  mapComputerAction,
  SessionError,
  WINDOWS_OPERATOR_TOOLS,
  ZOOM_UNSUPPORTED,
  type ComputerAction,
} from '../src/index.js';

const screen = { width: 1000, height: 500 };
const parse = (input: Record<string, unknown>): ComputerAction => ComputerActionSchema.parse(input);
const linux = (input: Record<string, unknown>) => mapComputerAction(parse(input), LINUX_OPERATOR_TOOLS, screen);
const windows = (input: Record<string, unknown>) => mapComputerAction(parse(input), WINDOWS_OPERATOR_TOOLS, screen);
const refusal = (input: Record<string, unknown>): ComputerActionUnsupportedError => {
  try {
    windows(input);
  } catch (error) {
    if (error instanceof ComputerActionUnsupportedError) return error;
    throw error;
  }
  throw new Error(`not refused: ${JSON.stringify(input)}`);
};
const at = (x: number, y: number) => ({ x, y, coordinate_type: 'absolute' });

describe('Anthropic computer-tool actions on Linux', () => {
  it('clicks: left, right, middle, double and triple, each holding the keys in text', () => {
    expect(linux({ action: 'left_click', coordinate: [10, 20] })).toEqual({ function: 'click_on_coordinates', arguments: { ...at(10, 20), button: 'left' } });
    expect(linux({ action: 'left_click', coordinate: [10, 20], text: 'ctrl' })).toEqual({
      function: 'click_on_coordinates',
      arguments: { ...at(10, 20), button: 'left', key_hold: 'ctrl' },
    });
    expect(linux({ action: 'right_click', coordinate: [10, 20], text: 'shift' })).toEqual({
      function: 'click_on_coordinates',
      arguments: { ...at(10, 20), button: 'right', key_hold: 'shift' },
    });
    expect(linux({ action: 'middle_click', coordinate: [10, 20] })).toEqual({
      function: 'click_on_coordinates',
      arguments: { ...at(10, 20), button: 'middle' },
    });
    expect(linux({ action: 'double_click', coordinate: [10, 20], text: 'alt' })).toEqual({
      function: 'click_on_coordinates',
      arguments: { ...at(10, 20), button: 'left', double: true, key_hold: 'alt' },
    });
    expect(linux({ action: 'triple_click', coordinate: [10, 20] })).toEqual({
      function: 'click_on_coordinates',
      arguments: { ...at(10, 20), button: 'left', clicks: 3 },
    });
    expect(linux({ action: 'triple_click', coordinate: [10, 20], text: 'ctrl+shift' })).toEqual({
      function: 'click_on_coordinates',
      arguments: { ...at(10, 20), button: 'left', clicks: 3, key_hold: 'ctrl+shift' },
    });
  });

  it('the pointer on its own: mouse_move, left_mouse_down and left_mouse_up at the pointer, left_click_drag', () => {
    expect(linux({ action: 'mouse_move', coordinate: [30, 40] })).toEqual({ function: 'move_pointer', arguments: at(30, 40) });
    expect(linux({ action: 'left_mouse_down' })).toEqual({ function: 'mouse_button', arguments: { action: 'press', button: 'left' } });
    expect(linux({ action: 'left_mouse_up' })).toEqual({ function: 'mouse_button', arguments: { action: 'release', button: 'left' } });
    expect(linux({ action: 'left_click_drag', start_coordinate: [1, 2], coordinate: [3, 4] })).toEqual({
      function: 'drag_on_coordinates',
      arguments: { start_x: 1, start_y: 2, end_x: 3, end_y: 4, coordinate_type: 'absolute' },
    });
  });

  it('keys: key, hold_key with its duration, type', () => {
    expect(linux({ action: 'key', text: 'ctrl+s' })).toEqual({ function: 'keyboard_input', arguments: { keys: 'ctrl+s' } });
    expect(linux({ action: 'hold_key', text: 'shift', duration: 1.5 })).toEqual({ function: 'hold_keys', arguments: { keys: 'shift', seconds: 1.5 } });
    expect(linux({ action: 'hold_key', text: 'ctrl+alt', duration: 2 })).toEqual({ function: 'hold_keys', arguments: { keys: 'ctrl+alt', seconds: 2 } });
    expect(linux({ action: 'type', text: 'héllo\n' })).toEqual({ function: 'type_text', arguments: { text: 'héllo\n' } });
  });

  it('scroll with and without held keys; wait; screenshot and cursor_position run nothing', () => {
    expect(linux({ action: 'scroll', coordinate: [5, 6], scroll_direction: 'up', scroll_amount: 2 })).toEqual({
      function: 'wheel_mouse_input',
      arguments: { ...at(5, 6), wheel_dist: 2 },
    });
    expect(linux({ action: 'scroll', coordinate: [5, 6], scroll_direction: 'down', scroll_amount: 3, text: 'ctrl' })).toEqual({
      function: 'wheel_mouse_input',
      arguments: { ...at(5, 6), wheel_dist: -3, key_hold: 'ctrl' },
    });
    expect(linux({ action: 'scroll', coordinate: [5, 6], scroll_direction: 'left', scroll_amount: 1, text: 'shift' })).toEqual({
      function: 'wheel_mouse_input',
      arguments: { ...at(5, 6), wheel_dist: -1, horizontal: true, key_hold: 'shift' },
    });
    expect(linux({ action: 'wait', duration: 3 })).toEqual({ function: 'wait', arguments: { seconds: 3 } });
    expect(linux({ action: 'screenshot' })).toBeNull();
    expect(linux({ action: 'cursor_position' })).toBeNull();
  });

  it('zoom (computer_20251124) is refused by the schema with a clear message', () => {
    const parsed = ComputerActionSchema.safeParse({ action: 'zoom', region: [0, 0, 100, 100] });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toEqual([ZOOM_UNSUPPORTED]);
  });

  it('unreadable input is refused: a button press with a coordinate, hold_key without keys or with too long a duration', () => {
    expect(ComputerActionSchema.safeParse({ action: 'left_mouse_down', coordinate: [1, 2] }).success).toBe(false);
    expect(ComputerActionSchema.safeParse({ action: 'hold_key', duration: 1 }).success).toBe(false);
    expect(ComputerActionSchema.safeParse({ action: 'hold_key', text: 'shift', duration: 120 }).success).toBe(false);
    expect(ComputerActionSchema.safeParse({ action: 'triple_click' }).success).toBe(false);
  });
});

describe('OpenAI computer actions on Linux', () => {
  it('click with each button, and with keys held', () => {
    for (const [button, tool] of [
      ['left', 'left'],
      ['right', 'right'],
      ['wheel', 'middle'],
      ['back', 'back'],
      ['forward', 'forward'],
    ]) {
      expect(linux({ type: 'click', x: 1, y: 2, button })).toEqual({ function: 'click_on_coordinates', arguments: { ...at(1, 2), button: tool } });
    }
    expect(linux({ type: 'click', x: 1, y: 2, button: 'left', keys: ['CTRL', 'SHIFT'] })).toEqual({
      function: 'click_on_coordinates',
      arguments: { ...at(1, 2), button: 'left', key_hold: 'ctrl+shift' },
    });
    expect(linux({ type: 'click', x: 1, y: 2, button: 'left', keys: null })).toEqual({
      function: 'click_on_coordinates',
      arguments: { ...at(1, 2), button: 'left' },
    });
  });

  it('double_click, move, drag and scroll with keys held', () => {
    expect(linux({ type: 'double_click', x: 1, y: 2, keys: ['META'] })).toEqual({
      function: 'click_on_coordinates',
      arguments: { ...at(1, 2), button: 'left', double: true, key_hold: 'super' },
    });
    expect(linux({ type: 'double_click', x: 1, y: 2, keys: null })).toEqual({
      function: 'click_on_coordinates',
      arguments: { ...at(1, 2), button: 'left', double: true },
    });
    expect(linux({ type: 'move', x: 7.4, y: 8.6 })).toEqual({ function: 'move_pointer', arguments: at(7, 9) });
    expect(linux({ type: 'move', x: 7, y: 8, keys: ['ALT'] })).toEqual({ function: 'move_pointer', arguments: { ...at(7, 8), key_hold: 'alt' } });
    expect(
      linux({
        type: 'drag',
        path: [
          { x: 1, y: 2 },
          { x: 5, y: 5 },
          { x: 9, y: 8 },
        ],
        keys: ['SHIFT'],
      }),
    ).toEqual({
      function: 'drag_on_coordinates',
      arguments: { start_x: 1, start_y: 2, end_x: 9, end_y: 8, coordinate_type: 'absolute', key_hold: 'shift' },
    });
    expect(linux({ type: 'scroll', x: 5, y: 6, scroll_x: 0, scroll_y: 300, keys: ['CTRL'] })).toEqual({
      function: 'wheel_mouse_input',
      arguments: { ...at(5, 6), wheel_dist: -3, key_hold: 'ctrl' },
    });
  });

  it('keypress, type, wait, screenshot', () => {
    expect(linux({ type: 'keypress', keys: ['CTRL', 'ENTER'] })).toEqual({ function: 'keyboard_input', arguments: { keys: 'ctrl+Return' } });
    expect(linux({ type: 'type', text: 'abc' })).toEqual({ function: 'type_text', arguments: { text: 'abc' } });
    expect(linux({ type: 'wait' })).toEqual({ function: 'wait', arguments: { seconds: 2 } });
    expect(linux({ type: 'screenshot' })).toBeNull();
  });
});

describe('Windows: what its tools can do, and a typed refusal for the rest', () => {
  const frac = (x: number, y: number) => ({ x: x / screen.width, y: y / screen.height });

  it('maps clicks, double clicks, keys, typing, drags holding one modifier, held keys and waits', () => {
    expect(windows({ type: 'click', x: 500, y: 250, button: 'wheel' })).toEqual({
      function: 'click_on_coordinates',
      arguments: { ...frac(500, 250), button: 'middle' },
    });
    expect(windows({ type: 'click', x: 500, y: 250, button: 'back' })).toEqual({
      function: 'click_on_coordinates',
      arguments: { ...frac(500, 250), button: 'x' },
    });
    expect(windows({ action: 'double_click', coordinate: [100, 50] })).toEqual({
      function: 'click_on_coordinates',
      arguments: { ...frac(100, 50), button: 'left', double: true },
    });
    expect(windows({ action: 'key', text: 'ctrl+s' })).toEqual({
      function: 'keyboard_input',
      arguments: { keys: '^s', id: '', name: '', control_focus: false },
    });
    expect(windows({ type: 'type', text: 'a+b' })).toEqual({
      function: 'keyboard_input',
      arguments: { keys: 'a{+}b', id: '', name: '', control_focus: false },
    });
    expect(
      windows({
        type: 'drag',
        path: [
          { x: 0, y: 0 },
          { x: 1000, y: 500 },
        ],
        keys: ['CTRL'],
      }),
    ).toEqual({
      function: 'drag_on_coordinates',
      arguments: { start_x: 0, start_y: 0, end_x: 1, end_y: 1, key_hold: 'ctrl' },
    });
    expect(windows({ action: 'hold_key', text: 'ctrl+a', duration: 1.5 })).toEqual({
      function: 'keyboard_input',
      arguments: { keys: '{VK_CONTROL down}{a down}{PAUSE 1.5}{a up}{VK_CONTROL up}', id: '', name: '', control_focus: false },
    });
    expect(windows({ action: 'hold_key', text: 'shift+Return', duration: 1 })).toMatchObject({
      arguments: { keys: '{VK_SHIFT down}{ENTER down}{PAUSE 1}{ENTER up}{VK_SHIFT up}' },
    });
    expect(windows({ type: 'wait' })).toEqual({ function: 'wait', arguments: { seconds: 2 } });
    expect(windows({ action: 'cursor_position' })).toBeNull();
  });

  it('refuses what it cannot do with ComputerActionUnsupportedError (code COMPUTER_ACTION_UNSUPPORTED), saying why', () => {
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ action: 'triple_click', coordinate: [1, 2] }, 'triple_click', /no triple click/],
      [{ action: 'left_click', coordinate: [1, 2], text: 'ctrl' }, 'click', /keys cannot be held during a click/],
      [{ type: 'double_click', x: 1, y: 2, keys: ['SHIFT'] }, 'double_click', /keys cannot be held/],
      [{ type: 'click', x: 1, y: 2, button: 'forward' }, 'click', /forward button/],
      [{ action: 'scroll', coordinate: [1, 2], scroll_direction: 'down', scroll_amount: 1 }, 'scroll', /wheel turns only over a listed control/],
      [{ type: 'move', x: 1, y: 2 }, 'move', /no pointer-move tool/],
      [{ action: 'mouse_move', coordinate: [1, 2] }, 'move', /no pointer-move tool/],
      [{ action: 'left_mouse_down' }, 'mouse_down', /pressed or released on its own/],
      [{ action: 'left_mouse_up' }, 'mouse_up', /pressed or released on its own/],
      [
        {
          type: 'drag',
          path: [
            { x: 0, y: 0 },
            { x: 1, y: 1 },
          ],
          keys: ['CTRL', 'SHIFT'],
        },
        'drag',
        /at most one of ctrl, shift, alt or win/,
      ],
      [
        {
          type: 'drag',
          path: [
            { x: 0, y: 0 },
            { x: 1, y: 1 },
          ],
          keys: ['A'],
        },
        'drag',
        /at most one of ctrl, shift, alt or win/,
      ],
    ];
    for (const [input, action, reason] of cases) {
      const error = refusal(input);
      expect(error).toBeInstanceOf(SessionError);
      expect(error).toMatchObject({ code: 'COMPUTER_ACTION_UNSUPPORTED', action, details: { action } });
      expect(error.message, JSON.stringify(input)).toMatch(reason);
      expect(error.message.startsWith(`${action}: `)).toBe(true);
    }
  });
});

describe('mapActionPoints', () => {
  it('converts every point of every pointer action, and leaves the others alone', () => {
    const double = (p: { x: number; y: number }) => ({ x: p.x * 2, y: p.y * 2 });
    for (const type of ['click', 'double_click', 'triple_click', 'move', 'scroll'] as const) {
      expect(mapActionPoints(parse({ type, x: 1, y: 2 }), double)).toMatchObject({ type, x: 2, y: 4 });
    }
    expect(
      mapActionPoints(
        parse({
          type: 'drag',
          path: [
            { x: 1, y: 1 },
            { x: 3, y: 4 },
          ],
        }),
        double,
      ),
    ).toMatchObject({
      path: [
        { x: 2, y: 2 },
        { x: 6, y: 8 },
      ],
    });
    for (const input of [
      { type: 'mouse_down' },
      { type: 'hold_key', keys: ['SHIFT'], seconds: 1 },
      { type: 'cursor_position' },
      { type: 'keypress', keys: ['A'] },
    ]) {
      const action = parse(input);
      expect(mapActionPoints(action, double)).toBe(action);
    }
  });
});
