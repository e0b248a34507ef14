import type { CachedRun } from './cached-run-schema.js';

/**
 * Where cached runs are kept (see `FileActionCacheStore`; a Redis store serves a cluster). A store never returns an
 * entry it cannot read as a {@link CachedRun}: it throws `ACTION_CACHE_INVALID` naming it.
 */
export interface ActionCacheStore {
  /** The entry of `key`, or undefined. */
  get(key: string): Promise<CachedRun | undefined>;
  /** Writes an entry (replacing the one of its key) so that a reader sees the old or the new one whole. */
  put(run: CachedRun): Promise<void>;
  /** Every entry, oldest update first. */
  list(): Promise<CachedRun[]>;
  /** Removes the entry of `key`; resolves true when there was one. */
  delete(key: string): Promise<boolean>;
  /** Removes every entry; resolves with how many there were. */
  clear(): Promise<number>;
}
