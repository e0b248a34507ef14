import { randomUUID } from 'node:crypto';
import { WebSocketCommandDispatcher, type DeviceInfo, type Platform } from '@ufo-ts/aip';
import { EventBus, FileLogSink, errorMessage, timestampTaskName, type ChatModel, type LogSink, type Session, type SessionOutcome } from '@ufo-ts/core';
import type { DeviceConnection } from '../connections/device-connection.js';
import {
  DeviceBusyError,
  ServerStoppedError,
  SessionCreateError,
  SessionIdInUseError,
  SessionOwnershipError,
  TaskNameInUseError,
} from '../errors.js';
import type { ServerEvent } from '../server-events.js';
import type { ResultStore } from './result-store.js';
import { claimTaskLogFolder } from './task-log-folder.js';
import { ServiceSession, agentKindForPlatform, type ServiceSessionOptions } from './service-session.js';
import type { TaskOutcome, TaskRecord, TaskRecordStatus } from './task-record.js';

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

/** Builds the whole session of a task (replaces the built-in ServiceSession wiring). */
export type ServerSessionFactory = (input: SessionFactoryInput) => Session | Promise<Session>;
/** @deprecated Renamed {@link ServerSessionFactory} (`@ufo-ts/sessions` has a `SessionFactory` class); this alias goes in the next major. */
export type SessionFactory = ServerSessionFactory;

/** Options of {@link SessionManager}. */
export interface SessionManagerOptions {
  /** Model of each task (required unless `createSession` is given). */
  createModel?: ModelFactory;
  /** Builds each task's session instead of the built-in {@link ServiceSession}. */
  createSession?: ServerSessionFactory;
  /** Root of the per-task log folders. */
  logRoot: string;
  /** Default per-command timeout of the remote dispatchers, in ms. */
  commandTimeoutMs: number;
  /** Extra wait per batch for the network and the device (default 2 000 ms). */
  commandGraceMs?: number;
  /** Where task records live (kept after the sessions end). */
  results: ResultStore;
  /** Extra options of the built-in ServiceSession (step cap, interactor answers, safe-guard). */
  session?: Pick<ServiceSessionOptions, 'maxSteps' | 'interactor' | 'safeGuard'>;
  /** Wraps each task's log sink (the live event stream reads steps and screenshots through it). */
  wrapLogSink?: (sink: LogSink, task: TaskContext) => LogSink;
  emit: (event: ServerEvent) => void;
}

/** Input of {@link SessionManager.start}. */
export interface StartTaskInput {
  /** The (registered) device connection the session runs on. */
  connection: DeviceConnection;
  request: string;
  taskName?: string;
  sessionId?: string;
  /** `api` or `device:<client id>`. */
  owner: string;
}

interface ActiveTask {
  record: TaskRecord;
  connection: DeviceConnection;
  dispatcher: WebSocketCommandDispatcher;
  session: Session | undefined;
  done: Promise<void>;
  /** Set when the session is stopped from outside (a cancel request, the device leaving, the server stopping). */
  stop: { status: TaskRecordStatus; reason: string } | undefined;
}

/**
 * Runs tasks as sessions against their devices, concurrently (one per device at a time), in the background of the
 * event loop. Cancels them on request or when their device leaves, and keeps every task's record in the
 * {@link ResultStore} after it ends.
 */
export class SessionManager {
  private readonly options: SessionManagerOptions;
  private readonly bySession = new Map<string, ActiveTask>();
  private readonly byConnection = new Map<DeviceConnection, ActiveTask>();
  private stopping = false;

  constructor(options: SessionManagerOptions) {
    if (!options.createModel && !options.createSession) throw new TypeError('SessionManager needs createModel or createSession');
    this.options = options;
  }

  /** Tasks running now. */
  get runningCount(): number {
    return this.bySession.size;
  }

  /** The running task of a device connection. */
  activeFor(connection: DeviceConnection): TaskRecord | undefined {
    return this.byConnection.get(connection)?.record;
  }

  /** The running task of a session id, with the connection it runs on. */
  running(sessionId: string): { record: TaskRecord; connection: DeviceConnection; dispatcher: WebSocketCommandDispatcher } | undefined {
    const task = this.bySession.get(sessionId);
    return task && { record: task.record, connection: task.connection, dispatcher: task.dispatcher };
  }

  /**
   * Starts a task on a device and returns its record (status `running`). The checks happen before anything starts.
   * @throws DeviceBusyError, SessionOwnershipError, SessionIdInUseError, TaskNameInUseError, PlatformUnsupportedError,
   *   ServerStoppedError, SessionCreateError.
   */
  async start(input: StartTaskInput): Promise<TaskRecord> {
    if (this.stopping) throw new ServerStoppedError();
    const { connection, owner } = input;
    const identity = connection.identity;
    if (!identity) throw new TypeError('the connection is not registered');
    const busy = this.byConnection.get(connection);
    if (busy) throw new DeviceBusyError(identity.clientId, busy.record.task_name);
    const sessionId = input.sessionId ?? randomUUID();
    this.checkSessionId(sessionId, owner);
    const taskName = input.taskName ?? `${timestampTaskName()}-${sessionId.slice(0, 8)}`;
    const existing = this.options.results.get(taskName);
    if (existing && (existing.status === 'running' || existing.owner !== owner)) throw new TaskNameInUseError(taskName);
    agentKindForPlatform(identity.platform);

    const record: TaskRecord = {
      task_name: taskName,
      session_id: sessionId,
      client_id: identity.clientId,
      owner,
      request: input.request,
      status: 'running',
      created_at: new Date().toISOString(),
    };
    const dispatcher = new WebSocketCommandDispatcher({
      channel: connection,
      sessionId,
      taskName,
      commandTimeoutMs: this.options.commandTimeoutMs,
      ...(this.options.commandGraceMs !== undefined ? { graceMs: this.options.commandGraceMs } : {}),
      onEvent: (event) => this.options.emit({ type: 'remote-dispatcher', taskName, event }),
    });
    let markBuilt!: () => void;
    const built = new Promise<void>((resolve) => (markBuilt = resolve));
    const task: ActiveTask = { record, connection, dispatcher, session: undefined, stop: undefined, done: built };
    this.bySession.set(sessionId, task);
    this.byConnection.set(connection, task);
    this.options.results.put(record);

    const context: TaskContext = { sessionId, taskName, request: input.request, clientId: identity.clientId, platform: identity.platform, deviceInfo: connection.deviceInfo, owner };
    try {
      const session = await this.buildSession(context, dispatcher);
      if (session.id !== sessionId) throw new TypeError(`createSession must use the given sessionId (${sessionId}), not ${session.id}`);
      task.session = session;
    } catch (error) {
      this.finish(task, { status: 'failed', error: `the session could not be created: ${errorMessage(error)}` });
      markBuilt();
      throw new SessionCreateError(`the session of task "${taskName}" could not be created: ${errorMessage(error)}`, { cause: error });
    }
    const folder = task.session.context.get('LOG_PATH');
    if (folder) task.record = { ...task.record, log_folder: folder };
    this.options.results.put(task.record);
    try {
      connection.send({ type: 'task', status: 'continue', session_id: sessionId, task_name: taskName, user_request: input.request, response_id: randomUUID(), timestamp: new Date().toISOString() });
    } catch (error) {
      task.stop ??= { status: 'failed', reason: `device ${identity.clientId} could not be told about the task: ${errorMessage(error)}` };
    }
    this.options.emit({ type: 'task-started', taskName, sessionId, clientId: identity.clientId, owner });
    task.done = this.runInBackground(task).finally(markBuilt);
    return task.record;
  }

  /**
   * Cancels a running task: its pending commands fail now, the device is told to stop them, and the round ends as
   * CANCELLED. Returns the record (its status stays `running` until the session has wound down), or undefined
   * when no task with this id is running.
   */
  cancel(sessionId: string, reason: string): TaskRecord | undefined {
    const task = this.bySession.get(sessionId);
    if (!task) return undefined;
    this.stopTask(task, 'cancelled', reason);
    return task.record;
  }

  /** The device of a connection left: its task fails now with the reason. */
  deviceLost(connection: DeviceConnection, reason: string): void {
    const task = this.byConnection.get(connection);
    if (!task) return;
    task.dispatcher.disconnect(reason);
    this.stopTask(task, 'failed', reason);
  }

  /** Resolves when a running session has ended and its record is final (immediately if it is not running). */
  async settled(sessionId: string): Promise<void> {
    await this.bySession.get(sessionId)?.done;
  }

  /** Refuses new tasks, cancels the running ones and waits (up to `timeoutMs`) for them to wind down. */
  async stop(reason = 'the server is stopping', timeoutMs = 5_000): Promise<void> {
    this.stopping = true;
    const tasks = [...this.bySession.values()];
    for (const task of tasks) this.stopTask(task, 'cancelled', reason);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled(tasks.map((task) => task.done)),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs))),
    ]);
    clearTimeout(timer);
  }

  private stopTask(task: ActiveTask, status: TaskRecordStatus, reason: string): void {
    task.stop ??= { status, reason };
    task.session?.cancel(reason);
    task.dispatcher.cancel(reason);
  }

  private checkSessionId(sessionId: string, owner: string): void {
    const running = this.bySession.get(sessionId);
    if (running) throw running.record.owner === owner ? new SessionIdInUseError(sessionId) : new SessionOwnershipError(sessionId);
    const kept = this.options.results.getBySession(sessionId);
    if (kept && kept.owner !== owner) throw new SessionOwnershipError(sessionId);
  }

  private async buildSession(context: TaskContext, dispatcher: WebSocketCommandDispatcher): Promise<Session> {
    const events = new EventBus();
    events.subscribe((event) => this.options.emit({ type: 'engine', taskName: context.taskName, event }));
    if (this.options.createSession) {
      const wrapLogSink = (sink: LogSink) => this.options.wrapLogSink?.(sink, context) ?? sink;
      return this.options.createSession({ ...context, dispatcher, logRoot: this.options.logRoot, events, wrapLogSink });
    }
    const model = await this.options.createModel!(context);
    return new ServiceSession({
      ...this.options.session,
      sessionId: context.sessionId,
      taskName: context.taskName,
      request: context.request,
      clientId: context.clientId,
      platform: context.platform,
      dispatcher,
      model,
      logRoot: this.options.logRoot,
      events,
      ...(this.options.wrapLogSink
        ? { logSink: this.options.wrapLogSink(new FileLogSink({ logRoot: this.options.logRoot, task: claimTaskLogFolder(this.options.logRoot, context.taskName, context.sessionId) }), context) }
        : {}),
    });
  }

  private async runInBackground(task: ActiveTask): Promise<void> {
    let outcome: SessionOutcome | undefined;
    let failure: unknown;
    if (task.stop) {
      task.session?.cancel(task.stop.reason);
    }
    try {
      outcome = await task.session!.run();
    } catch (error) {
      failure = error;
    }
    const result: TaskOutcome | undefined = outcome && {
      rounds: outcome.rounds,
      steps: outcome.steps,
      cost: outcome.cost,
      ...(outcome.rounds.length > 0 ? { final_state: outcome.rounds[outcome.rounds.length - 1]!.finalState } : {}),
    };
    const { status, error } = judge(task.stop, outcome, failure);
    this.finish(task, { status, ...(result ? { result } : {}), ...(error !== undefined ? { error } : {}) });
    await task.dispatcher.close();
    const end = { type: 'task_end' as const, status: status === 'running' ? 'failed' as const : status, session_id: task.record.session_id, task_name: task.record.task_name, ...(error !== undefined ? { error: error.slice(0, 10_000) } : {}) };
    try {
      task.connection.send({ ...end, result: result?.rounds });
    } catch {
      try {
        task.connection.send(end);
      } catch {
        // the device is gone; the record keeps the outcome
      }
    }
  }

  private finish(task: ActiveTask, update: { status: TaskRecordStatus; result?: TaskOutcome; error?: string }): void {
    task.record = this.options.results.finish(task.record.task_name, { ...update, ended_at: new Date().toISOString() }) ?? { ...task.record, ...update };
    this.bySession.delete(task.record.session_id);
    if (this.byConnection.get(task.connection) === task) this.byConnection.delete(task.connection);
    this.options.emit({ type: 'task-ended', taskName: task.record.task_name, sessionId: task.record.session_id, clientId: task.record.client_id, status: update.status, error: update.error });
  }
}

/** The final status and error text of a task. */
function judge(
  stop: ActiveTask['stop'],
  outcome: SessionOutcome | undefined,
  failure: unknown,
): { status: TaskRecordStatus; error: string | undefined } {
  if (stop) return { status: stop.status, error: stop.reason };
  if (failure !== undefined || !outcome) return { status: 'failed', error: `the session failed: ${errorMessage(failure)}` };
  const last = outcome.rounds[outcome.rounds.length - 1];
  if (!last) return { status: 'failed', error: 'no round ran' };
  switch (last.finalState) {
    case 'FINISH':
      return { status: 'completed', error: undefined };
    case 'CANCELLED':
      return { status: 'cancelled', error: 'the session was cancelled' };
    case 'MAX_STEP':
      return { status: 'failed', error: 'the step limit was reached before the task finished' };
    case 'ERROR':
      return { status: 'failed', error: `the round ended in ERROR: ${describe(last.result)}` };
    default:
      return { status: 'failed', error: `the agent ended the task in ${last.finalState}: ${describe(last.result)}` };
  }
}

function describe(result: unknown): string {
  if (result && typeof result === 'object' && 'error' in result) return errorMessage((result as { error: unknown }).error);
  return typeof result === 'string' ? result : JSON.stringify(result) ?? 'no result';
}
