import { errorMessage } from '@ufo-ts/core';
import { taskOwnerKey } from '../auth/api-key-ids.js';
import { BudgetGuard } from '../budgets/budget-guard.js';
import { budgetStopReason, type BudgetSpend } from '../budgets/budget-schemas.js';
import type { KeySpendLedger } from '../budgets/key-spend-ledger.js';
import type { TaskRecord } from '../sessions/task-record.js';
import type { TaskLifecyclePort } from './lifecycle-port.js';

/** What the budget guard of one run needs besides the task's record. */
export interface RunBudgetInput {
  /** Where the key's spend is counted (a cluster also counts the session's own spend through it). */
  ledger: KeySpendLedger;
  /** What the session spent in its earlier runs (default: the record's `budget.spent`, else nothing). */
  spent?: BudgetSpend | undefined;
  /** Stops the run when a limit is reached, with the reason its record gives. */
  stop: (reason: string) => void;
}

/**
 * The budget guard of one run of a task: the record's session and key limits, the owner key's total, the spend of
 * the session so far; a refused model call stops the run with the reason `budgetStopReason` gives.
 * @example
 * const guard = runBudgetGuard(record, { ledger, stop: (reason) => stopTask('budget_exceeded', reason) });
 */
export function runBudgetGuard(record: TaskRecord, input: RunBudgetInput): BudgetGuard {
  const budget = record.budget ?? { session: {}, key: {}, spent: { cost_usd: 0, steps: 0 } };
  return new BudgetGuard({
    session: budget.session,
    key: budget.key,
    keyId: taskOwnerKey(record),
    ledger: input.ledger,
    spent: input.spent ?? budget.spent,
    onExceeded: (exceeded) => input.stop(budgetStopReason(exceeded)),
  });
}

/**
 * Tells the device to start the task's session (the `task` message, status `continue`). Returns why the device could
 * not be told, or undefined once it was.
 * @example
 * const failed = await tellDeviceTaskStarts(port, record, randomUUID());
 */
export async function tellDeviceTaskStarts(port: TaskLifecyclePort, record: TaskRecord, responseId: string): Promise<string | undefined> {
  try {
    await port.send({
      type: 'task',
      status: 'continue',
      session_id: record.session_id,
      task_name: record.task_name,
      user_request: record.request,
      response_id: responseId,
      timestamp: new Date(port.clock.now()).toISOString(),
    });
    return undefined;
  } catch (error) {
    return `device ${record.client_id} could not be told about the task: ${errorMessage(error)}`;
  }
}

/**
 * Reports a task's first run (the `task-started` event; a resumed run reports `task-resumed` instead).
 * @example
 * announceTaskStarted(port, record);
 */
export function announceTaskStarted(port: Pick<TaskLifecyclePort, 'emit'>, record: TaskRecord): void {
  port.emit({ type: 'task-started', taskName: record.task_name, sessionId: record.session_id, clientId: record.client_id, owner: record.owner });
}
