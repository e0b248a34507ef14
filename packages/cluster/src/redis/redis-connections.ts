import { Cluster, Redis, type ClusterOptions, type RedisOptions } from 'ioredis';
import { ClusterError } from '../errors.js';

/** A connection to a single Redis server or to a Redis Cluster (the cluster's commands route by key slot). */
export type RedisClient = Redis | Cluster;

/** Options of {@link connectRedis}. */
export interface RedisConnectOptions {
  /**
   * `redis://[user:password@]host:port[/db]` (or `rediss://` for TLS) for one Redis server, or
   * `redis-cluster://[user:password@]host:port[,host:port...]` (or `rediss-cluster://`) for a Redis Cluster: the
   * listed nodes are seeds, the client discovers the others and follows failovers.
   */
  url: string;
  /** Connection name shown by `CLIENT LIST` (e.g. `ufo:node-1:bus`). */
  name: string;
  /**
   * The connection will SSUBSCRIBE (sharded pub/sub). On a Redis Cluster that needs one subscriber per shard, which
   * the cluster client then keeps; ignored for a single server. Default false.
   */
  shardedSubscriber?: boolean;
  /** Extra ioredis options (for a cluster: of each node's connection). */
  options?: RedisOptions;
}

/** Seeds and credentials of a `redis-cluster://` URL. */
interface ClusterUrl {
  nodes: Array<{ host: string; port: number }>;
  username?: string;
  password?: string;
  tls: boolean;
}

/**
 * Opens an ioredis connection that waits and reconnects instead of failing commands while Redis is away
 * (`maxRetriesPerRequest: null`, which BullMQ workers require too), with a capped reconnect delay so a restarted
 * Redis is found again within a second. A `redis-cluster://` URL gives an ioredis `Cluster` client that retries
 * commands across a failover (a master's death until its replica is promoted: `CLUSTERDOWN`, `TRYAGAIN`, moved
 * slots and closed connections) for up to about 30 seconds.
 * @throws ClusterError `CLUSTER_OPTIONS_INVALID` when the URL is not a redis URL.
 *
 * @example
 * ```ts
 * const single = connectRedis({ url: 'redis://127.0.0.1:6379', name: 'ufo:n1:cmd' });
 * const cluster = connectRedis({ url: 'redis-cluster://10.0.0.5:7000,10.0.0.6:7000', name: 'ufo:n1:cmd' });
 * ```
 */
export function connectRedis(options: RedisConnectOptions): RedisClient {
  const cluster = parseClusterUrl(options.url);
  if (cluster) {
    const clusterOptions: ClusterOptions = {
      redisOptions: {
        maxRetriesPerRequest: null,
        enableReadyCheck: true,
        connectionName: options.name,
        ...(cluster.username !== undefined ? { username: cluster.username } : {}),
        ...(cluster.password !== undefined ? { password: cluster.password } : {}),
        ...(cluster.tls ? { tls: {} } : {}),
        ...options.options,
      },
      shardedSubscribers: options.shardedSubscriber ?? false,
      clusterRetryStrategy: (times) => Math.min(100 * times, 1_000),
      // a failover takes the node timeout plus an election: keep retrying meanwhile (300 × 100 ms ≈ 30 s)
      retryDelayOnFailover: 300,
      retryDelayOnClusterDown: 300,
      retryDelayOnTryAgain: 300,
      retryDelayOnMoved: 50,
      maxRedirections: 100,
      slotsRefreshTimeout: 2_000,
    };
    return new Cluster(cluster.nodes, clusterOptions);
  }
  let url: URL;
  try {
    url = new URL(options.url);
  } catch (error) {
    throw new ClusterError('CLUSTER_OPTIONS_INVALID', `"${options.url}" is not a Redis URL (redis://host:port)`, { cause: error });
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') {
    throw new ClusterError(
      'CLUSTER_OPTIONS_INVALID',
      `"${options.url}" is not a Redis URL (redis://host:port, rediss://..., or redis-cluster://host:port,host:port)`,
    );
  }
  return new Redis(options.url, {
    maxRetriesPerRequest: null,
    enableReadyCheck: true,
    connectionName: options.name,
    retryStrategy: (times) => Math.min(50 * times, 500),
    ...options.options,
  });
}

/** True when the URL names a Redis Cluster (`redis-cluster://` or `rediss-cluster://`). */
export function isClusterUrl(url: string): boolean {
  return /^rediss?-cluster:\/\//i.test(url);
}

/** Parses a `redis-cluster://` URL, or returns undefined for any other scheme. @throws ClusterError when malformed. */
function parseClusterUrl(text: string): ClusterUrl | undefined {
  const match = /^(rediss?)-cluster:\/\/(?:([^:@/]*)(?::([^@/]*))?@)?([^/?#]+)\/?$/i.exec(text);
  if (!match) {
    if (isClusterUrl(text))
      throw new ClusterError('CLUSTER_OPTIONS_INVALID', `"${text}" is not a Redis Cluster URL (redis-cluster://host:port[,host:port...])`);
    return undefined;
  }
  const nodes = match[4]!.split(',').map((entry) => {
    const node = /^(\[[^\]]+\]|[^:]+):(\d{1,5})$/.exec(entry.trim());
    if (!node || Number(node[2]) > 65_535) throw new ClusterError('CLUSTER_OPTIONS_INVALID', `"${entry}" in "${text}" is not host:port`);
    return { host: node[1]!.replace(/^\[|\]$/g, ''), port: Number(node[2]) };
  });
  return {
    nodes,
    ...(match[2] ? { username: decodeURIComponent(match[2]) } : {}),
    ...(match[3] !== undefined ? { password: decodeURIComponent(match[3]) } : {}),
    tls: match[1]!.toLowerCase() === 'rediss',
  };
}
