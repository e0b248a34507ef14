// TaskFileExchange on a real Redis (started here), in-process: nodes asked newest attempt first, a node that does not
// have the file skipped, the size bound on both sides, a node that never answers ending the fetch at the timeout,
// and a request the caller aborts.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { claimTaskLogFolder } from '@ufo-ts/server/internal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClusterKeys, connectRedis, MessageBus, TaskFileExchange, type ClusterTaskRecord, type TaskFileMessage } from '../src/index.js';
import { startRedis, whenRedisReady, type TestRedis } from './helpers/redis-server.js';

let redis: TestRedis;
let base: string;
const keys = new ClusterKeys('files-test');
const clients: ReturnType<typeof connectRedis>[] = [];
const errors: unknown[] = [];

const record = (attempts: string[]): ClusterTaskRecord =>
  ({
    task_name: 'calc',
    session_id: 's-1',
    client_id: 'dev',
    status: 'running',
    owner: 'api',
    request: 'r',
    created_at: new Date(0).toISOString(),
    attempts: attempts.map((node) => ({ node, startedAt: new Date(0).toISOString(), fromStep: 0 })),
  }) as ClusterTaskRecord;

async function busOf(name: string): Promise<MessageBus> {
  const publisher = connectRedis({ url: redis.url, name: `${name}:pub` });
  const subscriber = connectRedis({ url: redis.url, name: `${name}:sub` });
  clients.push(publisher, subscriber);
  await whenRedisReady(publisher, subscriber);
  return new MessageBus({ publisher, subscriber, onError: (error) => errors.push(error) });
}

/** A node with its own log root holding the session's folder with `files`; `ran` is the record it knows. */
async function node(nodeId: string, files: Record<string, Buffer>, ran: ClusterTaskRecord, options: { maxBytes?: number; timeoutMs?: number } = {}) {
  const logRoot = join(base, nodeId);
  mkdirSync(logRoot);
  const folder = join(logRoot, claimTaskLogFolder(logRoot, 'calc', 's-1'));
  for (const [name, bytes] of Object.entries(files)) writeFileSync(join(folder, name), bytes);
  const answered: string[] = [];
  const exchange = new TaskFileExchange({
    nodeId,
    keys,
    bus: await busOf(nodeId),
    logRoot,
    findTask: async () => ran,
    onAnswered: (a) => answered.push(`${a.file}:${a.sent}`),
    ...options,
  });
  await exchange.start();
  return { exchange, answered };
}

beforeAll(async () => {
  redis = await startRedis();
  base = mkdtempSync(join(tmpdir(), 'ufo-task-files-'));
}, 30_000);

afterAll(async () => {
  for (const client of clients) client.disconnect();
  await redis?.close();
  rmSync(base, { recursive: true, force: true });
});

describe('TaskFileExchange', () => {
  it('asks the newest attempt first and falls back to an older node that has the file; bounds the size on both sides', async () => {
    const ran = record(['old', 'new']);
    const old = await node('old', { 'a.png': Buffer.from('from old'), 'big.png': Buffer.alloc(3_000, 1) }, ran, { maxBytes: 10_000 });
    const newer = await node('new', { 'b.png': Buffer.from('from new') }, ran);
    const asker = await node('asker', {}, ran, { maxBytes: 2_000 });
    expect((await asker.exchange.fetch(ran, 'b.png'))?.toString()).toBe('from new');
    expect(old.answered).toEqual([]);
    expect((await asker.exchange.fetch(ran, 'a.png'))?.toString()).toBe('from old');
    expect(newer.answered).toEqual(['b.png:true', 'a.png:false']);
    // the old node sends 3 000 bytes (its bound is 10 000); the asker accepts at most 2 000
    expect(await asker.exchange.fetch(ran, 'big.png')).toBeUndefined();
    expect(old.answered).toContain('big.png:true');
    // an answering node over its own bound sends nothing
    const strict = await node('strict', { 'c.png': Buffer.alloc(500) }, record(['strict']), { maxBytes: 100 });
    expect(await asker.exchange.fetch(record(['strict']), 'c.png')).toBeUndefined();
    expect(strict.answered).toEqual(['c.png:false']);
    // a node whose record of the task does not name it (it did not run it) says no, even holding such a file
    const outsider = await node('outsider', { 'd.png': Buffer.from('not its task') }, record(['someone-else']));
    expect(await asker.exchange.fetch(record(['outsider']), 'd.png')).toBeUndefined();
    expect(outsider.answered).toEqual(['d.png:false']);
    expect(errors).toEqual([]);
  });

  it('a node that never answers ends the fetch at the timeout; an aborted request ends at once', async () => {
    const silent = connectRedis({ url: redis.url, name: 'silent:sub' });
    clients.push(silent);
    const asked: TaskFileMessage[] = [];
    silent.on('smessage', (_channel: string, text: string) => asked.push(JSON.parse(text)));
    await silent.ssubscribe(keys.taskFilesChannel('silent'));
    const asker = await node('asker-2', {}, record([]), { timeoutMs: 300 });
    expect(await asker.exchange.fetch(record(['silent']), 'a.png')).toBeUndefined();
    expect(asked).toHaveLength(1);
    const slow = await node('asker-3', {}, record([]), { timeoutMs: 60_000 });
    const controller = new AbortController();
    const pending = slow.exchange.fetch(record(['silent']), 'a.png', controller.signal);
    await expect.poll(() => asked.length).toBe(2);
    controller.abort();
    expect(await pending).toBeUndefined();
    // a node nobody listens for is skipped without waiting
    const nobody = await node('asker-4', {}, record([]), { timeoutMs: 60_000 });
    expect(await nobody.exchange.fetch(record(['gone']), 'a.png')).toBeUndefined();
  });
});
