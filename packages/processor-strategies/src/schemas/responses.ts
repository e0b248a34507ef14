import { z } from 'zod';

const text = z.string().default('');
const lines = z.union([z.array(z.string()), z.string().transform((s) => (s ? [s] : []))]).default([]);
const args = z
  .record(z.string(), z.unknown())
  .nullish()
  .transform((a) => a ?? {});

/** Statuses a model may put on one action (before the agent's table narrows them). */
export const ACTION_STATUSES = ['CONTINUE', 'SCREENSHOT', 'FINISH', 'FAIL', 'PENDING', 'CONFIRM'] as const;
/** Statuses a model may put at the top level of an application-level reply (no action). */
export const APP_REPLY_STATUSES = ['CONTINUE', 'SCREENSHOT', 'FINISH', 'FAIL', 'PENDING'] as const;

const ACTION_STATUS_TEXT: Record<(typeof ACTION_STATUSES)[number], string> = {
  CONTINUE: 'CONTINUE to keep going',
  SCREENSHOT: 'SCREENSHOT to look again after the action',
  FINISH: 'FINISH when this action completes the task',
  FAIL: 'FAIL when the task cannot be done',
  PENDING: 'PENDING to ask the user (with questions)',
  CONFIRM: 'CONFIRM when the action is sensitive and needs approval first',
};

function actionSchema(statuses: readonly [string, ...string[]]) {
  return z.object({
    function: z.string().describe('Name of the tool to call; an empty string means no action.'),
    arguments: args.describe('Arguments of the tool, matching its input schema.'),
    status: z
      .enum(statuses)
      .optional()
      .describe(
        `What happens after the action (default CONTINUE): ${statuses.map((s) => ACTION_STATUS_TEXT[s as keyof typeof ACTION_STATUS_TEXT] ?? s).join('; ')}. On an action with an empty function it is the step's status.`,
      ),
  });
}

/**
 * One action in a model reply. `status` is what the agent's status becomes when the action succeeds (CONTINUE when
 * omitted); on a no-op action (`function: ""`) it is the status of the step.
 */
export const ActionSchema = actionSchema(ACTION_STATUSES);
/** The data {@link ActionSchema} validates. */
export type Action = z.infer<typeof ActionSchema>;

/** The HostAgent's reply, with one canonical `questions` field. */
export const HostResponseSchema = z.object({
  observation: z.string().min(1).describe('What you see on the screen and in the list of windows.'),
  thought: z.string().min(1).describe('Your reasoning.'),
  current_subtask: text.describe('The subtask for the selected application; empty when none.'),
  message: lines.describe('Hints for the application agent.'),
  status: z
    .enum(['CONTINUE', 'ASSIGN', 'FINISH', 'FAIL', 'PENDING', 'CONFIRM'])
    .describe(
      'ASSIGN with function select_application_window to hand a subtask to an application; FINISH when the whole request is done; PENDING to ask the user; CONTINUE after another tool.',
    ),
  plan: lines.describe('The remaining subtasks.'),
  function: text.describe('Tool to call: select_application_window (with status ASSIGN) or another host tool.'),
  arguments: args,
  questions: lines.describe('Questions for the user (with status PENDING).'),
  comment: text,
  result: z.unknown().optional().describe('The answer to the request, when it asks for one (with FINISH).'),
});
/** The data {@link HostResponseSchema} validates. */
export type HostResponse = z.infer<typeof HostResponseSchema>;

function buildAppResponseSchema(actionStatuses: readonly [string, ...string[]], replyStatuses: readonly [string, ...string[]]) {
  const action = actionSchema(actionStatuses);
  return z.object({
    observation: z.string().min(1).describe('What you see in the screenshot and the control list.'),
    thought: z.string().min(1).describe('Your reasoning.'),
    action: z
      .union([action, z.array(action)])
      .nullish()
      .transform((a) => (a == null ? [] : Array.isArray(a) ? a : [a]))
      .describe('One action or a list run in order. An empty list means no action.'),
    status: z
      .enum(replyStatuses)
      .optional()
      .describe(`Only when there is no action: ${replyStatuses.filter((s) => s !== 'CONTINUE').join(', ')} (PENDING with questions).`),
    plan: lines.describe('The remaining steps.'),
    comment: text,
    questions: lines.describe('Questions for the user (with status PENDING).'),
    save_screenshot: z.object({ save: z.boolean(), reason: z.string().default('') }).optional(),
    result: z.unknown().optional().describe('The complete answer when the task asks for one (with FINISH or FAIL).'),
  });
}

/** The AppAgent's and LinuxAgent's reply (one schema for visual and non-visual modes), every status. */
export const AppResponseSchema = buildAppResponseSchema(ACTION_STATUSES, APP_REPLY_STATUSES);
/** The data {@link AppResponseSchema} validates. */
export type AppResponse = z.infer<typeof AppResponseSchema>;

const byStates = new Map<string, typeof AppResponseSchema>();

/**
 * The application-level reply schema for an agent whose state table has `states`: it offers only the statuses the
 * table accepts (a LinuxAgent without a SCREENSHOT state is never offered SCREENSHOT), so the prompt generated from
 * it cannot advertise a status that would end in ERROR, and a reply using one is rejected naming the field, the
 * value and the allowed set. One schema object per set of states, so prompt texts are cached.
 *
 * @param states The state names of the agent's table (`agent.machine.stateNames`).
 */
export function appResponseSchemaFor(states: readonly string[]): typeof AppResponseSchema {
  const actionStatuses = ACTION_STATUSES.filter((s) => states.includes(s));
  const replyStatuses = APP_REPLY_STATUSES.filter((s) => states.includes(s));
  const key = `${actionStatuses.join(',')}|${replyStatuses.join(',')}`;
  let schema = byStates.get(key);
  if (!schema) {
    schema = buildAppResponseSchema(nonEmpty(actionStatuses), nonEmpty(replyStatuses)) as unknown as typeof AppResponseSchema;
    byStates.set(key, schema);
  }
  return schema;
}

function nonEmpty(statuses: readonly string[]): readonly [string, ...string[]] {
  return (statuses.length ? statuses : ['CONTINUE']) as readonly [string, ...string[]];
}
