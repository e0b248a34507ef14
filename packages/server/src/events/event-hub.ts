import { systemClock, type Clock } from '@ufo-ts/core';
import { BoundedMap } from '@ufo-ts/core/internal';
import { compareEventIds, parseEventId } from './event-id.js';
import { EventRing } from './event-ring.js';
import type { StreamEventBus } from './stream-event-bus.js';
import type { StreamEvent, StreamRecord } from './stream-event-schema.js';

/** Options of {@link EventHub}. */
export interface EventHubOptions {
  /** The bus the hub reads (and the server publishes to). */
  bus: StreamEventBus;
  /** Records kept for resuming the server-wide stream (default 2 000). */
  serverBufferSize?: number;
  /** Records kept per task for resuming and replaying a task's stream (default 1 000). */
  taskBufferSize?: number;
  /** Tasks whose records are kept (default 200; the least recently active task's buffer goes first). */
  maxTaskBuffers?: number;
  /** Interval of the comment lines that keep idle streams open through proxies, in ms (default 15 000). */
  heartbeatMs?: number;
  /** The time of the events the hub itself makes (`stream-gap`, and its streams' `subscriber-dropped`; default `systemClock`). */
  clock?: Clock;
}

/** What one subscriber of the hub wants and where its records go. */
export interface HubSubscriberInput {
  /** Only this task's events (default: every event the viewer may see). */
  taskName?: string;
  /** The id of the viewer's API key; records with another `audience` are never delivered (unless `seesAll`). */
  viewer: string | undefined;
  /** The viewer holds an admin key: it sees every key's records. */
  seesAll?: boolean;
  /** The id of the last event the subscriber saw (`Last-Event-ID`). */
  lastEventId?: string;
  /**
   * Receives a record (or a control event without an id). Returns false when the subscriber cannot take more (it is
   * then removed).
   */
  deliver(record: StreamRecord | { id: undefined; event: StreamEvent }): boolean;
  /** Called on every heartbeat. Returns false when the subscriber is gone. */
  heartbeat(): boolean;
  /** Called when the hub closes (the server is stopping). */
  end?(reason: string): void;
}

interface Subscriber extends HubSubscriberInput {
  closed: boolean;
}

/**
 * The live stream's memory on one node: it reads every record of the bus into a bounded server-wide ring and
 * bounded per-task rings, replays them to subscribers resuming with `Last-Event-ID` (with a `stream-gap` event when
 * they are too far behind), hands new records to the subscribers allowed to see them, and sends heartbeats.
 *
 * @example
 * ```ts
 * const hub = new EventHub({ bus, clock });
 * const stop = hub.subscribe({ viewer: undefined, deliver: (r) => (console.log(r.event.type), true), heartbeat: () => true });
 * ```
 */
export class EventHub {
  /** The time of the events the hub and its streams make. */
  readonly clock: Clock;
  private readonly serverRing: EventRing;
  private readonly taskRings: BoundedMap<string, EventRing>;
  private readonly subscribers = new Set<Subscriber>();
  private readonly taskBufferSize: number;
  private readonly unsubscribeBus: () => void;
  private readonly timer: NodeJS.Timeout;
  /** The first record this hub read: events before it (another process's, or before this node started) are unknown here. */
  private firstIngested: string | undefined;

  constructor(options: EventHubOptions) {
    this.clock = options.clock ?? systemClock;
    this.serverRing = new EventRing(options.serverBufferSize ?? 2_000);
    this.taskBufferSize = options.taskBufferSize ?? 1_000;
    this.taskRings = new BoundedMap(options.maxTaskBuffers ?? 200);
    this.unsubscribeBus = options.bus.subscribe((record) => this.ingest(record));
    this.timer = setInterval(() => this.beat(), options.heartbeatMs ?? 15_000);
    this.timer.unref();
  }

  /** Subscribers connected now. */
  get subscriberCount(): number {
    return this.subscribers.size;
  }

  /** The records kept for a task (oldest first). */
  taskRecords(taskName: string): StreamRecord[] {
    return this.taskRings.get(taskName)?.all() ?? [];
  }

  /**
   * Replays what the subscriber missed (the task's kept records, or those after `lastEventId`), then delivers new
   * records as they arrive. Returns the unsubscribe function.
   */
  subscribe(input: HubSubscriberInput): () => void {
    const subscriber: Subscriber = { ...input, closed: false };
    const ring = input.taskName !== undefined ? this.taskRings.get(input.taskName) : this.serverRing;
    if (input.lastEventId !== undefined || input.taskName !== undefined) {
      const replay = input.lastEventId !== undefined ? ring?.since(input.lastEventId) : { records: ring?.all() ?? [], gap: false };
      const records = (replay?.records ?? []).filter((record) => this.wants(subscriber, record));
      const beforeThisHub = input.lastEventId !== undefined && this.firstIngested !== undefined && missedBefore(input.lastEventId, this.firstIngested);
      if ((replay?.gap || beforeThisHub) && input.lastEventId !== undefined) {
        const gap: StreamEvent = {
          type: 'stream-gap',
          time: new Date(this.clock.now()).toISOString(),
          after_id: input.lastEventId,
          ...(records[0] ? { resumes_at: records[0].id } : {}),
          reason: 'the events after Last-Event-ID are no longer buffered',
        };
        if (!input.deliver({ id: undefined, event: gap })) return () => {};
      }
      for (const record of records) if (!input.deliver(record)) return () => {};
    }
    this.subscribers.add(subscriber);
    return () => {
      subscriber.closed = true;
      this.subscribers.delete(subscriber);
    };
  }

  /** Stops reading the bus and forgets the subscribers (their streams are closed by their owners). */
  close(): void {
    clearInterval(this.timer);
    this.unsubscribeBus();
    const subscribers = [...this.subscribers];
    this.subscribers.clear();
    for (const subscriber of subscribers) subscriber.end?.('the server is stopping');
  }

  private ingest(record: StreamRecord): void {
    this.firstIngested ??= record.id;
    this.serverRing.push(record);
    const taskName = 'task_name' in record.event ? record.event.task_name : undefined;
    if (taskName !== undefined) {
      let ring = this.taskRings.get(taskName);
      if (!ring) ring = new EventRing(this.taskBufferSize);
      this.taskRings.set(taskName, ring);
      ring.push(record);
    }
    for (const subscriber of this.subscribers) {
      if (subscriber.closed || !this.wants(subscriber, record)) continue;
      if (!subscriber.deliver(record)) {
        subscriber.closed = true;
        this.subscribers.delete(subscriber);
      }
    }
  }

  private wants(subscriber: Subscriber, record: StreamRecord): boolean {
    if (record.audience !== undefined && record.audience !== subscriber.viewer && !subscriber.seesAll) return false;
    if (subscriber.taskName === undefined) return true;
    return 'task_name' in record.event && record.event.task_name === subscriber.taskName;
  }

  private beat(): void {
    for (const subscriber of this.subscribers) {
      if (!subscriber.heartbeat()) {
        subscriber.closed = true;
        this.subscribers.delete(subscriber);
      }
    }
  }
}

/** Whether events may lie between `id` and `first` (the first id a hub read): `id` is older and not its direct predecessor. */
function missedBefore(id: string, first: string): boolean {
  if (compareEventIds(id, first) >= 0) return false;
  const [ms, seq] = parseEventId(id) ?? [0, 0];
  const [firstMs, firstSeq] = parseEventId(first) ?? [0, 0];
  return !(ms === firstMs && seq === firstSeq - 1);
}
