import { Redis, type RedisOptions } from 'ioredis';
import { ClusterError } from '../errors.js';

/** Options of {@link connectRedis}. */
export interface RedisConnectOptions {
  /** `redis://[user:password@]host:port[/db]` (or `rediss://` for TLS). */
  url: string;
  /** Connection name shown by `CLIENT LIST` (e.g. `ufo:node-1:bus`). */
  name: string;
  /** Extra ioredis options. */
  options?: RedisOptions;
}

/**
 * Opens an ioredis connection that waits and reconnects instead of failing commands while Redis is away
 * (`maxRetriesPerRequest: null`, which BullMQ workers require too), with a capped reconnect delay so a restarted
 * Redis is found again within a second.
 * @throws ClusterError `CLUSTER_OPTIONS_INVALID` when the URL is not a redis URL.
 */
export function connectRedis(options: RedisConnectOptions): Redis {
  let url: URL;
  try {
    url = new URL(options.url);
  } catch (error) {
    throw new ClusterError('CLUSTER_OPTIONS_INVALID', `"${options.url}" is not a Redis URL (redis://host:port)`, { cause: error });
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') {
    throw new ClusterError('CLUSTER_OPTIONS_INVALID', `"${options.url}" is not a Redis URL (redis://host:port or rediss://...)`);
  }
  return new Redis(options.url, {
    maxRetriesPerRequest: null,
    enableReadyCheck: true,
    connectionName: options.name,
    retryStrategy: (times) => Math.min(50 * times, 500),
    ...options.options,
  });
}
