import { z } from 'zod';
import { fromAnthropicComputerAction } from './anthropic-computer-action.js';

const point = { x: z.number().describe('Pixels from the left of the screenshot.'), y: z.number().describe('Pixels from the top of the screenshot.') };

/**
 * One computer action, modelled on OpenAI's computer-use actions (`click`, `double_click`, `scroll`, `type`,
 * `keypress`, `move`, `drag`, `wait`, `screenshot`). Coordinates are pixels of the screenshot the model saw.
 * Anthropic computer-tool inputs (`{ action: "left_click", coordinate: [x, y] }`, ...) are accepted too.
 */
export const ComputerActionSchema = z.preprocess(
  fromAnthropicComputerAction,
  z.discriminatedUnion('type', [
    z.object({ type: z.literal('click'), ...point, button: z.enum(['left', 'right', 'wheel', 'back', 'forward']).default('left') }),
    z.object({ type: z.literal('double_click'), ...point }),
    z.object({
      type: z.literal('scroll'),
      ...point,
      scroll_x: z.number().default(0).describe('Horizontal scroll in pixels; positive scrolls right.'),
      scroll_y: z.number().default(0).describe('Vertical scroll in pixels; positive scrolls down.'),
    }),
    z.object({ type: z.literal('type'), text: z.string().describe('Text to type.') }),
    z.object({ type: z.literal('keypress'), keys: z.array(z.string().min(1)).min(1).describe('Keys pressed together, e.g. ["CTRL", "S"].') }),
    z.object({ type: z.literal('move'), ...point }),
    z.object({ type: z.literal('drag'), path: z.array(z.object(point)).min(2).describe('The pointer path; the first point is pressed, the last released.') }),
    z.object({ type: z.literal('wait'), seconds: z.number().positive().max(60).default(2) }),
    z.object({ type: z.literal('screenshot') }),
  ]),
);
export type ComputerAction = z.infer<typeof ComputerActionSchema>;

const lines = z.union([z.array(z.string()), z.string().transform((s) => (s ? [s] : []))]).default([]);

/** The operator's reply: what it sees and thinks, and the next computer action (none when done). */
export const OperatorResponseSchema = z.object({
  observation: z.string().min(1).describe('What the screenshot shows.'),
  thought: z.string().min(1).describe('Your reasoning about the next action.'),
  action: ComputerActionSchema.nullish().transform((a) => a ?? null).describe('The next computer action; null when you are done or need the user.'),
  status: z
    .enum(['CONTINUE', 'FINISH', 'FAIL', 'PENDING'])
    .default('CONTINUE')
    .describe('CONTINUE after an action; FINISH when the task is done (with the answer in result); FAIL when it cannot be done; PENDING with questions for the user.'),
  sensitive: z.boolean().default(false).describe('True when the action is irreversible or risky (sending, deleting, paying): it runs only after the user approves.'),
  plan: lines.describe('The remaining steps.'),
  questions: lines.describe('Questions for the user (with status PENDING).'),
  comment: z.string().default(''),
  result: z.unknown().optional().describe('The answer, when the task asks for one (with FINISH or FAIL).'),
});
export type OperatorResponse = z.infer<typeof OperatorResponseSchema>;
