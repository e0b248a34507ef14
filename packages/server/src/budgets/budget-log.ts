import { appendFile } from 'node:fs/promises';
import { join } from 'node:path';
import { systemClock, type Clock } from '@ufo-ts/core';
import type { BudgetExceeded } from './budget-schemas.js';

/** The file in a task's log folder that records why a budget stopped the task (one JSON line). */
export const BUDGET_LOG_FILE = 'budget.log';

/**
 * Records in the task's log folder which budget stopped it, with the limit and what was spent, stamped with the
 * `clock`'s time (default `systemClock`).
 * @example
 * const exceeded = { scope: 'key', limit: 'max_steps', limit_value: 40, spent: { cost_usd: 0.2, steps: 40 } } as const;
 * await appendBudgetLine(folder, { task_name: 'calc', exceeded }, clock);
 */
export async function appendBudgetLine(
  folder: string,
  line: { task_name: string; exceeded: BudgetExceeded; session_spent?: { cost_usd: number; steps: number } },
  clock: Clock = systemClock,
): Promise<void> {
  await appendFile(join(folder, BUDGET_LOG_FILE), `${JSON.stringify({ at: new Date(clock.now()).toISOString(), ...line })}\n`);
}
