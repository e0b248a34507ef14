import { errorMessage } from '@ufo-ts/core';
import { CachedRunSchema, SessionError, type ActionCacheStore, type CachedRun } from '@ufo-ts/sessions';
import type { RedisClient } from '../redis/redis-connections.js';

/** Options of {@link RedisActionCacheStore}. */
export interface RedisActionCacheStoreOptions {
  redis: RedisClient;
  /** The hash the runs are kept in (`ClusterKeys.actionCache`). */
  key: string;
}

/**
 * The action cache of a cluster: every node's sessions find the runs any node cached. The runs are the fields of one
 * Redis hash (cache key → JSON); a write replaces a field at once, so a reader sees the old run or the new one. An
 * entry that is not a cached run is refused with `ACTION_CACHE_INVALID` naming it, as the file store does.
 *
 * @example
 * ```ts
 * const keys = new ClusterKeys();
 * const store = new RedisActionCacheStore({ redis: connectRedis({ url }), key: keys.actionCache });
 * ```
 */
export class RedisActionCacheStore implements ActionCacheStore {
  constructor(private readonly options: RedisActionCacheStoreOptions) {}

  async get(key: string): Promise<CachedRun | undefined> {
    const raw = await this.options.redis.hget(this.options.key, key);
    return raw === null ? undefined : this.parse(key, raw);
  }

  async put(run: CachedRun): Promise<void> {
    const entry = CachedRunSchema.parse(run);
    await this.options.redis.hset(this.options.key, entry.key, JSON.stringify(entry));
  }

  async list(): Promise<CachedRun[]> {
    const all = await this.options.redis.hgetall(this.options.key);
    return Object.entries(all)
      .map(([key, raw]) => this.parse(key, raw))
      .sort((a, b) => a.updatedAt.localeCompare(b.updatedAt));
  }

  async delete(key: string): Promise<boolean> {
    return (await this.options.redis.hdel(this.options.key, key)) > 0;
  }

  async clear(): Promise<number> {
    const [[, count]] = (await this.options.redis.multi().hlen(this.options.key).del(this.options.key).exec()) as [[unknown, number], [unknown, number]];
    return count;
  }

  private parse(key: string, raw: string): CachedRun {
    const where = `${this.options.key}[${key}]`;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (error) {
      throw new SessionError('ACTION_CACHE_INVALID', `the cached run ${where} is not JSON: ${errorMessage(error)}`, { cause: error, details: { path: where } });
    }
    const parsed = CachedRunSchema.safeParse(value);
    if (!parsed.success || parsed.data.key !== key) {
      const cause = parsed.success ? {} : { cause: parsed.error };
      throw new SessionError('ACTION_CACHE_INVALID', `the cached run ${where} is not a cached run of its key`, { ...cause, details: { path: where } });
    }
    return parsed.data;
  }
}
