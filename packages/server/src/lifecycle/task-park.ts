import type { WaitingFor } from '@ufo-ts/sessions';
import type { BudgetGuard } from '../budgets/budget-guard.js';
import { pendingInputFor } from '../hitl/decisions.js';
import type { ApprovalPolicy } from '../hitl/hitl-schemas.js';
import type { TaskRecord } from '../sessions/task-record.js';
import type { TaskLifecyclePort } from './lifecycle-port.js';
import { budgetSpentBy } from './run-budget.js';

/** Where a transport keeps a task that waits for a person. */
export interface ParkPort extends TaskLifecyclePort {
  /**
   * Keeps the waiting task (its record says what it waits for) where an answer finds it, durably, and frees what
   * its run held; returns the record as kept (default: as given). Throws when it cannot be kept.
   */
  keepWaiting(record: TaskRecord): Promise<TaskRecord | void>;
}

/** What parking a task needs. */
export interface ParkInput {
  /** The task's record as it ran. */
  record: TaskRecord;
  /** What the stopped session waits for. */
  waitingFor: WaitingFor;
  /** The task's approval policy (its timeout sets the deadline). */
  policy: ApprovalPolicy;
  /** The run's budget guard: the waiting record keeps what the session spent. */
  guard: BudgetGuard | undefined;
  /** The session's log folder (its newest screenshot is shown with the question). */
  logFolder: string | undefined;
}

/**
 * Parks a task whose session stopped for a person: its record becomes `waiting` with a fresh pending input
 * (`pendingInputFor`, stamped with the port's clock) and the budget spent so far, the port keeps it, and the
 * `task-waiting` event reports it. Returns the record as kept; throws what `keepWaiting` throws.
 * @example
 * const waiting = await parkTask(port, { record, waitingFor: outcome.waitingFor, policy, guard, logFolder });
 */
export async function parkTask(port: ParkPort, input: ParkInput): Promise<TaskRecord> {
  const { logFolder } = input;
  const { task_name: taskName, session_id: sessionId, client_id: clientId } = input.record;
  const waiting = await pendingInputFor({ waitingFor: input.waitingFor, policy: input.policy, now: port.clock.now(), taskName, logFolder });
  const record: TaskRecord = {
    ...input.record,
    status: 'waiting',
    waiting,
    ...(logFolder ? { log_folder: logFolder } : {}),
    ...budgetSpentBy(input.record, input.guard),
  };
  const kept = (await port.keepWaiting(record)) ?? record;
  port.emit({ type: 'task-waiting', taskName, sessionId, clientId, pendingId: waiting.pending_id, kind: waiting.kind });
  return kept;
}
