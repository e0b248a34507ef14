import { z } from 'zod';

/** Lifecycle of a task on the server. */
export const TaskRecordStatusSchema = z.enum(['running', 'completed', 'failed', 'cancelled']);
export type TaskRecordStatus = z.infer<typeof TaskRecordStatusSchema>;

/** What the session produced (the rounds with their results, counters and cost). */
export const TaskOutcomeSchema = z.object({
  rounds: z.array(z.object({ request: z.string(), result: z.unknown(), finalState: z.string() })),
  steps: z.number(),
  cost: z.number(),
  /** State the last round ended in (`FINISH`, `FAIL`, `ERROR`, `MAX_STEP`, `CANCELLED`). */
  final_state: z.string().optional(),
});
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
});
export type TaskRecord = z.infer<typeof TaskRecordSchema>;
