import { afterEach, describe, expect, it } from 'vitest';
import { startInProcessServer, type InProcessServer } from './helpers/in-process-server.js';
import { waitUntil } from '../../../test-support/processes.js';
import { RawClient } from './helpers/raw-client.js';

let srv: InProcessServer | undefined;
let clients: RawClient[] = [];

afterEach(async () => {
  for (const client of clients) client.close();
  clients = [];
  await srv?.close();
  srv = undefined;
});

async function connect(server: InProcessServer): Promise<RawClient> {
  const client = await RawClient.connect(server.wsUrl, { apiKey: server.apiKey });
  clients.push(client);
  return client;
}

describe('liveness: registration deadline, heartbeats, command deadlines', () => {
  it('answers heartbeats and tells devices the interval at registration', async () => {
    srv = await startInProcessServer({ heartbeatIntervalMs: 1_234 });
    const client = await connect(srv);
    expect(await client.register('beating')).toMatchObject({ heartbeat_interval_ms: 1_234, protocol_version: '1.0.0' });
    client.send({ type: 'heartbeat', client_id: 'beating', request_id: 'hb-7' });
    expect(await client.next((m) => m.response_id === 'hb-7')).toMatchObject({ type: 'heartbeat', status: 'ok' });
  });

  it('closes a connection that never registers', async () => {
    srv = await startInProcessServer({ registerTimeoutMs: 200 });
    const client = await connect(srv);
    expect(await client.next((m) => m.type === 'error', 3_000)).toMatchObject({
      code: 'NOT_REGISTERED',
      fatal: true,
      error: expect.stringContaining('200 ms'),
    });
    expect(await client.closed).toBe(1008);
  });

  it('drops a silent device and fails its running task with the reason', async () => {
    srv = await startInProcessServer({ heartbeatIntervalMs: 100, heartbeatTimeoutMs: 400 });
    const device = await connect(srv);
    await device.register('silent');
    await srv.api('POST', '/api/dispatch', { client_id: 'silent', request: 'compute 12 times 34', task_name: 'silent-task' });
    await device.next((m) => m.type === 'command');
    await device.closed;
    const server = srv;
    await waitUntil(() => server.server.results.get('silent-task')?.status !== 'running', 3_000, 'the task to fail');
    expect(srv.server.results.get('silent-task')).toMatchObject({ status: 'failed', error: expect.stringContaining('device silent disconnected') });
    expect(srv.events).toContainEqual(expect.objectContaining({ type: 'heartbeat-timeout', clientId: 'silent' }));
    expect((await srv.api('GET', '/api/clients')).body.online_clients).toEqual([]);
  });

  it('a command without results fails at its deadline with the reason; late results are ignored and logged', async () => {
    srv = await startInProcessServer({ commandTimeoutMs: 100, commandGraceMs: 50 });
    const device = await connect(srv);
    await device.register('slow-device');
    await srv.api('POST', '/api/dispatch', { client_id: 'slow-device', request: 'compute 12 times 34', task_name: 'deadline-task' });
    const first = await device.next((m) => m.type === 'command');
    // no answer: the server gives up after 100 ms + 50 ms and tells the device to cancel that batch
    const cancel = await device.next((m) => m.type === 'cancel' && m.response_id === first.response_id, 3_000, 'the CANCEL of the timed-out batch');
    expect(cancel.reason).toMatch(/no results within 150 ms/);
    const server = srv;
    await waitUntil(() => server.server.results.get('deadline-task')?.status !== 'running', 3_000, 'the task to end');
    expect(srv.server.results.get('deadline-task')).toMatchObject({
      status: 'failed',
      error: expect.stringContaining('COMMAND_TIMEOUT: device slow-device sent no results within 150 ms'),
    });
    device.send({
      type: 'command_results',
      session_id: first.session_id,
      prev_response_id: first.response_id,
      action_results: first.actions.map((a: { call_id: string }) => ({ status: 'success', call_id: a.call_id })),
    });
    await waitUntil(() => server.events.some((e) => e.type === 'results-ignored'), 3_000, 'the late results to be logged');
    expect(srv.events).toContainEqual(
      expect.objectContaining({ type: 'results-ignored', clientId: 'slow-device', sessionId: first.session_id, reason: expect.stringContaining('late') }),
    );
    expect(device.received.filter((m) => m.type === 'error')).toEqual([]);
  });

  it('duplicate results of a running session are ignored and logged', async () => {
    srv = await startInProcessServer();
    const device = await connect(srv);
    await device.register('twice-device');
    await srv.api('POST', '/api/dispatch', { client_id: 'twice-device', request: 'compute 12 times 34', task_name: 'twice-task' });
    const first = await device.next((m) => m.type === 'command');
    const answer = {
      type: 'command_results',
      session_id: first.session_id,
      prev_response_id: first.response_id,
      action_results: first.actions.map((a: { call_id: string }) => ({ status: 'success', result: { windows: [] }, call_id: a.call_id })),
    };
    device.send(answer);
    device.send(answer);
    const server = srv;
    await waitUntil(() => server.events.some((e) => e.type === 'remote-dispatcher' && e.event.type === 'results-ignored'), 3_000, 'the duplicate to be logged');
    expect(srv.events).toContainEqual(
      expect.objectContaining({
        type: 'remote-dispatcher',
        taskName: 'twice-task',
        event: expect.objectContaining({ type: 'results-ignored', reason: 'duplicate', responseId: first.response_id }),
      }),
    );
    expect(device.received.filter((m) => m.type === 'error')).toEqual([]);
    await srv.api('POST', '/api/cancel', { task_name: 'twice-task' });
  });

  it('a reconnecting device whose old connection is dead gets its id back; a live holder keeps it', async () => {
    srv = await startInProcessServer({ duplicateProbeMs: 200 });
    const live = await connect(srv);
    await live.register('alive');
    const dead = await connect(srv);
    await dead.register('phoenix');
    // the old connection stops reading, like a peer behind a dropped network: it cannot answer pings
    (dead.socket as unknown as { _socket: { pause(): void } })._socket.pause();

    const refused = await connect(srv);
    expect(await refused.register('phoenix')).toMatchObject({ code: 'CLIENT_ID_IN_USE', error: expect.stringContaining('dropped within 200 ms') });
    const server = srv;
    await waitUntil(() => !server.server.clients.get('phoenix'), 3_000, 'the dead connection to be dropped');
    const back = await connect(srv);
    expect(await back.register('phoenix')).toMatchObject({ type: 'heartbeat', status: 'ok' });

    const impostor = await connect(srv);
    expect(await impostor.register('alive')).toMatchObject({ code: 'CLIENT_ID_IN_USE' });
    await new Promise((resolve) => setTimeout(resolve, 400));
    const again = await connect(srv);
    expect(await again.register('alive')).toMatchObject({ code: 'CLIENT_ID_IN_USE' });
    expect(live.closeCode).toBeUndefined();
  });
});
