import type { EventBus } from '@ufo-ts/core';
import type { BudgetExceeded, BudgetLimits, BudgetSpend } from './budget-schemas.js';
import type { KeySpendLedger } from './key-spend-ledger.js';

/** Options of {@link BudgetGuard}. */
export interface BudgetGuardOptions {
  /** Limits of this session. */
  session: BudgetLimits;
  /** Limits of every task of the key together. */
  key: BudgetLimits;
  /** The API key's id whose total the session adds to. */
  keyId: string;
  ledger: KeySpendLedger;
  /** What the session spent before (a resumed session keeps counting). */
  spent?: BudgetSpend;
  /** Called once, when a model call is refused. */
  onExceeded: (exceeded: BudgetExceeded) => void;
}

/**
 * Counts one session's cost and steps (and adds them to its key's total), and decides before each model call
 * whether the session or its key may spend more.
 */
export class BudgetGuard {
  private readonly spentNow: BudgetSpend;
  private exceededWith: BudgetExceeded | undefined;

  constructor(private readonly options: BudgetGuardOptions) {
    this.spentNow = { ...(options.spent ?? { cost_usd: 0, steps: 0 }) };
  }

  /** What this session spent. */
  get spent(): BudgetSpend {
    return { ...this.spentNow };
  }

  /** The limit that stopped the session, once one did. */
  get exceeded(): BudgetExceeded | undefined {
    return this.exceededWith;
  }

  /** The first limit the session or its key has reached, or undefined when the next model call may go ahead. */
  async check(): Promise<BudgetExceeded | undefined> {
    if (this.exceededWith) return this.exceededWith;
    const found = reached('session', this.options.session, this.spentNow) ?? reached('key', this.options.key, await this.options.ledger.spent(this.options.keyId));
    if (found) {
      this.exceededWith = found;
      this.options.onExceeded(found);
    }
    return found;
  }

  /** Records a model call's cost. */
  addCost(costUsd: number): void {
    if (!(costUsd > 0)) return;
    this.spentNow.cost_usd += costUsd;
    void this.options.ledger.add(this.options.keyId, { cost_usd: costUsd });
  }

  /** Counts every finished agent step (`step-end`) of a session's events; returns the unsubscribe function. */
  countStepsOf(events: EventBus): () => void {
    return events.subscribe((event) => {
      if (event.type === 'step-end') this.addStep();
    });
  }

  /** Records a finished agent step (the step whose model call was refused is not counted). */
  addStep(): void {
    if (this.exceededWith) return;
    this.spentNow.steps += 1;
    void this.options.ledger.add(this.options.keyId, { steps: 1 });
  }
}

function reached(scope: BudgetExceeded['scope'], limits: BudgetLimits, spent: BudgetSpend): BudgetExceeded | undefined {
  if (limits.max_steps !== undefined && spent.steps >= limits.max_steps) return { scope, limit: 'max_steps', limit_value: limits.max_steps, spent: { ...spent } };
  if (limits.max_cost_usd !== undefined && spent.cost_usd >= limits.max_cost_usd) return { scope, limit: 'max_cost_usd', limit_value: limits.max_cost_usd, spent: { ...spent } };
  return undefined;
}
