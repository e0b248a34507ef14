import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { AIP_PROTOCOL_VERSION, ClientMessageSchema, type ClientMessage, type ServerMessageInput } from '../../src/index.js';

/** How the stub answers a REGISTER. */
export type RegisterPolicy = (message: Extract<ClientMessage, { type: 'register' }>, attempt: number) => ServerMessageInput | 'accept' | 'ignore';

/** One accepted connection of the stub. */
export interface StubConnection {
  socket: WebSocket;
  received: ClientMessage[];
  openedAt: number;
  send(message: ServerMessageInput): void;
}

/**
 * A minimal hand-driven AIP server on 127.0.0.1 for device-client tests: records what clients send (validated with
 * the protocol schemas) and answers REGISTER and HEARTBEAT as told.
 */
export class StubServer {
  readonly connections: StubConnection[] = [];
  registerPolicy: RegisterPolicy = () => 'accept';
  answerHeartbeats = true;
  heartbeatIntervalMs = 30_000;
  private registerAttempts = 0;
  private readonly waiters = new Set<() => void>();

  private constructor(
    readonly wss: WebSocketServer,
    readonly url: string,
  ) {
    wss.on('connection', (socket) => {
      const connection: StubConnection = {
        socket,
        received: [],
        openedAt: Date.now(),
        send: (message) => socket.send(JSON.stringify(message)),
      };
      this.connections.push(connection);
      socket.on('message', (data) => {
        const message = ClientMessageSchema.parse(JSON.parse(data.toString()));
        connection.received.push(message);
        if (message.type === 'register') {
          const answer = this.registerPolicy(message, this.registerAttempts++);
          if (answer === 'accept') {
            connection.send({
              type: 'heartbeat',
              status: 'ok',
              response_id: message.request_id,
              protocol_version: AIP_PROTOCOL_VERSION,
              heartbeat_interval_ms: this.heartbeatIntervalMs,
            });
          } else if (answer !== 'ignore') {
            connection.send(answer);
          }
        } else if (message.type === 'heartbeat' && this.answerHeartbeats) {
          connection.send({ type: 'heartbeat', status: 'ok' });
        }
        for (const waiter of this.waiters) waiter();
      });
      for (const waiter of this.waiters) waiter();
    });
  }

  static async start(options: { verifyClient?: (info: { req: { headers: Record<string, unknown> } }) => boolean } = {}): Promise<StubServer> {
    const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, ...(options.verifyClient ? { verifyClient: options.verifyClient } : {}) });
    await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
    const { port } = wss.address() as AddressInfo;
    return new StubServer(wss, `ws://127.0.0.1:${port}/ws`);
  }

  /** The last connection. */
  get last(): StubConnection {
    return this.connections[this.connections.length - 1]!;
  }

  /** All messages of a type, over every connection. */
  messages<T extends ClientMessage['type']>(type: T): Array<Extract<ClientMessage, { type: T }>> {
    return this.connections.flatMap((c) => c.received.filter((m): m is Extract<ClientMessage, { type: T }> => m.type === type));
  }

  /** Resolves once `predicate` holds (checked on every connection and message). */
  waitFor(predicate: () => boolean, timeoutMs = 5_000, what = 'condition'): Promise<void> {
    if (predicate()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const check = () => {
        if (!predicate()) return;
        this.waiters.delete(check);
        clearTimeout(timer);
        clearInterval(poll);
        resolve();
      };
      // messages wake the check at once; the poll catches conditions on other state (tool logs, client state)
      const poll = setInterval(check, 10);
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        clearInterval(poll);
        reject(new Error(`timed out waiting for ${what}`));
      }, timeoutMs);
      this.waiters.add(check);
    });
  }

  async close(): Promise<void> {
    for (const connection of this.connections) connection.socket.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }
}
