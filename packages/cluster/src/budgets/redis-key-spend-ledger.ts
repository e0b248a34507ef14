import type { BudgetLimits, BudgetSpend, KeySpendLedger, StepReservation } from '@ufo-ts/server';
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
 * Checks the limits against settled plus reserved steps and the cost, and takes one reserved step when there is
 * room: one script, so no two nodes can both pass the check for the last step. Returns
 * `{1}` or `{0, cost, steps}`. ARGV: max steps, max cost (empty: none), ttl ms (empty: none).
 */
const RESERVE = `
local cost = tonumber(redis.call('HGET', KEYS[1], 'cost_usd') or '0')
local steps = tonumber(redis.call('HGET', KEYS[1], 'steps') or '0') + tonumber(redis.call('HGET', KEYS[1], 'reserved') or '0')
if (ARGV[1] ~= '' and steps >= tonumber(ARGV[1])) or (ARGV[2] ~= '' and cost >= tonumber(ARGV[2])) then
  return {0, tostring(cost), steps}
end
redis.call('HINCRBY', KEYS[1], 'reserved', 1)
if ARGV[3] ~= '' then redis.call('PEXPIRE', KEYS[1], ARGV[3]) end
return {1}`;

/** Gives a reserved step back, turning it into a settled one when ARGV[1] is 1 (never below zero reserved). */
const SETTLE = `
if tonumber(redis.call('HGET', KEYS[1], 'reserved') or '0') > 0 then redis.call('HINCRBY', KEYS[1], 'reserved', -1) end
if ARGV[1] == '1' then redis.call('HINCRBY', KEYS[1], 'steps', 1) end
if ARGV[2] ~= '' then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 1`;

/**
 * A {@link KeySpendLedger} in Redis hashes (`cost_usd` by HINCRBYFLOAT, `steps` by HINCRBY, `reserved` steps taken
 * by a Lua script that checks the limits first), so every node of a cluster adds to and checks the same totals: a
 * key's budget holds across the tasks every node's worker runs, also when they run at the same time.
 * @example
 * const ledger = new RedisKeySpendLedger({ redis, keyOf: (keyId) => keys.spend(keyId) });
 * if ((await ledger.reserveStep('team-a', { max_steps: 3 })).granted) await ledger.settleStep('team-a');
 */
export class RedisKeySpendLedger implements KeySpendLedger {
  constructor(private readonly options: RedisKeySpendLedgerOptions) {}

  async spent(id: string): Promise<BudgetSpend> {
    const [cost, steps, reserved] = await this.options.redis.hmget(this.options.keyOf(id), 'cost_usd', 'steps', 'reserved');
    return { cost_usd: Number(cost ?? 0), steps: Number(steps ?? 0) + Number(reserved ?? 0) };
  }

  async add(id: string, delta: Partial<BudgetSpend>): Promise<void> {
    const key = this.options.keyOf(id);
    const batch = this.options.redis.multi();
    if (delta.cost_usd) batch.hincrbyfloat(key, 'cost_usd', delta.cost_usd);
    if (delta.steps) batch.hincrby(key, 'steps', delta.steps);
    if (this.options.ttlMs !== undefined) batch.pexpire(key, this.options.ttlMs);
    await batch.exec();
  }

  async reserveStep(id: string, limits: BudgetLimits): Promise<StepReservation> {
    const reply = (await this.options.redis.eval(
      RESERVE,
      1,
      this.options.keyOf(id),
      limitArg(limits.max_steps),
      limitArg(limits.max_cost_usd),
      limitArg(this.options.ttlMs),
    )) as [number, string?, number?];
    if (Number(reply[0]) === 1) return { granted: true };
    return { granted: false, spent: { cost_usd: Number(reply[1] ?? 0), steps: Number(reply[2] ?? 0) } };
  }

  async settleStep(id: string): Promise<void> {
    await this.options.redis.eval(SETTLE, 1, this.options.keyOf(id), '1', limitArg(this.options.ttlMs));
  }

  async releaseStep(id: string): Promise<void> {
    await this.options.redis.eval(SETTLE, 1, this.options.keyOf(id), '0', limitArg(this.options.ttlMs));
  }

  /** Forgets an id's totals. */
  async clear(id: string): Promise<void> {
    await this.options.redis.del(this.options.keyOf(id));
  }
}

function limitArg(value: number | undefined): string {
  return value === undefined ? '' : String(value);
}
