import {
  AipChannelClosedError,
  encodeServerMessage,
  type AipChannel,
  type AipErrorCode,
  type ClientType,
  type DeviceInfo,
  type Platform,
  type ServerMessageInput,
} from '@ufo-ts/aip';
import type { Clock } from '@ufo-ts/core';
import WebSocket from 'ws';
import type { OutboundBudget } from './outbound-budget.js';

/** Options of {@link DeviceConnection}. */
export interface DeviceConnectionOptions {
  socket: WebSocket;
  /** Remote address, for logs. */
  remote: string;
  /** Largest message sent, in bytes. */
  maxMessageBytes: number;
  /** A peer that lets more than this many bytes pile up unread is disconnected (slow or hostile reader). */
  maxBufferedBytes: number;
  /** The time `openedAt` and `lastSeen` are stamped with, and a probe's stalls are measured on. */
  clock: Clock;
  /** The server-wide ceiling on queued bytes, shared by every connection. */
  budget?: OutboundBudget;
  /** Told when a slow reader is disconnected, with the reason. */
  onSlowReader?: (connection: DeviceConnection, reason: string) => void;
}

/** The identity a connection registered with; pinned for the connection's life. */
export interface PinnedIdentity {
  clientId: string;
  clientType: ClientType;
  platform: Platform;
}

/**
 * One WebSocket connection on the server: its pinned identity once registered, its device info, when it was last
 * heard from, and a safe `send` (validated, size-checked, back-pressure-checked). It is the {@link AipChannel}
 * the session's WebSocketCommandDispatcher sends COMMANDs through.
 */
export class DeviceConnection implements AipChannel {
  readonly socket: WebSocket;
  readonly remote: string;
  readonly openedAt: number;
  lastSeen: number;
  identity: PinnedIdentity | undefined;
  deviceInfo: DeviceInfo | undefined;
  registeredAt: number | undefined;
  /** True while a REGISTER is being checked (credential, cluster lease). */
  registering = false;
  private readonly options: DeviceConnectionOptions;
  private probing = false;
  private heardAfterProbe = false;

  constructor(options: DeviceConnectionOptions) {
    this.options = options;
    this.socket = options.socket;
    this.remote = options.remote;
    this.openedAt = options.clock.now();
    this.lastSeen = this.openedAt;
    this.socket.on('pong', () => this.heard());
    this.socket.on('ping', () => this.heard());
  }

  /** The registered client id (`unregistered` before REGISTER). */
  get deviceId(): string {
    return this.identity?.clientId ?? 'unregistered';
  }

  /** True while the socket can send. */
  get open(): boolean {
    return this.socket.readyState === WebSocket.OPEN;
  }

  /** @throws AipChannelClosedError when the socket is not open; AipMessageTooLargeError when too large. */
  send(message: ServerMessageInput): void {
    if (!this.open) throw new AipChannelClosedError(`device ${this.deviceId} is not connected`);
    const text = encodeServerMessage(message, { maxBytes: this.options.maxMessageBytes });
    if (this.socket.bufferedAmount + text.length > this.options.maxBufferedBytes) {
      const reason = `device ${this.deviceId} does not read its messages (over ${this.options.maxBufferedBytes} bytes queued); disconnected`;
      this.dropSlowReader(reason);
      throw new AipChannelClosedError(reason);
    }
    if (this.options.budget && !this.options.budget.makeRoom(this, text.length)) {
      throw new AipChannelClosedError(`device ${this.deviceId} was disconnected: the server's queued output is at its ceiling and it is the slowest reader`);
    }
    this.socket.send(text);
  }

  /** Bytes queued on the socket and not yet sent (counted by the server-wide `OutboundBudget`). */
  get queuedBytes(): number {
    return this.socket.bufferedAmount;
  }

  /** Names this peer in a drop reason. */
  get label(): string {
    return `device ${this.deviceId}`;
  }

  /** Disconnects this peer for not reading (terminated: a close frame would queue behind the backlog). */
  dropSlowReader(reason: string): void {
    this.options.budget?.delete(this);
    this.options.onSlowReader?.(this, reason);
    this.socket.terminate();
  }

  /** Sends an ERROR (never throws); with `fatal`, closes the connection after it (policy violation, 1008). */
  sendError(code: AipErrorCode, error: string, extra: { responseId?: string; sessionId?: string; fatal?: boolean } = {}): void {
    try {
      this.send({
        type: 'error',
        status: 'error',
        code,
        error: error.slice(0, 2_000),
        fatal: extra.fatal ?? false,
        ...(extra.responseId !== undefined ? { response_id: extra.responseId } : {}),
        ...(extra.sessionId !== undefined ? { session_id: extra.sessionId } : {}),
      });
    } catch {
      // the peer is gone or flooding; nothing more to tell it
    }
    if (extra.fatal) this.close(1008, code);
  }

  /**
   * Checks that the peer is still there: a WebSocket ping, then a verdict after `timeoutMs`. The peer is alive when
   * anything arrived from it since the probe began (a message, a pong, a ping), and the verdict is only given once
   * the event loop has had a whole window of `timeoutMs` without stalling: a timer that fires late (another
   * connection's frame held the loop) and the I/O it held back are handled first, so a live holder whose pong is
   * still unread is never judged dead. A silent peer is terminated (a device that reconnects after a network drop
   * finds its old, dead connection gone). `onEnd` learns the verdict.
   */
  probe(timeoutMs: number, onEnd?: (alive: boolean) => void): void {
    if (this.probing || !this.open) return;
    this.probing = true;
    this.heardAfterProbe = false;
    const end = (dead: boolean) => {
      this.probing = false;
      if (dead) this.socket.terminate();
      onEnd?.(!dead);
    };
    const arm = (windowStart: number, windowsLeft: number) => {
      const timer = setTimeout(() => {
        if (this.heardAfterProbe) return end(false);
        const late = this.options.clock.now() - windowStart - timeoutMs;
        // read what a stall held back (the poll phase runs before setImmediate callbacks), then judge or re-arm
        setImmediate(() => {
          if (this.heardAfterProbe) return end(false);
          // late by less than a whole window: the loop ran; load alone makes timers a little late
          if (late <= timeoutMs) return end(true);
          // the loop stalled in this window: the silence proves nothing; keep the holder when it keeps stalling
          if (windowsLeft === 0) return end(false);
          arm(this.options.clock.now(), windowsLeft - 1);
        });
      }, timeoutMs);
      timer.unref();
    };
    arm(this.options.clock.now(), 3);
    this.socket.ping();
  }

  /** Records traffic from the peer (messages, pings and pongs): it is alive now. */
  heard(): void {
    this.lastSeen = this.options.clock.now();
    this.heardAfterProbe = true;
  }

  /** Closes the connection (the close handshake; terminated if the peer does not answer it). */
  close(code: number, reason: string): void {
    if (this.socket.readyState === WebSocket.CLOSED || this.socket.readyState === WebSocket.CLOSING) return;
    this.socket.close(code, reason.slice(0, 120));
    const force = setTimeout(() => this.socket.terminate(), 2_000);
    force.unref();
  }
}
