// Attack: with the shared API key, registering a live device's id on another node replaced the live connection
// (close 4001) and the newcomer received the next task's commands. Now the presence lease is claimed atomically
// (a Lua script on the real Redis) only when free or expired, so the registration is refused on the other node and
// the live device keeps its id and its tasks. Two real node processes share one real Redis started here.
import { DeviceClient, type DeviceClientEvent } from '@ufo-ts/aip';
import { createFakeDesktopDispatcher } from '@ufo-ts/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChildHandle } from '../../../test-support/processes.js';
import { linesOf, startDevices, startNode, tempLogRoot, type NodeProcess, type NodeSettings } from './helpers/cluster.js';
import { startRedis, type TestRedis } from './helpers/redis-server.js';

const API_KEY = 'takeover-test-key';
let redis: TestRedis;
let logs: ReturnType<typeof tempLogRoot>;
let holderNode: NodeProcess;
let otherNode: NodeProcess;
let victim: ChildHandle;
const attackers: DeviceClient[] = [];

beforeAll(async () => {
  redis = await startRedis();
  logs = tempLogRoot();
  // a short probe: a stopped device's connection is dropped by the probe well before its heartbeat timeout (3 s)
  const settings: NodeSettings = { redisUrl: redis.url, apiKey: API_KEY, logRoot: logs.path, leaseMs: 1_000, duplicateProbeMs: 500 };
  [holderNode, otherNode] = await Promise.all([startNode('holder', settings), startNode('other', { ...settings, worker: false })]);
  victim = await startDevices(holderNode.httpUrl.replace('http', 'ws') + '/ws', API_KEY, ['victim']);
}, 90_000);

afterAll(async () => {
  await Promise.allSettled(attackers.map((a) => a.stop()));
  await victim?.stop();
  await Promise.allSettled([holderNode?.handle.stop(), otherNode?.handle.stop()]);
  await redis?.close();
  logs?.cleanup();
});

/** A real device client registering `clientId` on `node`; resolves with the server's error codes once it gives up. */
async function attack(node: NodeProcess, clientId: string, credential?: string): Promise<string[]> {
  const events: DeviceClientEvent[] = [];
  const { dispatcher } = createFakeDesktopDispatcher();
  const attacker = new DeviceClient({
    serverUrl: `${node.httpUrl.replace('http', 'ws')}/ws`,
    apiKey: API_KEY,
    clientId,
    platform: 'linux',
    dispatcher,
    closeDispatcherOnStop: true,
    maxRetries: 2,
    backoff: { initialDelayMs: 50, maxDelayMs: 100 },
    ...(credential ? { credential } : {}),
    onEvent: (event) => events.push(event),
  });
  attackers.push(attacker);
  await expect(attacker.start()).rejects.toThrow();
  return events.flatMap((event) => (event.type === 'server-error' ? [event.code] : []));
}

describe('attack: taking over a live device from another node', () => {
  it('the registration on the other node is refused, the live device keeps its connection and runs the next task', async () => {
    await expect
      .poll(async () => (await otherNode.api('GET', '/api/clients')).body.clients?.find((c: { client_id: string }) => c.client_id === 'victim')?.node, {
        timeout: 15_000,
        interval: 50,
      })
      .toBe('holder');

    const codes = await attack(otherNode, 'victim');
    expect(codes.length).toBeGreaterThan(0);
    expect(new Set(codes)).toEqual(new Set(['CLIENT_ID_IN_USE']));
    expect(otherNode.events('claim-refused').length).toBeGreaterThan(0);
    // the holder's node probed its connection at the other node's request and kept it: it is alive
    await expect
      .poll(
        () =>
          holderNode
            .events('probe-ended')
            .filter((e) => e.detail.clientId === 'victim')
            .map((e) => e.detail.alive),
        { timeout: 15_000, interval: 50 },
      )
      .toContain(true);
    expect(holderNode.events('probe-ended').some((e) => e.detail.clientId === 'victim' && !e.detail.alive)).toBe(false);

    // the lease still names the holder, over more than one lease period of renewals
    const listed = await otherNode.api('GET', '/api/clients');
    expect(listed.body.clients.filter((c: { client_id: string }) => c.client_id === 'victim')).toEqual([expect.objectContaining({ node: 'holder' })]);
    expect(linesOf(victim, 'victim', 'disconnected')).toEqual([]);
    expect(holderNode.events('device-lease-lost')).toEqual([]);

    // the next task, dispatched through the other node, reaches the real device and completes there
    const dispatched = await otherNode.api('POST', '/api/dispatch', { client_id: 'victim', request: 'compute after the attack', task_name: 'after-attack' });
    expect(dispatched.status, JSON.stringify(dispatched.body)).toBe(200);
    expect(await holderNode.waitForResult('after-attack')).toMatchObject({ status: 'completed' });
    expect(linesOf(victim, 'victim', 'command-end').at(-1)?.['display']).toBe('408');
    expect(linesOf(victim, 'victim', 'disconnected')).toEqual([]);
  });

  it('a device whose old connection is half-open on one node gets its id back on another once that node’s probe drops it', async () => {
    const sleeper = await startDevices(`${holderNode.httpUrl.replace('http', 'ws')}/ws`, API_KEY, ['sleeper']);
    try {
      await expect
        .poll(async () => (await otherNode.api('GET', '/api/clients')).body.clients?.find((c: { client_id: string }) => c.client_id === 'sleeper')?.node, {
          timeout: 15_000,
          interval: 50,
        })
        .toBe('holder');
      // the device's process stops: its connection stays open but nothing answers on it
      sleeper.child.kill('SIGSTOP');
      const { dispatcher } = createFakeDesktopDispatcher();
      const events: DeviceClientEvent[] = [];
      const comeback = new DeviceClient({
        serverUrl: `${otherNode.httpUrl.replace('http', 'ws')}/ws`,
        apiKey: API_KEY,
        clientId: 'sleeper',
        platform: 'linux',
        dispatcher,
        closeDispatcherOnStop: true,
        backoff: { initialDelayMs: 100, maxDelayMs: 300 },
        onEvent: (e) => events.push(e),
      });
      attackers.push(comeback);
      await comeback.start();
      expect(events.some((e) => e.type === 'server-error' && e.code === 'CLIENT_ID_IN_USE')).toBe(true);
      const sleeperProbes = () =>
        holderNode
          .events('probe-ended')
          .filter((e) => e.detail.clientId === 'sleeper')
          .map((e) => e.detail.alive);
      await expect.poll(sleeperProbes, { timeout: 10_000, interval: 50 }).toContain(false);
      await expect
        .poll(async () => (await otherNode.api('GET', '/api/clients')).body.clients?.find((c: { client_id: string }) => c.client_id === 'sleeper')?.node, {
          timeout: 15_000,
          interval: 50,
        })
        .toBe('other');
    } finally {
      sleeper.child.kill('SIGCONT');
      await sleeper.kill();
    }
  });

  it('a credential issued through one node is required on every node', async () => {
    const issued = await otherNode.api('POST', '/api/devices/kiosk/credential');
    expect(issued.status).toBe(201);
    expect(await attack(holderNode, 'kiosk')).toEqual(['CREDENTIAL_INVALID']);
    expect(await attack(holderNode, 'kiosk', 'ufo_dev_forged')).toEqual(['CREDENTIAL_INVALID']);
  });
});
