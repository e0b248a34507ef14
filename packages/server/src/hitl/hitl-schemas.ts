import { TextSchema } from '@ufo-ts/aip';
import { z } from 'zod';

/** Longest `timeout_ms` of a waiting policy: 7 days. */
export const MAX_APPROVAL_TIMEOUT_MS = 7 * 24 * 3_600_000;

/** Longest answer to a question a server takes unless configured, in UTF-8 bytes. */
export const DEFAULT_MAX_ANSWER_BYTES = 16 * 1024;

/**
 * What a task does when the agent holds a sensitive action (CONFIRM) or asks a question (PENDING): approve or
 * reject every held action at once (questions get `default_answer`), or `wait` for a person over the HTTP API, up
 * to `timeout_ms` (no timeout when absent), after which `on_timeout` decides (questions get `default_answer`).
 */
export const ApprovalPolicySchema = z.object({
  mode: z.enum(['auto-approve', 'auto-reject', 'wait']),
  timeout_ms: z.number().int().positive().max(MAX_APPROVAL_TIMEOUT_MS).optional(),
  on_timeout: z.enum(['approve', 'reject']).default('reject'),
  default_answer: TextSchema.max(4_096).default(''),
});
/** The data {@link ApprovalPolicySchema} validates. */
export type ApprovalPolicy = z.infer<typeof ApprovalPolicySchema>;
/** What {@link ApprovalPolicySchema} accepts before defaults are filled in. */
export type ApprovalPolicyInput = z.input<typeof ApprovalPolicySchema>;

/** A server's approval policy: the one configured, else `auto-reject` (held actions skipped, default answers). */
export function serverApprovalPolicy(configured: ApprovalPolicyInput | undefined): ApprovalPolicy {
  return ApprovalPolicySchema.parse(configured ?? { mode: 'auto-reject' });
}

/** One held sensitive action. */
export const HeldActionSchema = z.object({
  tool_name: z.string(),
  arguments: z.record(z.string(), z.unknown()),
});
/** The data {@link HeldActionSchema} validates. */
export type HeldAction = z.infer<typeof HeldActionSchema>;

const pendingCommon = {
  /** Names this question or held action: an answer must give it, so it cannot land on a later one. */
  pending_id: z.string(),
  /** The agent that asks. */
  agent: z.string(),
  /** When the task started waiting (ISO time). */
  asked_at: z.string(),
  /** When `on_timeout` applies (ISO time), if the policy has a timeout. */
  deadline: z.string().optional(),
  /** The last screenshot in the task's log folder (a file name in `log_folder`), when there is one. */
  screenshot: z.string().optional(),
  /** The API path that serves that screenshot (with the API key): `/api/tasks/{task_name}/screenshots/{file}`. */
  screenshot_url: z.string().optional(),
};

/** What a waiting task waits for: a decision on held actions, or answers to questions. */
export const PendingInputSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('confirmation'), ...pendingCommon, actions: z.array(HeldActionSchema), reason: z.string().optional() }),
  z.object({ kind: z.literal('questions'), ...pendingCommon, questions: z.array(z.string()) }),
]);
/** The data {@link PendingInputSchema} validates. */
export type PendingInput = z.infer<typeof PendingInputSchema>;

/** Body of `POST /api/tasks/{task_name}/approve`. */
export const ApproveRequestSchema = z.object({ pending_id: z.string().min(1).max(200) });
/** The data {@link ApproveRequestSchema} validates. */
export type ApproveRequest = z.infer<typeof ApproveRequestSchema>;

/** Body of `POST /api/tasks/{task_name}/reject`. */
export const RejectRequestSchema = z.object({ pending_id: z.string().min(1).max(200), reason: z.string().max(4_096).optional() });
/** The data {@link RejectRequestSchema} validates. */
export type RejectRequest = z.infer<typeof RejectRequestSchema>;

/** Body of `POST /api/tasks/{task_name}/answer`: one answer per question, in order. */
export const AnswerRequestSchema = z.object({ pending_id: z.string().min(1).max(200), answers: z.array(z.string()).min(1).max(64) });
/** The data {@link AnswerRequestSchema} validates. */
export type AnswerRequest = z.infer<typeof AnswerRequestSchema>;

/** Reply of approve / reject / answer: the task runs again. */
export const AnswerAcceptedSchema = z.object({
  status: z.literal('resumed'),
  task_name: z.string(),
  session_id: z.string(),
  pending_id: z.string(),
  decision: z.enum(['approve', 'reject', 'answer']),
});
/** The data {@link AnswerAcceptedSchema} validates. */
export type AnswerAccepted = z.infer<typeof AnswerAcceptedSchema>;

/** A person's decision on what a task waits for. */
export const HumanDecisionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('approve') }),
  z.object({ kind: z.literal('reject'), reason: z.string().optional() }),
  z.object({ kind: z.literal('answer'), answers: z.array(z.string()) }),
]);
/** The data {@link HumanDecisionSchema} validates. */
export type HumanDecision = z.infer<typeof HumanDecisionSchema>;
