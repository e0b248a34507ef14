import type { BudgetSpend, KeySpendLedger } from '@ufo-ts/server';
import type { RedisClient } from '../redis/redis-connections.js';

/** Options of {@link RedisKeySpendLedger}. */
export interface RedisKeySpendLedgerOptions {
  redis: RedisClient;
  /** The hash of an id's totals (e.g. `keys.spend(keyId)`; keep the cluster's hash tag). */
  keyOf: (id: string) => string;
  /** Each hash expires this long after its last addition, in ms (default: never). */
  ttlMs?: number;
}

/**
 * A {@link KeySpendLedger} in Redis hashes (`cost_usd` by HINCRBYFLOAT, `steps` by HINCRBY), so every node of a
 * cluster adds to and checks the same totals: a key's budget holds across the tasks every node's worker runs.
 * @example
 * const ledger = new RedisKeySpendLedger({ redis, keyOf: (keyId) => keys.spend(keyId) });
 * await ledger.add('team-a', { steps: 1 });
 */
export class RedisKeySpendLedger implements KeySpendLedger {
  constructor(private readonly options: RedisKeySpendLedgerOptions) {}

  async spent(id: string): Promise<BudgetSpend> {
    const [cost, steps] = await this.options.redis.hmget(this.options.keyOf(id), 'cost_usd', 'steps');
    return { cost_usd: Number(cost ?? 0), steps: Number(steps ?? 0) };
  }

  async add(id: string, delta: Partial<BudgetSpend>): Promise<void> {
    const key = this.options.keyOf(id);
    const batch = this.options.redis.multi();
    if (delta.cost_usd) batch.hincrbyfloat(key, 'cost_usd', delta.cost_usd);
    if (delta.steps) batch.hincrby(key, 'steps', delta.steps);
    if (this.options.ttlMs !== undefined) batch.pexpire(key, this.options.ttlMs);
    await batch.exec();
  }

  /** Forgets an id's totals. */
  async clear(id: string): Promise<void> {
    await this.options.redis.del(this.options.keyOf(id));
  }
}
