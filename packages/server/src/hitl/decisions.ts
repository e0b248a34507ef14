import { randomUUID } from 'node:crypto';
import type { ResumeDecision, WaitingFor } from '@ufo-ts/sessions';
import { AnswerInvalidError, AnswerTooLargeError } from '../errors.js';
import { screenshotUrlOf } from '../events/streaming-log-sink.js';
import type { TaskRecord } from '../sessions/task-record.js';
import type { ApprovalPolicy, HumanDecision, PendingInput } from './hitl-schemas.js';
import { latestScreenshot } from './latest-screenshot.js';

/**
 * Checks a person's decision against what a task waits for and returns it in the form a resumed session takes:
 * held actions are approved or rejected, questions are answered (at most one answer per question, each at most
 * `maxAnswerBytes` UTF-8 bytes).
 * @throws AnswerInvalidError (the wrong kind of decision, too many answers), AnswerTooLargeError.
 * @example
 * resumeDecisionFor(record.waiting, { kind: 'approve' }, 16 * 1024); // { approve: true }
 */
export function resumeDecisionFor(pending: PendingInput, decision: HumanDecision, maxAnswerBytes: number): ResumeDecision {
  if (pending.kind === 'confirmation') {
    if (decision.kind === 'answer')
      throw new AnswerInvalidError(`the task waits for an approval of ${pending.actions.map((a) => a.tool_name).join(', ')}: approve or reject it`);
    return { approve: decision.kind === 'approve' };
  }
  if (decision.kind !== 'answer') throw new AnswerInvalidError('the task waits for answers to its questions: answer them');
  if (decision.answers.length > pending.questions.length)
    throw new AnswerInvalidError(`${decision.answers.length} answers for ${pending.questions.length} question(s)`);
  for (const answer of decision.answers) {
    if (Buffer.byteLength(answer, 'utf8') > maxAnswerBytes) throw new AnswerTooLargeError(maxAnswerBytes);
  }
  return { answers: [...decision.answers] };
}

/**
 * The decision a waiting task's policy makes when its deadline passes: `on_timeout` for held actions, the
 * policy's `default_answer` for every question.
 * @example
 * timeoutDecisionFor(record); // { kind: 'reject', reason: 'timed out' }
 */
export function timeoutDecisionFor(record: Pick<TaskRecord, 'approval' | 'waiting'>): HumanDecision {
  const policy = record.approval;
  const pending = record.waiting;
  if (!pending) throw new TypeError('the task does not wait');
  if (pending.kind === 'questions') return { kind: 'answer', answers: pending.questions.map(() => policy?.default_answer ?? '') };
  return policy?.on_timeout === 'approve' ? { kind: 'approve' } : { kind: 'reject', reason: 'timed out' };
}

/** Input of {@link pendingInputFor}. */
export interface PendingInputSource {
  /** What the stopped session waits for. */
  waitingFor: WaitingFor;
  policy: ApprovalPolicy;
  /** Now, in ms since the epoch. */
  now: number;
  taskName: string;
  /** The task's log folder (its newest screenshot is shown with the question). */
  logFolder: string | undefined;
  /** The id an answer must name (default: a random UUID). */
  pendingId?: string;
}

/**
 * What a task that stopped for a person is listed with: a fresh pending id, when it was asked, its deadline (from
 * the policy's `timeout_ms`), the newest screenshot of its log folder, and the held actions or questions.
 * @example
 * const waiting = await pendingInputFor({ waitingFor: outcome.waitingFor, policy, now: clock.now(), taskName, logFolder });
 */
export async function pendingInputFor(source: PendingInputSource): Promise<PendingInput> {
  const { waitingFor, policy, now } = source;
  const screenshot = source.logFolder ? await latestScreenshot(source.logFolder) : undefined;
  const common = {
    pending_id: source.pendingId ?? randomUUID(),
    agent: waitingFor.agent,
    asked_at: new Date(now).toISOString(),
    ...(policy.timeout_ms !== undefined ? { deadline: new Date(now + policy.timeout_ms).toISOString() } : {}),
    ...(screenshot ? { screenshot, screenshot_url: screenshotUrlOf(source.taskName, screenshot) } : {}),
  };
  return waitingFor.kind === 'confirmation'
    ? {
        kind: 'confirmation',
        ...common,
        actions: waitingFor.actions.map((a) => ({ tool_name: a.function, arguments: a.arguments })),
        ...(waitingFor.reason ? { reason: waitingFor.reason } : {}),
      }
    : { kind: 'questions', ...common, questions: waitingFor.questions };
}

/** The `answers.log` line of an answer taken for a waiting task (see `appendAnswerLine`), taken `at` (ISO 8601). */
export function answerLineFor(input: {
  record: Pick<TaskRecord, 'task_name' | 'session_id'>;
  pending: PendingInput;
  decision: HumanDecision;
  by: 'person' | 'timeout';
  keyId: string;
  at: string;
}): Record<string, unknown> {
  const { decision } = input;
  return {
    at: input.at,
    task_name: input.record.task_name,
    session_id: input.record.session_id,
    pending_id: input.pending.pending_id,
    kind: input.pending.kind,
    decision: decision.kind,
    by: input.by,
    key_id: input.keyId,
    ...(decision.kind === 'answer' ? { answers: decision.answers } : {}),
    ...(decision.kind === 'reject' && decision.reason !== undefined ? { reason: decision.reason } : {}),
  };
}
