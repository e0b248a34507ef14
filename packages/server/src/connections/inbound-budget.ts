import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';

/** What {@link InboundBudget} did to bring the server's inbound bytes back under its ceiling. */
export interface InboundAction {
  /** `paused`: reading from the socket stopped (back-pressure); `disconnected`: it was still the largest once paused. */
  action: 'paused' | 'disconnected';
  /** The connection acted on. */
  socket: WebSocket;
  /** Why, for the server's events. */
  reason: string;
}

interface Tracked {
  socket: WebSocket;
  /** Bytes read from the TCP socket that are not yet part of a delivered message (a frame being received). */
  pending: number;
}

/**
 * A server-wide ceiling on inbound bytes read from the network but not yet delivered as whole messages (frames
 * being received and parsed). Each connection is bounded by the largest message size; this caps their sum, so a
 * handful of clients each sending most of a large frame cannot grow the process without bound.
 *
 * Past the ceiling the connection holding the most is paused (its bytes stay in the kernel; TCP flow control
 * slows the sender). If the total is still over the ceiling when more bytes arrive from anyone, the largest
 * holder, already paused, is disconnected. Paused connections are resumed once the total is back under the
 * ceiling. A connection that sends small messages (heartbeats) never holds the most, so it keeps being read.
 *
 * Bytes are counted on the raw socket and released per delivered message with its frame header (client frames are
 * masked); fragmented messages are counted a few header bytes high, which only makes their sender look larger.
 */
export class InboundBudget {
  private readonly tracked = new Map<WebSocket, Tracked>();
  private readonly paused = new Set<WebSocket>();
  private total = 0;

  /** @param maxTotalBytes the ceiling; `onAction` learns each pause and disconnection. */
  constructor(
    readonly maxTotalBytes: number,
    private readonly onAction: (action: InboundAction) => void,
  ) {}

  /** Starts counting the bytes `raw` (the upgraded TCP socket under `socket`) delivers. */
  add(socket: WebSocket, raw: Duplex): void {
    const entry: Tracked = { socket, pending: 0 };
    this.tracked.set(socket, entry);
    // counted before ws parses the chunk, which may deliver messages (and release their bytes) at once
    raw.prependListener('data', (chunk: Buffer) => {
      if (!this.tracked.has(socket)) return;
      entry.pending += chunk.length;
      this.total += chunk.length;
      this.enforce();
    });
    socket.on('message', (data: Buffer | ArrayBuffer | Buffer[]) => this.release(entry, byteLength(data)));
    socket.on('ping', (data: Buffer) => this.release(entry, data.length));
    socket.on('pong', (data: Buffer) => this.release(entry, data.length));
  }

  /** Stops counting a closed connection and frees its bytes. */
  delete(socket: WebSocket): void {
    const entry = this.tracked.get(socket);
    if (!entry) return;
    this.tracked.delete(socket);
    this.paused.delete(socket);
    this.total -= entry.pending;
    this.resumeIfUnder();
  }

  /** Inbound bytes held for every connection. */
  used(): number {
    return this.total;
  }

  private release(entry: Tracked, payloadBytes: number): void {
    const freed = Math.min(entry.pending, payloadBytes + maskedHeaderBytes(payloadBytes));
    entry.pending -= freed;
    this.total -= freed;
    this.resumeIfUnder();
  }

  private enforce(): void {
    if (this.total <= this.maxTotalBytes) return;
    let largest: Tracked | undefined;
    for (const entry of this.tracked.values()) if (entry.pending > (largest?.pending ?? 0)) largest = entry;
    if (!largest) return;
    const socket = largest.socket;
    if (!socket.isPaused) {
      socket.pause();
      this.paused.add(socket);
      this.onAction({
        action: 'paused',
        socket,
        reason: `the server's inbound bytes passed ${this.maxTotalBytes}; reading paused from the largest sender (${largest.pending} bytes held)`,
      });
      return;
    }
    this.delete(socket);
    this.onAction({
      action: 'disconnected',
      socket,
      reason: `the server's inbound bytes stayed over ${this.maxTotalBytes} with reading paused; the largest sender (${largest.pending} bytes held) is disconnected`,
    });
    socket.terminate();
  }

  private resumeIfUnder(): void {
    if (this.total > this.maxTotalBytes || this.paused.size === 0) return;
    for (const socket of this.paused) socket.resume();
    this.paused.clear();
  }
}

function byteLength(data: Buffer | ArrayBuffer | Buffer[]): number {
  if (Array.isArray(data)) return data.reduce((sum, part) => sum + part.length, 0);
  return data.byteLength;
}

/** Header of one masked (client-to-server) frame carrying `payloadBytes`. */
function maskedHeaderBytes(payloadBytes: number): number {
  return 4 + (payloadBytes < 126 ? 2 : payloadBytes < 65_536 ? 4 : 10);
}
