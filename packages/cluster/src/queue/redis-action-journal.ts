import { errorMessage } from '@ufo-ts/core';
import { JournalEntrySchema, type ActionJournal, type JournalEntry } from '@ufo-ts/sessions';
import type { RedisClient } from '../redis/redis-connections.js';
import { ClusterError } from '../errors.js';

/** Options of {@link RedisActionJournal.open}. */
export interface RedisActionJournalOptions {
  redis: RedisClient;
  /** The list the entries go to (`ClusterKeys.journal(sessionId)`). */
  key: string;
  /**
   * Appends succeed only while `key` holds `token` (the session's BullMQ job lock and this worker's lock token):
   * a worker that lost the job cannot write to the journal the next worker resumes from.
   */
  fence?: { key: string; token: string };
  /** The list expires this long after its last append, in ms (default 7 days); the worker deletes it when the session ends. */
  ttlMs?: number;
}

// KEYS[1] journal list, KEYS[2] fence key; ARGV[1] entry JSON, ARGV[2] fence token ('' = no fence), ARGV[3] ttl ms
const APPEND = `if ARGV[2] ~= '' and redis.call('GET', KEYS[2]) ~= ARGV[2] then return -1 end
local n = redis.call('RPUSH', KEYS[1], ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return n`;

/**
 * A session's action journal in a Redis list, so a session resumed on another node replays from it (the file
 * journal would stay in the dead node's log folder). Entries are read once, when it opens; each `append` resolves
 * once Redis holds the entry (it survives the worker's death; a Redis restart keeps it with an append-only file).
 * Keys share the cluster's hash tag, so the fence check and the append are one script on Redis Cluster too.
 */
export class RedisActionJournal implements ActionJournal {
  private readonly list: JournalEntry[];

  private constructor(
    private readonly options: RedisActionJournalOptions,
    entries: JournalEntry[],
  ) {
    this.list = entries;
  }

  /**
   * Reads the journal's entries and returns it ready to append.
   * @throws ClusterError `CLUSTER_MESSAGE_INVALID` when an entry is not a journal entry.
   */
  static async open(options: RedisActionJournalOptions): Promise<RedisActionJournal> {
    const raw = await options.redis.lrange(options.key, 0, -1);
    const entries = raw.map((line, index) => {
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch (error) {
        throw new ClusterError('CLUSTER_MESSAGE_INVALID', `${options.key}[${index}] is not JSON: ${errorMessage(error)}`, { cause: error });
      }
      const parsed = JournalEntrySchema.safeParse(value);
      if (!parsed.success) throw new ClusterError('CLUSTER_MESSAGE_INVALID', `${options.key}[${index}] is not a journal entry`, { cause: parsed.error });
      return parsed.data;
    });
    return new RedisActionJournal(options, entries);
  }

  /** @throws ClusterError `JOB_LOCK_LOST` when the fence no longer holds this worker's token (nothing is written). */
  async append(entry: JournalEntry): Promise<void> {
    const { redis, key, fence, ttlMs = 7 * 24 * 3_600_000 } = this.options;
    const length = await redis.eval(APPEND, 2, key, fence?.key ?? key, JSON.stringify(entry), fence?.token ?? '', String(ttlMs));
    if (length === -1) throw new ClusterError('JOB_LOCK_LOST', `the journal ${key} was not written: the session's job lock is held by another worker`);
    this.list.push(structuredClone(entry));
  }

  entries(): JournalEntry[] {
    return structuredClone(this.list);
  }

  /** Deletes the journal (the session ended for good). */
  async remove(): Promise<void> {
    await this.options.redis.del(this.options.key);
  }
}
