import { z } from 'zod';

/** Limits of a budget; an absent field is no limit. */
export const BudgetLimitsSchema = z.object({
  /** Most model cost in USD (the models' reported cost; a model with unknown prices counts 0). */
  max_cost_usd: z.number().nonnegative().optional(),
  /** Most agent steps. */
  max_steps: z.number().int().nonnegative().optional(),
});
/** The data {@link BudgetLimitsSchema} validates. */
export type BudgetLimits = z.infer<typeof BudgetLimitsSchema>;

/** What was spent: model cost in USD and agent steps. */
export const BudgetSpendSchema = z.object({
  cost_usd: z.number().nonnegative(),
  steps: z.number().int().nonnegative(),
});
/** The data {@link BudgetSpendSchema} validates. */
export type BudgetSpend = z.infer<typeof BudgetSpendSchema>;

/** Which limit stopped a task: its scope (this session, or every task of the API key), the limit and the spend. */
export const BudgetExceededSchema = z.object({
  scope: z.enum(['session', 'key']),
  limit: z.enum(['max_cost_usd', 'max_steps']),
  limit_value: z.number(),
  /** What the scope had spent when the model call was refused. */
  spent: BudgetSpendSchema,
});
/** The data {@link BudgetExceededSchema} validates. */
export type BudgetExceeded = z.infer<typeof BudgetExceededSchema>;

/** A task's budget as its record shows it: the limits in force, what the session spent, and what stopped it. */
export const TaskBudgetSchema = z.object({
  session: BudgetLimitsSchema,
  key: BudgetLimitsSchema,
  spent: BudgetSpendSchema,
  exceeded: BudgetExceededSchema.optional(),
});
/** The data {@link TaskBudgetSchema} validates. */
export type TaskBudget = z.infer<typeof TaskBudgetSchema>;

/**
 * The tighter of two limit sets, field by field: a request can only lower a limit, never raise it.
 * @example
 * tighterLimits({ max_steps: 20 }, { max_steps: 50, max_cost_usd: 1 }); // { max_steps: 20, max_cost_usd: 1 }
 */
export function tighterLimits(a: BudgetLimits | undefined, b: BudgetLimits | undefined): BudgetLimits {
  const min = (x: number | undefined, y: number | undefined) => (x === undefined ? y : y === undefined ? x : Math.min(x, y));
  const cost = min(a?.max_cost_usd, b?.max_cost_usd);
  const steps = min(a?.max_steps, b?.max_steps);
  return { ...(cost !== undefined ? { max_cost_usd: cost } : {}), ...(steps !== undefined ? { max_steps: steps } : {}) };
}

/**
 * Why a spent budget stopped a task, as its record's `error` says.
 * @example
 * budgetStopReason({ scope: 'key', limit: 'max_steps', limit_value: 5, spent: { cost_usd: 0, steps: 5 } });
 * // 'the key budget is spent: max_steps 5 (spent 0 USD, 5 steps)'
 */
export function budgetStopReason(exceeded: BudgetExceeded): string {
  return `the ${exceeded.scope} budget is spent: ${exceeded.limit} ${exceeded.limit_value} (spent ${exceeded.spent.cost_usd} USD, ${exceeded.spent.steps} steps)`;
}
