import { AIP_PROTOCOL_VERSION } from '@ufo-ts/aip';
import WebSocket from 'ws';

/** A frame the raw client received, parsed. */
export type Received = Record<string, any>;

/** Options of {@link RawClient.connect}. */
export interface RawConnectOptions {
  apiKey?: string;
  origin?: string;
  /** Send the key as `?token=` instead of the header. */
  tokenInQuery?: boolean;
}

/**
 * A hand-driven AIP client for protocol and security tests: sends whatever it is told (valid or not) and records
 * every frame and the close code.
 */
export class RawClient {
  readonly received: Received[] = [];
  closeCode: number | undefined;
  readonly closed: Promise<number>;
  private readonly waiters = new Set<{ predicate: (m: Received) => boolean; resolve: (m: Received) => void }>();

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as Received;
      this.received.push(message);
      for (const waiter of this.waiters) {
        if (waiter.predicate(message)) {
          this.waiters.delete(waiter);
          waiter.resolve(message);
        }
      }
    });
    socket.on('error', () => undefined);
    this.closed = new Promise((resolve) => socket.on('close', (code) => ((this.closeCode = code), resolve(code))));
  }

  /** Opens a connection; rejects with the HTTP status when the upgrade is refused. */
  static connect(url: string, options: RawConnectOptions = {}): Promise<RawClient> {
    const target = options.tokenInQuery && options.apiKey ? `${url}?token=${encodeURIComponent(options.apiKey)}` : url;
    const socket = new WebSocket(target, {
      headers: { ...(options.apiKey && !options.tokenInQuery ? { 'x-api-key': options.apiKey } : {}), ...(options.origin ? { origin: options.origin } : {}) },
    });
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(new RawClient(socket)));
      socket.once('unexpected-response', (_req, res) => {
        res.resume();
        reject(new Error(`HTTP ${res.statusCode}`));
      });
      socket.once('error', reject);
    });
  }

  /** Sends a JSON message (or a raw string / buffer). */
  send(message: unknown, binary = false): void {
    if (typeof message === 'string' || Buffer.isBuffer(message)) this.socket.send(message, { binary });
    else this.socket.send(JSON.stringify(message), { binary });
  }

  /** Resolves with the first received message (past or future) matching `predicate`. */
  next(predicate: (m: Received) => boolean = () => true, timeoutMs = 5_000, what = 'a message'): Promise<Received> {
    const seen = this.received.find(predicate);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const waiter = { predicate, resolve: (m: Received) => (clearTimeout(timer), resolve(m)) };
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        reject(new Error(`timed out waiting for ${what}; received ${JSON.stringify(this.received.slice(-3))}`));
      }, timeoutMs);
      this.waiters.add(waiter);
    });
  }

  /** Sends `message` and waits for the ERROR answering it (by code). */
  async expectError(message: unknown, code: string, timeoutMs = 5_000): Promise<Received> {
    const before = this.received.length;
    this.send(message);
    return this.next((m) => this.received.indexOf(m) >= before && m.type === 'error' && m.code === code, timeoutMs, `ERROR ${code}`);
  }

  /** Registers as a device and waits for the confirmation. */
  async register(clientId: string, overrides: Record<string, unknown> = {}): Promise<Received> {
    const requestId = `reg-${clientId}`;
    this.send(registerMessage(clientId, { request_id: requestId, ...overrides }));
    return this.next((m) => (m.type === 'heartbeat' && m.response_id === requestId) || m.type === 'error', 5_000, `registration of ${clientId}`);
  }

  close(): void {
    this.socket.terminate();
  }
}

/** A valid REGISTER message. */
export function registerMessage(clientId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    type: 'register',
    protocol_version: AIP_PROTOCOL_VERSION,
    client_id: clientId,
    client_type: 'device',
    platform: 'linux',
    device_info: { device_id: clientId, platform: 'linux', os_version: 'Linux test', cpu_count: 2, memory_total_gb: 4, hostname: 'test-host' },
    ...overrides,
  };
}
