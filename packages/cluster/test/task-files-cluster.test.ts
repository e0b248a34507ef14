// A task's screenshots from any node in cluster mode: two node processes on a real Redis, each with its OWN log root
// (as on two machines: a node reads only files under its own root). Node A serves the API and holds the devices, W
// runs the sessions. Screenshots W wrote are served through A, fetched from W over W's sharded task-files channel;
// W answers only for tasks it ran, only files inside the task's own folder; a stopped or dead W means a prompt 404.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChildHandle } from '../../../test-support/processes.js';
import { startDevices, startNode, tempLogRoot, type NodeProcess, type NodeSettings } from './helpers/cluster.js';
import { ClusterKeys, connectRedis, type TaskFileMessage } from '../src/index.js';
import { startRedis, type TestRedis } from './helpers/redis-server.js';
import { readFramesUntil, type Frame } from './helpers/sse-frames.js';

const API_KEY = 'task-files-key';
const TEAM_B = 'task-files-team-b-key-0123456789';
const SECRET = Buffer.from('not a screenshot: must never leave the node');

let redis: TestRedis;
let logsA: ReturnType<typeof tempLogRoot>;
let logsW: ReturnType<typeof tempLogRoot>;
let apiNode: NodeProcess;
let workerNode: NodeProcess;
let devices: ChildHandle;
/** The finished record of the first test's task (its folder is on W). */
let shotTask: any;

const get = (path: string, key = API_KEY) => fetch(`${apiNode.httpUrl}${path}`, { headers: { 'x-api-key': key }, signal: AbortSignal.timeout(20_000) });
const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

beforeAll(async () => {
  redis = await startRedis();
  logsA = tempLogRoot();
  logsW = tempLogRoot();
  const settings: NodeSettings = { redisUrl: redis.url, apiKey: API_KEY, logRoot: logsA.path, apiKeys: [{ id: 'team-b', key: TEAM_B }] };
  [apiNode, workerNode] = await Promise.all([startNode('files-a', { ...settings, worker: false }), startNode('files-w', { ...settings, logRoot: logsW.path })]);
  devices = await startDevices(apiNode.wsUrl, API_KEY, ['shot-1', 'hold-1']);
  // files a traversal would reach: in both log roots and next to them
  for (const root of [logsA.path, logsW.path]) {
    writeFileSync(join(root, 'secret.png'), SECRET);
    writeFileSync(join(root, '..', `${basename(root)}-secret.png`), SECRET);
  }
}, 90_000);

afterAll(async () => {
  await devices?.stop();
  await Promise.allSettled([apiNode?.handle.stop(), workerNode?.handle.stop()]);
  await redis?.close();
  for (const root of [logsA, logsW]) root?.cleanup();
});

describe('cluster: task screenshots through a node that did not write them', () => {
  it("a screenshot event's URL from A's stream returns the bytes W wrote, fetched from W over Redis", async () => {
    const firstShot = (f: Frame) => f.data.type === 'screenshot' && f.data.task_name === 'shots';
    const stream = readFramesUntil(apiNode.httpUrl, API_KEY, firstShot);
    await new Promise((resolve) => setTimeout(resolve, 300));
    // the second step waits 3 s: the screenshot is fetched while the task still runs
    expect((await apiNode.api('POST', '/api/dispatch', { client_id: 'shot-1', request: 'slow 3000 shots', task_name: 'shots' })).status).toBe(200);
    const shot = (await stream).at(-1)!.data as Extract<Frame['data'], { type: 'screenshot' }>;
    const response = await get(shot.url);
    expect(response.status, await response.clone().text()).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^image\//);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const served = await bytesOf(response);
    shotTask = await apiNode.waitForResult('shots');
    expect(shotTask.attempts.map((a: { node: string }) => a.node)).toEqual(['files-w']);
    expect(shotTask.log_folder.startsWith(logsW.path)).toBe(true);
    const file = decodeURIComponent(shot.url.slice(shot.url.lastIndexOf('/') + 1));
    expect(served.equals(readFileSync(join(shotTask.log_folder, file)))).toBe(true);
    // the answering node reports after it replied: its report may reach its log just after the response
    await expect
      .poll(() => workerNode.events('task-file-answered').map((e) => e.detail), { timeout: 5_000, interval: 50 })
      .toContainEqual(expect.objectContaining({ to: 'files-a', taskName: 'shots', file, sent: true, bytes: served.length }));
    // another key's task is 404, as on the node that wrote it
    const other = await get(shot.url, TEAM_B);
    expect(other.status).toBe(404);
    expect((await bytesOf(other)).equals(served)).toBe(false);
  });

  it("a waiting task's waiting.screenshot_url through A returns the held action's screenshot", async () => {
    await apiNode.api('POST', '/api/dispatch', { client_id: 'hold-1', request: 'press one, carefully', task_name: 'held', approval: { mode: 'wait' } });
    let waiting: any;
    await expect.poll(async () => (waiting = (await apiNode.api('GET', '/api/tasks/held')).body).status, { timeout: 30_000, interval: 100 }).toBe('waiting');
    const url = waiting.waiting.screenshot_url as string;
    expect(url).toMatch(/^\/api\/tasks\/held\/screenshots\//);
    const response = await get(url);
    expect(response.status, await response.clone().text()).toBe(200);
    const file = decodeURIComponent(url.slice(url.lastIndexOf('/') + 1));
    expect((await bytesOf(response)).equals(readFileSync(join(waiting.log_folder, file)))).toBe(true);
    // the answering node reports after it replied: its report may reach its log just after the response
    await expect
      .poll(() => workerNode.events('task-file-answered').map((e) => e.detail), { timeout: 5_000, interval: 50 })
      .toContainEqual(expect.objectContaining({ to: 'files-a', taskName: 'held', file, sent: true }));
    expect((await get(url, TEAM_B)).status).toBe(404);
    await apiNode.api('POST', '/api/tasks/held/reject', { pending_id: waiting.waiting.pending_id });
  });

  it('crafted file and task names are 404 through the route, and W refuses crafted requests on its channel', async () => {
    const names = [
      '..%2Fsecret.png',
      '..%2F..%2Fsecret.png',
      `..%2F..%2F${basename(logsW.path)}-secret.png`,
      encodeURIComponent(join(logsW.path, 'secret.png')),
      '%2E%2E%2Fsecret.png',
      '..%5Csecret.png',
      '.secret.png',
    ];
    for (const name of names) {
      const response = await get(`/api/tasks/shots/screenshots/${name}`);
      expect(response.status, name).toBe(404);
      expect((await bytesOf(response)).includes(SECRET), name).toBe(false);
    }
    for (const task of ['..%2F..%2Fshots', encodeURIComponent(logsW.path), 'shots%2F..%2F..']) {
      expect((await get(`/api/tasks/${task}/screenshots/secret.png`)).status, task).toBe(404);
    }
    // straight onto W's channel, past A's checks
    const keys = new ClusterKeys();
    const subscriber = connectRedis({ url: redis.url, name: 'test:files-sub' });
    const publisher = connectRedis({ url: redis.url, name: 'test:files-pub' });
    try {
      const answers: TaskFileMessage[] = [];
      subscriber.on('smessage', (_channel: string, text: string) => answers.push(JSON.parse(text)));
      await subscriber.ssubscribe(keys.taskFilesChannel('probe'));
      const session = shotTask.session_id as string;
      const requests: Array<[string, string, string]> = [
        ['shots', session, '../secret.png'],
        ['shots', session, '../../secret.png'],
        ['shots', session, join(logsW.path, 'secret.png')],
        ['shots', session, 'secret.png'],
        ['../../shots', session, 'secret.png'],
        [`../${basename(logsW.path)}`, session, 'secret.png'],
        ['shots', 'another-session', basename(readdirPng(shotTask.log_folder))],
        ['held-by-nobody', session, 'secret.png'],
      ];
      await publisher.spublish(keys.taskFilesChannel('files-w'), '{"kind":"file-request","requestId":');
      for (const [index, [taskName, sessionId, file]] of requests.entries()) {
        const request: TaskFileMessage = { kind: 'file-request', requestId: `r${index}`, from: 'probe', taskName, sessionId, file };
        expect(await publisher.spublish(keys.taskFilesChannel('files-w'), JSON.stringify(request))).toBe(1);
      }
      const genuine: TaskFileMessage = {
        kind: 'file-request',
        requestId: 'genuine',
        from: 'probe',
        taskName: 'shots',
        sessionId: session,
        file: basename(readdirPng(shotTask.log_folder)),
      };
      await publisher.spublish(keys.taskFilesChannel('files-w'), JSON.stringify(genuine));
      await expect.poll(() => answers.length, { timeout: 10_000 }).toBe(requests.length + 1);
      const byId = new Map(answers.map((a) => [a.requestId, a]));
      for (let index = 0; index < requests.length; index++)
        expect(byId.get(`r${index}`), JSON.stringify(requests[index])).toMatchObject({ kind: 'file-missing', via: 'files-w' });
      // the malformed message was reported, and W still answers
      expect(byId.get('genuine')).toMatchObject({ kind: 'file-found' });
      expect(workerNode.events('message-invalid').some((e) => e.detail.error.includes('task-file message'))).toBe(true);
      expect(answers.some((a) => a.kind === 'file-found' && Buffer.from(a.base64, 'base64').includes(SECRET))).toBe(false);
    } finally {
      subscriber.disconnect();
      publisher.disconnect();
    }
  });

  it('W stopped (not answering) or dead: the fetch through A ends with a 404 naming it, never hangs', async () => {
    const url = `/api/tasks/shots/screenshots/${basename(readdirPng(shotTask.log_folder))}`;
    process.kill(workerNode.handle.pid, 'SIGSTOP');
    try {
      const response = await get(url);
      expect(response.status).toBe(404);
      expect(((await response.json()) as { error: string }).error).toMatch(/nodes that ran it .*did not answer in time/);
    } finally {
      process.kill(workerNode.handle.pid, 'SIGCONT');
    }
    await workerNode.handle.kill();
    const response = await get(url);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: string }).error).toMatch(/nodes that ran it/);
  });
});

/** The first screenshot file in a folder. */
function readdirPng(folder: string): string {
  const files = readdirSync(folder);
  const png = files.find((f) => /\.(png|jpe?g|webp|gif)$/i.test(f));
  if (!png) throw new Error(`no screenshot in ${folder}: ${files.join(', ')}`);
  return join(folder, png);
}
