// Attack: a key's step budget of 3 was overshot to 8 model calls by 8 tasks of the key dispatched at once to two
// cluster nodes: each worker checked the key's total in Redis before any task had counted a step. Now every model
// call's step is reserved first by a Lua script on the shared ledger (check and take at once), so the whole cluster
// serves at most 3. Two real node processes (both workers) share one real Redis started here; every scripted model
// reply costs 0.01 USD, so the key's cost total counts the model calls served.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChildHandle } from '../../../test-support/processes.js';
import { startDevices, startNode, tempLogRoot, type NodeProcess } from './helpers/cluster.js';
import { ClusterKeys, connectRedis } from '../src/index.js';
import { startRedis, type TestRedis } from './helpers/redis-server.js';

const API_KEY = 'parallel-budget-key';
const TEAM = 'parallel-budget-team-key-0123456789';
const DEVICES = Array.from({ length: 8 }, (_, i) => `pb-${i}`);
const COST = 0.01;
let redis: TestRedis;
let logs: ReturnType<typeof tempLogRoot>;
const nodes: NodeProcess[] = [];
let devices: ChildHandle;

beforeAll(async () => {
  redis = await startRedis();
  logs = tempLogRoot();
  const settings = {
    redisUrl: redis.url,
    apiKey: API_KEY,
    logRoot: logs.path,
    leaseMs: 3_000,
    apiKeys: [{ id: 'team-p', key: TEAM }],
    budgets: { keys: { 'team-p': { max_steps: 3 } } },
    costPerCall: COST,
  };
  nodes.push(...(await Promise.all([startNode('p1', settings), startNode('p2', settings)])));
  devices = await startDevices(nodes[0]!.wsUrl, API_KEY, DEVICES);
}, 90_000);

afterAll(async () => {
  await devices?.stop();
  await Promise.allSettled(nodes.map((n) => n.handle.stop()));
  await redis?.close();
  logs?.cleanup();
});

describe('attack: a key budget under parallel dispatch (cluster)', () => {
  it('8 tasks of a key with max_steps 3 dispatched at once through two nodes get at most 3 model calls in all', async () => {
    const dispatched = await Promise.all(
      DEVICES.map((id, i) => nodes[i % 2]!.api('POST', '/api/dispatch', { client_id: id, request: 'keep clicking', task_name: `pb-task-${i}` }, TEAM)),
    );
    expect(
      dispatched.map((d) => d.status),
      JSON.stringify(dispatched.map((d) => d.body)),
    ).toEqual(DEVICES.map(() => 200));
    const ended = await Promise.all(DEVICES.map((_, i) => nodes[(i + 1) % 2]!.waitForResult(`pb-task-${i}`, 60_000, TEAM)));
    const summary = JSON.stringify(ended.map((r) => [r.status, r.attempts?.[0]?.node, r.budget?.spent]));
    expect(
      ended.every((r) => r.status === 'budget_exceeded'),
      summary,
    ).toBe(true);
    // both nodes ran tasks
    expect(new Set(ended.map((r) => r.attempts[0].node)).size, summary).toBe(2);
    const client = connectRedis({ url: redis.url, name: 'test:parallel-spend' });
    try {
      const total = await client.hgetall(new ClusterKeys().spend('team-p'));
      const calls = Math.round(Number(total['cost_usd'] ?? 0) / COST);
      expect(calls, `${summary} ${JSON.stringify(total)}`).toBeLessThanOrEqual(3);
      expect(calls).toBeGreaterThan(0);
      expect(Number(total['steps']), summary).toBeLessThanOrEqual(3);
      // every reservation was settled or given back
      expect(Number(total['reserved'] ?? 0)).toBe(0);
      expect(ended.reduce((sum, r) => sum + r.budget.spent.steps, 0)).toBe(Number(total['steps']));
    } finally {
      client.disconnect();
    }
  }, 120_000);
});
