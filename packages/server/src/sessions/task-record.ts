import { z } from 'zod';
import { TaskBudgetSchema } from '../budgets/budget-schemas.js';
import { ApprovalPolicySchema, PendingInputSchema } from '../hitl/hitl-schemas.js';

/**
 * Lifecycle of a task on the server: `waiting` is paused for a person (see `waiting`), `budget_exceeded` ended
 * because a cost or step budget was spent (see `budget.exceeded`).
 */
export const TaskRecordStatusSchema = z.enum(['running', 'waiting', 'completed', 'failed', 'cancelled', 'budget_exceeded']);
/** The data {@link TaskRecordStatusSchema} validates. */
export type TaskRecordStatus = z.infer<typeof TaskRecordStatusSchema>;

/** What the session produced (the rounds with their results, counters and cost). */
export const TaskOutcomeSchema = z.object({
  rounds: z.array(z.object({ request: z.string(), result: z.unknown(), finalState: z.string() })),
  steps: z.number(),
  cost: z.number(),
  /** State the last round ended in (`FINISH`, `FAIL`, `ERROR`, `MAX_STEP`, `CANCELLED`). */
  final_state: z.string().optional(),
});
/** The data {@link TaskOutcomeSchema} validates. */
export type TaskOutcome = z.infer<typeof TaskOutcomeSchema>;

/**
 * One task as the server tracks it while it runs and keeps it after it ends (returned by
 * `GET /api/task_result/{task_name}`).
 */
export const TaskRecordSchema = z.object({
  task_name: z.string(),
  session_id: z.string(),
  /** The device the session runs on. */
  client_id: z.string(),
  /** Who started it: `api` (HTTP) or `device:<client id>` (a device's own TASK). */
  owner: z.string(),
  request: z.string(),
  status: TaskRecordStatusSchema,
  created_at: z.string(),
  ended_at: z.string().optional(),
  /** Present once the session ran at least partly. */
  result: TaskOutcomeSchema.optional(),
  /** Why it failed or was cancelled. */
  error: z.string().optional(),
  /** The session's log folder on the server. */
  log_folder: z.string().optional(),
  /** Id of the API key that dispatched it (`default` for the server's own key); only that key sees and answers it. */
  owner_key: z.string().optional(),
  /** What the task does when the agent needs a person. */
  approval: ApprovalPolicySchema.optional(),
  /** What the task waits for, while its status is `waiting`. */
  waiting: PendingInputSchema.optional(),
  /** The budgets in force, what the session spent, and which limit stopped it. */
  budget: TaskBudgetSchema.optional(),
});
/** The data {@link TaskRecordSchema} validates. */
export type TaskRecord = z.infer<typeof TaskRecordSchema>;
