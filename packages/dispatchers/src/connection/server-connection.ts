import type { ChildProcess } from 'node:child_process';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { errorMessage, type Clock } from '@ufo-ts/core';
import type { ServerConfig } from '../config/tool-servers-config.js';
import type { DispatcherEventListener } from '../dispatcher-events.js';
import { DispatcherClosedError, ServerStartError } from '../errors.js';
import { raceAbort, withDeadline } from '../shared/with-deadline.js';
import { isMcpError, isStreamableHttpError, mcpClientModule, mcpTypesModule } from './mcp-sdk.js';
import { createClientTransport, type ClientTransportHandle, type InProcessServerFactory, type InstanceTarget } from './create-client-transport.js';

const CLIENT_VERSION = '0.1.0';
const STDERR_TAIL_CHARS = 2000;
const TERMINATE_TIMEOUT_MS = 2000;
/** How long a liveness probe of an HTTP server whose stream broke may take. */
const PROBE_TIMEOUT_MS = 5000;

/** One running instance of a tool server: a connected MCP client and the tools it listed. */
export interface LiveServer {
  readonly client: Client;
  /** The server's tools; replaced when the server announces a change. */
  tools: readonly Tool[];
  /** Bumped whenever `tools` is replaced. */
  toolsVersion: number;
  /** Which start of this connection produced the instance (1, 2, ... after restarts). */
  readonly generation: number;
  readonly pid: number | undefined;
  /** False once the instance exited, disconnected or was closed; the next acquire starts a new one. */
  alive: boolean;
  /** Why the instance stopped. */
  stopReason: string | undefined;
}

interface LiveServerState extends LiveServer {
  handle: ClientTransportHandle;
  toolsStale: boolean;
  /** A liveness probe is in flight (HTTP). */
  probing: boolean;
  refreshing: Promise<void> | undefined;
  stderrTail: string;
}

/** Options of {@link ServerConnection}. */
export interface ServerConnectionOptions {
  /** Short id for events and messages, e.g. `calc#2`. */
  instance: string;
  config: ServerConfig;
  /** Set for `reset: true` servers: the application this instance is dedicated to. */
  target: InstanceTarget | undefined;
  factories: Readonly<Record<string, InProcessServerFactory>>;
  clientName: string;
  /** Longest wait for a server to spawn, connect and list its tools. */
  startTimeoutMs: number;
  /** After a failed start, later acquires fail fast with the same error for this long. */
  retryStartAfterMs: number;
  /** The time source of the start deadline and the retry window. */
  clock: Clock;
  emit: DispatcherEventListener;
}

/**
 * A pooled connection to one tool-server instance. Starts it on first use, restarts it on the next use after it
 * crashed or disconnected, and closes it (child process included) on `close()`.
 */
export class ServerConnection {
  private live: LiveServerState | undefined;
  private starting: Promise<LiveServerState> | undefined;
  private lastFailure: { error: ServerStartError; at: number } | undefined;
  private generation = 0;
  private closed = false;

  constructor(private readonly options: ServerConnectionOptions) {}

  get namespace(): string {
    return this.options.config.namespace;
  }

  get config(): ServerConfig {
    return this.options.config;
  }

  get instance(): string {
    return this.options.instance;
  }

  /** The running child's pid (stdio), if any. */
  pid(): number | undefined {
    return this.live?.alive ? this.live.pid : undefined;
  }

  /** A running instance: the current one, or a freshly started one. Rejects with ServerStartError. */
  async acquire(signal?: AbortSignal): Promise<LiveServer> {
    if (this.closed) throw new DispatcherClosedError();
    const current = this.live;
    if (current?.alive) {
      if (current.toolsStale) await raceAbort(this.refreshTools(current), signal);
      return current;
    }
    if (current) {
      this.live = undefined;
      void this.shutdown(current);
    }
    if (!this.starting) {
      const failure = this.lastFailure;
      if (failure && this.options.clock.monotonic() - failure.at < this.options.retryStartAfterMs) throw failure.error;
      const starting = this.start().then(
        (live) => {
          this.live = live;
          this.lastFailure = undefined;
          return live;
        },
        (error: unknown) => {
          const startError = error instanceof ServerStartError ? error : this.startError(error, '');
          this.lastFailure = { error: startError, at: this.options.clock.monotonic() };
          throw startError;
        },
      );
      this.starting = starting;
      starting.then(
        () => (this.starting = undefined),
        () => (this.starting = undefined),
      );
    }
    return raceAbort(this.starting, signal);
  }

  /**
   * Marks an instance as dead after a transport failure; it is shut down and replaced on next acquire. Its client
   * is closed first, which fails the calls still waiting on it at once (they report the reason).
   */
  reportBroken(live: LiveServer, reason: string): void {
    const state = live as LiveServerState;
    if (!state.alive) return;
    this.markStopped(state, reason, false);
    if (this.live === state) this.live = undefined;
    void state.client.close().catch(() => undefined);
    void this.shutdown(state);
  }

  /** The running instance when it can take a call right now (alive, tool list current), without waiting. */
  current(): LiveServer | undefined {
    const live = this.live;
    return live?.alive && !live.toolsStale ? live : undefined;
  }

  /** The last stderr output of an instance (stdio), for error messages. */
  stderrTail(live: LiveServer): string {
    return (live as LiveServerState).stderrTail.trim();
  }

  /** Stops the instance (and any start in progress); further acquires fail. */
  async close(): Promise<void> {
    this.closed = true;
    const starting = this.starting;
    if (starting) await starting.catch(() => undefined);
    const live = this.live;
    this.live = undefined;
    if (live) {
      if (live.alive) this.markStopped(live, 'dispatcher closed', true);
      await this.shutdown(live);
    }
  }

  private async start(): Promise<LiveServerState> {
    const { config, emit, instance, startTimeoutMs } = this.options;
    const generation = ++this.generation;
    emit({ type: 'server-starting', namespace: config.namespace, transport: config.transport, instance });
    const startedAt = performance.now();
    let client: Client | undefined;
    let handle: ClientTransportHandle | undefined;
    let stderrTail = '';
    let state: LiveServerState | undefined;
    try {
      const timedOut = (): Error => new Error(`no MCP handshake within ${startTimeoutMs} ms`);
      const sdk = Promise.all([mcpClientModule.load(), mcpTypesModule.load()]);
      sdk.catch(() => undefined);
      handle = await withDeadline(createClientTransport(config, this.options.target, this.options.factories), startTimeoutMs, timedOut, this.options.clock);
      const [{ Client }, { ToolListChangedNotificationSchema }] = await sdk;
      client = new Client({ name: this.options.clientName, version: CLIENT_VERSION }, { capabilities: {} });
      handle.stderr?.on('data', (chunk: Buffer) => {
        const text = chunk.toString('utf8');
        stderrTail = (stderrTail + text).slice(-STDERR_TAIL_CHARS);
        if (state) state.stderrTail = stderrTail;
        emit({ type: 'server-stderr', namespace: config.namespace, instance, text });
      });
      const live: LiveServerState = (state = {
        client,
        tools: [],
        toolsVersion: 0,
        generation,
        pid: undefined,
        alive: true,
        stopReason: undefined,
        handle,
        toolsStale: false,
        probing: false,
        refreshing: undefined,
        stderrTail,
      });
      client.onclose = () => {
        if (live.alive) this.markStopped(live, this.exitDescription(live), false);
        if (this.live === live) this.live = undefined;
        void live.handle.dispose().catch(() => undefined);
      };
      client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
        live.toolsStale = true;
      });
      client.onerror = (error) => {
        emit({ type: 'server-error', namespace: config.namespace, instance, error: errorMessage(error) });
        if (config.transport === 'http') this.onHttpTransportError(live, error);
      };
      await withDeadline(client.connect(handle.transport, { timeout: startTimeoutMs }), startTimeoutMs, timedOut, this.options.clock);
      this.watchExit(handle, live);
      live.tools = await withDeadline(listAllTools(client, startTimeoutMs), startTimeoutMs, timedOut, this.options.clock);
      (live as { pid: number | undefined }).pid = handle.pid();
      if (this.closed) {
        live.alive = false;
        await this.shutdown(live);
        throw new DispatcherClosedError();
      }
      emit({
        type: 'server-started',
        namespace: config.namespace,
        transport: config.transport,
        instance,
        pid: live.pid,
        tools: live.tools.length,
        duration_ms: performance.now() - startedAt,
      });
      return live;
    } catch (error) {
      await client?.close().catch(() => undefined);
      await handle?.dispose().catch(() => undefined);
      if (error instanceof DispatcherClosedError) throw error;
      const startError = this.startError(error, stderrTail);
      emit({
        type: 'server-start-failed',
        namespace: config.namespace,
        transport: config.transport,
        instance,
        error: startError.message,
      });
      throw startError;
    }
  }

  private async refreshTools(live: LiveServerState): Promise<void> {
    live.refreshing ??= listAllTools(live.client, this.options.startTimeoutMs)
      .then((tools) => {
        live.tools = tools;
        live.toolsVersion += 1;
        live.toolsStale = false;
      })
      .catch(() => {
        live.toolsStale = false; // keep the old list; a dead server is detected by the next call
      })
      .finally(() => {
        live.refreshing = undefined;
      });
    return live.refreshing;
  }

  /**
   * Decides from an HTTP transport's error whether the server is gone. The transport reconnects a broken SSE
   * stream a few times and then gives up ("Maximum reconnection attempts"): the instance is broken then, and its
   * pending calls fail as crashed at once instead of waiting out their timeouts. A broken stream is also probed
   * with a `ping` right away, so a server that died (connection refused) is found before the reconnects run out,
   * and a stream that cannot resume (no event ids) does not leave its call waiting for nothing.
   */
  private onHttpTransportError(live: LiveServerState, error: Error): void {
    if (!live.alive) return;
    const message = errorMessage(error);
    if (/^Maximum reconnection attempts/.test(message)) {
      this.reportBroken(live, `the HTTP transport gave up reconnecting (${message})`);
      return;
    }
    if (!/^(SSE stream disconnected|Failed to reconnect)/.test(message) || live.probing) return;
    live.probing = true;
    live.client
      .ping({ timeout: PROBE_TIMEOUT_MS })
      .then(
        () => undefined,
        (probeError: unknown) => {
          if (!isMcpError(probeError)) this.reportBroken(live, `the server stopped answering (${describeCause(probeError)})`);
        },
      )
      .finally(() => {
        live.probing = false;
      });
  }

  private markStopped(live: LiveServerState, reason: string, expected: boolean): void {
    live.alive = false;
    live.stopReason = reason;
    const { config, instance } = this.options;
    this.options.emit({
      type: 'server-stopped',
      namespace: config.namespace,
      transport: config.transport,
      instance,
      expected,
      reason,
    });
  }

  private async shutdown(live: LiveServerState): Promise<void> {
    live.alive = false;
    await withDeadline(live.handle.terminate(), TERMINATE_TIMEOUT_MS, () => new Error('timeout')).catch(() => undefined);
    await live.client.close().catch(() => undefined);
    await live.handle.dispose().catch(() => undefined);
  }

  /** Records how a stdio child exited, for the crash message (reads the SDK transport's child, if exposed). */
  private watchExit(handle: ClientTransportHandle, live: LiveServerState): void {
    const child = (handle.transport as unknown as { _process?: ChildProcess })._process;
    if (!child || typeof child.once !== 'function') return;
    child.once('exit', (code, signal) => {
      if (live.alive) live.stopReason = signal ? `the process was killed by ${signal}` : `the process exited with code ${code}`;
    });
  }

  private exitDescription(live: LiveServerState): string {
    return live.stopReason ?? 'the server closed the connection';
  }

  private startError(error: unknown, stderrTail: string): ServerStartError {
    const tail = stderrTail.trim();
    const cause = describeCause(error);
    return new ServerStartError(`${describeServer(this.options.config)} could not start: ${cause}${tail ? `\nserver stderr:\n${tail}` : ''}`, { cause: error });
  }
}

/** `server "calc" (stdio: node calc.js)` */
export function describeServer(config: ServerConfig): string {
  switch (config.transport) {
    case 'stdio':
      return `server "${config.namespace}" (stdio: ${[config.command, ...config.args].join(' ')})`;
    case 'http':
      return `server "${config.namespace}" (http: ${config.url})`;
    case 'in-process':
      return `server "${config.namespace}" (in-process: ${config.factory})`;
  }
}

function describeCause(error: unknown): string {
  const message = errorMessage(error);
  if (isStreamableHttpError(error) && typeof error.code === 'number' && error.code > 0) {
    return `HTTP ${error.code}: ${message}`;
  }
  const cause = (error as { cause?: unknown } | undefined)?.cause;
  const code = (cause as { code?: unknown } | undefined)?.code ?? (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && !message.includes(code) ? `${message} (${code})` : message;
}

async function listAllTools(client: Client, timeoutMs: number): Promise<Tool[]> {
  const tools: Tool[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor === undefined ? {} : { cursor }, { timeout: timeoutMs });
    tools.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return tools;
}
