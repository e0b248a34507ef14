import { z } from 'zod';
import { fromAnthropicComputerAction } from './anthropic-computer-action.js';

const point = { x: z.number().describe('Pixels from the left of the screenshot.'), y: z.number().describe('Pixels from the top of the screenshot.') };
const held = z.array(z.string().min(1)).nullish().describe('Keys held down during the action, e.g. ["CTRL"] or ["CTRL", "SHIFT"].');
const seconds = (what: string) => z.number().min(0).max(60).describe(what);
const button = z.enum(['left', 'right', 'wheel']).default('left');

/** Why Anthropic's `zoom` (computer_20251124) is refused: no tool here shows a part of the screen enlarged. */
export const ZOOM_UNSUPPORTED = 'zoom is not supported here: no tool shows a region of the screen at full resolution; take a screenshot instead';

/**
 * One computer action, modelled on OpenAI's computer-use actions (`click`, `double_click`, `scroll`, `type`,
 * `keypress`, `move`, `drag`, `wait`, `screenshot`; `keys` on the pointer actions are held down during them), with
 * the actions only Anthropic's computer tool has (`triple_click`, `mouse_down`, `mouse_up`, `hold_key`,
 * `cursor_position`). Coordinates are pixels of the screenshot the model saw. Anthropic computer-tool inputs
 * (`{ action: "left_click", coordinate: [x, y], text: "ctrl" }`, ...) are accepted too; Anthropic's `zoom` is
 * refused with {@link ZOOM_UNSUPPORTED}.
 *
 * @example
 * ```ts
 * ComputerActionSchema.parse({ action: 'triple_click', coordinate: [120, 40] }); // { type: 'triple_click', x: 120, y: 40 }
 * ```
 */
export const ComputerActionSchema = z.preprocess(
  (value, ctx) => {
    const action = fromAnthropicComputerAction(value);
    if (action && typeof action === 'object' && (action as { type?: unknown }).type === 'zoom') {
      ctx.addIssue({ code: 'custom', message: ZOOM_UNSUPPORTED });
      return z.NEVER;
    }
    return action;
  },
  z.discriminatedUnion('type', [
    z.object({ type: z.literal('click'), ...point, button: z.enum(['left', 'right', 'wheel', 'back', 'forward']).default('left'), keys: held }),
    z.object({ type: z.literal('double_click'), ...point, keys: held }),
    z.object({ type: z.literal('triple_click'), ...point, keys: held }).describe('Three left clicks in a row: selects a whole line in most text fields.'),
    z.object({
      type: z.literal('scroll'),
      ...point,
      scroll_x: z.number().default(0).describe('Horizontal scroll in pixels; positive scrolls right.'),
      scroll_y: z.number().default(0).describe('Vertical scroll in pixels; positive scrolls down.'),
      keys: held,
    }),
    z.object({ type: z.literal('type'), text: z.string().describe('Text to type.') }),
    z.object({ type: z.literal('keypress'), keys: z.array(z.string().min(1)).min(1).describe('Keys pressed together, e.g. ["CTRL", "S"].') }),
    z.object({ type: z.literal('move'), ...point, keys: held }),
    z.object({
      type: z.literal('drag'),
      path: z.array(z.object(point)).min(2).describe('The pointer path; the first point is pressed, the last released.'),
      keys: held,
    }),
    z
      .strictObject({ type: z.literal('mouse_down'), button })
      .describe('Press a mouse button where the pointer is (move there first) and keep it down until mouse_up; a move in between drags.'),
    z.strictObject({ type: z.literal('mouse_up'), button }).describe('Release a mouse button pressed by mouse_down, where the pointer is.'),
    z
      .object({
        type: z.literal('hold_key'),
        keys: z.array(z.string().min(1)).min(1).describe('Keys held together, e.g. ["SHIFT"].'),
        seconds: seconds('Seconds the keys stay down.'),
      })
      .describe('Hold keys down for a time, then release them.'),
    z
      .object({ type: z.literal('cursor_position') })
      .describe('Asks where the pointer is: nothing runs; the pointer is where your last pointer action left it.'),
    z.object({ type: z.literal('wait'), seconds: z.number().positive().max(60).default(2) }),
    z.object({ type: z.literal('screenshot') }),
  ]),
);
/** The data {@link ComputerActionSchema} validates. */
export type ComputerAction = z.infer<typeof ComputerActionSchema>;

const lines = z.union([z.array(z.string()), z.string().transform((s) => (s ? [s] : []))]).default([]);

/** The operator's reply: what it sees and thinks, and the next computer action (none when done). */
export const OperatorResponseSchema = z.object({
  observation: z.string().min(1).describe('What the screenshot shows.'),
  thought: z.string().min(1).describe('Your reasoning about the next action.'),
  action: ComputerActionSchema.nullish()
    .transform((a) => a ?? null)
    .describe('The next computer action; null when you are done or need the user.'),
  status: z
    .enum(['CONTINUE', 'FINISH', 'FAIL', 'PENDING'])
    .default('CONTINUE')
    .describe(
      'CONTINUE after an action; FINISH when the task is done (with the answer in result); FAIL when it cannot be done; PENDING with questions for the user.',
    ),
  sensitive: z
    .boolean()
    .default(false)
    .describe('True when the action is irreversible or risky (sending, deleting, paying): it runs only after the user approves.'),
  plan: lines.describe('The remaining steps.'),
  questions: lines.describe('Questions for the user (with status PENDING).'),
  comment: z.string().default(''),
  result: z.unknown().optional().describe('The answer, when the task asks for one (with FINISH or FAIL).'),
});
/** The data {@link OperatorResponseSchema} validates. */
export type OperatorResponse = z.infer<typeof OperatorResponseSchema>;
