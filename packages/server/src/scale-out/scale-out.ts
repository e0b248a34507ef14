import type { CommandResultsMessage } from '@ufo-ts/aip';
import type { ActionPolicy } from '../sessions/policy-guard.js';
import type { Clock, LogSink } from '@ufo-ts/core';
import type { StreamEventBus } from '../events/stream-event-bus.js';
import type { ClientRegistry } from '../connections/client-registry.js';
import type { DeviceCredentialStore } from '../auth/device-credentials.js';
import type { DeviceConnection, PinnedIdentity } from '../connections/device-connection.js';
import type { ServerEvent } from '../server-events.js';
import type { ResultStore } from '../sessions/result-store.js';
import type { SessionManager } from '../sessions/session-manager.js';
import type { TaskBackend } from './task-backend.js';
import type { SessionInstrumentation } from '../sessions/session-instrumentation.js';
import type { BudgetLimits } from '../budgets/budget-schemas.js';
import type { KeySpendLedger } from '../budgets/key-spend-ledger.js';
import type { ApprovalPolicy } from '../hitl/hitl-schemas.js';
import type { TaskDesk } from '../hitl/task-routes.js';
import type { TaskRecord } from '../sessions/task-record.js';

/**
 * Fetches a file of a task's log folder that another node wrote (in cluster mode a task runs on whichever node's
 * worker picks it up, and its screenshots stay on that node's disk). Only names matching
 * {@link SCREENSHOT_FILE_PATTERN} are asked for; the route has already checked the caller may see the task.
 * @example
 * ```ts
 * const bytes = await scaleOut.taskFiles?.fetch(record, 'step_1.png', AbortSignal.timeout(2_000));
 * if (!bytes) return notFound();
 * ```
 */
export interface RemoteTaskFiles {
  /**
   * Resolves with the file's bytes, or undefined when no node that ran the task has it (or none answered in
   * time). Never rejects for a missing file; `signal` aborts the wait (then resolves undefined).
   */
  fetch(record: TaskRecord, file: string, signal?: AbortSignal): Promise<Buffer | undefined>;
}

/** What the server tells a scale-out extension about the devices connected to this node. */
export interface DeviceHooks {
  /**
   * Asked before a registration is accepted (the id is free on this node): may this connection hold the id across
   * the cluster? Claiming must be atomic and succeed only when no other live connection holds the id.
   */
  admit?(connection: DeviceConnection, identity: PinnedIdentity): Promise<AdmitOutcome>;
  /** A device registered on this node (its identity is pinned). */
  registered(connection: DeviceConnection): void;
  /** A registered device's connection on this node closed. */
  left(connection: DeviceConnection): void;
  /**
   * COMMAND_RESULTS whose session does not run in this process (it runs on another node). Returns true when the
   * extension took them (they answer a command it forwarded); false lets the server refuse them as usual.
   */
  results(connection: DeviceConnection, message: CommandResultsMessage): boolean;
}

/** Whether a connection may hold a client id across the cluster. */
export type AdmitOutcome = { admitted: true } | { admitted: false; reason: string };

/** The parts of one server process a scale-out extension builds on. */
export interface LocalNode {
  /** Devices connected to this process. */
  readonly registry: ClientRegistry;
  /** The in-process session manager (unused by tasks in cluster mode, kept for programmatic use). */
  readonly sessions: SessionManager;
  readonly results: ResultStore;
  /** Root of this node's per-task log folders. */
  readonly logRoot: string;
  /** Default timeout of one remote command, in ms. */
  readonly commandTimeoutMs: number;
  /** The server's clock: the time the scale-out's parts stamp and measure with too. */
  readonly clock: Clock;
  /** Reports an event through the server's `onEvent` (and the live event stream). */
  emit(event: ServerEvent): void;
  /** Wraps a task's log sink so the live event stream gets its steps, model calls and screenshots. */
  streamLogSink?(sink: LogSink, taskName: string): LogSink;
  /** Instruments each session run (the server's `instrument` option); a worker applies it to the sessions it runs. */
  instrument?: SessionInstrumentation;
  /** The server's default approval policy (a task's request may give its own). */
  readonly approval: ApprovalPolicy;
  /** The server's action policy (`actionPolicy`), which a worker puts around the dispatcher of each session it runs. */
  readonly actionPolicy?: ActionPolicy;
  /**
   * The server's budgets: `session` limits each task (a request can only lower them), `keys` limits every task of
   * an API key together, by key id. (A scale-out keeps the keys' spend in its own shared {@link ScaleOut.ledger}.)
   */
  readonly budgets?: { session?: BudgetLimits; keys?: Readonly<Record<string, BudgetLimits>> };
  /** Longest answer to a question, in UTF-8 bytes. */
  readonly maxAnswerBytes: number;
}

/**
 * A running scale-out extension: the task backend the HTTP API and the devices use instead of the in-process
 * one, the device hooks, and its lifecycle (started after the server listens, stopped before it closes).
 */
export interface ScaleOut {
  readonly tasks: TaskBackend;
  readonly devices: DeviceHooks;
  /** Device credentials shared by every node (default: the server's own, in memory). */
  readonly credentials?: DeviceCredentialStore;
  /** The bus of the live event stream shared by every node (default: one in this process). */
  readonly events?: StreamEventBus;
  /** Lists a key's tasks and answers waiting ones on every node (`/api/tasks` routes; default: none are mounted). */
  readonly desk?: TaskDesk;
  /** Each API key's spend, shared by every node (the server's `spend`; default: the in-process one). */
  readonly ledger?: KeySpendLedger;
  /**
   * The API key owning a task this node knows of (dispatched or ran here), for addressing its live events to that
   * key's subscribers (default: the task's record in this node's result store, else the server's own key).
   */
  ownerKeyOf?(taskName: string): string | undefined;
  /**
   * Fetches a task's screenshot from the node that wrote it, when this node's log root does not hold it (the
   * screenshot route asks it after its own folder; default: only local files are served).
   */
  readonly taskFiles?: RemoteTaskFiles;
  /** Connects (queue workers, subscriptions); called once the server listens. */
  start(): Promise<void>;
  /** Stops taking work and hands running sessions over to other nodes; called when the server stops. */
  stop(): Promise<void>;
}

/** Builds a {@link ScaleOut} for one server process (e.g. `createRedisScaleOut(...)` of `@ufo-ts/cluster`). */
export type ScaleOutFactory = (node: LocalNode) => ScaleOut;
