/**
 * A peer whose unread outgoing bytes count against the server-wide ceiling: a device's WebSocket or a subscriber's
 * event stream.
 */
export interface QueuedReader {
  /** Bytes queued for the peer and not yet taken by its socket. */
  readonly queuedBytes: number;
  /** Names the peer in a drop reason (`device laptop`, `event subscriber 127.0.0.1`). */
  readonly label: string;
  /** Disconnects the peer for not reading, telling it (when it can) the reason. */
  dropSlowReader(reason: string): void;
}

/**
 * A server-wide ceiling on bytes queued for peers that do not read, shared by device WebSockets and event-stream
 * subscribers: each has its own limit, and this caps their sum, so non-reading clients of either kind cannot grow
 * the process's memory without bound. When a write would cross it, the readers with the largest backlog (the
 * slowest) are dropped until it fits. WebSocket backlogs are read from their sockets; event streams report theirs
 * as it changes ({@link OutboundBudget.grew}, {@link OutboundBudget.shrank}), so the sum costs no scan of every
 * subscriber per write.
 * @example
 * const budget = new OutboundBudget(64 * 1024 * 1024);
 * budget.add(reader);
 * if (budget.makeRoom(reader, chunk.byteLength)) queue(chunk);
 */
export class OutboundBudget {
  private readonly sockets = new Set<QueuedReader>();
  private readonly streams = new Set<QueuedReader>();
  private streamBytes = 0;

  constructor(readonly maxTotalBytes: number) {}

  /** Counts a WebSocket peer (its backlog is read from it on demand). */
  add(reader: QueuedReader): void {
    this.sockets.add(reader);
  }

  delete(reader: QueuedReader): void {
    this.sockets.delete(reader);
  }

  /** Counts an event stream, which reports its queued bytes with `grew` and `shrank`. */
  addStream(stream: QueuedReader): void {
    this.streams.add(stream);
  }

  /** Stops counting an event stream, giving back the bytes it still had queued. */
  deleteStream(stream: QueuedReader): void {
    if (this.streams.delete(stream)) this.streamBytes = Math.max(0, this.streamBytes - stream.queuedBytes);
  }

  /** An event stream queued `bytes` more. */
  grew(bytes: number): void {
    this.streamBytes += bytes;
  }

  /** An event stream's socket took `bytes` (or it released them). */
  shrank(bytes: number): void {
    this.streamBytes = Math.max(0, this.streamBytes - bytes);
  }

  /** Bytes queued for every peer. */
  used(): number {
    let total = this.streamBytes;
    for (const socket of this.sockets) total += socket.queuedBytes;
    return total;
  }

  /** Peers counted (sockets and streams). */
  get readerCount(): number {
    return this.sockets.size + this.streams.size;
  }

  /** The peer with the most bytes queued, when any has some. */
  slowest(): QueuedReader | undefined {
    let worst: QueuedReader | undefined;
    for (const set of [this.sockets, this.streams]) {
      for (const reader of set) if (reader.queuedBytes > (worst?.queuedBytes ?? 0)) worst = reader;
    }
    return worst;
  }

  /**
   * Makes room for `bytes` more queued for `writer`: while the total would pass the ceiling, the slowest peer is
   * dropped with the reason. False when `writer` itself was dropped (or nothing could be dropped and it still does
   * not fit: then `writer` is dropped).
   */
  makeRoom(writer: QueuedReader, bytes: number): boolean {
    for (;;) {
      const used = this.used();
      if (used + bytes <= this.maxTotalBytes) return true;
      const slowest = this.slowest() ?? writer;
      const victim = slowest.queuedBytes > 0 ? slowest : writer;
      victim.dropSlowReader(
        `the server's queued output would pass ${this.maxTotalBytes} bytes (${used} queued); ${victim.label}, the slowest reader (${victim.queuedBytes} bytes queued), is disconnected`,
      );
      this.delete(victim);
      this.deleteStream(victim);
      if (victim === writer) return false;
    }
  }
}
