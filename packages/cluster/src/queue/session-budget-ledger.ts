import type { KeySpendLedger } from '@ufo-ts/server';
import type { RedisKeySpendLedger } from '../budgets/redis-key-spend-ledger.js';

/**
 * The ledger a cluster session's budget guard counts through: every step and cost counts for the key (shared by every
 * node) and for the session itself (kept in Redis, so a resumed run starts from it). A step is reserved in the key's
 * ledger before its model call and counts for the session once it ends.
 */
export function sessionBudgetLedger(ledger: KeySpendLedger, sessionSpend: RedisKeySpendLedger, sessionId: string): KeySpendLedger {
  return {
    spent: (id) => ledger.spent(id),
    add: async (id, delta) => void (await Promise.all([ledger.add(id, delta), sessionSpend.add(sessionId, delta)])),
    reserveStep: (id, limits) => ledger.reserveStep(id, limits),
    settleStep: async (id) => void (await Promise.all([ledger.settleStep(id), sessionSpend.add(sessionId, { steps: 1 })])),
    releaseStep: (id) => ledger.releaseStep(id),
  };
}
