import type { BudgetLimits, BudgetSpend } from './budget-schemas.js';

/** What reserving a step of a key's budget found: granted, or refused with the spend that reached a limit. */
export type StepReservation = { granted: true } | { granted: false; spent: BudgetSpend };

/**
 * What each API key has spent across its tasks. The server keeps it in memory ({@link MemoryKeySpendLedger});
 * a cluster can keep it in a shared store so every node sees the same totals.
 *
 * Steps are reserved before the model call that makes them (`reserveStep`, checked and taken in one atomic
 * operation), then settled when the step ends or released when it never does, so tasks of one key running in
 * parallel (on one node or many) cannot all pass the check before any of them has counted its step.
 */
export interface KeySpendLedger {
  /** What a key has spent so far (zero for a key never seen); `steps` counts settled and reserved steps. */
  spent(keyId: string): Promise<BudgetSpend>;
  /** Adds cost and steps to a key's total. */
  add(keyId: string, delta: Partial<BudgetSpend>): Promise<void>;
  /**
   * Takes one step of a key's budget for a model call about to be made, unless the settled and reserved steps have
   * reached `limits.max_steps` or the cost has reached `limits.max_cost_usd` (then nothing is taken). Atomic.
   */
  reserveStep(keyId: string, limits: BudgetLimits): Promise<StepReservation>;
  /** Turns a reserved step into a finished one (its step ended). */
  settleStep(keyId: string): Promise<void>;
  /** Gives a reserved step back (its session ended before the step did). */
  releaseStep(keyId: string): Promise<void>;
}

/** Whether a spend (settled plus reserved steps) leaves room for one more step under the limits. */
export function roomForStep(limits: BudgetLimits, spent: BudgetSpend): boolean {
  if (limits.max_steps !== undefined && spent.steps >= limits.max_steps) return false;
  if (limits.max_cost_usd !== undefined && spent.cost_usd >= limits.max_cost_usd) return false;
  return true;
}

/**
 * A {@link KeySpendLedger} in this process's memory: totals last as long as the server process. Every operation
 * completes without yielding, so a reservation's check and take cannot interleave with another's.
 * @example
 * const ledger = new MemoryKeySpendLedger();
 * if ((await ledger.reserveStep('team-a', { max_steps: 3 })).granted) await ledger.settleStep('team-a');
 * (await ledger.spent('team-a')).steps; // 1
 */
export class MemoryKeySpendLedger implements KeySpendLedger {
  private readonly totals = new Map<string, { cost_usd: number; steps: number; reserved: number }>();

  async spent(keyId: string): Promise<BudgetSpend> {
    const total = this.totals.get(keyId);
    return { cost_usd: total?.cost_usd ?? 0, steps: (total?.steps ?? 0) + (total?.reserved ?? 0) };
  }

  async add(keyId: string, delta: Partial<BudgetSpend>): Promise<void> {
    const total = this.totalOf(keyId);
    total.cost_usd += delta.cost_usd ?? 0;
    total.steps += delta.steps ?? 0;
  }

  async reserveStep(keyId: string, limits: BudgetLimits): Promise<StepReservation> {
    const total = this.totalOf(keyId);
    const spent = { cost_usd: total.cost_usd, steps: total.steps + total.reserved };
    if (!roomForStep(limits, spent)) return { granted: false, spent };
    total.reserved += 1;
    return { granted: true };
  }

  async settleStep(keyId: string): Promise<void> {
    const total = this.totalOf(keyId);
    if (total.reserved > 0) total.reserved -= 1;
    total.steps += 1;
  }

  async releaseStep(keyId: string): Promise<void> {
    const total = this.totalOf(keyId);
    if (total.reserved > 0) total.reserved -= 1;
  }

  private totalOf(keyId: string): { cost_usd: number; steps: number; reserved: number } {
    let total = this.totals.get(keyId);
    if (!total) this.totals.set(keyId, (total = { cost_usd: 0, steps: 0, reserved: 0 }));
    return total;
  }
}
