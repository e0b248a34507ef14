import { z } from 'zod';
import { ACTION_STATUSES, HostResponseSchema, appResponseSchemaFor } from './responses.js';

/**
 * The function tool that carries, in native tool mode, everything a reply holds besides its actions: status,
 * observation, thought, plan, comment, questions, result.
 */
export const RESPOND_TOOL = 'respond';

const APP_STATUS_TEXT: Record<(typeof ACTION_STATUSES)[number], string> = {
  CONTINUE: 'CONTINUE to keep going',
  SCREENSHOT: 'SCREENSHOT to look again after the actions',
  FINISH: 'FINISH when the task is complete (after the actions of this reply, if any)',
  FAIL: 'FAIL when the task cannot be done',
  PENDING: 'PENDING to ask the user (with questions; no action)',
  CONFIRM: 'CONFIRM when the actions of this reply are sensitive: none of them runs before the user approves',
};

const byStates = new Map<string, z.ZodObject>();

/**
 * The arguments of the `respond` tool of an application-level agent: its reply schema without `action`, with one
 * `status` that applies after the action calls of the same reply (or to the step when there is none). Offers only
 * the statuses the agent's state table accepts. One schema object per set of states.
 *
 * @param states The state names of the agent's table (`agent.machine.stateNames`).
 *
 * @example
 * ```ts
 * const respond = appRespondSchemaFor(agent.machine.stateNames);
 * respond.parse({ observation: 'Display shows 408', thought: 'Done', status: 'FINISH', result: '408' });
 * ```
 */
export function appRespondSchemaFor(states: readonly string[]): z.ZodObject {
  const statuses = ACTION_STATUSES.filter((s) => states.includes(s));
  const key = statuses.join(',');
  let schema = byStates.get(key);
  if (!schema) {
    const allowed = (statuses.length ? statuses : ['CONTINUE']) as [string, ...string[]];
    schema = appResponseSchemaFor(states)
      .omit({ action: true, status: true })
      .extend({
        status: z
          .enum(allowed)
          .optional()
          .describe(
            `The status after the action calls of this reply run, or of this step when it has none (default CONTINUE with actions, FINISH without): ${allowed.map((s) => APP_STATUS_TEXT[s as keyof typeof APP_STATUS_TEXT] ?? s).join('; ')}.`,
          ),
      });
    byStates.set(key, schema);
  }
  return schema;
}

/** The arguments of the HostAgent's `respond` tool: its reply schema without `function` and `arguments`. */
export const HostRespondSchema: z.ZodObject = HostResponseSchema.omit({ function: true, arguments: true }).extend({
  status: HostResponseSchema.shape.status.describe(
    'ASSIGN together with a select_application_window call to hand a subtask to an application; FINISH when the whole request is done; PENDING to ask the user; CONFIRM when the other tool call of this reply needs approval; CONTINUE after another tool.',
  ),
});
