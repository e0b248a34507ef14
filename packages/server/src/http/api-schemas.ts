import { ClientIdSchema, SessionIdSchema, TaskNameSchema, TextSchema } from '@ufo-ts/aip';
import { z } from 'zod';
import { BudgetLimitsSchema } from '../budgets/budget-schemas.js';
import { ApprovalPolicySchema } from '../hitl/hitl-schemas.js';

/** Body of `POST /api/dispatch`. */
export const DispatchRequestSchema = z.object({
  /** The connected device to run the task on. */
  client_id: ClientIdSchema,
  /** The user request. */
  request: TextSchema.min(1),
  /** Name to fetch the result by (default: a timestamp plus the session id's start). */
  task_name: TaskNameSchema.optional(),
  /** A session id of the caller's choosing (default: a random UUID). */
  session_id: SessionIdSchema.optional(),
  /** What the task does when the agent holds a sensitive action or asks a question (default: the server's policy). */
  approval: ApprovalPolicySchema.optional(),
  /** Cost and step limits of this task; they can only lower the server's. */
  budget: BudgetLimitsSchema.optional(),
});
/** The data {@link DispatchRequestSchema} validates. */
export type DispatchRequest = z.infer<typeof DispatchRequestSchema>;

/** Body of `POST /api/cancel`: the task by name or by session id. */
export const CancelRequestSchema = z
  .object({
    task_name: TaskNameSchema.optional(),
    session_id: SessionIdSchema.optional(),
    reason: TextSchema.optional(),
  })
  .refine((body) => body.task_name !== undefined || body.session_id !== undefined, { message: 'give task_name or session_id' });
/** The data {@link CancelRequestSchema} validates. */
export type CancelRequest = z.infer<typeof CancelRequestSchema>;
