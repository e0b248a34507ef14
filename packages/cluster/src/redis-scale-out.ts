import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { errorMessage } from '@ufo-ts/core';
import { scaleOutEvent, type ScaleOut, type ScaleOutEventDetail, type ScaleOutEventName, type ScaleOutFactory, type TaskRecord } from '@ufo-ts/server';
import { taskOwnerKey } from '@ufo-ts/server/internal';
import { Queue } from 'bullmq';
import { ClusterError } from './errors.js';
import { ClusterKeys } from './keys.js';
import { CancelBroadcastSchema, parseJson, type ClusterTaskRecord, type SessionJobData } from './messages.js';
import { DevicePresence } from './presence/device-presence.js';
import { RedisDeviceCredentialStore } from './presence/redis-credential-store.js';
import type { ClusterModelFactory } from './queue/cluster-task-context.js';
import { ClusterTaskBackend } from './queue/cluster-task-backend.js';
import { RedisKeySpendLedger } from './budgets/redis-key-spend-ledger.js';
import { ClusterTaskDesk } from './hitl/cluster-task-desk.js';
import { WaitingJobs } from './queue/waiting-jobs.js';
import { TaskOwners } from './hitl/task-owners.js';
import { SessionWorker, type LockTimings, type SessionWorkerOptions } from './queue/session-worker.js';
import { connectRedis } from './redis/redis-connections.js';
import type { RedisClient } from './redis/redis-connections.js';
import { MessageBus } from './redis/message-bus.js';
import { RedisStreamEventBus } from './redis/redis-stream-event-bus.js';
import { CommandRouter } from './routing/command-router.js';
import { TaskFileExchange } from './files/task-file-exchange.js';
import { DeviceRelay } from './routing/device-relay.js';

/** Options of {@link createRedisScaleOut}. */
export interface RedisScaleOutOptions extends LockTimings {
  /**
   * The Redis 7 server every node shares, e.g. `redis://10.0.0.5:6379`, or a Redis Cluster's seed nodes,
   * `redis-cluster://10.0.0.5:7000,10.0.0.6:7000` (keys share the hash tag `{<prefix>}`, so they live in one slot).
   */
  redisUrl: string;
  /** Creates each session's model (called again with `resumeFrom` when a session resumes on this node). */
  createModel: ClusterModelFactory;
  /** This node's id (default `<hostname>-<pid>-<random>`); unique in the cluster. */
  nodeId?: string;
  /** Prefix of every key and channel (default `ufo`; keys use the hash tag `{ufo}`). */
  prefix?: string;
  /** BullMQ queue name (default `sessions`). */
  queueName?: string;
  /** Sessions this node's worker runs at once (default 50). */
  concurrency?: number;
  /** Device presence lease, in ms (default 10 000; renewed every third of it). */
  leaseMs?: number;
  /**
   * When a registration is refused because another node holds the id, that node probes its connection and drops
   * it if nothing arrives within this time, in ms (default 2 000); a live holder is kept.
   */
  duplicateProbeMs?: number;
  /** Routing options of the sessions' dispatchers (command timeout, resend period, offline budget). */
  dispatcher?: SessionWorkerOptions['dispatcher'];
  /** Session options (step cap, safe-guard, interactor answers). */
  session?: SessionWorkerOptions['session'];
  /** Retention of finished results (default 1 hour, 1 000 results). */
  keepResults?: { ageS?: number; count?: number };
  /** Start this node's queue worker (default true; false makes an API/device-only node). */
  worker?: boolean;
  /**
   * Serving task files (screenshots) written by other nodes: how long a fetch waits for the nodes that ran the
   * task, in ms (default 2 000), and the largest file sent or accepted, in bytes (default 4 MiB).
   */
  taskFiles?: { timeoutMs?: number; maxBytes?: number };
  /** How long `start()` waits for Redis before failing with `REDIS_UNAVAILABLE`, in ms (default 10 000). */
  connectTimeoutMs?: number;
}

/** A running cluster node's parts, for tests and metrics (see {@link createRedisScaleOut}'s `onReady`). */
export interface ClusterNode {
  readonly nodeId: string;
  readonly keys: ClusterKeys;
  readonly router: CommandRouter;
  readonly presence: DevicePresence;
  readonly worker: SessionWorker | undefined;
}

/**
 * Cluster mode of the server (`ufo serve --redis redis://…`): pass the result as `scaleOut` to `createUfoServer`.
 * Sessions become BullMQ jobs on one queue (any node enqueues, any node's worker runs them, each checkpoint is saved
 * into the job so a dead worker's session continues elsewhere from its last completed step), devices are listed
 * from presence leases in Redis, and commands reach the node holding a device over Redis 7 sharded pub/sub.
 * @throws ClusterError `CLUSTER_OPTIONS_INVALID` for a bad URL or timings.
 */
export function createRedisScaleOut(options: RedisScaleOutOptions, onReady?: (node: ClusterNode) => void): ScaleOutFactory {
  const nodeId = options.nodeId ?? `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
  const prefix = options.prefix ?? 'ufo';
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(prefix)) throw new ClusterError('CLUSTER_OPTIONS_INVALID', `prefix "${prefix}" must be 1-64 letters, digits, - or _`);
  const leaseMs = options.leaseMs ?? 10_000;
  if (!(leaseMs >= 300)) throw new ClusterError('CLUSTER_OPTIONS_INVALID', `leaseMs must be at least 300 (got ${leaseMs})`);
  const lockDurationMs = options.lockDurationMs ?? 5_000;
  if (!(lockDurationMs >= 500)) throw new ClusterError('CLUSTER_OPTIONS_INVALID', `lockDurationMs must be at least 500 (got ${lockDurationMs})`);

  return (node): ScaleOut => {
    const keys = new ClusterKeys(prefix);
    const redis = connectRedis({ url: options.redisUrl, name: `ufo:${nodeId}:cmd` });
    const subscriber = connectRedis({ url: options.redisUrl, name: `ufo:${nodeId}:sub`, shardedSubscriber: true });
    const queueConnection = connectRedis({ url: options.redisUrl, name: `ufo:${nodeId}:queue` });
    const workerConnection = connectRedis({ url: options.redisUrl, name: `ufo:${nodeId}:worker` });
    const connections = [redis, subscriber, queueConnection, workerConnection];
    const report = <N extends ScaleOutEventName>(name: N, detail: ScaleOutEventDetail<N>) => node.emit(scaleOutEvent(nodeId, name, detail));
    for (const connection of connections) {
      connection.on('error', (error) => report('redis-error', { error: errorMessage(error) }));
    }
    const bus = new MessageBus({ publisher: redis, subscriber, onError: (error) => report('message-invalid', { error: errorMessage(error) }) });
    const eventReader = connectRedis({ url: options.redisUrl, name: `ufo:${nodeId}:events` });
    eventReader.on('error', (error) => report('redis-error', { error: errorMessage(error) }));
    const events = new RedisStreamEventBus({
      publisher: redis,
      reader: eventReader,
      key: keys.events,
      onError: (error) => report('event-stream-error', { error: errorMessage(error) }),
    });
    const clock = node.clock;
    const presence = new DevicePresence({ redis, keys, leaseMs, clock });
    const relay = new DeviceRelay({
      nodeId,
      keys,
      bus,
      presence,
      renewEveryMs: Math.max(100, Math.floor(leaseMs / 3)),
      ...(options.duplicateProbeMs !== undefined ? { probeMs: options.duplicateProbeMs } : {}),
      emit: node.emit,
      clock,
    });
    const router = new CommandRouter({ nodeId, keys, bus });
    const queueName = options.queueName ?? 'sessions';
    const queue = new Queue<SessionJobData, ClusterTaskRecord>(queueName, { connection: queueConnection, prefix: keys.tagged });
    queue.on('error', (error) => report('queue-error', { error: errorMessage(error) }));
    const ledger = new RedisKeySpendLedger({ redis, keyOf: (keyId) => keys.spend(keyId) });
    const sessionSpend = new RedisKeySpendLedger({ redis, keyOf: (sessionId) => keys.sessionSpend(sessionId), ttlMs: 7 * 24 * 3_600_000 });
    const waiting = new WaitingJobs({ redis, keys, clock });
    const owners = new TaskOwners();
    const remember = (record: TaskRecord) => owners.remember(record.task_name, taskOwnerKey(record));
    const worker =
      options.worker === false
        ? undefined
        : new SessionWorker({
            nodeId,
            keys,
            queueName,
            connection: workerConnection,
            redis,
            router,
            createModel: options.createModel,
            logRoot: node.logRoot,
            ...(options.concurrency !== undefined ? { concurrency: options.concurrency } : {}),
            lockDurationMs,
            ...(options.stalledIntervalMs !== undefined ? { stalledIntervalMs: options.stalledIntervalMs } : {}),
            ...(options.maxStalledCount !== undefined ? { maxStalledCount: options.maxStalledCount } : {}),
            dispatcher: { commandTimeoutMs: node.commandTimeoutMs, ...options.dispatcher },
            ...(options.session || node.actionPolicy
              ? { session: { ...(node.actionPolicy ? { actionPolicy: node.actionPolicy } : {}), ...options.session } }
              : {}),
            approval: node.approval,
            onTask: remember,
            ledger,
            sessionSpend,
            waiting,
            emit: node.emit,
            ...(node.streamLogSink ? { streamLogSink: node.streamLogSink } : {}),
            ...(node.instrument ? { instrument: node.instrument } : {}),
            clock,
          });
    const tasks = new ClusterTaskBackend({
      queue,
      redis,
      keys,
      presence,
      bus,
      runningHere: () => worker?.runningCount ?? 0,
      policy: { approval: node.approval, ...(node.budgets ? { budgets: node.budgets } : {}) },
      onQueued: (record) => {
        remember(record);
        node.emit({ type: 'task-queued', taskName: record.task_name, sessionId: record.session_id, clientId: record.client_id, owner: record.owner });
      },
      ...(options.keepResults ? { keepResults: options.keepResults } : {}),
      clock,
    });
    const taskFiles = new TaskFileExchange({
      nodeId,
      keys,
      bus,
      logRoot: node.logRoot,
      findTask: (taskName) => tasks.findTask({ taskName }),
      ...(options.taskFiles?.timeoutMs !== undefined ? { timeoutMs: options.taskFiles.timeoutMs } : {}),
      ...(options.taskFiles?.maxBytes !== undefined ? { maxBytes: options.taskFiles.maxBytes } : {}),
      onError: (error) => report('task-file-error', { error: errorMessage(error) }),
      onAnswered: (answer) => report('task-file-answered', answer),
      clock,
    });

    return {
      tasks,
      devices: relay,
      taskFiles,
      events,
      ledger,
      ownerKeyOf: (taskName) => owners.ownerOf(taskName),
      desk: new ClusterTaskDesk({ queue, presence, waiting, maxAnswerBytes: node.maxAnswerBytes, clock }),
      credentials: new RedisDeviceCredentialStore({
        redis,
        keys,
        announceRevoked: (clientId) => bus.broadcast(keys.credentialRevokedChannel, clientId),
        clock,
      }),
      async start() {
        await whenReady(connections, options.connectTimeoutMs ?? 10_000, options.redisUrl).catch(async (error: unknown) => {
          for (const connection of connections) connection.disconnect();
          throw error;
        });
        await router.start();
        await taskFiles.start();
        await bus.listen(keys.cancelChannel, (text) => {
          const { sessionId, reason } = parseJson(CancelBroadcastSchema, text, 'a cancel request');
          worker?.cancel(sessionId, reason);
        });
        // a credential revoked through any node disconnects the device on the node holding it (4003, as locally)
        await bus.listen(keys.credentialRevokedChannel, (clientId) => {
          const connection = node.registry.get(clientId);
          if (!connection) return;
          report('device-credential-revoked', { clientId });
          connection.close(4003, 'device credential revoked');
        });
        relay.start();
        await worker?.start();
        report('node-started', { worker: worker !== undefined, queue: queueName, prefix });
        onReady?.({ nodeId, keys, router, presence, worker });
      },
      async stop() {
        await worker?.stop().catch(() => undefined);
        await relay.stop().catch(() => undefined);
        await queue.close().catch(() => undefined);
        await Promise.allSettled(connections.map((connection) => connection.quit()));
        for (const connection of connections) connection.disconnect();
      },
    };
  };
}

/** Resolves when every connection is ready. @throws ClusterError `REDIS_UNAVAILABLE` after `timeoutMs`. */
function whenReady(connections: RedisClient[], timeoutMs: number, url: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const ready = Promise.all(
    connections.map((connection) => (connection.status === 'ready' ? undefined : new Promise<void>((resolve) => connection.once('ready', () => resolve())))),
  ).then(() => undefined);
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ClusterError('REDIS_UNAVAILABLE', `cannot reach Redis at ${url} within ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([ready, timeout]).finally(() => clearTimeout(timer));
}
