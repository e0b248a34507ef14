import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import { DEFAULT_MAX_CONTROL_MESSAGE_BYTES, DEFAULT_MAX_MESSAGE_BYTES, PROTOCOL_DEFAULTS } from '@ufo-ts/aip';
import { DEFAULT_LOG_ROOT, systemClock, type Clock } from '@ufo-ts/core';
import { generateApiKey } from './auth/api-key.js';
import type { ApiKeyEntry } from './auth/api-key-ids.js';
import type { BudgetLimits } from './budgets/budget-schemas.js';
import type { KeySpendLedger } from './budgets/key-spend-ledger.js';
import type { SessionInstrumentation } from './sessions/session-instrumentation.js';
import { DEFAULT_MAX_ANSWER_BYTES, serverApprovalPolicy, type ApprovalPolicyInput } from './hitl/hitl-schemas.js';
import { MemoryDeviceCredentialStore, type DeviceCredentialStore } from './auth/device-credentials.js';
import { ClientRegistry } from './connections/client-registry.js';
import { TokenBuckets } from './connections/token-bucket.js';
import { ServerListenError } from './errors.js';
import type { ActionPolicy } from './sessions/policy-guard.js';
import { createApiApp } from './http/api-app.js';
import { ServerEventStream } from './events/server-event-stream.js';
import { OutboundBudget } from './connections/outbound-budget.js';
import { LocalStreamEventBus, type StreamEventBus } from './events/stream-event-bus.js';
import { taskAudience } from './events/task-audience.js';
import type { ServerEvent, ServerEventListener } from './server-events.js';
import { ResultStore, type ResultStoreOptions } from './sessions/result-store.js';
import { SessionManager } from './sessions/session-manager.js';
import type { ModelFactory, ServerSessionFactory } from './sessions/session-manager-options.js';
import type { ServiceSessionOptions } from './sessions/service-session.js';
import { DeviceLimitedTaskBackend } from './scale-out/device-limited-task-backend.js';
import { LocalTaskBackend } from './scale-out/local-task-backend.js';
import type { ScaleOut, ScaleOutFactory } from './scale-out/scale-out.js';
import type { TaskBackend } from './scale-out/task-backend.js';
import { AipEndpoint } from './ws/aip-endpoint.js';
import { MessageRouter } from './ws/message-router.js';

/** Options of {@link createUfoServer}. */
export interface UfoServerOptions {
  /** Interface to listen on (default `127.0.0.1`; the server is meant to stay local unless you put TLS in front). */
  host?: string;
  /** Port (default 5000; 0 picks a free one). */
  port?: number;
  /** API key for devices (`x-api-key` header or `?token=`) and the HTTP API (`X-API-Key`). Default: a random key, see {@link UfoServer.apiKey}. */
  apiKey?: string;
  /**
   * Browser origins allowed besides the server's own local ones (`http(s)://localhost|127.0.0.1|[::1]` on the
   * server's port); `*` allows any. Default none.
   */
  allowedOrigins?: readonly string[];
  /**
   * Host names the server answers to besides IP literals and `localhost` (`.example.com` includes subdomains;
   * `*` any). Requests naming another host get 403: a DNS-rebinding page cannot read the API. Default none.
   */
  allowedHosts?: readonly string[];
  /** Creates the model of each task (required unless `createSession` is given). */
  createModel?: ModelFactory;
  /** Builds each task's session instead of the built-in one (a LinuxSession or HostSession on the device's dispatcher). */
  createSession?: ServerSessionFactory;
  /** Root of the per-task log folders (default `logs`). */
  logRoot?: string;
  /** Timeout of one remote command without its own `timeout_ms`, in ms (default 30 000). */
  commandTimeoutMs?: number;
  /** Extra wait per command batch for the network and the device's overhead, in ms (default 2 000). */
  commandGraceMs?: number;
  /** How often devices send heartbeats, in ms (told to them at registration; default 30 000). */
  heartbeatIntervalMs?: number;
  /** A device silent for this long is disconnected and its task fails, in ms (default 3 × the interval). */
  heartbeatTimeoutMs?: number;
  /**
   * When a device registers with an id that is taken, the holding connection must answer a WebSocket ping within
   * this time or it is dropped, so the device's retry succeeds (default 2 000 ms).
   */
  duplicateProbeMs?: number;
  /** A connection must register within this time, in ms (default 10 000). */
  registerTimeoutMs?: number;
  /** Largest WebSocket message in bytes (ws `maxPayload`; default 16 MiB). Larger frames close the connection (1009). */
  maxMessageBytes?: number;
  /**
   * Largest message of any type but `command_results` (registrations, tasks, heartbeats), in bytes (default 1 MiB,
   * never above `maxMessageBytes`). Checked before the message is parsed; nesting deeper than 64 levels is refused
   * before parsing too.
   */
  maxControlMessageBytes?: number;
  /** A device with more unread bytes queued than this is disconnected (default 4 × `maxMessageBytes`). */
  maxBufferedBytes?: number;
  /**
   * Ceiling on unread bytes queued for all device connections and event-stream subscribers together (default
   * 64 MiB): past it the slowest reader is disconnected with the reason (a device: event `slow-reader-disconnected`;
   * a subscriber: a last `subscriber-dropped` event, then its connection closes), so non-reading clients cannot grow
   * memory without bound. A subscriber's queue is released as soon as it leaves.
   */
  maxTotalBufferedBytes?: number;
  /**
   * Ceiling on inbound bytes read from the network but not yet delivered as whole messages, for all connections
   * together (default 128 MiB, at least 2 × `maxMessageBytes`). Past it, reading from the connection holding the
   * most is paused (back-pressure); if the total is still over it when more bytes arrive, that connection is
   * disconnected. Both are reported as `inbound-limit` events with the reason. Devices sending small messages
   * (heartbeats) keep being read.
   */
  maxTotalInboundBytes?: number;
  /**
   * Tasks per device, as a token bucket per client id: `burst` at once, refilled at `perMinute` (default burst 5,
   * 30 per minute). It counts every task on the device, whether the device starts it (TASK messages) or the HTTP API
   * dispatches it. Each task writes a log folder, so this also bounds a device's log growth. Refused requests get
   * `RATE_LIMITED` (HTTP 429).
   */
  deviceTaskRate?: { burst?: number; perMinute?: number };
  /**
   * Bytes the log folders of a device's tasks started within `windowMs` may hold (default 256 MiB per hour): once
   * they hold `maxBytes`, new tasks on that device (from it or the HTTP API) get `RATE_LIMITED` (HTTP 429) until
   * older tasks leave the window. Measured in this process's log root.
   */
  deviceLogBytes?: { maxBytes?: number; windowMs?: number };
  /**
   * Per-device credentials (issued and revoked with `POST`/`DELETE /api/devices/{client_id}/credential`, stored
   * hashed). A client id with a credential can only register by presenting it; with `require`, ids without one
   * are refused too (recommended once every device has its credential). `store` defaults to the cluster's shared
   * store in cluster mode, else one in memory.
   */
  deviceCredentials?: { require?: boolean; store?: DeviceCredentialStore };
  /** Retention of finished task results (default 1 000 results, 1 hour); their ages are measured on `clock`. */
  results?: Omit<ResultStoreOptions, 'clock'>;
  /**
   * More keys of the HTTP API besides `apiKey` (whose id is `default` and role `admin`), e.g. one per team or app.
   * Each key cancels and answers only the tasks it dispatched, and has its own budget (`budgets.keys[id]`); keys
   * with `role: 'task'` (the default) see only their own tasks, keys with `role: 'admin'` see every key's tasks and
   * alone manage devices and their credentials. Devices register with `apiKey` only.
   */
  apiKeys?: readonly ApiKeyEntry[];
  /**
   * What a task does when the agent holds a sensitive action (CONFIRM) or asks a question (PENDING), unless its
   * dispatch request says: `auto-approve`, `auto-reject` (the default) or `wait` for an answer over the HTTP API
   * (`/api/tasks/{task_name}/approve|reject|answer`), with an optional timeout and default decision.
   */
  approval?: ApprovalPolicyInput;
  /**
   * The action policy every command of the built-in sessions passes (rules on tools, arguments, targets, apps and
   * kinds of action: allow, confirm or deny; see `@ufo-ts/policy`). A held command is decided by the task's approval
   * mode, and refused under `wait`; each verdict is in the step's record.
   */
  actionPolicy?: ActionPolicy;
  /**
   * Cost (USD) and step budgets, checked before every model call of the built-in sessions: `session` limits each
   * task (a dispatch request can only lower it), `keys` limits all tasks of an API key together, by key id
   * (`default` for `apiKey`); `ledger` keeps each key's spend (default: in this process's memory).
   */
  budgets?: { session?: BudgetLimits; keys?: Readonly<Record<string, BudgetLimits>>; ledger?: KeySpendLedger };
  /**
   * Instruments each task's session run (model and dispatcher), here and, in cluster mode, on this node's worker:
   * `(events) => tracing.traceSession(events)` traces every task with `@ufo-ts/otel`.
   */
  instrument?: SessionInstrumentation;
  /** Longest answer to a question, in UTF-8 bytes (default 16 KiB; longer ones get 413 ANSWER_TOO_LARGE). */
  maxAnswerBytes?: number;
  /**
   * The time of everything the server stamps and measures (default: the system clock): task records, stream events,
   * approval timeouts, retention, rate limits, and the liveness of connections, whose heartbeat and registration
   * timeouts pass only as it moves. In cluster mode the scale-out gets it too (`LocalNode.clock`).
   */
  clock?: Clock;
  /** Options of the built-in sessions (step cap, interactor answers of the auto approval modes, safe-guard). */
  session?: Pick<ServiceSessionOptions, 'maxSteps' | 'interactor' | 'safeGuard'>;
  /** Receives what happens (connections, refusals, tasks, engine events). Listener errors are ignored. */
  onEvent?: ServerEventListener;
  /**
   * Runs this process as one node of a cluster (e.g. `createRedisScaleOut` of `@ufo-ts/cluster`): tasks, device
   * presence and command routing go through the extension. Default: single process, everything in memory.
   */
  scaleOut?: ScaleOutFactory;
  /**
   * The live event stream (`GET /api/events`, `GET /api/tasks/{task_name}/events`): the bus it publishes through
   * (default: the scale-out's shared bus in cluster mode, else one in this process) and its bounds.
   */
  events?: {
    bus?: StreamEventBus;
    /** Events kept for `Last-Event-ID` resume of the server-wide stream (default 2 000). */
    serverBufferSize?: number;
    /** Events kept per task (default 1 000) and tasks kept (default 200). */
    taskBufferSize?: number;
    maxTaskBuffers?: number;
    /** Unread bytes a subscriber may have queued before it is dropped (default 1 MiB). */
    maxQueuedBytes?: number;
    /** Interval of the keep-alive comment lines, in ms (default 15 000). */
    heartbeatMs?: number;
  };
  /** Serves the web console at `/console/` (default false). It asks for the API key and calls the same API. */
  console?: boolean;
}

/** Where a started server listens. */
export interface ServerAddress {
  host: string;
  port: number;
  /** `http://host:port` */
  httpUrl: string;
  /** `ws://host:port/ws` */
  wsUrl: string;
}

/** A running (or ready to run) ufo-ts server. */
export interface UfoServer {
  /** The API key (generated when none was given). */
  readonly apiKey: string;
  /** Starts listening. @throws ServerListenError when the port is taken or the host is invalid. */
  start(): Promise<ServerAddress>;
  /** Refuses new tasks, cancels running ones (waiting up to 5 s), closes every connection and stops listening. */
  stop(): Promise<void>;
  /** The address once started. */
  readonly address: ServerAddress | undefined;
  /** The session manager (start, cancel, inspect tasks programmatically). */
  readonly sessions: SessionManager;
  /** Task records, kept after the tasks end. */
  readonly results: ResultStore;
  /** Clients connected to this process. */
  readonly clients: ClientRegistry;
  /** Where tasks run and devices are listed (this process, or the cluster in cluster mode). */
  readonly tasks: TaskBackend;
  /** Per-device credentials (issue, revoke, check). */
  readonly credentials: DeviceCredentialStore;
  /** Open WebSocket connections (registered or not). */
  readonly connectionCount: number;
  /** Bytes queued for device sockets and event-stream subscribers that they have not taken yet (see `maxTotalBufferedBytes`). */
  readonly queuedOutputBytes: number;
  /** The live event stream (its bus and this node's buffers and subscribers). */
  readonly stream: ServerEventStream;
  /** Each API key's spend (cost and steps): shared by every node in cluster mode, else `sessions.spend`. */
  readonly spend: KeySpendLedger;
}

/**
 * Builds the server: the AIP WebSocket endpoint at `/ws` (on `ws`) and the HTTP API at `/api/*` (on hono) on one
 * port, a session manager that runs each dispatched task as a session against its device, and a result store.
 */
export function createUfoServer(options: UfoServerOptions): UfoServer {
  const apiKey = options.apiKey ?? generateApiKey();
  let stream: ServerEventStream | undefined;
  const emit = (event: ServerEvent) => {
    stream?.publishServerEvent(event);
    try {
      options.onEvent?.(event);
    } catch {
      // observers never change the server's behaviour
    }
  };
  const clock = options.clock ?? systemClock;
  const maxMessageBytes = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  const heartbeatIntervalMs = options.heartbeatIntervalMs ?? PROTOCOL_DEFAULTS.heartbeatIntervalMs;
  const allowedOrigins = options.allowedOrigins ?? [];
  const registry = new ClientRegistry();
  const results = new ResultStore({ ...options.results, clock });
  const apiKeys = checkApiKeys(options.apiKeys ?? []);
  const sessions = new SessionManager({
    ...(options.approval ? { approval: options.approval } : {}),
    ...(options.actionPolicy ? { actionPolicy: options.actionPolicy } : {}),
    ...(options.budgets ? { budgets: options.budgets } : {}),
    ...(options.instrument ? { instrument: options.instrument } : {}),
    clock,
    ...(options.maxAnswerBytes !== undefined ? { maxAnswerBytes: options.maxAnswerBytes } : {}),
    deviceOf: (clientId) => registry.get(clientId),
    ...(options.createModel ? { createModel: options.createModel } : {}),
    ...(options.createSession ? { createSession: options.createSession } : {}),
    ...(options.session ? { session: options.session } : {}),
    logRoot: options.logRoot ?? DEFAULT_LOG_ROOT,
    commandTimeoutMs: options.commandTimeoutMs ?? PROTOCOL_DEFAULTS.commandTimeoutMs,
    ...(options.commandGraceMs !== undefined ? { commandGraceMs: options.commandGraceMs } : {}),
    results,
    wrapLogSink: (sink, task) => stream?.wrapLogSink(sink, task.taskName) ?? sink,
    emit,
  });
  const logRoot = options.logRoot ?? DEFAULT_LOG_ROOT;
  const scaleOut: ScaleOut | undefined = options.scaleOut?.({
    registry,
    sessions,
    results,
    logRoot,
    commandTimeoutMs: options.commandTimeoutMs ?? PROTOCOL_DEFAULTS.commandTimeoutMs,
    clock,
    emit,
    streamLogSink: (sink, taskName) => stream?.wrapLogSink(sink, taskName) ?? sink,
    ...(options.instrument ? { instrument: options.instrument } : {}),
    approval: serverApprovalPolicy(options.approval),
    ...(options.actionPolicy ? { actionPolicy: options.actionPolicy } : {}),
    ...(options.budgets
      ? {
          budgets: {
            ...(options.budgets.session ? { session: options.budgets.session } : {}),
            ...(options.budgets.keys ? { keys: options.budgets.keys } : {}),
          },
        }
      : {}),
    maxAnswerBytes: options.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES,
  });
  const { bus, maxQueuedBytes, ...bounds } = options.events ?? {};
  const eventStream = new ServerEventStream({
    ...bounds,
    clock,
    bus: bus ?? scaleOut?.events ?? new LocalStreamEventBus({ clock }),
    audienceOfTask: (taskName) => scaleOut?.ownerKeyOf?.(taskName) ?? taskAudience(results.get(taskName)),
  });
  stream = eventStream;
  const taskRate = new TokenBuckets({ burst: options.deviceTaskRate?.burst ?? 5, perMinute: options.deviceTaskRate?.perMinute ?? 30 });
  const logBytes = { maxBytes: options.deviceLogBytes?.maxBytes ?? 256 * 1024 * 1024, windowMs: options.deviceLogBytes?.windowMs ?? 3_600_000 };
  const tasks: TaskBackend = new DeviceLimitedTaskBackend(scaleOut?.tasks ?? new LocalTaskBackend({ registry, sessions, results }), {
    taskRate,
    logBytes,
    logRoot,
    clock,
  });
  const hooks = scaleOut ? { hooks: scaleOut.devices } : {};
  const credentials = options.deviceCredentials?.store ?? scaleOut?.credentials ?? new MemoryDeviceCredentialStore();
  const requireDeviceCredentials = options.deviceCredentials?.require ?? false;
  const router = new MessageRouter({
    registry,
    sessions,
    results,
    tasks,
    ...hooks,
    credentials,
    requireDeviceCredentials,
    maxMessageBytes,
    maxControlMessageBytes: options.maxControlMessageBytes ?? DEFAULT_MAX_CONTROL_MESSAGE_BYTES,
    heartbeatIntervalMs,
    duplicateProbeMs: options.duplicateProbeMs ?? PROTOCOL_DEFAULTS.duplicateProbeMs,
    clock,
    emit,
  });
  let endpoint: AipEndpoint | undefined;
  let http: Server | undefined;
  let address: ServerAddress | undefined;
  let listeningPort: number | undefined;
  let stopping: Promise<void> | undefined;
  const startedAt = clock.now();
  // one ceiling on queued output for device sockets and event-stream subscribers together
  const outbound = new OutboundBudget(options.maxTotalBufferedBytes ?? 64 * 1024 * 1024);

  return {
    apiKey,
    sessions,
    results,
    clients: registry,
    tasks,
    credentials,
    stream: eventStream,
    spend: scaleOut?.ledger ?? sessions.spend,
    get address() {
      return address;
    },
    get connectionCount() {
      return endpoint?.connectionCount ?? 0;
    },
    get queuedOutputBytes() {
      return outbound.used();
    },
    async start() {
      if (address) return address;
      const serverPort = () => listeningPort;
      const allowedHosts = options.allowedHosts ?? [];
      if (!scaleOut) await sessions.restoreWaiting();
      const app = createApiApp({
        apiKey,
        apiKeys,
        ...(scaleOut ? (scaleOut.desk ? { desk: scaleOut.desk } : {}) : { desk: sessions }),
        allowedOrigins,
        allowedHosts,
        serverPort,
        tasks,
        startedAt,
        clock,
        credentials,
        // a revoked device connected here is disconnected at once (4003); on other nodes it cannot register again
        onCredentialRevoked: (clientId) => registry.get(clientId)?.close(4003, 'device credential revoked'),
        events: eventStream,
        ...(maxQueuedBytes !== undefined ? { maxQueuedBytes } : {}),
        outbound,
        taskFiles: { logRoot, ...(scaleOut?.taskFiles ? { remote: scaleOut.taskFiles } : {}) },
        console: options.console ?? false,
      });
      endpoint = new AipEndpoint({
        path: '/ws',
        apiKey,
        allowedOrigins,
        allowedHosts,
        serverPort,
        maxMessageBytes,
        maxBufferedBytes: options.maxBufferedBytes ?? maxMessageBytes * 4,
        outbound,
        maxTotalInboundBytes: options.maxTotalInboundBytes ?? Math.max(128 * 1024 * 1024, 2 * maxMessageBytes),
        heartbeatTimeoutMs: options.heartbeatTimeoutMs ?? heartbeatIntervalMs * PROTOCOL_DEFAULTS.heartbeatTimeoutPeriods,
        registerTimeoutMs: options.registerTimeoutMs ?? PROTOCOL_DEFAULTS.registerTimeoutMs,
        registry,
        sessions,
        router,
        ...hooks,
        clock,
        emit,
      });
      const server = createAdaptorServer({ fetch: app.fetch, overrideGlobalObjects: false }) as Server;
      server.on('upgrade', (request, socket, head) => endpoint!.handleUpgrade(request, socket, head));
      const host = options.host ?? '127.0.0.1';
      await new Promise<void>((resolve, reject) => {
        server.once('error', (error) => reject(new ServerListenError(`cannot listen on ${host}:${options.port ?? 5000}: ${error.message}`, { cause: error })));
        server.listen(options.port ?? 5000, host, () => resolve());
      }).catch((error: unknown) => {
        endpoint?.close();
        throw error;
      });
      http = server;
      listeningPort = (server.address() as AddressInfo).port;
      try {
        await eventStream.start();
        await scaleOut?.start();
      } catch (error) {
        endpoint.close();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        http = undefined;
        throw error;
      }
      const port = (server.address() as AddressInfo).port;
      const shown = host.includes(':') ? `[${host}]` : host;
      address = { host, port, httpUrl: `http://${shown}:${port}`, wsUrl: `ws://${shown}:${port}/ws` };
      emit({ type: 'listening', host, port });
      return address;
    },
    stop() {
      stopping ??= (async () => {
        await scaleOut?.stop();
        await sessions.stop();
        await stream?.close();
        endpoint?.close();
        if (http) {
          const server = http;
          await new Promise<void>((resolve) => {
            server.close(() => resolve());
            server.closeAllConnections?.();
          });
        }
      })();
      return stopping;
    },
  };
}

/** Checks the extra API keys: unique ids other than `default`, non-empty keys. */
function checkApiKeys(keys: readonly ApiKeyEntry[]): readonly ApiKeyEntry[] {
  const ids = new Set<string>();
  for (const entry of keys) {
    if (!entry.id || entry.id === 'default' || ids.has(entry.id)) throw new TypeError(`apiKeys: ids must be unique and not "default" (got "${entry.id}")`);
    if (!entry.key) throw new TypeError(`apiKeys: the key of "${entry.id}" is empty`);
    if (entry.role !== undefined && entry.role !== 'admin' && entry.role !== 'task')
      throw new TypeError(`apiKeys: the role of "${entry.id}" must be "admin" or "task"`);
    ids.add(entry.id);
  }
  return keys;
}
