import { errorMessage } from '@ufo-ts/core';
import { StreamRecordSchema, type StreamEventBus, type StreamRecord, type StreamRecordInput, type StreamRecordListener } from '@ufo-ts/server';
import type { RedisClient } from './redis-connections.js';

/** Options of {@link RedisStreamEventBus}. */
export interface RedisStreamEventBusOptions {
  /** The connection records are appended with (XADD); shared with other commands. */
  publisher: RedisClient;
  /** A connection of its own: it blocks in XREAD, so nothing else may use it; `close()` disconnects it. */
  reader: RedisClient;
  /** The Redis stream key (e.g. `{ufo}:events`; hash-tagged like the cluster's other keys). */
  key: string;
  /** Entries the Redis stream keeps (approximately, `MAXLEN ~`; default 10 000). */
  maxLength?: number;
  /** How long one XREAD blocks, in ms (default 1 000); `close()` waits at most this long. */
  blockMs?: number;
  /** Entries read per XREAD (default 500). */
  batchSize?: number;
  /** Reports a failed append or an unreadable entry. */
  onError?: (error: Error) => void;
}

/**
 * The live event stream's bus for a cluster: every node appends its records to one Redis stream (XADD, capped with
 * `MAXLEN ~`) and reads every node's records back from it (XREAD BLOCK), so a subscriber on any node sees the events
 * of tasks running on all of them, in one order, under the ids Redis gave them (`<ms>-<seq>`): a subscriber resumes
 * with `Last-Event-ID` on whichever node it reconnects to. A node receives only records appended after `start()`.
 *
 * @example
 * ```ts
 * const bus = new RedisStreamEventBus({ publisher: connectRedis({ url, name: 'events' }), reader: connectRedis({ url, name: 'events-read' }), key: '{ufo}:events' });
 * const server = createUfoServer({ createModel, events: { bus } });
 * ```
 */
export class RedisStreamEventBus implements StreamEventBus {
  private readonly options: RedisStreamEventBusOptions;
  private readonly listeners = new Set<StreamRecordListener>();
  private loop: Promise<void> | undefined;
  private stopped = false;
  private lastId = '$';

  constructor(options: RedisStreamEventBusOptions) {
    this.options = options;
  }

  publish(input: StreamRecordInput): void {
    const text = JSON.stringify(input);
    this.options.publisher
      .xadd(this.options.key, 'MAXLEN', '~', String(this.options.maxLength ?? 10_000), '*', 'r', text)
      .catch((error: unknown) =>
        this.options.onError?.(new Error(`the event could not be appended to ${this.options.key}: ${errorMessage(error)}`, { cause: error })),
      );
  }

  subscribe(listener: StreamRecordListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Starts reading in the background (it never waits for Redis: the reader reconnects on its own). */
  async start(): Promise<void> {
    this.loop ??= this.readLoop();
  }

  async close(): Promise<void> {
    this.stopped = true;
    this.options.reader.disconnect();
    await this.loop;
    this.listeners.clear();
  }

  private async readLoop(): Promise<void> {
    const { reader, key } = this.options;
    while (!this.stopped && this.lastId === '$') {
      try {
        // the newest id now: records appended from here on are read, none before
        const newest = (await reader.xrevrange(key, '+', '-', 'COUNT', 1)) as [string, string[]][];
        this.lastId = newest[0]?.[0] ?? '0-0';
      } catch (error) {
        if (this.stopped) return;
        this.options.onError?.(new Error(`reading ${key} failed: ${errorMessage(error)}`, { cause: error }));
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    while (!this.stopped) {
      let reply: [string, [string, string[]][]][] | null;
      try {
        reply = (await reader.xread(
          'COUNT',
          this.options.batchSize ?? 500,
          'BLOCK',
          this.options.blockMs ?? 1_000,
          'STREAMS',
          key,
          this.lastId,
        )) as typeof reply;
      } catch (error) {
        if (this.stopped) return;
        this.options.onError?.(new Error(`reading ${key} failed: ${errorMessage(error)}`, { cause: error }));
        await new Promise((resolve) => setTimeout(resolve, 200));
        continue;
      }
      for (const [, entries] of reply ?? []) {
        for (const [id, fields] of entries) {
          this.lastId = id;
          this.deliver(id, fields);
        }
      }
    }
  }

  private deliver(id: string, fields: string[]): void {
    const text = fields[fields.indexOf('r') + 1];
    let record: StreamRecord;
    try {
      record = StreamRecordSchema.parse({ ...(JSON.parse(text ?? '') as object), id });
    } catch (error) {
      this.options.onError?.(new Error(`entry ${id} of ${this.options.key} is not a stream record: ${errorMessage(error)}`, { cause: error }));
      return;
    }
    for (const listener of this.listeners) {
      try {
        listener(record);
      } catch {
        // a listener's failure never stops the reader
      }
    }
  }
}
