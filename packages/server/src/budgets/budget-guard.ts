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
 * whether the session or its key may spend more. A key with limits has one step reserved in the ledger before the
 * model call of each step (atomically, so parallel tasks of the key cannot all pass the check at once); the
 * reservation is settled when the step ends and released when the session ends first ({@link BudgetGuard.release}).
 */
export class BudgetGuard {
  private readonly spentNow: BudgetSpend;
  private exceededWith: BudgetExceeded | undefined;
  /** Whether this session holds a reserved step of its key's budget (for the step under way). */
  private holdsStep = false;

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

  /**
   * The first limit the session or its key has reached, or undefined when the next model call may go ahead (then
   * the key's step for it is reserved, once per step).
   */
  async check(): Promise<BudgetExceeded | undefined> {
    if (this.exceededWith) return this.exceededWith;
    const { key, keyId, ledger } = this.options;
    let found = reached('session', this.options.session, this.spentNow);
    if (!found && hasLimits(key)) {
      if (this.holdsStep) {
        // another model call of the step already reserved: only the cost may have run out since
        found = key.max_cost_usd !== undefined ? reached('key', { max_cost_usd: key.max_cost_usd }, await ledger.spent(keyId)) : undefined;
      } else {
        const reservation = await ledger.reserveStep(keyId, key);
        if (reservation.granted) this.holdsStep = true;
        else
          found = reached('key', key, reservation.spent) ?? {
            scope: 'key',
            limit: key.max_steps !== undefined ? 'max_steps' : 'max_cost_usd',
            limit_value: key.max_steps ?? key.max_cost_usd ?? 0,
            spent: reservation.spent,
          };
      }
    }
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
    if (this.holdsStep) {
      this.holdsStep = false;
      void this.options.ledger.settleStep(this.options.keyId);
    } else {
      void this.options.ledger.add(this.options.keyId, { steps: 1 });
    }
  }

  /** Gives back a step reserved for a step that never ended (call when the session run ends, however it ends). */
  async release(): Promise<void> {
    if (!this.holdsStep) return;
    this.holdsStep = false;
    await this.options.ledger.releaseStep(this.options.keyId);
  }
}

function hasLimits(limits: BudgetLimits): boolean {
  return limits.max_steps !== undefined || limits.max_cost_usd !== undefined;
}

function reached(scope: BudgetExceeded['scope'], limits: BudgetLimits, spent: BudgetSpend): BudgetExceeded | undefined {
  if (limits.max_steps !== undefined && spent.steps >= limits.max_steps)
    return { scope, limit: 'max_steps', limit_value: limits.max_steps, spent: { ...spent } };
  if (limits.max_cost_usd !== undefined && spent.cost_usd >= limits.max_cost_usd)
    return { scope, limit: 'max_cost_usd', limit_value: limits.max_cost_usd, spent: { ...spent } };
  return undefined;
}
