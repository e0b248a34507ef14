import { defineTool } from '@ufo-ts/dispatchers/server';
import { z } from 'zod';
import { holdKeys, MAX_HOLD_SECONDS, mouseButton, movePointer, POINTER_MOVE_STEPS } from '../desktop/pointer-actions.js';
import { COORDINATE_TYPE, KEY_HOLD, POINTER_BUTTON } from './input-schemas.js';
import type { LinuxToolContext } from './tool-context.js';

/** The pointer primitives: moving the pointer, pressing or releasing one button, holding keys for a time. */
export function pointerTools(ctx: LinuxToolContext) {
  return [
    defineTool({
      name: 'move_pointer',
      description: `Move the mouse pointer to a point (same coordinate rules as click_on_coordinates) without clicking or focusing anything, in ${POINTER_MOVE_STEPS} straight steps over duration seconds (0: one jump). A button held down by mouse_button stays down, so the move drags. Returns where the pointer is and the buttons down.`,
      toolType: 'action',
      input: z.object({
        x: z.number().describe('Horizontal position.'),
        y: z.number().describe('Vertical position.'),
        coordinate_type: COORDINATE_TYPE,
        duration: z.number().min(0).max(10).default(0.2).describe('Seconds the move takes.'),
        key_hold: KEY_HOLD,
      }),
      handler: ({ x, y, coordinate_type, duration, key_hold }) =>
        movePointer(ctx.session, { x, y, coordinateType: coordinate_type, durationMs: duration * 1000, keyHold: key_hold || undefined }),
    }),
    defineTool({
      name: 'mouse_button',
      description:
        'Press or release one mouse button, where the pointer is or, given x and y, after moving the pointer there in one jump (same coordinate rules as click_on_coordinates). press focuses the selected window first and leaves the button down until mouse_button release: press, move_pointer, release drags like drag_on_coordinates in three calls. Returns where the pointer is and the buttons down.',
      toolType: 'action',
      input: z.object({
        action: z.enum(['press', 'release']).describe('press: push the button down and keep it down; release: let it go.'),
        button: POINTER_BUTTON,
        x: z.number().optional().describe('Horizontal position to move to first (with y).'),
        y: z.number().optional().describe('Vertical position to move to first (with x).'),
        coordinate_type: COORDINATE_TYPE,
      }),
      handler: ({ action, button, x, y, coordinate_type }) => mouseButton(ctx.session, { action, button, x, y, coordinateType: coordinate_type }),
    }),
    defineTool({
      name: 'hold_keys',
      description: `Hold keys down for a number of seconds (0-${MAX_HOLD_SECONDS}), then release them: into the selected window (focused first) or the focused window. Nothing else is pressed meanwhile; a held character key repeats as the keyboard's auto-repeat makes it. The keys are released also when the call fails or is cancelled.`,
      toolType: 'action',
      timeoutMs: (MAX_HOLD_SECONDS + 10) * 1000,
      input: z.object({
        keys: z
          .string()
          .min(1)
          .describe('Keys held together, joined by "+": modifiers ctrl, shift, alt, super, or any key name of keyboard_input, e.g. "shift" or "ctrl+alt".'),
        seconds: z.number().min(0).max(MAX_HOLD_SECONDS).describe('Seconds the keys stay down.'),
      }),
      handler: ({ keys, seconds }, extra) => holdKeys(ctx.session, { keys, seconds, signal: extra.signal }),
    }),
  ];
}
