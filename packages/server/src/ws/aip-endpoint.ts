import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Clock } from '@ufo-ts/core';
import { WebSocketServer, type WebSocket } from 'ws';
import { apiKeyMatches, presentedApiKey } from '../auth/api-key.js';
import { isHostAllowed } from '../auth/host-policy.js';
import { isOriginAllowed } from '../auth/origin-policy.js';
import type { ClientRegistry } from '../connections/client-registry.js';
import { DeviceConnection } from '../connections/device-connection.js';
import { InboundBudget } from '../connections/inbound-budget.js';
import type { OutboundBudget } from '../connections/outbound-budget.js';
import type { ServerEvent } from '../server-events.js';
import type { SessionManager } from '../sessions/session-manager.js';
import type { MessageRouter } from './message-router.js';
import type { DeviceHooks } from '../scale-out/scale-out.js';

/** Options of {@link AipEndpoint}. */
export interface AipEndpointOptions {
  /** URL path of the endpoint (default `/ws`). */
  path: string;
  apiKey: string;
  allowedOrigins: readonly string[];
  /** Host names accepted besides IP literals and `localhost`. */
  allowedHosts: readonly string[];
  /** The port the server listens on, once known. */
  serverPort: () => number | undefined;
  maxMessageBytes: number;
  maxBufferedBytes: number;
  /** The ceiling on bytes queued for all connections (and event streams) together; the slowest reader is dropped past it. */
  outbound: OutboundBudget;
  /** Ceiling on inbound bytes being received by all connections together (back-pressure, then the largest dropped). */
  maxTotalInboundBytes: number;
  /** A registered device silent for longer than this is disconnected. */
  heartbeatTimeoutMs: number;
  /** A connection that has not registered within this time is closed. */
  registerTimeoutMs: number;
  registry: ClientRegistry;
  sessions: SessionManager;
  router: MessageRouter;
  /** Scale-out hooks (cluster mode). */
  hooks?: DeviceHooks;
  /** The time connections and registrations are stamped and measured with. */
  clock: Clock;
  emit: (event: ServerEvent) => void;
}

/**
 * The AIP WebSocket endpoint: authenticates the upgrade (API key in constant time, Origin policy), then hands each
 * frame to the {@link MessageRouter}. One sweep timer (not one per connection) closes connections that never
 * register and devices that stopped sending heartbeats, so a thousand idle devices cost one timer.
 */
export class AipEndpoint {
  private readonly wss: WebSocketServer;
  private readonly connections = new Set<DeviceConnection>();
  private readonly sweeper: NodeJS.Timeout;
  private readonly options: AipEndpointOptions;
  private readonly sweepPeriodMs: number;
  private readonly budget: OutboundBudget;
  private readonly inbound: InboundBudget;
  private readonly bySocket = new Map<WebSocket, DeviceConnection>();
  private lastSweep: number;

  constructor(options: AipEndpointOptions) {
    this.options = options;
    // one message per connection per event-loop turn: a connection that sends a burst cannot make the others (and
    // their heartbeats) wait for the whole burst
    this.wss = new WebSocketServer({
      noServer: true,
      maxPayload: options.maxMessageBytes,
      perMessageDeflate: false,
      clientTracking: false,
      allowSynchronousEvents: false,
    });
    this.sweepPeriodMs = Math.max(50, Math.min(options.heartbeatTimeoutMs, options.registerTimeoutMs) / 4);
    this.lastSweep = options.clock.now();
    this.budget = options.outbound;
    this.inbound = new InboundBudget(options.maxTotalInboundBytes, ({ action, socket, reason }) =>
      this.options.emit({ type: 'inbound-limit', clientId: this.bySocket.get(socket)?.identity?.clientId, action, reason }),
    );
    this.sweeper = setInterval(() => this.sweep(), this.sweepPeriodMs);
    this.sweeper.unref();
  }

  /** Open connections (registered or not). */
  get connectionCount(): number {
    return this.connections.size;
  }

  /** Handles an HTTP upgrade request; refuses it with 401/403/404 when it is not for us or not allowed. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const remote = `${request.socket.remoteAddress ?? '?'}:${request.socket.remotePort ?? '?'}`;
    const refuse = (status: number, text: string, reason: string) => {
      this.options.emit({ type: 'connection-refused', remote, status, reason });
      const body = `${reason}\n`;
      socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
      socket.destroy();
    };
    if (url.pathname !== this.options.path) return refuse(404, 'Not Found', `no WebSocket endpoint at ${url.pathname}`);
    if (!isHostAllowed(request.headers.host, this.options.allowedHosts)) {
      return refuse(403, 'Forbidden', `host ${request.headers.host} is not this server's (allowedHosts)`);
    }
    if (!isOriginAllowed(request.headers.origin, this.options.allowedOrigins, this.options.serverPort())) {
      return refuse(403, 'Forbidden', `origin ${request.headers.origin} is not allowed`);
    }
    if (!apiKeyMatches(presentedApiKey(request.headers, url), this.options.apiKey)) {
      return refuse(401, 'Unauthorized', 'missing or wrong API key (x-api-key header or token query parameter)');
    }
    this.wss.handleUpgrade(request, socket, head, (ws) => this.accept(ws, socket, remote));
  }

  private accept(socket: WebSocket, raw: Duplex, remote: string): void {
    const connection = new DeviceConnection({
      socket,
      remote,
      maxMessageBytes: this.options.maxMessageBytes,
      maxBufferedBytes: this.options.maxBufferedBytes,
      budget: this.budget,
      onSlowReader: (slow, reason) => this.options.emit({ type: 'slow-reader-disconnected', clientId: slow.identity?.clientId, reason }),
      clock: this.options.clock,
    });
    this.connections.add(connection);
    this.budget.add(connection);
    this.bySocket.set(socket, connection);
    this.inbound.add(socket, raw);
    socket.on('message', (data, isBinary) => this.options.router.handle(connection, data, isBinary));
    socket.on('error', () => {
      // oversized frames, protocol violations and resets end in 'close'; nothing to do here
    });
    socket.on('close', (code, reason) => this.onClose(connection, code, reason.toString('utf8')));
  }

  private onClose(connection: DeviceConnection, code: number, reason: string): void {
    this.connections.delete(connection);
    this.budget.delete(connection);
    this.bySocket.delete(connection.socket);
    this.inbound.delete(connection.socket);
    const identity = connection.identity;
    if (identity) {
      this.options.registry.remove(identity.clientId, connection);
      this.options.hooks?.left(connection);
      this.options.sessions.deviceLost(
        connection,
        `device ${identity.clientId} disconnected during the task (close code ${code}${reason ? `: ${reason}` : ''})`,
      );
    }
    this.options.emit({ type: 'client-disconnected', clientId: identity?.clientId, code, reason });
  }

  private sweep(): void {
    const now = this.options.clock.now();
    const stalled = now - this.lastSweep > this.sweepPeriodMs * 2;
    this.lastSweep = now;
    // after a stall the heartbeats it held back are still unread: judge silence at the next, punctual sweep
    if (stalled) return;
    for (const connection of this.connections) {
      if (!connection.identity) {
        if (now - connection.openedAt > this.options.registerTimeoutMs) {
          connection.sendError('NOT_REGISTERED', `no "register" message within ${this.options.registerTimeoutMs} ms`, { fatal: true });
        }
        continue;
      }
      const silentMs = now - connection.lastSeen;
      if (silentMs > this.options.heartbeatTimeoutMs) {
        this.options.emit({ type: 'heartbeat-timeout', clientId: connection.identity.clientId, silentMs });
        connection.socket.terminate();
      }
    }
  }

  /** Closes every connection (going away, 1001) and stops the sweeper. */
  close(): void {
    clearInterval(this.sweeper);
    for (const connection of this.connections) connection.close(1001, 'server stopping');
    this.wss.close();
  }
}
