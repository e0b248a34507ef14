import { z } from 'zod';

const text = z.string().default('');
const lines = z.union([z.array(z.string()), z.string().transform((s) => (s ? [s] : []))]).default([]);
const args = z.record(z.string(), z.unknown()).nullish().transform((a) => a ?? {});

/** One action in a model reply. `status` is what the agent's status becomes when the action succeeds. */
export const ActionSchema = z.object({
  function: z.string().describe('Name of the tool to call; an empty string means no action.'),
  arguments: args.describe('Arguments of the tool, matching its input schema.'),
  status: z
    .enum(['CONTINUE', 'SCREENSHOT', 'FINISH', 'FAIL', 'PENDING', 'CONFIRM'])
    .default('CONTINUE')
    .describe('CONTINUE to keep going, FINISH when this action completes the task, CONFIRM when the action is sensitive and needs approval first.'),
});
export type Action = z.infer<typeof ActionSchema>;

/** The HostAgent's reply (inventory §3.1), with one canonical `questions` field (finding 2). */
export const HostResponseSchema = z.object({
  observation: z.string().min(1).describe('What you see on the screen and in the list of windows.'),
  thought: z.string().min(1).describe('Your reasoning.'),
  current_subtask: text.describe('The subtask for the selected application; empty when none.'),
  message: lines.describe('Hints for the application agent.'),
  status: z
    .enum(['CONTINUE', 'ASSIGN', 'FINISH', 'FAIL', 'PENDING', 'CONFIRM'])
    .describe('ASSIGN with function select_application_window to hand a subtask to an application; FINISH when the whole request is done; PENDING to ask the user; CONTINUE after another tool.'),
  plan: lines.describe('The remaining subtasks.'),
  function: text.describe('Tool to call: select_application_window (with status ASSIGN) or another host tool.'),
  arguments: args,
  questions: lines.describe('Questions for the user (with status PENDING).'),
  comment: text,
  result: z.unknown().optional().describe('The answer to the request, when it asks for one (with FINISH).'),
});
export type HostResponse = z.infer<typeof HostResponseSchema>;

/** The AppAgent's and LinuxAgent's reply (one schema for visual and non-visual modes, finding 12). */
export const AppResponseSchema = z.object({
  observation: z.string().min(1).describe('What you see in the screenshot and the control list.'),
  thought: z.string().min(1).describe('Your reasoning.'),
  action: z
    .union([ActionSchema, z.array(ActionSchema)])
    .nullish()
    .transform((a) => (a == null ? [] : Array.isArray(a) ? a : [a]))
    .describe('One action or a list run in order. An empty list means no action.'),
  status: z
    .enum(['CONTINUE', 'SCREENSHOT', 'FINISH', 'FAIL', 'PENDING'])
    .optional()
    .describe('Only when there is no action: FINISH, FAIL or PENDING (with questions).'),
  plan: lines.describe('The remaining steps.'),
  comment: text,
  questions: lines.describe('Questions for the user (with status PENDING).'),
  save_screenshot: z.object({ save: z.boolean(), reason: z.string().default('') }).optional(),
  result: z.unknown().optional().describe('The complete answer when the task asks for one (with FINISH or FAIL).'),
});
export type AppResponse = z.infer<typeof AppResponseSchema>;
