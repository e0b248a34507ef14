// The action cache of a cluster in a real Redis: two nodes' clients see the same runs; an entry that is not a
// cached run is refused with its key named, never used.
import { cacheKey, cacheKeyParts, CachedRunSchema, type CachedRun } from '@ufo-ts/sessions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClusterKeys, connectRedis, RedisActionCacheStore } from '../src/index.js';
import { startRedis, type TestRedis } from './helpers/redis-server.js';

let redis: TestRedis;
let clients: ReturnType<typeof connectRedis>[];
const keys = new ClusterKeys('cache-test');

beforeAll(async () => {
  redis = await startRedis();
  clients = [connectRedis({ url: redis.url, name: 'node-a' }), connectRedis({ url: redis.url, name: 'node-b' })];
}, 60_000);

afterAll(async () => {
  for (const client of clients ?? []) client.disconnect();
  await redis?.close();
});

function run(request: string, updatedAt: string): CachedRun {
  const parts = cacheKeyParts(request, { file: '/tmp/a.ods' }, { app: 'soffice', title: 'a.ods - LibreOffice Calc' });
  return CachedRunSchema.parse({
    key: cacheKey(parts),
    parts,
    steps: [{ function: 'keyboard_input', arguments: { keys: 'ctrl+s' } }],
    createdAt: updatedAt,
    updatedAt,
  });
}

describe('RedisActionCacheStore', () => {
  it('a run one node writes, another reads; list (oldest update first), delete and clear', async () => {
    const [a, b] = clients.map((redisClient) => new RedisActionCacheStore({ redis: redisClient, key: keys.actionCache }));
    expect(await b!.list()).toEqual([]);
    const first = run('save the sheet', '2026-11-28T19:00:02.000Z');
    const second = run('save {{file}} as csv', '2026-11-28T19:00:01.000Z');
    await a!.put(first);
    await a!.put(second);
    expect(await b!.get(first.key)).toEqual(first);
    expect((await b!.list()).map((r) => r.key)).toEqual([second.key, first.key]);
    await b!.put({ ...first, hits: 3 });
    expect((await a!.get(first.key))?.hits).toBe(3);
    expect(await a!.delete(first.key)).toBe(true);
    expect(await a!.delete(first.key)).toBe(false);
    expect(await b!.get(first.key)).toBeUndefined();
    expect(await b!.clear()).toBe(1);
    expect(await a!.list()).toEqual([]);
  });

  it('an entry that is not a cached run of its key is a typed error naming it', async () => {
    const store = new RedisActionCacheStore({ redis: clients[0]!, key: keys.actionCache });
    const good = run('save the sheet', '2026-11-28T19:00:00.000Z');
    await clients[0]!.hset(keys.actionCache, good.key, '{');
    await expect(store.get(good.key)).rejects.toMatchObject({ code: 'ACTION_CACHE_INVALID', message: expect.stringContaining('is not JSON') });
    await clients[0]!.hset(keys.actionCache, good.key, JSON.stringify({ ...good, key: 'f'.repeat(64) }));
    await expect(store.list()).rejects.toMatchObject({ code: 'ACTION_CACHE_INVALID', message: expect.stringContaining(`${keys.actionCache}[${good.key}]`) });
    await store.clear();
  });
});
