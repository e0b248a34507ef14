import type { BudgetSpend } from './budget-schemas.js';

/**
 * What each API key has spent across its tasks. The server keeps it in memory ({@link MemoryKeySpendLedger});
 * a cluster can keep it in a shared store so every node sees the same totals.
 */
export interface KeySpendLedger {
  /** What a key has spent so far (zero for a key never seen). */
  spent(keyId: string): Promise<BudgetSpend>;
  /** Adds cost and steps to a key's total. */
  add(keyId: string, delta: Partial<BudgetSpend>): Promise<void>;
}

/**
 * A {@link KeySpendLedger} in this process's memory: totals last as long as the server process.
 * @example
 * const ledger = new MemoryKeySpendLedger();
 * await ledger.add('team-a', { cost_usd: 0.02, steps: 1 });
 * (await ledger.spent('team-a')).steps; // 1
 */
export class MemoryKeySpendLedger implements KeySpendLedger {
  private readonly totals = new Map<string, BudgetSpend>();

  async spent(keyId: string): Promise<BudgetSpend> {
    return { ...(this.totals.get(keyId) ?? { cost_usd: 0, steps: 0 }) };
  }

  async add(keyId: string, delta: Partial<BudgetSpend>): Promise<void> {
    const total = this.totals.get(keyId) ?? { cost_usd: 0, steps: 0 };
    total.cost_usd += delta.cost_usd ?? 0;
    total.steps += delta.steps ?? 0;
    this.totals.set(keyId, total);
  }
}
