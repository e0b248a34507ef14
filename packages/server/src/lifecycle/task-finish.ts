import type { Clock } from '@ufo-ts/core';
import type { BudgetGuard } from '../budgets/budget-guard.js';
import { appendBudgetLine } from '../budgets/budget-log.js';
import type { TaskOutcome, TaskRecord, TaskRecordStatus } from '../sessions/task-record.js';
import type { TaskLifecyclePort } from './lifecycle-port.js';
import { budgetSpentBy } from './run-budget.js';

/** The longest error text a final record (and the `task_end` message) carries. */
export const MAX_TASK_ERROR_CHARS = 10_000;

/** How a task ended. */
export interface TaskEnd {
  status: TaskRecordStatus;
  result?: TaskOutcome | undefined;
  error?: string | undefined;
}

/** Where a transport keeps a task's final record. */
export interface FinishPort<R extends TaskRecord = TaskRecord> extends TaskLifecyclePort {
  /** Keeps the final record where the task's result is read, and frees what the task held; returns it as kept. */
  keepFinal(record: R): R | Promise<R>;
  /** Frees the device once it was told the task ended (so a next task's `task` never overtakes this `task_end`). */
  freeDevice?(record: R): Promise<void>;
}

/** What finishing a task needs. */
export interface FinishInput<R extends TaskRecord> {
  /** The task's record as it ran. */
  record: R;
  end: TaskEnd;
  /** The run's budget guard (the record keeps what was spent and which limit stopped it). */
  guard?: BudgetGuard | undefined;
  /** The session's log folder (the budget line goes there). */
  logFolder?: string | undefined;
  /** Send the `task_end` message to the device (default true; false when the device never started the session). */
  tellDevice?: boolean;
}

/**
 * The final record of a task: how it ended (the error cut to {@link MAX_TASK_ERROR_CHARS}), its log folder, its
 * budget with what was spent, and `ended_at` from the clock.
 * @example
 * const ended = finalRecordFor(record, { status: 'cancelled', error: 'stopped' }, undefined, clock);
 */
export function finalRecordFor<R extends TaskRecord>(record: R, end: TaskEnd, guard: BudgetGuard | undefined, clock: Clock, logFolder?: string): R {
  const { waiting: _waited, error: _error, ...rest } = record;
  return {
    ...rest,
    status: end.status,
    ...(end.result ? { result: end.result } : {}),
    ...(end.error !== undefined ? { error: end.error.slice(0, MAX_TASK_ERROR_CHARS) } : {}),
    ...(logFolder ? { log_folder: logFolder } : {}),
    ...budgetSpentBy(record, guard),
    ended_at: new Date(clock.now()).toISOString(),
  } as R;
}

/**
 * Ends a task for good: its final record ({@link finalRecordFor}) with the budget line when a budget stopped it,
 * kept by the port; the device is told (`task_end` with the rounds' results, and without them when that message
 * cannot be sent); the `task-ended` event reports it. Returns the record as kept.
 * @example
 * const record = await finishTask(port, { record, end: { status: 'completed', result }, guard, logFolder });
 */
export async function finishTask<R extends TaskRecord>(port: FinishPort<R>, input: FinishInput<R>): Promise<R> {
  const { guard, logFolder } = input;
  const final = finalRecordFor(input.record, input.end, guard, port.clock, logFolder);
  const exceeded = guard?.exceeded;
  if (final.status === 'budget_exceeded' && exceeded && final.log_folder) {
    await appendBudgetLine(final.log_folder, { task_name: final.task_name, exceeded, session_spent: guard!.spent }, port.clock).catch(() => undefined);
  }
  const kept = await port.keepFinal(final);
  if (input.tellDevice !== false) await tellDeviceTaskEnded(port, final);
  await port.freeDevice?.(final);
  announceTaskEnded(port, final);
  return kept;
}

/**
 * Reports that a task ended (the `task-ended` event, with its status and error).
 * @example
 * announceTaskEnded(port, finalRecordFor(record, { status: 'cancelled', error: reason }, undefined, clock));
 */
export function announceTaskEnded(port: Pick<TaskLifecyclePort, 'emit'>, record: TaskRecord): void {
  port.emit({
    type: 'task-ended',
    taskName: record.task_name,
    sessionId: record.session_id,
    clientId: record.client_id,
    status: record.status,
    error: record.error,
  });
}

/** Sends `task_end` with the rounds' results, again without them when that fails; a device that is gone is let be. */
async function tellDeviceTaskEnded(port: TaskLifecyclePort, record: TaskRecord): Promise<void> {
  const end = {
    type: 'task_end' as const,
    status: record.status === 'completed' || record.status === 'cancelled' ? record.status : ('failed' as const),
    session_id: record.session_id,
    task_name: record.task_name,
    ...(record.error !== undefined ? { error: record.error } : {}),
  };
  try {
    await port.send({ ...end, ...(record.result ? { result: record.result.rounds } : {}) });
  } catch {
    try {
      await port.send(end);
    } catch {
      // the device is gone; the record keeps the outcome
    }
  }
}
