import { relative } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiKeyMatches } from '../src/auth/api-key.js';
import { startInProcessServer, type InProcessServer } from './helpers/in-process-server.js';
import { RawClient, registerMessage } from './helpers/raw-client.js';

let srv: InProcessServer;
let clients: RawClient[] = [];

beforeEach(async () => {
  srv = await startInProcessServer();
});
afterEach(async () => {
  for (const client of clients) client.close();
  clients = [];
  await srv.close();
});

async function connect(options: Parameters<typeof RawClient.connect>[1] = {}): Promise<RawClient> {
  const client = await RawClient.connect(srv.wsUrl, { apiKey: srv.apiKey, ...options });
  clients.push(client);
  return client;
}

/** A raw device with a task running on it, holding the first COMMAND it got. */
async function deviceWithRunningTask(clientId: string, taskName: string, sessionId?: string) {
  const device = await connect();
  await device.register(clientId);
  const dispatched = await srv.api('POST', '/api/dispatch', {
    client_id: clientId,
    request: 'compute 12 times 34',
    task_name: taskName,
    ...(sessionId ? { session_id: sessionId } : {}),
  });
  expect(dispatched.status).toBe(200);
  const command = await device.next((m) => m.type === 'command', 5_000, 'a COMMAND');
  return { device, command, sessionId: dispatched.body.session_id as string };
}

describe('server security rules', () => {
  it('the first message must be REGISTER: anything else is refused and the connection closed', async () => {
    for (const first of [
      { type: 'heartbeat' },
      { type: 'command_results', session_id: 's', prev_response_id: 'r', action_results: [] },
      { type: 'task', request: 'x', request_id: 'q' },
    ]) {
      const client = await connect();
      client.send(first);
      const error = await client.next((m) => m.type === 'error');
      expect(error).toMatchObject({ code: 'NOT_REGISTERED', status: 'error', fatal: true });
      expect(await client.closed).toBe(1008);
    }
    const garbage = await connect();
    garbage.send('{not json');
    expect(await garbage.next((m) => m.type === 'error')).toMatchObject({ code: 'MESSAGE_NOT_JSON', fatal: true });
    expect(await garbage.closed).toBe(1008);
    expect(srv.server.clients.size).toBe(0);
  });

  it('duplicate client ids are refused; the first connection keeps working', async () => {
    const first = await connect();
    expect(await first.register('dup-device')).toMatchObject({ type: 'heartbeat', status: 'ok', protocol_version: '1.0.0' });
    const second = await connect();
    expect(await second.register('dup-device')).toMatchObject({ type: 'error', code: 'CLIENT_ID_IN_USE', fatal: true });
    expect(await second.closed).toBe(1008);
    first.send({ type: 'heartbeat', request_id: 'hb-1' });
    expect(await first.next((m) => m.response_id === 'hb-1')).toMatchObject({ type: 'heartbeat', status: 'ok' });
    expect((await srv.api('GET', '/api/clients')).body.online_clients).toEqual(['dup-device']);
  });

  it('identity is pinned at registration: no client_id or client_type spoofing later', async () => {
    const client = await connect();
    await client.register('pinned');
    expect(await client.expectError({ type: 'heartbeat', client_id: 'someone-else' }, 'IDENTITY_MISMATCH')).toMatchObject({ fatal: false });
    await client.expectError({ type: 'heartbeat', client_id: 'pinned', client_type: 'constellation' }, 'IDENTITY_MISMATCH');
    await client.expectError(registerMessage('another-id'), 'ALREADY_REGISTERED');
    await client.expectError(
      {
        type: 'device_info_response',
        device_info: { device_id: 'someone-else', platform: 'linux', os_version: 'x', cpu_count: 1, memory_total_gb: 1, hostname: 'h' },
      },
      'IDENTITY_MISMATCH',
    );
    // the register message itself must describe the same device
    const liar = await connect();
    expect(
      await liar.register('liar', {
        device_info: { device_id: 'not-liar', platform: 'linux', os_version: 'x', cpu_count: 1, memory_total_gb: 1, hostname: 'h' },
      }),
    ).toMatchObject({ code: 'IDENTITY_MISMATCH', fatal: true });
    expect((await srv.api('GET', '/api/clients')).body.online_clients).toEqual(['pinned']);
    expect(client.closeCode).toBeUndefined();
  });

  it('a device cannot send results for, or cancel, another device’s session; results never create a session', async () => {
    const { device, command, sessionId } = await deviceWithRunningTask('victim', 'victim-task');
    const attacker = await connect();
    await attacker.register('attacker');
    const forged = {
      type: 'command_results',
      session_id: sessionId,
      prev_response_id: command.response_id,
      action_results: command.actions.map((a: { call_id: string }) => ({ status: 'success', result: 'forged', call_id: a.call_id })),
    };
    expect(await attacker.expectError(forged, 'SESSION_NOT_OWNED')).toMatchObject({ session_id: sessionId, response_id: command.response_id });
    await attacker.expectError({ type: 'cancel', session_id: sessionId, reason: 'mine now' }, 'SESSION_NOT_OWNED');
    await attacker.expectError({ ...forged, session_id: 'made-up-session' }, 'SESSION_NOT_FOUND');
    expect(srv.server.sessions.running('made-up-session')).toBeUndefined();
    expect(srv.server.results.getBySession('made-up-session')).toBeUndefined();

    // the victim's session is untouched: its pending command still takes the real device's answer
    expect((await srv.api('GET', '/api/task_result/victim-task')).body.status).toBe('running');
    device.send({
      ...forged,
      action_results: command.actions.map((a: { call_id: string }) => ({ status: 'success', result: { ok: true }, call_id: a.call_id })),
    });
    await device.next((m) => m.type === 'command' && m.response_id !== command.response_id, 5_000, 'the next COMMAND after the real results');
    expect(srv.events.some((e) => e.type === 'remote-dispatcher' && e.event.type === 'results-ignored')).toBe(false);
    await srv.api('POST', '/api/cancel', { task_name: 'victim-task' });
    await srv.server.sessions.settled(sessionId);
    expect(srv.server.results.get('victim-task')?.status).toBe('cancelled');
  });

  it('session ids and task names cannot be squatted by another owner', async () => {
    const { sessionId } = await deviceWithRunningTask('owner-device', 'owned-task', 'sess-owned');
    expect(sessionId).toBe('sess-owned');
    const squatter = await connect();
    await squatter.register('squatter');
    const refused = await squatter.expectError(
      { type: 'task', request: 'compute 12 times 34', session_id: 'sess-owned', request_id: 'squat-1' },
      'SESSION_NOT_OWNED',
    );
    expect(refused).toMatchObject({ response_id: 'squat-1' });
    await srv.api('POST', '/api/cancel', { session_id: 'sess-owned' });
    await srv.server.sessions.settled('sess-owned');
    // still owned after it ended: the kept result belongs to the API caller
    await squatter.expectError({ type: 'task', request: 'compute 12 times 34', session_id: 'sess-owned', request_id: 'squat-2' }, 'SESSION_NOT_OWNED');
    await squatter.expectError({ type: 'task', request: 'compute 12 times 34', task_name: 'owned-task', request_id: 'squat-3' }, 'TASK_NAME_IN_USE');
    // and the other way round: the API cannot take over a device's own task name
    squatter.send({ type: 'task', request: 'compute 12 times 34', task_name: 'squatter-own', request_id: 'own-1' });
    expect(await squatter.next((m) => m.response_id === 'own-1')).toMatchObject({
      type: 'heartbeat',
      task_name: 'squatter-own',
      session_id: expect.any(String),
    });
    const other = await connect();
    await other.register('other-device');
    expect(await srv.api('POST', '/api/dispatch', { client_id: 'other-device', request: 'compute 12 times 34', task_name: 'squatter-own' })).toMatchObject({
      status: 409,
      body: { code: 'TASK_NAME_IN_USE' },
    });
  });

  it('a non-local Origin is refused unless allowed', async () => {
    await expect(connect({ origin: 'http://evil.example' })).rejects.toThrow('HTTP 403');
    await expect(connect({ origin: 'null' })).rejects.toThrow('HTTP 403');
    const port = new URL(srv.httpUrl).port;
    const local = await connect({ origin: `http://localhost:${port}` });
    expect(await local.register('from-localhost')).toMatchObject({ type: 'heartbeat' });
    // another local port is another program's page
    await expect(connect({ origin: 'http://localhost:3000' })).rejects.toThrow('HTTP 403');
    expect((await srv.api('GET', '/api/clients', undefined, { 'x-api-key': srv.apiKey, origin: 'http://evil.example' })).status).toBe(403);

    const allowing = await startInProcessServer({ allowedOrigins: ['https://console.example'] });
    try {
      const ok = await RawClient.connect(allowing.wsUrl, { apiKey: allowing.apiKey, origin: 'https://console.example' });
      clients.push(ok);
      await expect(RawClient.connect(allowing.wsUrl, { apiKey: allowing.apiKey, origin: 'https://evil.example' })).rejects.toThrow('HTTP 403');
      expect((await allowing.api('GET', '/api/clients', undefined, { 'x-api-key': allowing.apiKey, origin: 'https://console.example' })).status).toBe(200);
    } finally {
      await allowing.close();
    }
  });

  it('the API key is required on the WebSocket and the HTTP API, and compared in constant time', async () => {
    await expect(RawClient.connect(srv.wsUrl)).rejects.toThrow('HTTP 401');
    await expect(RawClient.connect(srv.wsUrl, { apiKey: `${srv.apiKey}x` })).rejects.toThrow('HTTP 401');
    const byQuery = await connect({ tokenInQuery: true });
    expect(await byQuery.register('query-token')).toMatchObject({ type: 'heartbeat' });
    expect((await srv.api('GET', '/api/clients', undefined, {})).status).toBe(401);
    expect((await srv.api('GET', '/api/clients', undefined, { 'x-api-key': 'wrong' })).body).toMatchObject({ code: 'UNAUTHORIZED' });
    expect((await srv.api('GET', '/api/clients', undefined, { authorization: `Bearer ${srv.apiKey}` })).status).toBe(200);
    expect((await srv.api('GET', '/api/health', undefined, {})).body).toMatchObject({ status: 'healthy', protocol_version: '1.0.0' });
    expect(apiKeyMatches(srv.apiKey, srv.apiKey)).toBe(true);
    expect(apiKeyMatches(srv.apiKey.slice(1), srv.apiKey)).toBe(false);
    expect(apiKeyMatches('', srv.apiKey)).toBe(false);
    expect(apiKeyMatches(undefined, srv.apiKey)).toBe(false);
    expect(srv.events.filter((e) => e.type === 'connection-refused').map((e) => e.type === 'connection-refused' && e.status)).toEqual([401, 401]);
  });

  it('the protocol version is checked at registration with a clear refusal', async () => {
    const old = await connect();
    const refusal = await old.register('old-device', { protocol_version: '2.0.0' });
    expect(refusal).toMatchObject({ type: 'error', code: 'PROTOCOL_VERSION_MISMATCH', fatal: true });
    expect(refusal.error).toMatch(/2\.0\.0.*1\.0\.0/);
    expect(await old.closed).toBe(1008);
    const minor = await connect();
    expect(await minor.register('newer-minor', { protocol_version: '1.7.2' })).toMatchObject({ type: 'heartbeat' });
  });

  it('task names are sanitised and confined under the log root', async () => {
    await deviceWithRunningTask('path-device', '../../etc/../../escape me');
    const record = srv.server.results.get('../../etc/../../escape me')!;
    const rel = relative(srv.logRoot, record.log_folder!);
    expect(rel.startsWith('..')).toBe(false);
    expect(rel).not.toContain('/');
    await srv.api('POST', '/api/cancel', { task_name: '../../etc/../../escape me' });
  });
});
