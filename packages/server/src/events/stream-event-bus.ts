import { systemClock, type Clock } from '@ufo-ts/core';
import type { StreamRecord, StreamRecordInput } from './stream-event-schema.js';

/** Receives every record a {@link StreamEventBus} carries, in id order. */
export type StreamRecordListener = (record: StreamRecord) => void;

/**
 * The port the live stream publishes through: the server's {@link LocalStreamEventBus} (one process), or a bus
 * shared by the nodes of a cluster (`RedisStreamEventBus` of `@ufo-ts/cluster`), so a subscriber on any node sees
 * the events of tasks running on every node. The bus gives each record its id (`<ms>-<seq>`, increasing).
 *
 * @example
 * ```ts
 * const bus = new LocalStreamEventBus({ clock });
 * const stop = bus.subscribe((record) => console.log(record.id, record.event.type));
 * bus.publish({ event: { type: 'device-connected', time: new Date(clock.now()).toISOString(), client_id: 'pc-1', platform: 'linux' } });
 * stop();
 * ```
 */
export interface StreamEventBus {
  /** Publishes a record; listeners (on every node) receive it with its id. Never throws. */
  publish(record: StreamRecordInput): void;
  /** Subscribes to every record published from now on; returns the unsubscribe function. */
  subscribe(listener: StreamRecordListener): () => void;
  /** Starts receiving (connects, for a shared bus). */
  start(): Promise<void>;
  /** Stops receiving and releases connections. */
  close(): Promise<void>;
}

/** Options of {@link LocalStreamEventBus}. */
export interface LocalStreamEventBusOptions {
  /** The clock of the ids' first part (default `systemClock`). */
  clock?: Clock;
}

/**
 * A {@link StreamEventBus} within one process: records reach the listeners synchronously, with ids `<ms>-<seq>`
 * where `ms` is when the bus was created, so ids of a later process sort after those of an earlier one.
 *
 * @example
 * ```ts
 * const server = createUfoServer({ createModel, clock, events: { bus: new LocalStreamEventBus({ clock }) } });
 * ```
 */
export class LocalStreamEventBus implements StreamEventBus {
  private readonly listeners = new Set<StreamRecordListener>();
  private readonly epoch: number;
  private seq = 0;

  constructor(options: LocalStreamEventBusOptions = {}) {
    this.epoch = (options.clock ?? systemClock).now();
  }

  publish(input: StreamRecordInput): void {
    this.seq += 1;
    const record: StreamRecord = { ...input, id: `${this.epoch}-${this.seq}` };
    for (const listener of this.listeners) {
      try {
        listener(record);
      } catch {
        // a listener's failure never reaches the publisher
      }
    }
  }

  subscribe(listener: StreamRecordListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async start(): Promise<void> {}

  async close(): Promise<void> {
    this.listeners.clear();
  }
}
