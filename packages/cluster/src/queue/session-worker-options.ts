import type { Clock, LogSink } from '@ufo-ts/core';
import type { ApprovalPolicy, KeySpendLedger, ServerEvent, SessionInstrumentation, TaskRecord } from '@ufo-ts/server';
import type { RedisKeySpendLedger } from '../budgets/redis-key-spend-ledger.js';
import type { ClusterKeys } from '../keys.js';
import type { RedisClient } from '../redis/redis-connections.js';
import type { CommandRouter } from '../routing/command-router.js';
import type { RoutedCommandDispatcherOptions } from '../routing/routed-command-dispatcher.js';
import type { ClusterSessionOptions } from './cluster-session-builder.js';
import type { ClusterModelFactory } from './cluster-task-context.js';
import type { WaitingJobs } from './waiting-jobs.js';

/** Queue timings that decide how fast a dead worker's session is picked up again. */
export interface LockTimings {
  /** A job's lock lives this long unless its worker renews it (every half of it), in ms (default 5 000). */
  lockDurationMs?: number;
  /** How often each worker looks for jobs whose lock expired, in ms (default 1 000). */
  stalledIntervalMs?: number;
  /** How many times a session may be recovered from a dead worker before it fails (default 20). */
  maxStalledCount?: number;
}

/** Options of `SessionWorker`. */
export interface SessionWorkerOptions extends LockTimings {
  nodeId: string;
  keys: ClusterKeys;
  queueName: string;
  /** A connection for BullMQ's worker (it duplicates it for its blocking reads). */
  connection: RedisClient;
  /** Connection for the cluster's own keys. */
  redis: RedisClient;
  router: CommandRouter;
  createModel: ClusterModelFactory;
  /** Root of this node's per-task log folders. */
  logRoot: string;
  /** Sessions this node runs at once (default 50). */
  concurrency?: number;
  /** Routing options of each session's dispatcher. */
  dispatcher?: Pick<RoutedCommandDispatcherOptions, 'commandTimeoutMs' | 'graceMs' | 'resendEveryMs' | 'offlineBudgetMs' | 'backoff'>;
  /** Session options: step cap, safe-guard, interactor answers, what a resumed session does with unknown outcomes. */
  session?: ClusterSessionOptions;
  /** The approval policy of tasks whose record has none. */
  approval: ApprovalPolicy;
  /** Told about each task this worker picks up (before it emits any of its events). */
  onTask?: (record: TaskRecord) => void;
  /** Each API key's spend, shared by every node. */
  ledger: KeySpendLedger;
  /** Each session's own spend, kept in Redis so a resumed session keeps counting. */
  sessionSpend: RedisKeySpendLedger;
  /** Parks waiting sessions and reads their answers. */
  waiting: WaitingJobs;
  /** Receives the server events of the sessions this worker runs. */
  emit: (event: ServerEvent) => void;
  /** Wraps a task's log sink (e.g. to stream its records); the sink is used as is when absent. */
  streamLogSink?: (sink: LogSink, taskName: string) => LogSink;
  /** Instruments each session run (e.g. `(events) => tracing.traceSession(events)` of `@ufo-ts/otel`). */
  instrument?: SessionInstrumentation;
  /** The time attempts, waiting tasks and final records are stamped with (default `systemClock`). */
  clock?: Clock;
}
