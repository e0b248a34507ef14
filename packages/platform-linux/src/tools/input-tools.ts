import { defineTool } from '@ufo-ts/dispatchers/server';
import { z } from 'zod';
import { clickAt, dragBetween, pressKeys, scrollWheel, typeText } from '../desktop/input-actions.js';
import { sleep } from '../util/wait.js';
import { BUTTON, COORDINATE_TYPE, KEY_HOLD, POINTER_BUTTON } from './input-schemas.js';
import { pointerTools } from './pointer-tools.js';
import type { LinuxToolContext } from './tool-context.js';

/** The documented key syntax, shared by the tool description and the README. */
export const KEY_SYNTAX_HELP =
  'Key combinations separated by spaces; each is modifiers and a key joined by "+", with an optional "*N" repeat: "ctrl+s", "ctrl+shift+Tab", "Return", "ctrl+a BackSpace", "Down*3", "ctrl++". Modifiers: ctrl, shift, alt, super. Keys: a single character, or a name such as Return (enter), Escape (esc), Tab, BackSpace, Delete, Home, End, Page_Up, Page_Down, Up, Down, Left, Right, space, F1-F12.';

/** Pointer and keyboard input with real XTEST events. */
export function inputTools(ctx: LinuxToolContext) {
  return [
    defineTool({
      name: 'click_on_coordinates',
      description:
        'Click at a point: by default fractions (0-1) of the selected window from its top-left corner, or absolute screen pixels. Focuses the selected window first. clicks: 2 is a double click, 3 a triple click (which selects a whole line in most text fields); key_hold keys are held down during the clicks and released after them.',
      toolType: 'action',
      input: z.object({
        x: z.number().describe('Horizontal position.'),
        y: z.number().describe('Vertical position.'),
        coordinate_type: COORDINATE_TYPE,
        button: POINTER_BUTTON,
        double: z.boolean().default(false).describe('Double click (the same as clicks: 2; a larger clicks wins).'),
        clicks: z.number().int().min(1).max(3).default(1).describe('Clicks in a row: 1, 2 (double) or 3 (triple).'),
        key_hold: KEY_HOLD,
      }),
      handler: ({ x, y, coordinate_type, button, double, clicks, key_hold }) =>
        clickAt(ctx.session, { x, y, coordinateType: coordinate_type, button, double, clicks, keyHold: key_hold || undefined }),
    }),
    defineTool({
      name: 'drag_on_coordinates',
      description:
        'Press at a start point, move to an end point and release (same coordinate rules as click_on_coordinates), optionally holding keys such as "shift".',
      toolType: 'action',
      input: z.object({
        start_x: z.number().describe('Start, horizontal.'),
        start_y: z.number().describe('Start, vertical.'),
        end_x: z.number().describe('End, horizontal.'),
        end_y: z.number().describe('End, vertical.'),
        coordinate_type: COORDINATE_TYPE,
        button: BUTTON,
        duration: z.number().min(0).max(10).default(0.3).describe('Seconds the movement takes.'),
        key_hold: KEY_HOLD,
      }),
      handler: ({ start_x, start_y, end_x, end_y, coordinate_type, button, duration, key_hold }) =>
        dragBetween(ctx.session, {
          start: { x: start_x, y: start_y },
          end: { x: end_x, y: end_y },
          coordinateType: coordinate_type,
          button,
          durationMs: duration * 1000,
          keyHold: key_hold || undefined,
        }),
    }),
    defineTool({
      name: 'type_text',
      description: 'Type text (any Unicode) with real key events, into the control with this id (focused first) or into the focused window.',
      toolType: 'action',
      input: z.object({
        text: z.string().describe('The text to type; "\\n" presses Return.'),
        id: z.string().default('').describe('Optional control id to focus first.'),
      }),
      handler: ({ text, id }) => typeText(ctx.session, text, { id: id || undefined }),
    }),
    defineTool({
      name: 'keyboard_input',
      description: `Press keys. ${KEY_SYNTAX_HELP}`,
      toolType: 'action',
      input: z.object({
        keys: z.string().describe('e.g. "ctrl+a", "ctrl+shift+s", "Return", "ctrl+a BackSpace".'),
        id: z.string().default('').describe('Optional control id to focus first.'),
      }),
      handler: ({ keys, id }) => pressKeys(ctx.session, keys, { id: id || undefined }),
    }),
    defineTool({
      name: 'wheel_mouse_input',
      description:
        'Scroll with the mouse wheel over a control (by id), a point, or the middle of the selected window. Positive wheel_dist scrolls up (or right with horizontal); key_hold keys (e.g. "ctrl", which zooms in many apps) are held down while the wheel turns.',
      toolType: 'action',
      input: z.object({
        id: z.string().default('').describe('Control id to scroll over.'),
        wheel_dist: z.number().int().min(-100).max(100).describe('Wheel notches; positive = up.'),
        x: z.number().optional().describe('Point to scroll at, instead of a control.'),
        y: z.number().optional().describe('Point to scroll at, instead of a control.'),
        coordinate_type: COORDINATE_TYPE,
        horizontal: z.boolean().default(false).describe('Scroll sideways (positive = right).'),
        key_hold: KEY_HOLD,
      }),
      handler: ({ id, wheel_dist, x, y, coordinate_type, horizontal, key_hold }) =>
        scrollWheel(ctx.session, {
          id: id || undefined,
          wheelDist: wheel_dist,
          x,
          y,
          coordinateType: coordinate_type,
          horizontal,
          keyHold: key_hold || undefined,
        }),
    }),
    ...pointerTools(ctx),
    defineTool({
      name: 'wait',
      description: 'Wait for the given number of seconds (0 < seconds <= 300), e.g. for an application to finish loading.',
      toolType: 'action',
      timeoutMs: 310_000,
      input: z.object({ seconds: z.number().gt(0).max(300).describe('Seconds to wait.') }),
      handler: async ({ seconds }, extra) => {
        await Promise.race([sleep(seconds * 1000), new Promise((resolve) => extra.signal.addEventListener('abort', resolve, { once: true }))]);
        return { waited: seconds };
      },
    }),
  ];
}
