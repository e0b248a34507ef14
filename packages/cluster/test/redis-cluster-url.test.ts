// connectRedis and redis-cluster:// URLs: which client a URL gives, and which URLs are refused (no Redis needed).
import { Cluster, Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { ClusterError, connectRedis, isClusterUrl } from '../src/index.js';

const lazy = { lazyConnect: true } as const;

describe('connectRedis URLs', () => {
  it('redis:// gives a single-server client; redis-cluster:// a Cluster client seeded with every listed node', () => {
    const single = connectRedis({ url: 'redis://127.0.0.1:6390', name: 't', options: lazy });
    expect(single).toBeInstanceOf(Redis);
    single.disconnect();
    const cluster = connectRedis({ url: 'redis-cluster://user:p%40ss@127.0.0.1:7000,[::1]:7001,redis.local:7002', name: 't', options: lazy });
    expect(cluster).toBeInstanceOf(Cluster);
    const seeded = cluster as Cluster;
    expect((seeded as unknown as { startupNodes: unknown }).startupNodes).toEqual([
      { host: '127.0.0.1', port: 7000 },
      { host: '::1', port: 7001 },
      { host: 'redis.local', port: 7002 },
    ]);
    expect(seeded.options.redisOptions).toMatchObject({ username: 'user', password: 'p@ss', maxRetriesPerRequest: null, connectionName: 't' });
    expect(seeded.options.shardedSubscribers).toBe(false);
    seeded.disconnect();
    const subscriber = connectRedis({ url: 'rediss-cluster://127.0.0.1:7000', name: 's', shardedSubscriber: true, options: lazy }) as Cluster;
    expect(subscriber.options.shardedSubscribers).toBe(true);
    expect(subscriber.options.redisOptions).toMatchObject({ tls: {} });
    subscriber.disconnect();
  });

  it('refuses malformed cluster URLs and other schemes with CLUSTER_OPTIONS_INVALID', () => {
    expect(isClusterUrl('redis-cluster://a:1')).toBe(true);
    expect(isClusterUrl('redis://a:1')).toBe(false);
    for (const url of ['redis-cluster://', 'redis-cluster://host', 'redis-cluster://a:1,b', 'redis-cluster://a:99999', 'http://a:1', 'not a url']) {
      expect(() => connectRedis({ url, name: 't', options: lazy }), url).toThrow(ClusterError);
    }
  });
});
