// Attack: a device's credential revoked through one node left the device connected on the node holding it (only
// the node that handled the revoke disconnected its own devices), so a stolen device kept working until it
// reconnected. Now a revocation is announced over the cluster's Redis pub/sub and the holding node disconnects the
// device (4003); its reconnection is refused. A revoked credential was also accepted again on reconnect unless the
// nodes required credentials: now the revocation is recorded in Redis and refused on every node whatever `require`
// says (these nodes do not require credentials). Two real node processes share one real Redis started here.
import { DeviceClient, type DeviceClientEvent } from '@ufo-ts/aip';
import { createFakeDesktopDispatcher } from '@ufo-ts/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNode, tempLogRoot, type NodeProcess, type NodeSettings } from './helpers/cluster.js';
import { startRedis, type TestRedis } from './helpers/redis-server.js';

const API_KEY = 'revocation-test-key';
const TASK_KEY = 'revocation-test-task-key-0123456789';
let redis: TestRedis;
let logs: ReturnType<typeof tempLogRoot>;
let holderNode: NodeProcess;
let otherNode: NodeProcess;
const devices: DeviceClient[] = [];

beforeAll(async () => {
  redis = await startRedis();
  logs = tempLogRoot();
  const settings: NodeSettings = {
    redisUrl: redis.url,
    apiKey: API_KEY,
    logRoot: logs.path,
    leaseMs: 1_000,
    requireDeviceCredentials: false,
    apiKeys: [{ id: 'team-a', key: TASK_KEY }],
  };
  [holderNode, otherNode] = await Promise.all([startNode('holder', settings), startNode('other', { ...settings, worker: false })]);
}, 90_000);

afterAll(async () => {
  await Promise.allSettled(devices.map((device) => device.stop()));
  await Promise.allSettled([holderNode?.handle.stop(), otherNode?.handle.stop()]);
  await redis?.close();
  logs?.cleanup();
});

/** A real device client holding `credential`, registered on `node`. */
async function connectDevice(node: NodeProcess, clientId: string, credential: string | undefined, events: DeviceClientEvent[]): Promise<DeviceClient> {
  const { dispatcher } = createFakeDesktopDispatcher();
  const device = new DeviceClient({
    serverUrl: `${node.httpUrl.replace('http', 'ws')}/ws`,
    apiKey: API_KEY,
    clientId,
    platform: 'linux',
    dispatcher,
    closeDispatcherOnStop: true,
    ...(credential !== undefined ? { credential } : {}),
    backoff: { initialDelayMs: 50, maxDelayMs: 200 },
    onEvent: (event) => events.push(event),
  });
  devices.push(device);
  await device.start();
  return device;
}

const nodeOf = async (via: NodeProcess, clientId: string) =>
  (await via.api('GET', '/api/clients')).body.clients?.find((c: { client_id: string }) => c.client_id === clientId)?.node;

describe('attack: a revoked device connected to another node', () => {
  it('revoking through one node disconnects the device on the node holding it, and it cannot register again', async () => {
    const issued = await otherNode.api('POST', '/api/devices/kiosk/credential');
    expect(issued.status).toBe(201);
    const events: DeviceClientEvent[] = [];
    await connectDevice(holderNode, 'kiosk', issued.body.credential as string, events);
    await expect.poll(() => nodeOf(otherNode, 'kiosk'), { timeout: 15_000, interval: 50 }).toBe('holder');

    // a task key (another team's) cannot revoke nor re-issue it through any node: the device stays
    for (const node of [otherNode, holderNode]) {
      expect(await node.api('DELETE', '/api/devices/kiosk/credential', undefined, TASK_KEY)).toMatchObject({ status: 403, body: { code: 'ROLE_FORBIDDEN' } });
      expect(await node.api('POST', '/api/devices/kiosk/credential', undefined, TASK_KEY)).toMatchObject({ status: 403, body: { code: 'ROLE_FORBIDDEN' } });
    }
    expect(events.filter((e) => e.type === 'disconnected')).toEqual([]);

    const revoked = await otherNode.api('DELETE', '/api/devices/kiosk/credential');
    expect(revoked).toMatchObject({ status: 200, body: { revoked: true } });
    // the holder's node heard the revocation and closed the connection with 4003
    await expect
      .poll(() => events.filter((e) => e.type === 'disconnected').map((e) => (e as { code: number }).code), { timeout: 15_000, interval: 50 })
      .toContain(4003);
    expect(holderNode.events('device-credential-revoked').map((e) => e.detail.clientId)).toContain('kiosk');
    // its reconnection is refused (the revocation is recorded, though these nodes do not require credentials): it is gone
    await expect.poll(() => events.some((e) => e.type === 'server-error' && e.code === 'CREDENTIAL_INVALID'), { timeout: 15_000, interval: 50 }).toBe(true);
    await expect.poll(() => nodeOf(otherNode, 'kiosk'), { timeout: 15_000, interval: 50 }).toBeUndefined();
    expect(events.filter((e) => e.type === 'registered')).toHaveLength(1);
    await devices.pop()?.stop();

    // on the other node too, with no credential at all; a newly issued credential lifts the revocation
    const bare: DeviceClientEvent[] = [];
    void connectDevice(otherNode, 'kiosk', undefined, bare).catch(() => undefined);
    await expect
      .poll(() => bare.find((e) => e.type === 'server-error'), { timeout: 15_000, interval: 50 })
      .toMatchObject({ code: 'CREDENTIAL_INVALID', error: expect.stringContaining('revoked') });
    expect(bare.some((e) => e.type === 'registered')).toBe(false);
    await devices.pop()?.stop();
    const fresh = await holderNode.api('POST', '/api/devices/kiosk/credential');
    const back: DeviceClientEvent[] = [];
    await connectDevice(otherNode, 'kiosk', fresh.body.credential as string, back);
    await expect.poll(() => nodeOf(holderNode, 'kiosk'), { timeout: 15_000, interval: 50 }).toBe('other');
  });
});
