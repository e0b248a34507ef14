import { systemClock, type Clock } from '@ufo-ts/core';
import type { OutboundBudget, QueuedReader } from '../connections/outbound-budget.js';
import type { StreamEvent, StreamRecord } from './stream-event-schema.js';

const encoder = new TextEncoder();

/** Frames already encoded, per record: every subscriber of a record shares one copy of its bytes. */
const encoded = new WeakMap<object, Uint8Array>();

/**
 * One Server-Sent Events frame: `id:` (when the record has one), `event:` (its type) and `data:` (its JSON). A
 * record is encoded once, however many subscribers queue it.
 */
export function sseFrame(record: StreamRecord | { id: undefined; event: StreamEvent }): Uint8Array {
  let frame = encoded.get(record);
  if (!frame) encoded.set(record, (frame = encodeFrame(record)));
  return frame;
}

function encodeFrame(record: StreamRecord | { id: undefined; event: StreamEvent }): Uint8Array {
  const id = record.id !== undefined ? `id: ${record.id}\n` : '';
  // JSON.stringify never leaves a raw line break in its output, so one data line carries the whole event
  return encoder.encode(
    `${id}event: ${record.event.type}\ndata: ${JSON.stringify(record.id !== undefined ? { id: record.id, ...record.event } : record.event)}\n\n`,
  );
}

const HEARTBEAT = encoder.encode(': heartbeat\n\n');
/** Tells the browser's EventSource how long to wait before reconnecting, and opens the stream at once. */
const OPENING = encoder.encode('retry: 2000\n: stream open\n\n');

/** Options of {@link SseStream}. */
export interface SseStreamOptions {
  /** Bytes the stream may hold for a subscriber that reads slowly before it is dropped (default 1 MiB). */
  maxQueuedBytes: number;
  /** The server-wide ceiling on queued output this stream counts against (shared with device sockets). */
  budget?: OutboundBudget;
  /** The time of the `subscriber-dropped` event (default `systemClock`). */
  clock?: Clock;
  /** Names the subscriber in a drop reason (default `event subscriber`). */
  label?: string;
  /** Called once when the stream ends (the client left, it was dropped, or the server closed it). */
  onClose: () => void;
  /**
   * Called once when the subscriber is dropped for reading too slowly, after the last event is queued: e.g. to
   * close its socket if it has not taken that event within a grace period.
   */
  onDropped?: () => void;
}

/**
 * The body of one SSE response: a byte-bounded queue in front of the socket. The HTTP layer takes one frame at a
 * time as the socket drains; the frames not yet taken are counted here and in the server-wide
 * {@link OutboundBudget}. A subscriber whose unread bytes would pass `maxQueuedBytes`, or that is the slowest
 * reader when the server's queued output would pass its ceiling, gets a last `subscriber-dropped` event with the
 * reason and the stream ends; its queue is released at once, so a slow reader never grows the server's memory.
 */
export class SseStream implements QueuedReader {
  readonly body: ReadableStream<Uint8Array>;
  readonly label: string;
  private controller!: ReadableStreamDefaultController<Uint8Array>;
  private ended = false;
  private readonly options: SseStreamOptions;
  /** Frames queued and not yet taken by the HTTP layer. */
  private chunks: Uint8Array[] = [];
  private queued = 0;
  /** The HTTP layer asked for a frame while none was queued: the next one goes straight to it. */
  private demand = false;

  constructor(options: SseStreamOptions) {
    this.options = options;
    this.label = options.label ?? 'event subscriber';
    this.body = new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          this.controller = controller;
        },
        pull: () => this.pull(),
        cancel: () => this.finish(),
      },
      { highWaterMark: 0 },
    );
    options.budget?.addStream(this);
    this.write(OPENING);
  }

  get closed(): boolean {
    return this.ended;
  }

  /** Bytes queued for the subscriber and not yet taken by its socket. */
  get queuedBytes(): number {
    return this.queued;
  }

  /** Queues a record; false when the stream has ended (now or before). */
  send(record: StreamRecord | { id: undefined; event: StreamEvent }): boolean {
    return this.write(sseFrame(record));
  }

  /** Queues a heartbeat comment; false when the stream has ended. */
  heartbeat(): boolean {
    return this.write(HEARTBEAT);
  }

  /** Ends the stream with a `subscriber-dropped` event giving the reason (the frames still queued are discarded). */
  drop(reason: string): void {
    if (this.ended) return;
    this.release();
    try {
      this.controller.enqueue(
        sseFrame({ id: undefined, event: { type: 'subscriber-dropped', time: new Date((this.options.clock ?? systemClock).now()).toISOString(), reason } }),
      );
      this.controller.close();
    } catch {
      // the client already left
    }
    this.finish();
  }

  /** Drops this subscriber for reading too slowly (called by the server-wide budget, or by its own limit). */
  dropSlowReader(reason: string): void {
    if (this.ended) return;
    this.drop(reason);
    this.options.onDropped?.();
  }

  private write(chunk: Uint8Array): boolean {
    if (this.ended) return false;
    if (this.demand) {
      // the HTTP layer waits for a frame: it takes this one now, nothing is queued
      this.demand = false;
      try {
        this.controller.enqueue(chunk);
        return true;
      } catch {
        this.finish();
        return false;
      }
    }
    if (this.queued + chunk.byteLength > this.options.maxQueuedBytes) {
      this.dropSlowReader(`the subscriber read too slowly (more than ${this.options.maxQueuedBytes} bytes unread)`);
      return false;
    }
    if (this.options.budget && !this.options.budget.makeRoom(this, chunk.byteLength)) return false;
    if (this.ended) return false;
    this.chunks.push(chunk);
    this.queued += chunk.byteLength;
    this.options.budget?.grew(chunk.byteLength);
    return true;
  }

  private pull(): void {
    const chunk = this.chunks.shift();
    if (!chunk) {
      this.demand = true;
      return;
    }
    this.queued -= chunk.byteLength;
    this.options.budget?.shrank(chunk.byteLength);
    this.controller.enqueue(chunk);
  }

  /** Discards the queued frames and gives their bytes back to the budget. */
  private release(): void {
    this.options.budget?.shrank(this.queued);
    this.chunks = [];
    this.queued = 0;
    this.demand = false;
  }

  private finish(): void {
    if (this.ended) return;
    this.ended = true;
    this.release();
    this.options.budget?.deleteStream(this);
    this.options.onClose();
  }
}
