// One clock for a cluster node: the clock given to createUfoServer reaches the Redis scale-out it assembles, so the
// device's presence lease (when it connected, when it was last renewed), a queued task's record, a credential's
// revocation and the shared event stream all carry its time. The clock is fixed far from the real time: a part
// still reading the system time shows up as a different timestamp. One node in this process, one real Redis.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeviceClient } from '@ufo-ts/aip';
import { ManualClock, ScriptedModel } from '@ufo-ts/core/testing';
import { createUfoServer, type StreamRecord, type UfoServer } from '@ufo-ts/server';
import { createFakeDesktopDispatcher } from '@ufo-ts/testkit';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../../test-support/processes.js';
import { createRedisScaleOut } from '../src/index.js';
import { ClusterKeys } from '../src/keys.js';
import { startRedis, type TestRedis } from './helpers/redis-server.js';

const FIXED = Date.UTC(2031, 4, 6, 7, 8, 9);
const FIXED_ISO = new Date(FIXED).toISOString();
const PREFIX = 'clock';

let redis: TestRedis;
let logRoot: string;
let server: UfoServer;
let device: DeviceClient | undefined;

beforeAll(async () => {
  redis = await startRedis();
  logRoot = mkdtempSync(join(tmpdir(), 'ufo-clock-cluster-'));
  server = createUfoServer({
    port: 0,
    logRoot,
    clock: new ManualClock(FIXED),
    createModel: () => new ScriptedModel({ replies: [] }),
    scaleOut: createRedisScaleOut({
      redisUrl: redis.url,
      prefix: PREFIX,
      worker: false,
      leaseMs: 2_000,
      createModel: () => new ScriptedModel({ replies: [] }),
    }),
  });
  await server.start();
}, 60_000);

afterAll(async () => {
  await device?.stop();
  await server?.stop();
  await redis?.close();
  if (logRoot) rmSync(logRoot, { recursive: true, force: true });
});

describe('the clock given to a cluster node', () => {
  it('stamps the presence lease, the stream events, a task record and a revocation', async () => {
    const records: StreamRecord[] = [];
    server.stream.bus.subscribe((record) => records.push(record));
    const address = server.address!;
    device = new DeviceClient({
      serverUrl: address.wsUrl,
      apiKey: server.apiKey,
      clientId: 'pc-clock',
      platform: 'linux',
      dispatcher: createFakeDesktopDispatcher().dispatcher,
      closeDispatcherOnStop: true,
      backoff: { initialDelayMs: 50, maxDelayMs: 200 },
    });
    await device.start();
    await waitUntil(() => records.some((r) => r.event.type === 'device-connected'), 10_000, 'the device-connected event');
    expect(records.find((r) => r.event.type === 'device-connected')?.event.time).toBe(FIXED_ISO);

    const api = (method: string, path: string) => fetch(`${address.httpUrl}${path}`, { method, headers: { 'x-api-key': server.apiKey } });
    const clients = (await (await api('GET', '/api/clients')).json()) as { clients: unknown[] };
    expect(clients.clients).toEqual([expect.objectContaining({ client_id: 'pc-clock', connected_at: FIXED_ISO, last_seen: FIXED_ISO })]);

    const dispatched = await fetch(`${address.httpUrl}/api/dispatch`, {
      method: 'POST',
      headers: { 'x-api-key': server.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ client_id: 'pc-clock', request: 'wait here', task_name: 'clocked' }),
    });
    expect(dispatched.status).toBe(200);
    // no worker runs on this node: the task stays queued with the record the dispatch made
    expect(((await (await api('GET', '/api/task_result/clocked')).json()) as { created_at: string }).created_at).toBe(FIXED_ISO);

    expect((await api('POST', '/api/devices/pc-other/credential')).status).toBe(201);
    expect((await api('DELETE', '/api/devices/pc-other/credential')).status).toBeLessThan(300);
    const reader = new Redis(redis.url);
    try {
      expect(await reader.hget(new ClusterKeys(PREFIX).revokedCredentials, 'pc-other')).toBe(String(FIXED));
    } finally {
      reader.disconnect();
    }
  });
});
