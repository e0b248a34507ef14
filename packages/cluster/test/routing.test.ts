// Command routing against a real Redis (started here): a command for an offline device fails at once; within the
// offline budget the dispatcher backs off and retries until the device appears; presence leases (never taken over).
import { DeviceClient, type DeviceClientEvent } from '@ufo-ts/aip';
import { createCommand, type Result } from '@ufo-ts/core';
import { ManualClock, ScriptedModel } from '@ufo-ts/core/testing';
import { createUfoServer, type UfoServer } from '@ufo-ts/server';
import { FakeDesktop, createFakeDesktopDispatcher } from '@ufo-ts/testkit';
import type { RedisClient } from '../src/redis/redis-connections.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ClusterError,
  ClusterKeys,
  CommandRouter,
  DevicePresence,
  MessageBus,
  RoutedCommandDispatcher,
  connectRedis,
  createRedisScaleOut,
  type RoutedDispatcherEvent,
} from '../src/index.js';
import { tempLogRoot } from './helpers/cluster.js';
import { scriptFor } from './helpers/scripts.js';
import { freePort, startRedis, whenRedisReady, type TestRedis } from './helpers/redis-server.js';

const API_KEY = 'routing-test-key';
const keys = new ClusterKeys('ufo');
let redis: TestRedis;
let publisher: RedisClient;
let subscriber: RedisClient;
let router: CommandRouter;
let cleanup: Array<() => Promise<unknown> | unknown> = [];
const logs = tempLogRoot();

beforeAll(async () => {
  redis = await startRedis();
  publisher = connectRedis({ url: redis.url, name: 'test:cmd' });
  subscriber = connectRedis({ url: redis.url, name: 'test:sub' });
  await whenRedisReady(publisher, subscriber);
  router = new CommandRouter({ nodeId: 'tester', keys, bus: new MessageBus({ publisher, subscriber }) });
  await router.start();
});

afterEach(async () => {
  for (const fn of cleanup.reverse()) await fn();
  cleanup = [];
});

afterAll(async () => {
  publisher?.disconnect();
  subscriber?.disconnect();
  await redis?.close();
  logs.cleanup();
});

/** An in-process cluster node without a worker, and a device connected to it. */
async function nodeWithDevice(
  clientId: string,
  nodeId = 'api-node',
  events: DeviceClientEvent[] = [],
): Promise<{ server: UfoServer; device: DeviceClient; desktop: FakeDesktop }> {
  const server = createUfoServer({
    port: 0,
    apiKey: API_KEY,
    logRoot: logs.path,
    createModel: () => new ScriptedModel({ replies: [] }),
    scaleOut: createRedisScaleOut({ redisUrl: redis.url, nodeId, worker: false, leaseMs: 1_000, createModel: () => new ScriptedModel({ replies: [] }) }),
  });
  const address = await server.start();
  cleanup.push(() => server.stop());
  const { desktop, dispatcher } = createFakeDesktopDispatcher();
  const device = new DeviceClient({
    serverUrl: address.wsUrl,
    apiKey: API_KEY,
    clientId,
    platform: 'linux',
    dispatcher,
    closeDispatcherOnStop: true,
    backoff: { initialDelayMs: 50, maxDelayMs: 200 },
    onEvent: (e) => events.push(e),
  });
  await device.start();
  cleanup.push(() => device.stop());
  return { server, device, desktop };
}

function dispatcher(clientId: string, offlineBudgetMs: number, events: RoutedDispatcherEvent[] = []) {
  return new RoutedCommandDispatcher({
    router,
    clientId,
    sessionId: `sess-${clientId}`,
    commandTimeoutMs: 60_000,
    offlineBudgetMs,
    resendEveryMs: 500,
    onEvent: (e) => events.push(e),
  });
}

describe('command routing', () => {
  it('a command for a device no node holds fails at once as DEVICE_OFFLINE (SPUBLISH reached nobody)', async () => {
    const command = createCommand('click_input', { id: '1' });
    expect(
      await router.sendCommand('nobody', {
        type: 'command',
        status: 'continue',
        session_id: 's',
        response_id: 'r',
        agent_name: 'LinuxAgent',
        actions: [command],
        stop_on_failure: false,
      }),
    ).toBe(0);
    const started = Date.now();
    const [result] = await dispatcher('nobody', 0).execute([command], { target: { agent: 'LinuxAgent' } });
    const elapsed = Date.now() - started;
    expect(result).toMatchObject({ status: 'failure', call_id: command.call_id });
    expect(result!.error).toMatch(/^DEVICE_OFFLINE/);
    // far below the 60 s command timeout: nobody waited for an answer that could not come
    expect(elapsed).toBeLessThan(5_000);
  });

  it('on a ManualClock, an offline device is retried on the clock and fails DEVICE_OFFLINE only once the clock passes the budget', async () => {
    const clock = new ManualClock();
    const events: RoutedDispatcherEvent[] = [];
    const offline = () => events.filter((e) => e.type === 'device-offline').length;
    const routed = new RoutedCommandDispatcher({
      router,
      clientId: 'nobody-yet',
      sessionId: 'sess-clock',
      offlineBudgetMs: 1_000,
      backoff: { initialDelayMs: 100, maxDelayMs: 100 },
      clock,
      onEvent: (e) => events.push(e),
    });
    const command = createCommand('click_input', { id: '1' });
    let settled: Result[] | undefined;
    const pending = routed.execute([command], { target: { agent: 'LinuxAgent' } }).then((r) => (settled = r));
    await expect.poll(offline, { timeout: 5_000, interval: 10 }).toBe(1);
    // real time far past the budget: no retry, no failure until the clock moves
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(offline()).toBe(1);
    expect(settled).toBeUndefined();
    let advanced = 0;
    while (settled === undefined && advanced < 3_000) {
      const before = offline();
      clock.advance(100);
      advanced += 100;
      await expect.poll(() => offline() > before || settled !== undefined, { timeout: 5_000, interval: 5 }).toBe(true);
    }
    const [result] = await pending;
    expect(result!.error).toMatch(/^DEVICE_OFFLINE/);
    expect(advanced).toBeGreaterThanOrEqual(1_000);
  });

  it('within its offline budget the session backs off and retries, and the command runs once the device is back', async () => {
    const events: RoutedDispatcherEvent[] = [];
    const windowId = new FakeDesktop().windows[0]!.id;
    const command = createCommand('select_application_window', { id: windowId });
    const pending = dispatcher('late-device', 30_000, events).execute([command], { target: { agent: 'LinuxAgent' } });
    await expect.poll(() => events.filter((e) => e.type === 'device-offline').length, { timeout: 10_000, interval: 20 }).toBeGreaterThanOrEqual(2);
    const { desktop } = await nodeWithDevice('late-device');
    const [result] = await pending;
    expect(result).toMatchObject({ status: 'success', call_id: command.call_id });
    expect(desktop.state.selected).toBe(windowId);
  });

  it('a routed command reaches the device through the node holding it and the results come back; a repeat is not run again', async () => {
    const { desktop } = await nodeWithDevice('dev-a');
    const route = dispatcher('dev-a', 5_000);
    const select = createCommand('select_application_window', { id: new FakeDesktop().windows[0]!.id });
    expect((await route.execute([select], { target: { agent: 'LinuxAgent' } }))[0]).toMatchObject({ status: 'success' });
    const fixed = new RoutedCommandDispatcher({ router, clientId: 'dev-a', sessionId: 'sess-x', offlineBudgetMs: 0, commandId: () => 'same-id' });
    const click = createCommand('click_input', { id: '1' });
    expect((await fixed.execute([click], { target: { agent: 'LinuxAgent' } }))[0]).toMatchObject({ status: 'success' });
    expect((await fixed.execute([{ ...click, call_id: 'again' }], { target: { agent: 'LinuxAgent' } }))[0]).toMatchObject({
      status: 'success',
      call_id: 'again',
    });
    expect(desktop.state.display).toBe('1');
  });

  it('presence: the lease names the holding node; another connection of the device on another node is refused while the holder lives, and gets the id once it leaves', async () => {
    const presence = new DevicePresence({ redis: publisher, keys, leaseMs: 1_000 });
    const firstEvents: DeviceClientEvent[] = [];
    const first = await nodeWithDevice('twin', 'node-a', firstEvents);
    await expect.poll(async () => (await presence.lookup('twin'))?.nodeId, { timeout: 5_000, interval: 20 }).toBe('node-a');
    // a device that leaves releases its lease at once
    await first.device.stop();
    await expect.poll(async () => (await presence.lookup('twin'))?.nodeId, { timeout: 5_000, interval: 20 }).toBeUndefined();
    const again = await nodeWithDevice('twin', 'node-a2', firstEvents);
    await expect.poll(async () => (await presence.lookup('twin'))?.nodeId, { timeout: 5_000, interval: 20 }).toBe('node-a2');
    const secondEvents: DeviceClientEvent[] = [];
    const second = nodeWithDevice('twin', 'node-b', secondEvents);
    await expect
      .poll(() => secondEvents.filter((e) => e.type === 'server-error' && e.code === 'CLIENT_ID_IN_USE').length, { timeout: 10_000, interval: 20 })
      .toBeGreaterThanOrEqual(2);
    expect(firstEvents.some((e) => e.type === 'disconnected' && e.code === 4001)).toBe(false);
    expect((await presence.lookup('twin'))?.nodeId).toBe('node-a2');
    await again.device.stop();
    await second;
    await expect.poll(async () => (await presence.lookup('twin'))?.nodeId, { timeout: 5_000, interval: 20 }).toBe('node-b');
    expect((await presence.list()).filter((d) => d.clientId === 'twin')).toHaveLength(1);
  });

  it('presence: a lease a node stops renewing (the node died) expires, and the device is no longer listed', async () => {
    const presence = new DevicePresence({ redis: publisher, keys, leaseMs: 300 });
    expect(
      await presence.claim('ghost', {
        nodeId: 'dead-node',
        connectionId: 'c1',
        clientType: 'device',
        platform: 'linux',
        connectedAt: new Date().toISOString(),
      }),
    ).toEqual({ claimed: true });
    // claimed atomically: another connection cannot take a live lease, its own holder may claim it again
    expect(
      await presence.claim('ghost', { nodeId: 'thief', connectionId: 'c2', clientType: 'device', platform: 'linux', connectedAt: new Date().toISOString() }),
    ).toMatchObject({ claimed: false, holder: { nodeId: 'dead-node' } });
    expect(
      await presence.claim('ghost', {
        nodeId: 'dead-node',
        connectionId: 'c1',
        clientType: 'device',
        platform: 'linux',
        connectedAt: new Date().toISOString(),
      }),
    ).toEqual({ claimed: true });
    expect((await presence.list()).map((d) => d.clientId)).toContain('ghost');
    expect(await presence.renew('ghost', 'other-connection')).toBe('taken');
    await expect.poll(async () => (await presence.list()).map((d) => d.clientId).includes('ghost'), { timeout: 5_000, interval: 50 }).toBe(false);
    expect(await presence.renew('ghost', 'c1')).toBe('missing');
  });

  it("a device's own TASK request is queued in cluster mode, runs on a worker, and its TASK_END reaches the device", async () => {
    const createModel = ({ request }: { request: string }) => new ScriptedModel({ replies: scriptFor(request) });
    const server = createUfoServer({
      port: 0,
      apiKey: API_KEY,
      logRoot: logs.path,
      createModel,
      scaleOut: createRedisScaleOut({ redisUrl: redis.url, nodeId: 'full-node', leaseMs: 1_000, createModel }),
    });
    const address = await server.start();
    cleanup.push(() => server.stop());
    const { desktop, dispatcher } = createFakeDesktopDispatcher();
    const device = new DeviceClient({
      serverUrl: address.wsUrl,
      apiKey: API_KEY,
      clientId: 'self-starter',
      platform: 'linux',
      dispatcher,
      closeDispatcherOnStop: true,
    });
    await device.start();
    cleanup.push(() => device.stop());
    await expect.poll(async () => (await server.tasks.listClients()).some((c) => c.client_id === 'self-starter'), { timeout: 5_000, interval: 20 }).toBe(true);
    const task = await device.requestTask({ request: 'compute mine', taskName: 'mine' });
    const end = await task.done;
    expect(end).toMatchObject({ status: 'completed', task_name: 'mine' });
    expect(desktop.state.display).toBe('408');
    // the job completes with the record right after the TASK_END went out
    await expect
      .poll(() => server.tasks.findTask({ sessionId: task.sessionId }), { timeout: 5_000, interval: 20 })
      .toMatchObject({ status: 'completed', owner: 'device:self-starter' });
  });

  it('a node whose Redis cannot be reached fails to start with REDIS_UNAVAILABLE, and a bad URL is refused at once', async () => {
    const port = await freePort();
    const server = createUfoServer({
      port: 0,
      apiKey: API_KEY,
      logRoot: logs.path,
      createModel: () => new ScriptedModel({ replies: [] }),
      scaleOut: createRedisScaleOut({ redisUrl: `redis://127.0.0.1:${port}`, connectTimeoutMs: 500, createModel: () => new ScriptedModel({ replies: [] }) }),
    });
    const error = await server.start().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ClusterError);
    expect(error).toMatchObject({ code: 'REDIS_UNAVAILABLE' });
    expect(server.address).toBeUndefined();
    expect(() =>
      createUfoServer({
        port: 0,
        createModel: () => new ScriptedModel({ replies: [] }),
        scaleOut: createRedisScaleOut({ redisUrl: 'http://nope', createModel: () => new ScriptedModel({ replies: [] }) }),
      }),
    ).toThrow(/not a Redis URL/);
  });
});
