import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { claimTaskLogFolder, LOG_FOLDER_OWNER_FILE, taskLogFolderName } from '../../src/internal.js';
import { startInProcessServer, type InProcessServer } from '../helpers/in-process-server.js';
import { RawClient } from '../helpers/raw-client.js';

// Attack: task names that clean to the same folder ("calc job" from the API, "calc/job" from a device) wrote into
// one response.log. Now each session's folder carries a hash of the exact task name and session id and is owned
// by that session (a marker file), so different owners never share a folder.

let srv: InProcessServer | undefined;
const clients: RawClient[] = [];
const roots: string[] = [];

afterEach(async () => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
  for (const client of clients.splice(0)) client.close();
  await srv?.close();
  srv = undefined;
});

describe('attack: colliding log folders', () => {
  it('"calc job" from the API and "calc/job" from a device get separate folders, each owned by its session', async () => {
    const server = (srv = await startInProcessServer());
    const apiDevice = await RawClient.connect(server.wsUrl, { apiKey: server.apiKey });
    const ownDevice = await RawClient.connect(server.wsUrl, { apiKey: server.apiKey });
    clients.push(apiDevice, ownDevice);
    await apiDevice.register('api-target');
    await ownDevice.register('self-starter');
    const dispatched = await server.api('POST', '/api/dispatch', { client_id: 'api-target', request: 'compute 12 times 34', task_name: 'calc job' });
    expect(dispatched.status).toBe(200);
    ownDevice.send({ type: 'task', request: 'compute 12 times 34', task_name: 'calc/job', request_id: 'own-task' });
    expect(await ownDevice.next((m) => m.response_id === 'own-task')).toMatchObject({ type: 'heartbeat', task_name: 'calc/job' });
    await apiDevice.next((m) => m.type === 'command');
    await ownDevice.next((m) => m.type === 'command');

    const api = server.server.results.get('calc job')!;
    const own = server.server.results.get('calc/job')!;
    expect(api.log_folder).toBeDefined();
    expect(own.log_folder).toBeDefined();
    expect(api.log_folder).not.toBe(own.log_folder);
    for (const record of [api, own]) {
      expect(relative(server.logRoot, record.log_folder!)).toMatch(/^calc_job-[0-9a-f]{12}$/);
      expect(readFileSync(join(record.log_folder!, LOG_FOLDER_OWNER_FILE), 'utf8')).toBe(record.session_id);
    }
    await server.api('POST', '/api/cancel', { task_name: 'calc job' });
    await server.api('POST', '/api/cancel', { task_name: 'calc/job' });
    await server.server.sessions.settled(api.session_id);
    await server.server.sessions.settled(own.session_id);
    for (const record of [api, own]) {
      const lines = readFileSync(join(record.log_folder!, 'response.log'), 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(lines.length).toBeGreaterThan(0);
      const sessions = new Set(lines.map((line) => line['session_id'] ?? line['sessionId']).filter((id) => id !== undefined));
      expect([...sessions].every((id) => id === record.session_id)).toBe(true);
    }
  });

  it('a folder owned by another session is refused; the owner may reopen it', () => {
    const root = srvlessRoot();
    const name = claimTaskLogFolder(root, 'report', 'session-a');
    expect(name).toBe(taskLogFolderName('report', 'session-a'));
    expect(claimTaskLogFolder(root, 'report', 'session-a')).toBe(name);
    // someone planted a folder with that exact name for another session
    const planted = taskLogFolderName('report', 'session-b');
    mkdirSync(join(root, planted), { recursive: true });
    writeFileSync(join(root, planted, LOG_FOLDER_OWNER_FILE), 'session-x');
    expect(() => claimTaskLogFolder(root, 'report', 'session-b')).toThrow(/belongs to session "session-x"/);
    expect(existsSync(join(root, name, LOG_FOLDER_OWNER_FILE))).toBe(true);
  });
});

function srvlessRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'ufo-log-folders-'));
  roots.push(root);
  return root;
}
