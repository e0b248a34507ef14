import { z } from 'zod';

/** How a tool's x and y are given. */
export const COORDINATE_TYPE = z
  .enum(['fraction', 'absolute'])
  .default('fraction')
  .describe('fraction: x and y are fractions (0-1) of the selected window, from its top-left corner; absolute: screen pixels.');

/** The buttons of the control and drag tools. */
export const BUTTON = z.enum(['left', 'right', 'middle']).default('left').describe('Mouse button.');

/** The buttons of the pointer tools: also the side buttons (X buttons 8 and 9) that browsers read as back and forward. */
export const POINTER_BUTTON = z
  .enum(['left', 'right', 'middle', 'back', 'forward'])
  .default('left')
  .describe('Mouse button; back and forward are the side buttons.');

/** Keys held down during a pointer action. */
export const KEY_HOLD = z
  .string()
  .default('')
  .describe(
    'Keys held down during the action and released after it, joined by "+": modifiers ctrl, shift, alt, super, or any key name of keyboard_input, e.g. "ctrl" or "ctrl+shift".',
  );
