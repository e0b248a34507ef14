import { createCommand } from '@ufo-ts/core';
import { ManualClock } from '@ufo-ts/core/testing';
import { afterEach, describe, expect, it } from 'vitest';
import {
  AIP_PROTOCOL_VERSION,
  DeviceClient,
  DeviceClientStoppedError,
  RegistrationRefusedError,
  backoffDelay,
  type DeviceClientEvent,
  type DeviceClientOptions,
} from '../src/index.js';
import { createDeviceDispatcher } from './helpers/device-dispatcher.js';
import { StubServer } from './helpers/stub-server.js';

let cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const fn of cleanup.reverse()) await fn();
  cleanup = [];
});

async function stub(options?: Parameters<typeof StubServer.start>[0]): Promise<StubServer> {
  const server = await StubServer.start(options);
  cleanup.push(() => server.close());
  return server;
}

function client(server: { url: string }, options: Partial<DeviceClientOptions> = {}) {
  const { dispatcher, desktop, toolLog } = createDeviceDispatcher();
  const events: DeviceClientEvent[] = [];
  const device = new DeviceClient({
    serverUrl: server.url,
    clientId: 'dev-1',
    apiKey: 'secret',
    platform: 'linux',
    dispatcher,
    backoff: { initialDelayMs: 20, maxDelayMs: 200 },
    onEvent: (event) => events.push(event),
    ...options,
  });
  cleanup.push(async () => {
    await device.stop();
    await dispatcher.close();
  });
  return { device, dispatcher, desktop, toolLog, events };
}

const command = (server: StubServer, actions: ReturnType<typeof createCommand>[], responseId: string, agent = 'LinuxAgent') =>
  server.last.send({ type: 'command', status: 'continue', session_id: 'sess-1', response_id: responseId, agent_name: agent, actions, stop_on_failure: false });
const resultsFor = (server: StubServer, responseId: string) => server.messages('command_results').find((m) => m.prev_response_id === responseId);

describe('DeviceClient', () => {
  it('registers with its device info and supported tools, sends the key, then heartbeats at the server’s interval', async () => {
    let headers: Record<string, unknown> = {};
    const server = await stub({ verifyClient: (info) => ((headers = info.req.headers), true) });
    server.heartbeatIntervalMs = 40;
    const { device, events } = client(server);
    await device.start();
    expect(device.state).toBe('registered');
    expect(headers['x-api-key']).toBe('secret');
    const [register] = server.messages('register');
    expect(register).toMatchObject({
      protocol_version: AIP_PROTOCOL_VERSION,
      client_id: 'dev-1',
      client_type: 'device',
      platform: 'linux',
      device_info: { device_id: 'dev-1', platform: 'linux', os_version: expect.any(String), hostname: expect.any(String), platform_type: 'computer' },
    });
    expect(register!.device_info.cpu_count).toBeGreaterThan(0);
    expect(register!.device_info.memory_total_gb).toBeGreaterThan(0);
    expect(register!.device_info.supported_features).toEqual(
      expect.arrayContaining(['action::click_input', 'action::wait_ms', 'data_collection::capture_desktop_screenshot']),
    );
    await server.waitFor(() => server.messages('heartbeat').length >= 3, 2_000, 'three heartbeats');
    expect(server.messages('heartbeat')[0]).toMatchObject({ client_id: 'dev-1' });
    expect(events).toContainEqual({ type: 'registered', serverProtocolVersion: AIP_PROTOCOL_VERSION, heartbeatIntervalMs: 40 });
  });

  it('answers every command, with a failure result for an unknown tool or agent, never dropping the reply', async () => {
    const server = await stub();
    const { device } = client(server);
    await device.start();
    const batch = [
      createCommand('frobnicate', { level: 11 }),
      createCommand('capture_desktop_screenshot', {}, 'data_collection'),
      createCommand('click_input', { id: '1' }),
    ];
    command(server, batch, 'c1');
    await server.waitFor(() => resultsFor(server, 'c1') !== undefined, 5_000, 'the results of c1');
    const answer = resultsFor(server, 'c1')!;
    expect(answer).toMatchObject({ session_id: 'sess-1', client_id: 'dev-1' });
    expect(answer.action_results.map((r) => [r.call_id, r.status])).toEqual([
      [batch[0]!.call_id, 'failure'],
      [batch[1]!.call_id, 'success'],
      [batch[2]!.call_id, 'failure'],
    ]);
    expect(answer.action_results[0]!.error).toMatch(/^TOOL_UNKNOWN: .*frobnicate/);
    expect(answer.action_results[2]!.error).toMatch(/WINDOW_NOT_SELECTED/);

    command(server, [createCommand('click_input', { id: '1' })], 'c2', 'MobileAgent');
    await server.waitFor(() => resultsFor(server, 'c2') !== undefined, 5_000, 'the results of c2');
    expect(resultsFor(server, 'c2')!.action_results[0]).toMatchObject({ status: 'failure', error: expect.stringMatching(/AGENT_UNKNOWN/) });

    command(server, [createCommand('list_tools', { tool_type: 'action' })], 'c3');
    await server.waitFor(() => resultsFor(server, 'c3') !== undefined, 5_000, 'the tool list');
    const tools = resultsFor(server, 'c3')!.action_results[0]!.result as Array<{ name: string; tool_type: string }>;
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['click_input', 'wait_ms']));
    expect(tools.every((t) => t.tool_type === 'action')).toBe(true);
  });

  it('CANCEL aborts the work in flight; the batch still gets its (aborted) results', async () => {
    const server = await stub();
    const { device, toolLog, events } = client(server);
    await device.start();
    server.last.send({ type: 'task', status: 'continue', session_id: 'sess-1', task_name: 't', user_request: 'wait', response_id: 'task-1' });
    command(server, [createCommand('wait_ms', { ms: 20_000 })], 'slow');
    await server.waitFor(() => toolLog.includes('wait_ms:start'), 5_000, 'the tool to start');
    expect(device.currentTask).toEqual({ sessionId: 'sess-1', taskName: 't' });
    const started = Date.now();
    server.last.send({ type: 'cancel', session_id: 'sess-1', reason: 'user cancelled' });
    await server.waitFor(() => resultsFor(server, 'slow') !== undefined, 5_000, 'the aborted results');
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(resultsFor(server, 'slow')!.action_results[0]).toMatchObject({ status: 'failure', error: expect.stringMatching(/^COMMAND_ABORTED/) });
    await server.waitFor(() => toolLog.includes('wait_ms:aborted'), 2_000, 'the tool to see the abort');
    expect(events).toContainEqual({ type: 'cancel', sessionId: 'sess-1', responseId: undefined, reason: 'user cancelled', aborted: 1 });
  });

  it('reconnects with exponential backoff after losing the connection, and takes commands again', async () => {
    const server = await stub();
    // refuse the first three registrations with a retryable error, then accept
    server.registerPolicy = (_message, attempt) =>
      attempt >= 1 && attempt <= 3 ? { type: 'error', status: 'error', code: 'CLIENT_ID_IN_USE', error: 'still connected', fatal: true } : 'accept';
    const { device, events } = client(server, { backoff: { initialDelayMs: 40, factor: 2, maxDelayMs: 1_000, jitter: 0.5 }, random: () => 0 });
    await device.start();
    server.last.socket.terminate();
    await server.waitFor(() => server.connections.length === 5 && server.last.received.length > 0, 5_000, 'the fifth connection');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(device.state).toBe('registered');
    const delays = events
      .filter((e): e is Extract<DeviceClientEvent, { type: 'reconnect-scheduled' }> => e.type === 'reconnect-scheduled')
      .map((e) => e.delayMs);
    expect(delays).toEqual([40, 80, 160, 320]);
    const gaps = server.connections.slice(1).map((c, i) => c.openedAt - server.connections[i]!.openedAt);
    expect(gaps[1]!).toBeGreaterThanOrEqual(75);
    expect(gaps[3]!).toBeGreaterThanOrEqual(300);
    command(server, [createCommand('capture_desktop_screenshot', {}, 'data_collection')], 'after');
    await server.waitFor(() => resultsFor(server, 'after') !== undefined, 5_000, 'results after reconnecting');
  });

  it('a command id that arrives again never runs twice: the repeat gets the first results, also after a reconnect', async () => {
    const server = await stub();
    const { device, desktop, toolLog, events } = client(server, { keepCommandsOnDisconnect: true });
    await device.start();
    command(server, [createCommand('click_input', { id: '1' })], 'cmd-1');
    await server.waitFor(() => resultsFor(server, 'cmd-1') !== undefined, 5_000, 'the first results');
    const display = desktop.state.display;
    command(server, [createCommand('click_input', { id: '1' })], 'cmd-1');
    await server.waitFor(() => server.messages('command_results').filter((m) => m.prev_response_id === 'cmd-1').length === 2, 5_000, 'the repeat answered');
    expect(desktop.state.display).toBe(display);
    const [first, second] = server.messages('command_results').filter((m) => m.prev_response_id === 'cmd-1');
    expect(second!.action_results.map((r) => r.status)).toEqual(first!.action_results.map((r) => r.status));

    // a slow command in flight when the connection drops keeps running; asked again after the reconnect, it is awaited, not restarted
    command(server, [createCommand('wait_ms', { ms: 300 })], 'slow-1');
    await server.waitFor(() => toolLog.includes('wait_ms:start'), 5_000, 'the tool to start');
    server.last.socket.terminate();
    await server.waitFor(() => server.connections.length === 2 && device.state === 'registered', 5_000, 'the reconnect');
    command(server, [createCommand('wait_ms', { ms: 300 })], 'slow-1');
    await server.waitFor(() => resultsFor(server, 'slow-1') !== undefined, 5_000, 'the slow results');
    expect(resultsFor(server, 'slow-1')!.action_results[0]).toMatchObject({ status: 'success' });
    expect(toolLog.filter((line) => line === 'wait_ms:start')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'command-start')).toHaveLength(2);
    expect(events.filter((e) => e.type === 'command-repeated')).toHaveLength(2);
  });

  it('by default a command aborted by a lost connection is forgotten, so asking again runs it', async () => {
    const server = await stub();
    const { device, toolLog } = client(server);
    await device.start();
    command(server, [createCommand('wait_ms', { ms: 20_000 })], 'slow-2');
    await server.waitFor(() => toolLog.includes('wait_ms:start'), 5_000, 'the tool to start');
    server.last.socket.terminate();
    await server.waitFor(() => toolLog.includes('wait_ms:aborted'), 5_000, 'the abort');
    await server.waitFor(() => server.connections.length === 2 && device.state === 'registered', 5_000, 'the reconnect');
    command(server, [createCommand('wait_ms', { ms: 10 })], 'slow-2');
    await server.waitFor(() => resultsFor(server, 'slow-2') !== undefined, 5_000, 'the results');
    expect(toolLog.filter((line) => line === 'wait_ms:start')).toHaveLength(2);
  });

  it('reconnects when the server goes silent (heartbeat timeout)', async () => {
    const server = await stub();
    server.answerHeartbeats = false;
    const { device, events } = client(server, { heartbeatIntervalMs: 30, heartbeatTimeoutMs: 120 });
    await device.start();
    await server.waitFor(() => server.connections.length >= 2, 3_000, 'a reconnection');
    expect(events.some((e) => e.type === 'heartbeat-timeout')).toBe(true);
  });

  it('on a ManualClock, heartbeats, the heartbeat timeout and the reconnection wait for the clock, not for real time', async () => {
    const server = await stub();
    server.answerHeartbeats = false;
    const clock = new ManualClock();
    const { device, events } = client(server, { heartbeatIntervalMs: 20, heartbeatTimeoutMs: 60, clock, backoff: { initialDelayMs: 20, maxDelayMs: 20 } });
    await device.start();
    // real time runs far past several periods and the timeout: nothing happens until the clock moves
    const settle = () => new Promise((resolve) => setTimeout(resolve, 150));
    await settle();
    expect(server.messages('heartbeat')).toHaveLength(0);
    for (let beat = 1; beat <= 3; beat += 1) {
      clock.advance(20);
      await server.waitFor(() => server.messages('heartbeat').length === beat, 3_000, `heartbeat ${beat}`);
    }
    // 60 ms of silence is not more than the timeout
    await settle();
    expect(events.some((e) => e.type === 'heartbeat-timeout')).toBe(false);
    clock.advance(20);
    await server.waitFor(() => events.some((e) => e.type === 'reconnect-scheduled'), 3_000, 'the heartbeat timeout');
    expect(events.find((e) => e.type === 'heartbeat-timeout')).toMatchObject({ silentMs: 80 });
    // the reconnection waits out its backoff on the clock too
    await settle();
    expect(server.connections).toHaveLength(1);
    clock.advance(20);
    await server.waitFor(() => server.connections.length === 2 && device.state === 'registered', 3_000, 'the reconnection');
  });

  it('a refusal that retrying cannot fix is final: protocol mismatch and a bad key', async () => {
    const server = await stub();
    server.registerPolicy = () => ({
      type: 'error',
      status: 'error',
      code: 'PROTOCOL_VERSION_MISMATCH',
      error: 'protocol version 1.0.0 is not compatible with 2.0.0',
      fatal: true,
    });
    const { device } = client(server);
    const error = await device.start().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RegistrationRefusedError);
    expect((error as RegistrationRefusedError).serverCode).toBe('PROTOCOL_VERSION_MISMATCH');
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(server.connections).toHaveLength(1);

    const guarded = await stub({ verifyClient: (info) => info.req.headers['x-api-key'] === 'right' });
    const { device: wrongKey } = client(guarded);
    await expect(wrongKey.start()).rejects.toMatchObject({ serverCode: 'UNAUTHORIZED' });
  });

  it('gives up after maxRetries failed attempts when no server answers', async () => {
    const server = await stub();
    const url = server.url;
    await server.close();
    const { device, events } = client({ url }, { maxRetries: 2, backoff: { initialDelayMs: 10, maxDelayMs: 20 } });
    await expect(device.start()).rejects.toBeInstanceOf(DeviceClientStoppedError);
    expect(events.filter((e) => e.type === 'connecting')).toHaveLength(3);
    expect(events.at(-1)).toMatchObject({ type: 'gave-up', error: expect.stringContaining('gave up after 3 failed connection attempts') });
  });

  it('results too large for one message still get an answer: failure results saying why', async () => {
    const server = await stub();
    const { device } = client(server, { maxMessageBytes: 20_000 });
    await device.start();
    const big = createCommand('big_result', { size: 50_000 });
    command(server, [big], 'big');
    await server.waitFor(() => resultsFor(server, 'big') !== undefined, 5_000, 'an answer for the big result');
    expect(resultsFor(server, 'big')!.action_results[0]).toMatchObject({
      status: 'failure',
      code: 'RESULT_TOO_LARGE',
      call_id: big.call_id,
      error: expect.stringMatching(/^RESULT_TOO_LARGE/),
    });
  });

  it('requests its own task and receives its end', async () => {
    const server = await stub();
    const { device } = client(server);
    await device.start();
    const requested = device.requestTask({ request: 'open the calculator', taskName: 'own' });
    await server.waitFor(() => server.messages('task').length === 1, 2_000, 'the TASK');
    const task = server.messages('task')[0]!;
    expect(task).toMatchObject({ request: 'open the calculator', task_name: 'own', client_id: 'dev-1' });
    server.last.send({ type: 'heartbeat', status: 'ok', response_id: task.request_id, session_id: 'own-session', task_name: 'own' });
    const accepted = await requested;
    expect(accepted).toMatchObject({ sessionId: 'own-session', taskName: 'own' });
    server.last.send({ type: 'task_end', status: 'completed', session_id: 'own-session', task_name: 'own', result: ['done'] });
    expect(await accepted.done).toMatchObject({ status: 'completed', result: ['done'] });

    const refused = device.requestTask({ request: 'again' });
    await server.waitFor(() => server.messages('task').length === 2, 2_000, 'the second TASK');
    server.last.send({ type: 'error', status: 'error', code: 'DEVICE_BUSY', error: 'busy', response_id: server.messages('task')[1]!.request_id });
    await expect(refused).rejects.toThrow(/DEVICE_BUSY: busy/);
  });
});

describe('backoffDelay', () => {
  it('grows exponentially up to the cap, with jitter drawn below the nominal delay', () => {
    const nominal = (attempt: number) => backoffDelay(attempt, { initialDelayMs: 100, factor: 2, maxDelayMs: 1_000, jitter: 0.5 }, () => 0);
    expect([0, 1, 2, 3, 4, 10].map(nominal)).toEqual([100, 200, 400, 800, 1_000, 1_000]);
    expect(backoffDelay(2, { initialDelayMs: 100, jitter: 0.5 }, () => 0.999)).toBe(200);
    const draws = Array.from({ length: 200 }, () => backoffDelay(3, { initialDelayMs: 100, maxDelayMs: 10_000 }));
    expect(Math.min(...draws)).toBeGreaterThanOrEqual(400);
    expect(Math.max(...draws)).toBeLessThanOrEqual(800);
    expect(new Set(draws).size).toBeGreaterThan(10);
  });
});
