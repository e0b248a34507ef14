// Cluster mode on a real Redis Cluster: three masters with one replica each (Debian's redis-server, started here on
// free ports with --cluster-enabled yes and joined with redis-cli --cluster create), two server nodes sharing it
// through `redis-cluster://` URLs, eight simulated devices behind a TCP load balancer. Then the master that holds
// the queue, the journals, the locks and the presence leases is killed mid-run (SIGKILL) and its replica promoted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChildHandle } from '../../../test-support/processes.js';
import { ClusterKeys } from '../src/index.js';
import { commandsRunTwice, linesOf, startDevices, startNode, tempLogRoot, type NodeProcess, type NodeSettings } from './helpers/cluster.js';
import { LoadBalancer } from './helpers/load-balancer.js';
import { startRedisCluster, type TestRedisCluster } from './helpers/redis-cluster.js';

const API_KEY = 'redis-cluster-test-key';
const DEVICES = Array.from({ length: 8 }, (_, i) => `rc-${i + 1}`);
const keys = new ClusterKeys('ufo');

let cluster: TestRedisCluster;
let logs: ReturnType<typeof tempLogRoot>;
let nodes: NodeProcess[] = [];
let balancer: LoadBalancer;
let devices: ChildHandle;

const lastDisplay = (clientId: string) => linesOf(devices, clientId, 'command-end').at(-1)?.['display'];
const toolStarts = (clientId: string) => linesOf(devices, clientId, 'tool').filter((l) => l['phase'] === 'start').length;

beforeAll(async () => {
  cluster = await startRedisCluster({ masters: 3, replicas: 1, nodeTimeoutMs: 2_000 });
  logs = tempLogRoot();
  // the job lock outlives a failover (node timeout 2 s + election): workers keep their sessions through it
  const settings: NodeSettings = {
    redisUrl: cluster.url,
    apiKey: API_KEY,
    logRoot: logs.path,
    lockDurationMs: 15_000,
    stalledIntervalMs: 1_000,
    leaseMs: 3_000,
    resendEveryMs: 1_000,
    offlineBudgetMs: 30_000,
  };
  nodes = await Promise.all([startNode('c1', settings), startNode('c2', settings)]);
  balancer = await LoadBalancer.start(nodes.map((n) => n.port));
  devices = await startDevices(balancer.wsUrl, API_KEY, DEVICES);
}, 120_000);

afterAll(async () => {
  await Promise.allSettled([devices?.stop()]);
  await Promise.allSettled(nodes.map((n) => n.handle.stop()));
  await balancer?.close();
  await cluster?.close();
  logs?.cleanup();
});

describe('cluster mode on a Redis Cluster (3 masters, 3 replicas)', () => {
  it(
    'keys share one slot (queue included), device channels spread over the shards, and sessions routed across nodes finish exactly once',
    { timeout: 240_000 },
    async () => {
      for (const n of nodes) {
        await expect.poll(async () => (await n.api('GET', '/api/clients')).body.online_clients.length, { timeout: 30_000, interval: 100 }).toBe(DEVICES.length);
      }
      const holders = new Map<string, string>(
        ((await nodes[0]!.api('GET', '/api/clients')).body.clients as Array<{ client_id: string; node: string }>).map((c) => [c.client_id, c.node]),
      );
      expect(new Set(holders.values())).toEqual(new Set(['c1', 'c2']));

      const records: any[] = [];
      await Promise.all(
        DEVICES.map(async (clientId, d) => {
          for (const round of [0, 1]) {
            const name = `k${d}-${round}`;
            const dispatched = await nodes[(d + round) % 2]!.api('POST', '/api/dispatch', { client_id: clientId, request: `compute ${name}`, task_name: name });
            expect(dispatched.status, JSON.stringify(dispatched.body)).toBe(200);
            records.push(await nodes[(d + round + 1) % 2]!.waitForResult(name, 90_000));
            expect(lastDisplay(clientId)).toBe('408');
          }
        }),
      );
      expect(records).toHaveLength(16);
      for (const record of records) {
        expect(record, JSON.stringify(record)).toMatchObject({ status: 'completed' });
        expect(record.result.rounds[0].result).toBe(`408 for ${record.task_name}`);
      }
      for (const clientId of DEVICES) expect(commandsRunTwice(devices, clientId)).toEqual([]);
      // some sessions ran on the node that does not hold their device: their commands crossed nodes over sharded pub/sub
      expect(records.some((r) => r.attempts[0].node !== holders.get(r.client_id))).toBe(true);

      // every key the cluster wrote (BullMQ's too) is in the slot of the hash tag {ufo}: one master holds them all
      const tagMaster = await cluster.masterOf(`${keys.tagged}:anything`);
      expect(await cluster.masterOf(`${keys.tagged}:sessions:meta`)).toBe(tagMaster);
      const masters = (await cluster.topology()).map((m) => m.port);
      for (const port of masters) {
        const size = Number(await cluster.command(port, 'DBSIZE'));
        if (port === tagMaster) expect(size).toBeGreaterThan(0);
        else expect(size, `keys on master ${port}`).toBe(0);
      }
      const bullKeys = (await cluster.command(tagMaster, 'KEYS', '*')) as string[];
      expect(bullKeys.some((k) => k.startsWith('{ufo}:sessions:'))).toBe(true);
      expect(bullKeys.every((k) => k.startsWith('{ufo}:'))).toBe(true);
      // the devices' sharded channels hash to several masters
      const channelMasters = new Set(await Promise.all(DEVICES.map((id) => cluster.masterOf(keys.deviceChannel(id)))));
      expect(channelMasters.size).toBeGreaterThan(1);
    },
  );

  it(
    'SIGKILL the master holding the queue mid-run: its replica is promoted and every session finishes, each command run once',
    { timeout: 300_000 },
    async () => {
      const tagMaster = await cluster.masterOf(`${keys.tagged}:anything`);
      const replica = (await cluster.topology()).find((m) => m.port === tagMaster)!.replicas[0];
      expect(replica, 'the queue master has a replica').toBeDefined();
      const before = new Map(DEVICES.map((id) => [id, toolStarts(id)]));
      for (const [d, clientId] of DEVICES.entries()) {
        const dispatched = await nodes[d % 2]!.api('POST', '/api/dispatch', { client_id: clientId, request: `slow 2500 f${d}`, task_name: `f${d}` });
        expect(dispatched.status, JSON.stringify(dispatched.body)).toBe(200);
      }
      // every session is in its wait_ms step on its device when the master dies
      await expect.poll(() => DEVICES.filter((id) => toolStarts(id) === before.get(id)! + 1).length, { timeout: 60_000, interval: 50 }).toBe(DEVICES.length);
      const killedAt = Date.now();
      await cluster.servers.find((s) => s.port === tagMaster)!.kill();
      await expect.poll(async () => (await cluster.topology().catch(() => [])).some((m) => m.port === replica), { timeout: 60_000, interval: 200 }).toBe(true);
      await cluster.waitHealthy(60_000);
      const promotedAfterMs = Date.now() - killedAt;
      expect(await cluster.masterOf(`${keys.tagged}:anything`)).toBe(replica);

      const records = await Promise.all(DEVICES.map((_, d) => nodes[(d + 1) % 2]!.waitForResult(`f${d}`, 120_000)));
      for (const [d, record] of records.entries()) {
        expect(record, JSON.stringify(record)).toMatchObject({ status: 'completed', client_id: DEVICES[d] });
        expect(record.result.rounds[0].result).toBe(`408 for f${d}`);
      }
      for (const clientId of DEVICES) {
        // the slow tool started exactly once per session, no command id ran twice, and 12 × 34 = was pressed once
        expect(toolStarts(clientId)).toBe(before.get(clientId)! + 1);
        expect(commandsRunTwice(devices, clientId)).toEqual([]);
        expect(lastDisplay(clientId)).toBe('408');
      }
      const resumed = records.filter((r) => r.attempts.length > 1).length;
      process.stdout.write(
        `queue master killed → replica promoted after ${promotedAfterMs} ms, all sessions finished ${Date.now() - killedAt} ms after the kill (${resumed} of ${records.length} resumed on another worker)\n`,
      );

      // the cluster keeps working on the promoted master
      const after = await nodes[0]!.api('POST', '/api/dispatch', { client_id: DEVICES[0], request: 'compute after', task_name: 'after-failover' });
      expect(after.status, JSON.stringify(after.body)).toBe(200);
      try {
        expect(await nodes[1]!.waitForResult('after-failover', 60_000)).toMatchObject({ status: 'completed' });
      } catch (error) {
        // what each node did last (whether a worker picked the task up, worker and queue errors): the evidence a
        // failure here needs
        for (const n of nodes)
          process.stdout.write(
            `\n--- node ${n.nodeId}, last events\n${n.handle.stderr
              .slice(-40)
              .map((l) => JSON.stringify(l))
              .join('\n')}\n`,
          );
        throw error;
      }
    },
  );
});
