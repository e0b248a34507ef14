import { DEFAULT_KEY_ID } from '../auth/api-key-ids.js';
import { tighterLimits, type BudgetLimits } from '../budgets/budget-schemas.js';
import { ApprovalPolicySchema, type ApprovalPolicy, type ApprovalPolicyInput } from '../hitl/hitl-schemas.js';
import type { TaskRecord } from '../sessions/task-record.js';

/** The server-wide defaults a new task's policy starts from. */
export interface TaskPolicyDefaults {
  /** The approval policy of tasks whose request gives none. */
  approval: ApprovalPolicy;
  /** `session` limits each task (a request can only lower them); `keys` limits every task of a key together. */
  budgets?: { session?: BudgetLimits; keys?: Readonly<Record<string, BudgetLimits>> };
}

/**
 * The owner key, approval policy and budget a new task's record carries: the request's policy (or the default),
 * the tighter of the server's and the request's session limits, the key's limits, and nothing spent yet.
 * @example
 * taskPolicyOf({ ownerKey: 'team-a', budget: { max_steps: 10 } }, { approval, budgets: { session: { max_steps: 20 } } });
 * // { owner_key: 'team-a', approval, budget: { session: { max_steps: 10 }, key: {}, spent: { cost_usd: 0, steps: 0 } } }
 */
export function taskPolicyOf(
  request: { ownerKey?: string | undefined; approval?: ApprovalPolicyInput | undefined; budget?: BudgetLimits | undefined },
  defaults: TaskPolicyDefaults,
): Required<Pick<TaskRecord, 'owner_key' | 'approval' | 'budget'>> {
  const ownerKey = request.ownerKey ?? DEFAULT_KEY_ID;
  return {
    owner_key: ownerKey,
    approval: request.approval ? ApprovalPolicySchema.parse(request.approval) : defaults.approval,
    budget: {
      session: tighterLimits(defaults.budgets?.session, request.budget),
      key: { ...defaults.budgets?.keys?.[ownerKey] },
      spent: { cost_usd: 0, steps: 0 },
    },
  };
}
