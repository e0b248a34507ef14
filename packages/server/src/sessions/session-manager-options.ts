import type { ActionPolicy } from './policy-guard.js';
import type { DeviceInfo, Platform, WebSocketCommandDispatcher } from '@ufo-ts/aip';
import type { ChatModel, Clock, EventBus, LogSink, Session } from '@ufo-ts/core';
import type { BudgetLimits } from '../budgets/budget-schemas.js';
import type { KeySpendLedger } from '../budgets/key-spend-ledger.js';
import type { DeviceConnection } from '../connections/device-connection.js';
import type { ApprovalPolicyInput } from '../hitl/hitl-schemas.js';
import type { StartTaskRequest } from '../scale-out/task-backend.js';
import type { WaitingStore } from '../hitl/waiting-store.js';
import type { ServerEvent } from '../server-events.js';
import type { ResultStore } from './result-store.js';
import type { ServiceSessionOptions } from './service-session.js';
import type { SessionInstrumentation } from './session-instrumentation.js';

/** What a model or session factory is told about the task it serves. */
export interface TaskContext {
  sessionId: string;
  taskName: string;
  request: string;
  clientId: string;
  platform: Platform;
  deviceInfo: DeviceInfo | undefined;
  /** `api` or `device:<client id>`. */
  owner: string;
  /** Set when the session continues after waiting for a person: the steps it had taken (a scripted model skips them). */
  resumedAtStep?: number;
}

/** Creates the model of one task (e.g. a ScriptedModel chosen by the request in tests, a provider model in `ufo serve`). */
export type ModelFactory = (task: TaskContext) => ChatModel | Promise<ChatModel>;

/** What a custom session factory gets to build a session. */
export interface SessionFactoryInput extends TaskContext {
  /** The remote dispatcher bound to the device and this session. */
  dispatcher: WebSocketCommandDispatcher;
  /** The server's log root; use `FileLogSink({ logRoot, task: taskName })` for the per-task folder. */
  logRoot: string;
  /** The bus the server forwards to its `engine` events. */
  events: EventBus;
  /** Wraps the session's log sink so the server's live event stream sees its steps and screenshots. */
  wrapLogSink: (sink: LogSink) => LogSink;
}

/** Builds the whole session of a task (replaces the built-in session of the task's approval mode). */
export type ServerSessionFactory = (input: SessionFactoryInput) => Session | Promise<Session>;
/** @deprecated Renamed {@link ServerSessionFactory} (`@ufo-ts/sessions` has a `SessionFactory` class); this alias goes in the next major. */
export type SessionFactory = ServerSessionFactory;

/** Options of `SessionManager`. */
export interface SessionManagerOptions {
  /** Model of each task (required unless `createSession` is given). */
  createModel?: ModelFactory;
  /** Builds each task's session instead of the built-in one (a LinuxSession or HostSession of the task's approval mode). */
  createSession?: ServerSessionFactory;
  /** Root of the per-task log folders. */
  logRoot: string;
  /** Default per-command timeout of the remote dispatchers, in ms. */
  commandTimeoutMs: number;
  /** Extra wait per batch for the network and the device (default 2 000 ms). */
  commandGraceMs?: number;
  /** Where task records live (kept after the sessions end). */
  results: ResultStore;
  /** Extra options of the built-in sessions (step cap, interactor answers, safe-guard). */
  session?: Pick<ServiceSessionOptions, 'maxSteps' | 'interactor' | 'safeGuard'>;
  /** Wraps each task's log sink (the live event stream reads steps and screenshots through it). */
  wrapLogSink?: (sink: LogSink, task: TaskContext) => LogSink;
  /** Receives every server event the sessions produce. */
  emit: (event: ServerEvent) => void;
  /**
   * What a task does when the agent holds a sensitive action or asks a question, unless its request says (default
   * `auto-reject`: held actions are skipped and questions get the default answer, or `session.interactor`'s).
   */
  approval?: ApprovalPolicyInput;
  /**
   * The policy every command of every built-in session passes (see `withPolicy` in `@ufo-ts/dispatchers`): a
   * denied command never reaches the device; a held one (`confirm`) is approved or refused by the task's approval
   * mode (`auto-approve` approves, `auto-reject` refuses) and refused under `wait`, where it is not yet put to a
   * person. Each verdict, with its rule and reason, is in the step's record (response.log, the event stream, the
   * console).
   */
  actionPolicy?: ActionPolicy;
  /** Where waiting tasks are kept across restarts (default: JSON files in `<logRoot>/.waiting`). */
  waitingStore?: WaitingStore;
  /** The connected device of a client id (a waiting task resumes on its device). */
  deviceOf?: (clientId: string) => DeviceConnection | undefined;
  /** Clock of the approval timeouts (default: the system clock). */
  clock?: Clock;
  /** Longest answer to a question, in UTF-8 bytes (default 16 KiB). */
  maxAnswerBytes?: number;
  /**
   * Cost and step budgets of the built-in sessions: `session` limits each task (a request can only lower them),
   * `keys` limits all tasks of an API key together (by key id), `ledger` keeps each key's spend (default: memory).
   */
  budgets?: { session?: BudgetLimits; keys?: Readonly<Record<string, BudgetLimits>>; ledger?: KeySpendLedger };
  /**
   * Instruments each built-in session run (its model and dispatcher), e.g. `(events) => tracing.traceSession(events)`
   * of `@ufo-ts/otel`. A `createSession` factory instruments its own sessions.
   */
  instrument?: SessionInstrumentation;
}

/**
 * Input of `SessionManager.start`: a task request (see `StartTaskRequest`; its approval policy defaults to the
 * manager's) for a registered device connection instead of a client id.
 */
export interface StartTaskInput extends Omit<StartTaskRequest, 'clientId'> {
  /** The (registered) device connection the session runs on. */
  connection: DeviceConnection;
}
