// Three server nodes on one real Redis (Debian's redis-server, started here on a free port), 20 simulated devices
// behind a TCP load balancer, sessions dispatched through different nodes; then failures: a worker node killed
// mid-session, the node holding a device killed, Redis restarted mid-run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandsRunTwice, linesOf, startDevices, startNode, tempLogRoot, type NodeProcess, type NodeSettings } from './helpers/cluster.js';
import { LoadBalancer } from './helpers/load-balancer.js';
import type { ChildHandle } from './helpers/processes.js';
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
  settings = { redisUrl: redis.url, apiKey: API_KEY, logRoot: logs.path, lockDurationMs: 4_000, stalledIntervalMs: 1_000, leaseMs: 3_000, resendEveryMs: 1_000, offlineBudgetMs: 10_000 };
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
});
