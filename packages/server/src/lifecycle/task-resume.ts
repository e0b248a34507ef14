import { appendAnswerLine } from '../hitl/answer-log.js';
import { answerLineFor } from '../hitl/decisions.js';
import type { HumanDecision, PendingInput } from '../hitl/hitl-schemas.js';
import type { TaskRecord } from '../sessions/task-record.js';
import type { TaskLifecyclePort } from './lifecycle-port.js';

/** An answer taken for a waiting task. */
export interface TakenAnswer {
  record: Pick<TaskRecord, 'task_name' | 'session_id' | 'client_id'>;
  /** What the task waited for. */
  pending: PendingInput;
  decision: HumanDecision;
  by: 'person' | 'timeout';
  /** Id of the API key that answered. */
  keyId: string;
  /** When it was taken (ISO 8601). */
  at: string;
}

/**
 * Records an answer in the task's `answers.log` (on disk before the session acts on it).
 * @example
 * await logAnswer(folder, { record, pending, decision: { kind: 'approve' }, by: 'person', keyId: 'default', at });
 */
export async function logAnswer(folder: string, answer: TakenAnswer): Promise<void> {
  await appendAnswerLine(folder, answerLineFor(answer));
}

/**
 * Reports that a waiting task got its answer and runs again (the `task-resumed` event).
 * @example
 * announceResumed(port, answer);
 */
export function announceResumed(port: Pick<TaskLifecyclePort, 'emit'>, answer: Pick<TakenAnswer, 'record' | 'pending' | 'decision'>): void {
  const { record } = answer;
  port.emit({
    type: 'task-resumed',
    taskName: record.task_name,
    sessionId: record.session_id,
    clientId: record.client_id,
    pendingId: answer.pending.pending_id,
    decision: answer.decision.kind,
  });
}
