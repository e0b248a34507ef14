import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { SessionError } from '../errors.js';

/**
 * A follower plan (inventory C9/C16): the application to open, then the steps the AppAgent carries out one by
 * one, each as its own subtask.
 */
export const FollowerPlanSchema = z.object({
  /** The overall task, for the logs and the evaluation. */
  task: z.string().optional(),
  /** The application the HostAgent opens and selects first, e.g. `Calculator`. */
  object: z.string().min(1),
  /** The steps, in order; each becomes one round in which the AppAgent does that subtask. */
  steps: z.array(z.string().min(1)).min(1),
  /** The HostAgent's request for round 0 (default: open and select `object`). */
  host_request: z.string().min(1).optional(),
});
/** The data {@link FollowerPlanSchema} validates. */
export type FollowerPlan = z.infer<typeof FollowerPlanSchema>;

/** The HostAgent's request that opens the plan's application (round 0). */
export function hostRequestOf(plan: FollowerPlan): string {
  return (
    plan.host_request ??
    `Open and select the application "${plan.object}". Assign it with a subtask that only checks the window is ready ` +
      'and finishes at once: the next steps of the plan will be given to it one by one.'
  );
}

/** Reads and validates a plan file; errors name the file and the field. */
export function readFollowerPlan(path: string): FollowerPlan {
  if (!existsSync(path)) throw new SessionError('PLAN_INVALID', `Plan file ${path} does not exist`);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new SessionError('PLAN_INVALID', `Plan file ${path} is not valid JSON: ${(error as Error).message}`, { cause: error });
  }
  return parseFollowerPlan(raw, path);
}

/** Validates a plan object. */
export function parseFollowerPlan(raw: unknown, where = 'plan'): FollowerPlan {
  const parsed = FollowerPlanSchema.safeParse(raw);
  if (!parsed.success) throw new SessionError('PLAN_INVALID', `${where} is not a follower plan:\n${z.prettifyError(parsed.error)}`, { cause: parsed.error });
  return parsed.data;
}
