// Three server nodes on one real Redis (Debian's redis-server, started here on a free port), 20 simulated devices
// behind a TCP load balancer, sessions dispatched through different nodes; then failures: a worker node killed
// mid-session, the node holding a device killed, Redis restarted mid-run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandsRunTwice, linesOf, startDevices, startNode, tempLogRoot, type NodeProcess, type NodeSettings } from './helpers/cluster.js';
import { LoadBalancer } from './helpers/load-balancer.js';
import type { ChildHandle } from '../../../test-support/processes.js';
import { startRedis, type TestRedis } from './helpers/redis-server.js';

const API_KEY = 'cluster-test-key';
const DEVICES = Array.from({ length: 20 }, (_, i) => `dev-${String(i + 1).padStart(2, '0')}`);

let redis: TestRedis;
let logs: ReturnType<typeof tempLogRoot>;
let settings: NodeSettings;
let nodes: NodeProcess[] = [];
let balancer: LoadBalancer;
let devices: ChildHandle;
const extra: ChildHandle[] = [];

/** The node at index i (nodes get replaced when killed). */
const node = (i: number) => nodes[i]!;

async function replaceNode(index: number, nodeId: string, worker = true): Promise<NodeProcess> {
  const started = await startNode(nodeId, { ...settings, worker });
  nodes[index] = started;
  balancer.replace(index, started.port);
  return started;
}

/** The final display of the device's calculator after its last command (408 when 12 × 34 = ran exactly once each). */
const lastDisplay = (handle: ChildHandle, clientId: string) => linesOf(handle, clientId, 'command-end').at(-1)?.['display'];

beforeAll(async () => {
  redis = await startRedis({ persist: true });
  logs = tempLogRoot();
  settings = {
    redisUrl: redis.url,
    apiKey: API_KEY,
    logRoot: logs.path,
    lockDurationMs: 4_000,
    stalledIntervalMs: 1_000,
    leaseMs: 3_000,
    resendEveryMs: 1_000,
    offlineBudgetMs: 10_000,
  };
  // n1 and n2 run sessions; n3 serves the API and devices only (so killing it does not kill a worker)
  nodes = await Promise.all([startNode('n1', settings), startNode('n2', settings), startNode('n3', { ...settings, worker: false })]);
  balancer = await LoadBalancer.start(nodes.map((n) => n.port));
  devices = await startDevices(balancer.wsUrl, API_KEY, DEVICES);
}, 90_000);

afterAll(async () => {
  await Promise.allSettled([devices?.stop(), ...extra.map((h) => h.stop())]);
  await Promise.allSettled(nodes.map((n) => n.handle.stop()));
  await balancer?.close();
  await redis?.close();
  logs?.cleanup();
});

describe('cluster', () => {
  it('GET /api/clients on any node lists every online device, whichever node holds it', async () => {
    for (const n of nodes) {
      await expect.poll(async () => (await n.api('GET', '/api/clients')).body.online_clients.length, { timeout: 15_000, interval: 100 }).toBe(DEVICES.length);
    }
    const { body } = await node(0).api('GET', '/api/clients');
    expect([...body.online_clients].sort()).toEqual(DEVICES);
    expect(new Set(body.clients.map((c: { node: string }) => c.node))).toEqual(new Set(['n1', 'n2', 'n3']));
    const health = await node(2).api('GET', '/api/health');
    expect(health.body).toMatchObject({ status: 'healthy', online_clients: DEVICES.length });
  });

  it('50 scripted sessions dispatched through different nodes all finish with correct results', async () => {
    const perDevice = new Map<string, number[]>();
    for (let k = 0; k < 50; k += 1) perDevice.set(DEVICES[k % DEVICES.length]!, [...(perDevice.get(DEVICES[k % DEVICES.length]!) ?? []), k]);
    const records: any[] = [];
    // one session at a time per device (a device runs one task at a time), all devices at once
    await Promise.all(
      [...perDevice].map(async ([clientId, sessions]) => {
        for (const k of sessions) {
          const via = node(k % 3);
          const dispatched = await via.api('POST', '/api/dispatch', { client_id: clientId, request: `compute s${k}`, task_name: `s${k}` });
          expect(dispatched.status, JSON.stringify(dispatched.body)).toBe(200);
          const record = await node((k + 1) % 3).waitForResult(`s${k}`, 60_000);
          records.push(record);
          expect(lastDisplay(devices, clientId)).toBe('408');
        }
      }),
    );
    expect(records).toHaveLength(50);
    for (const record of records) {
      const k = Number(record.task_name.slice(1));
      expect(record, JSON.stringify(record)).toMatchObject({ status: 'completed', client_id: DEVICES[k % DEVICES.length] });
      expect(record.result.rounds[0].result).toBe(`408 for s${k}`);
      expect(record.result.steps).toBe(2);
    }
    expect(new Set(records.map((r) => r.attempts[0].node))).toEqual(new Set(['n1', 'n2']));
    for (const clientId of DEVICES) expect(commandsRunTwice(devices, clientId)).toEqual([]);
  });

  it('SIGKILL the node holding a device: the device reconnects to another node and its session finishes', async () => {
    balancer.prefer(2);
    const roamer = await startDevices(balancer.wsUrl, API_KEY, ['roamer']);
    extra.push(roamer);
    balancer.prefer(undefined);
    const holder = async () => (await node(0).api('GET', '/api/clients')).body.clients.find((c: { client_id: string }) => c.client_id === 'roamer')?.node;
    await expect.poll(holder, { timeout: 15_000, interval: 100 }).toBe('n3');
    const dispatched = await node(0).api('POST', '/api/dispatch', { client_id: 'roamer', request: 'slow 1500 roam', task_name: 'roam' });
    expect(dispatched.status).toBe(200);
    await roamer.waitFor('stdout', (l) => l['type'] === 'tool' && l['phase'] === 'start', 30_000, 'wait_ms to start on roamer');
    await node(2).handle.kill();
    const record = await node(0).waitForResult('roam', 60_000);
    expect(record, JSON.stringify(record)).toMatchObject({ status: 'completed' });
    expect(record.result.rounds[0].result).toBe('408 for roam');
    expect(linesOf(roamer, 'roamer', 'registered')).toHaveLength(2);
    expect(['n1', 'n2']).toContain(await holder());
    expect(linesOf(roamer, 'roamer', 'tool').filter((l) => l['phase'] === 'start')).toHaveLength(1);
    expect(commandsRunTwice(roamer, 'roamer')).toEqual([]);
    expect(lastDisplay(roamer, 'roamer')).toBe('408');
    await replaceNode(2, 'n3b', false);
  });

  it('SIGKILL a worker node mid-session: another node resumes it from the next step, and the device ran each command once', async () => {
    const clientId = 'dev-07';
    const toolStarts = () => linesOf(devices, clientId, 'tool').filter((l) => l['phase'] === 'start').length;
    const before = toolStarts();
    const dispatched = await node(2).api('POST', '/api/dispatch', { client_id: clientId, request: 'slow 2000 wk', task_name: 'wk' });
    expect(dispatched.status).toBe(200);
    await expect.poll(toolStarts, { timeout: 30_000, interval: 50 }).toBe(before + 1);
    const workerIndex = [0, 1].find((i) =>
      node(i)
        .events('session-started')
        .some((e) => e.detail.taskName === 'wk'),
    );
    expect(workerIndex).toBeDefined();
    const killed = node(workerIndex!);
    const survivor = node(1 - workerIndex!);
    await killed.handle.kill();
    const killedAt = Date.now();
    const record = await node(2).waitForResult('wk', 60_000);
    expect(record, JSON.stringify(record)).toMatchObject({ status: 'completed' });
    expect(record.result.rounds[0].result).toBe('408 for wk');
    expect(record.attempts.map((a: { node: string }) => a.node)).toEqual([killed.nodeId, survivor.nodeId]);
    // the first worker completed step 1 (select the window) and died in step 2 (wait_ms): the resume starts at step 2
    expect(record.attempts[1].fromStep).toBe(1);
    const resumed = survivor.events('session-resumed').find((e) => e.detail.taskName === 'wk');
    expect(resumed).toBeDefined();
    // wait_ms was journaled (intent in Redis) and its outcome unknown: the resumed step did not send it again
    expect(toolStarts()).toBe(before + 1);
    expect(linesOf(devices, clientId, 'command-start').filter((l) => (l['tools'] as string[]).includes('wait_ms'))).toHaveLength(1);
    expect(commandsRunTwice(devices, clientId)).toEqual([]);
    expect(lastDisplay(devices, clientId)).toBe('408');
    process.stdout.write(`worker kill → session finished ${Date.now() - killedAt} ms later\n`);
    await replaceNode(workerIndex!, `${killed.nodeId}b`);
  });

  it('POST /api/cancel on any node cancels a session running on another node, and the device stops its work', async () => {
    const clientId = 'dev-03';
    const aborted = () => linesOf(devices, clientId, 'tool').filter((l) => l['phase'] === 'aborted').length;
    const before = aborted();
    const dispatched = await node(0).api('POST', '/api/dispatch', { client_id: clientId, request: 'slow 30000 cx', task_name: 'cx' });
    expect(dispatched.status).toBe(200);
    await expect
      .poll(() => linesOf(devices, clientId, 'tool').filter((l) => l['phase'] === 'start').length, { timeout: 30_000, interval: 50 })
      .toBeGreaterThan(0);
    await devices.waitFor(
      'stdout',
      (l) => l['clientId'] === clientId && l['type'] === 'task-started' && l['taskName'] === 'cx',
      10_000,
      'the TASK message on the device',
    );
    const cancelled = await node(2).api('POST', '/api/cancel', { task_name: 'cx', reason: 'stop it' });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(202);
    const record = await node(1).waitForResult('cx', 30_000);
    expect(record).toMatchObject({ status: 'cancelled', error: 'stop it' });
    await expect.poll(aborted, { timeout: 10_000, interval: 50 }).toBe(before + 1);
    await devices.waitFor(
      'stdout',
      (l) => l['clientId'] === clientId && l['type'] === 'task-ended' && l['taskName'] === 'cx',
      10_000,
      'the TASK_END on the device',
    );
    const again = await node(2).api('POST', '/api/cancel', { task_name: 'cx' });
    expect(again.status).toBe(409);
  });

  it('dispatch refuses at once: a device no node holds (404) and a busy device (409)', async () => {
    const offline = await node(1).api('POST', '/api/dispatch', { client_id: 'no-such-device', request: 'compute x' });
    expect(offline).toMatchObject({ status: 404, body: { code: 'DEVICE_NOT_FOUND' } });
    const first = await node(0).api('POST', '/api/dispatch', { client_id: 'dev-04', request: 'slow 1000 busy1', task_name: 'busy1' });
    expect(first.status).toBe(200);
    const second = await node(1).api('POST', '/api/dispatch', { client_id: 'dev-04', request: 'compute busy2', task_name: 'busy2' });
    expect(second).toMatchObject({ status: 409, body: { code: 'DEVICE_BUSY' } });
    const taken = await node(1).api('POST', '/api/dispatch', { client_id: 'dev-05', request: 'compute busy3', task_name: 'busy1' });
    expect(taken).toMatchObject({ status: 409, body: { code: 'TASK_NAME_IN_USE' } });
    expect(await node(2).waitForResult('busy1', 30_000)).toMatchObject({ status: 'completed' });
    const unknown = await node(2).api('GET', '/api/task_result/never-dispatched');
    expect(unknown).toMatchObject({ status: 404, body: { code: 'TASK_NOT_FOUND' } });
  });

  it('a worker node stopping gracefully (SIGTERM) hands its session to another node without waiting for the lock', async () => {
    const clientId = 'dev-09';
    const toolStarts = () => linesOf(devices, clientId, 'tool').filter((l) => l['phase'] === 'start').length;
    const before = toolStarts();
    const dispatched = await node(2).api('POST', '/api/dispatch', { client_id: clientId, request: 'slow 1500 gs', task_name: 'gs' });
    expect(dispatched.status).toBe(200);
    await expect.poll(toolStarts, { timeout: 30_000, interval: 50 }).toBe(before + 1);
    const workerIndex = [0, 1].find((i) =>
      node(i)
        .events('session-started')
        .some((e) => e.detail.taskName === 'gs'),
    )!;
    const stopping = node(workerIndex);
    await stopping.handle.stop();
    expect(stopping.events('session-handed-over').map((e) => e.detail.taskName)).toContain('gs');
    const record = await node(2).waitForResult('gs', 60_000);
    expect(record).toMatchObject({ status: 'completed' });
    expect(record.result.rounds[0].result).toBe('408 for gs');
    expect(record.attempts).toHaveLength(2);
    expect(commandsRunTwice(devices, clientId)).toEqual([]);
    expect(lastDisplay(devices, clientId)).toBe('408');
    await replaceNode(workerIndex, `${stopping.nodeId}c`);
  });

  it('Redis restarted mid-run: the nodes reconnect and no session is lost', async () => {
    const batch = DEVICES.slice(10, 20);
    const starts = () => batch.reduce((sum, id) => sum + linesOf(devices, id, 'tool').filter((l) => l['phase'] === 'start').length, 0);
    const before = starts();
    for (const [i, clientId] of batch.entries()) {
      const dispatched = await node(i % 3).api('POST', '/api/dispatch', { client_id: clientId, request: `slow 1500 rr${i}`, task_name: `rr${i}` });
      expect(dispatched.status, JSON.stringify(dispatched.body)).toBe(200);
    }
    await expect.poll(starts, { timeout: 30_000, interval: 50 }).toBeGreaterThanOrEqual(before + 3);
    const linesBefore = devices.stdout.length;
    await redis.stop();
    await redis.restart();
    const restartedAt = devices.stdout.length;
    for (const [i, clientId] of batch.entries()) {
      const record = await node((i + 1) % 3).waitForResult(`rr${i}`, 90_000);
      expect(record, JSON.stringify(record)).toMatchObject({ status: 'completed', client_id: clientId });
      expect(record.result.rounds[0].result).toBe(`408 for rr${i}`);
      expect(commandsRunTwice(devices, clientId)).toEqual([]);
      expect(lastDisplay(devices, clientId)).toBe('408');
    }
    // the sessions were mid-run: some of their steps ran only after Redis was back
    const after = devices.stdout.slice(restartedAt).filter((l) => batch.includes(l['clientId'] as string) && l['type'] === 'command-start');
    expect(after.length).toBeGreaterThan(0);
    expect(linesBefore).toBeGreaterThan(0);
    await expect
      .poll(async () => (await node(1).api('GET', '/api/clients')).body.online_clients.length, { timeout: 15_000, interval: 100 })
      .toBe(DEVICES.length + 1);
  });
});
