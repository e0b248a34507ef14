// Where the screenshot route reads a task's file: this node's own folder first, a record's log folder only when it
// lies under this node's log root, then the scale-out's remote task files. Real hono routing over real files.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono, type Context } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { EventHub } from '../../src/events/event-hub.js';
import { mountEventRoutes, SCREENSHOT_FILE_PATTERN } from '../../src/events/event-routes.js';
import { LocalStreamEventBus } from '../../src/events/stream-event-bus.js';
import type { RemoteTaskFiles } from '../../src/scale-out/scale-out.js';
import type { TaskBackend } from '../../src/scale-out/task-backend.js';
import type { TaskRecord } from '../../src/sessions/task-record.js';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function folderWith(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'ufo-shot-route-'));
  roots.push(root);
  const folder = join(root, 'task-folder');
  mkdirSync(folder);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(folder, name), text);
  return folder;
}

const record = (over: Partial<TaskRecord> = {}): TaskRecord =>
  ({
    task_name: 'shots',
    session_id: 's-1',
    client_id: 'dev',
    status: 'running',
    owner: 'api',
    request: 'r',
    created_at: new Date(0).toISOString(),
    owner_key: 'alice',
    ...over,
  }) as TaskRecord;

/** An app with the routes over one task record; the viewer is the `x-viewer` header. */
function appWith(options: { task: TaskRecord; logRoot?: string; local?: string; remote?: RemoteTaskFiles }): Hono {
  const app = new Hono();
  const tasks = {
    findTask: async ({ taskName }: { taskName: string }) => (taskName === options.task.task_name ? options.task : undefined),
  } as unknown as TaskBackend;
  mountEventRoutes(app, {
    hub: new EventHub({ bus: new LocalStreamEventBus() }),
    tasks,
    viewerOf: (c: Context) => c.req.header('x-viewer'),
    audienceOf: (r) => r.owner_key,
    localFolderOf: () => options.local,
    ...(options.logRoot !== undefined ? { logRoot: options.logRoot } : {}),
    ...(options.remote ? { taskFiles: options.remote } : {}),
  });
  return app;
}

/** A remote source that records what it was asked and answers from a map. */
function remoteWith(files: Record<string, string>): RemoteTaskFiles & { asked: string[] } {
  const asked: string[] = [];
  return { asked, fetch: async (_r, file) => (asked.push(file), files[file] !== undefined ? Buffer.from(files[file]) : undefined) };
}

const get = (app: Hono, path: string, viewer = 'alice') => app.request(path, { headers: { 'x-viewer': viewer } });

describe('the screenshot route: local folder, then the scale-out', () => {
  it("serves this node's file without asking the scale-out", async () => {
    const local = folderWith({ 'a.png': 'local bytes' });
    const remote = remoteWith({ 'a.png': 'remote bytes' });
    const response = await get(appWith({ task: record(), local, remote }), '/api/tasks/shots/screenshots/a.png');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('local bytes');
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(remote.asked).toEqual([]);
  });

  it('fetches from the scale-out what this node lacks, with the same headers', async () => {
    const remote = remoteWith({ 'b.jpg': 'remote bytes' });
    const response = await get(appWith({ task: record(), remote }), '/api/tasks/shots/screenshots/b.jpg');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('remote bytes');
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'");
    const missing = await get(appWith({ task: record(), remote }), '/api/tasks/shots/screenshots/c.png');
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: string }).error).toMatch(/nor on the nodes that ran it/);
  });

  it("reads a record's log folder only under this node's log root; another node's folder is asked for remotely", async () => {
    const elsewhere = folderWith({ 'a.png': 'bytes at another node path' });
    const remote = remoteWith({ 'a.png': 'remote bytes' });
    const app = appWith({ task: record({ log_folder: elsewhere }), logRoot: join(tmpdir(), 'not-the-root'), remote });
    expect(await (await get(app, '/api/tasks/shots/screenshots/a.png')).text()).toBe('remote bytes');
    const own = appWith({ task: record({ log_folder: elsewhere }), logRoot: join(elsewhere, '..'), remote: remoteWith({}) });
    expect(await (await get(own, '/api/tasks/shots/screenshots/a.png')).text()).toBe('bytes at another node path');
  });

  it("never asks the scale-out for another key's task or a name outside the pattern", async () => {
    const remote = remoteWith({ 'a.png': 'remote bytes' });
    const app = appWith({ task: record(), remote });
    expect((await get(app, '/api/tasks/shots/screenshots/a.png', 'mallory')).status).toBe(404);
    for (const name of ['..%2Fa.png', '%2Fetc%2Fa.png', '.a.png', 'a.png.txt', 'a%5Ca.png']) {
      expect((await get(app, `/api/tasks/shots/screenshots/${name}`)).status, name).toBe(404);
      expect(SCREENSHOT_FILE_PATTERN.test(decodeURIComponent(name)), name).toBe(false);
    }
    expect(remote.asked).toEqual([]);
  });
});
