import type { BudgetGuard } from '../budgets/budget-guard.js';
import type { TaskRecord } from '../sessions/task-record.js';

/**
 * The record's budget with what the run spent (and the limit that stopped it, if one did); nothing when the task
 * has no budget or the run has no guard.
 * @example
 * const record = { ...task.record, ...budgetSpentBy(task.record, guard) };
 */
export function budgetSpentBy(record: TaskRecord, guard: BudgetGuard | undefined): Pick<TaskRecord, 'budget'> {
  const budget = record.budget;
  if (!budget || !guard) return {};
  const exceeded = guard.exceeded;
  return { budget: { ...budget, spent: guard.spent, ...(exceeded ? { exceeded } : {}) } };
}
