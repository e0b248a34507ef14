import type { StreamEvent, StreamRecord } from './stream-event-schema.js';

const encoder = new TextEncoder();

/** One Server-Sent Events frame: `id:` (when the record has one), `event:` (its type) and `data:` (its JSON). */
export function sseFrame(record: StreamRecord | { id: undefined; event: StreamEvent }): Uint8Array {
  const id = record.id !== undefined ? `id: ${record.id}\n` : '';
  // JSON.stringify never leaves a raw line break in its output, so one data line carries the whole event
  return encoder.encode(`${id}event: ${record.event.type}\ndata: ${JSON.stringify(record.id !== undefined ? { id: record.id, ...record.event } : record.event)}\n\n`);
}

const HEARTBEAT = encoder.encode(': heartbeat\n\n');
/** Tells the browser's EventSource how long to wait before reconnecting, and opens the stream at once. */
const OPENING = encoder.encode('retry: 2000\n: stream open\n\n');

/** Options of {@link SseStream}. */
export interface SseStreamOptions {
  /** Bytes the stream may hold for a subscriber that reads slowly before it is dropped (default 1 MiB). */
  maxQueuedBytes: number;
  /** Called once when the stream ends (the client left, it was dropped, or the server closed it). */
  onClose: () => void;
}

/**
 * The body of one SSE response: a byte-bounded queue in front of the socket. The HTTP layer takes bytes as fast as
 * the socket drains; a subscriber whose unread bytes would pass `maxQueuedBytes` gets a last `subscriber-dropped`
 * event with the reason and the stream ends, so a slow reader never grows the server's memory.
 */
export class SseStream {
  readonly body: ReadableStream<Uint8Array>;
  private controller!: ReadableStreamDefaultController<Uint8Array>;
  private ended = false;
  private readonly options: SseStreamOptions;

  constructor(options: SseStreamOptions) {
    this.options = options;
    this.body = new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          this.controller = controller;
          controller.enqueue(OPENING);
        },
        cancel: () => this.finish(),
      },
      { highWaterMark: options.maxQueuedBytes, size: (chunk) => chunk.byteLength },
    );
  }

  get closed(): boolean {
    return this.ended;
  }

  /** Queues a record; false when the stream has ended (now or before). */
  send(record: StreamRecord | { id: undefined; event: StreamEvent }): boolean {
    return this.write(sseFrame(record));
  }

  /** Queues a heartbeat comment; false when the stream has ended. */
  heartbeat(): boolean {
    return this.write(HEARTBEAT);
  }

  /** Ends the stream with a `subscriber-dropped` event giving the reason. */
  drop(reason: string): void {
    if (this.ended) return;
    try {
      this.controller.enqueue(sseFrame({ id: undefined, event: { type: 'subscriber-dropped', time: new Date().toISOString(), reason } }));
      this.controller.close();
    } catch {
      // the client already left
    }
    this.finish();
  }

  private write(chunk: Uint8Array): boolean {
    if (this.ended) return false;
    const room = this.controller.desiredSize ?? 0;
    if (chunk.byteLength > room) {
      this.drop(`the subscriber read too slowly (more than ${this.options.maxQueuedBytes} bytes unread)`);
      return false;
    }
    try {
      this.controller.enqueue(chunk);
      return true;
    } catch {
      this.finish();
      return false;
    }
  }

  private finish(): void {
    if (this.ended) return;
    this.ended = true;
    this.options.onClose();
  }
}
