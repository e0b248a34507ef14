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
import WebSocket from 'ws';

/** Options of {@link DeviceConnection}. */
export interface DeviceConnectionOptions {
  socket: WebSocket;
  /** Remote address, for logs. */
  remote: string;
  /** Largest message sent, in bytes. */
  maxMessageBytes: number;
  /** A peer that lets more than this many bytes pile up unread is disconnected (slow or hostile reader). */
  maxBufferedBytes: number;
  /** Clock for `lastSeen` (ms). */
  now: () => number;
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
  private readonly options: DeviceConnectionOptions;
  private probing = false;

  constructor(options: DeviceConnectionOptions) {
    this.options = options;
    this.socket = options.socket;
    this.remote = options.remote;
    this.openedAt = options.now();
    this.lastSeen = this.openedAt;
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
      this.socket.terminate();
      throw new AipChannelClosedError(`device ${this.deviceId} does not read its messages (over ${this.options.maxBufferedBytes} bytes queued); disconnected`);
    }
    this.socket.send(text);
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
   * Checks that the peer is still there: a WebSocket ping that must be answered within `timeoutMs`, else the
   * connection is terminated (a device that reconnects after a network drop finds its old, dead connection gone).
   */
  probe(timeoutMs: number): void {
    if (this.probing || !this.open) return;
    this.probing = true;
    const timer = setTimeout(() => {
      if (this.probing) this.socket.terminate();
    }, timeoutMs);
    timer.unref();
    this.socket.once('pong', () => {
      this.probing = false;
      this.lastSeen = this.options.now();
      clearTimeout(timer);
    });
    this.socket.ping();
  }

  /** Closes the connection (the close handshake; terminated if the peer does not answer it). */
  close(code: number, reason: string): void {
    if (this.socket.readyState === WebSocket.CLOSED || this.socket.readyState === WebSocket.CLOSING) return;
    this.socket.close(code, reason.slice(0, 120));
    const force = setTimeout(() => this.socket.terminate(), 2_000);
    force.unref();
  }
}
