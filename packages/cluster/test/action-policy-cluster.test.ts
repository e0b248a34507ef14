// The server's action policy holds the commands of sessions a cluster worker runs too: a node with `actionPolicy`
// puts it around the routed dispatcher of every session it works on, so a command the policy denies never reaches
// the device, whichever node the device is connected to. One API node and one worker node share a real Redis.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChildHandle } from '../../../test-support/processes.js';
import { linesOf, startDevices, startNode, tempLogRoot, type NodeProcess } from './helpers/cluster.js';
import { startRedis, type TestRedis } from './helpers/redis-server.js';

const API_KEY = 'action-policy-key';
let redis: TestRedis;
let logs: ReturnType<typeof tempLogRoot>;
const nodes: NodeProcess[] = [];
let devices: ChildHandle;

beforeAll(async () => {
  redis = await startRedis();
  logs = tempLogRoot();
  const actionPolicy = { rules: [{ id: 'no-times', match: { tool: 'click_input', arguments: { id: '5' } }, decision: 'deny', reason: 'no multiplying' }] };
  const settings = { redisUrl: redis.url, apiKey: API_KEY, logRoot: logs.path, leaseMs: 3_000, actionPolicy };
  nodes.push(await startNode('api', { ...settings, worker: false }), await startNode('worker', settings));
  devices = await startDevices(nodes[0]!.wsUrl, API_KEY, ['ap-dev']);
}, 90_000);

afterAll(async () => {
  await devices?.stop();
  await Promise.allSettled(nodes.map((n) => n.handle.stop()));
  await redis?.close();
  logs?.cleanup();
});

describe('the action policy in a cluster', () => {
  it('a worker node never sends a denied command to a device held by another node; the step record names the rule', async () => {
    const dispatched = await nodes[0]!.api('POST', '/api/dispatch', { client_id: 'ap-dev', request: 'compute policy', task_name: 'ap-task' });
    expect(dispatched.status, JSON.stringify(dispatched.body)).toBe(200);
    const result = await nodes[0]!.waitForResult('ap-task', 60_000);
    expect(result.attempts?.[0]?.node).toBe('worker');
    // each reply ran 1 and 2; × was denied and what followed it in the reply was skipped (the scripted model, which
    // answers by step, sends the same reply again until the step cap): no ×, 3, 4 or = ever reached the device
    const last = linesOf(devices, 'ap-dev', 'command-end').at(-1)!;
    expect(last['display']).toMatch(/^(12)+$/);
    expect(last['clicks']).toBe((last['display'] as string).length);
    const steps = readFileSync(join(result.log_folder, 'response.log'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
      .filter((l) => l.type === 'step');
    const times = steps.flatMap((s) => s.actions ?? []).find((a: { arguments: { id?: string } }) => a.arguments.id === '5');
    expect(times?.result).toMatchObject({ status: 'failure', policy: { decision: 'deny', rule: 'no-times', reason: 'no multiplying' } });
  }, 90_000);
});
