import { randomUUID } from 'node:crypto';
import { WebSocketCommandDispatcher, type Platform } from '@ufo-ts/aip';
import { join } from 'node:path';
import { EventBus, FileLogSink, errorMessage, systemClock, timestampTaskName, type CommandDispatcher, type LogSink, type Session, type SessionOutcome } from '@ufo-ts/core';
import type { ManagedSessionOutcome, ResumeDecision } from '@ufo-ts/sessions';
import { BudgetGuard } from '../budgets/budget-guard.js';
import { appendBudgetLine } from '../budgets/budget-log.js';
import { budgetStopReason, type BudgetSpend } from '../budgets/budget-schemas.js';
import { BudgetedModel } from '../budgets/budgeted-model.js';
import { MemoryKeySpendLedger, type KeySpendLedger } from '../budgets/key-spend-ledger.js';
import type { DeviceConnection } from '../connections/device-connection.js';
import { DeviceBusyError, DeviceNotFoundError, ServerStoppedError, SessionCreateError, SessionIdInUseError, SessionOwnershipError } from '../errors.js';
import { TaskAnsweredFirstError, TaskNameInUseError, TaskNotFoundError, TaskNotWaitingError } from '../errors.js';
import { appendAnswerLine } from '../hitl/answer-log.js';
import { DEFAULT_MAX_ANSWER_BYTES, serverApprovalPolicy, type ApprovalPolicy, type HumanDecision } from '../hitl/hitl-schemas.js';
import { answerLineFor, pendingInputFor } from '../hitl/decisions.js';
import { createWaitingSession } from '../hitl/waiting-session.js';
import { selfAnswersFor } from '../hitl/self-answers.js';
import { guardedByPolicy } from './policy-guard.js';
import { FileWaitingStore, type WaitingEntry } from '../hitl/waiting-store.js';
import { WaitingTasks } from '../hitl/waiting-tasks.js';
import type { ResultStore } from './result-store.js';
import { claimTaskLogFolder } from './task-log-folder.js';
import { taskPolicyOf } from '../scale-out/task-policy.js';
import { ServiceSession, agentKindForPlatform } from './service-session.js';
import type { TaskOutcome, TaskRecord, TaskRecordStatus } from './task-record.js';
import { isWaiting, judgeTaskEnd, type TaskStop } from './task-outcome.js';
import { taskOwnerKey } from '../auth/api-key-ids.js';
import type { SessionManagerOptions, StartTaskInput, TaskContext } from './session-manager-options.js';

interface ActiveTask {
  record: TaskRecord;
  connection: DeviceConnection;
  dispatcher: WebSocketCommandDispatcher;
  session: Session | undefined;
  done: Promise<void>;
  /** Set when the session is stopped from outside (a cancel request, the device leaving, the server stopping). */
  stop: TaskStop;
  platform: string;
  guard: BudgetGuard;
  /** Ends the run's instrumentation (once). */
  detach: () => void;
}

/** What a (re)started session needs besides its record. */
interface Launch {
  record: TaskRecord;
  connection: DeviceConnection;
  platform: Platform;
  /** The person's decision, when the session continues after waiting. */
  resume?: ResumeDecision;
  spent?: BudgetSpend;
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
  /**
   * Waiting tasks whose answer was taken and whose session is not running yet: the one point where an answer and a
   * cancel of the same task are ordered (the first to act on the waiting task wins; the other gets a 409).
   */
  private readonly resuming = new Set<string>();
  private stopping = false;
  private readonly waits: WaitingTasks;
  private readonly ledger: KeySpendLedger;
  private readonly defaultApproval: ApprovalPolicy;

  constructor(options: SessionManagerOptions) {
    if (!options.createModel && !options.createSession) throw new TypeError('SessionManager needs createModel or createSession');
    this.options = options;
    this.ledger = options.budgets?.ledger ?? new MemoryKeySpendLedger();
    this.defaultApproval = serverApprovalPolicy(options.approval);
    this.waits = new WaitingTasks({
      store: options.waitingStore ?? new FileWaitingStore(join(options.logRoot, '.waiting')),
      clock: options.clock ?? systemClock,
      maxAnswerBytes: options.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES,
      onTimeout: async (entry, decision, answered) => {
        const by = answered ? entry.answered!.by : 'timeout';
        await this.answer({ taskName: entry.record.task_name, pendingId: entry.record.waiting!.pending_id, keyId: taskOwnerKey(entry.record), decision, by, answered });
      },
      onTimeoutError: (entry, error) =>
        options.emit({ type: 'protocol-error', clientId: entry.record.client_id, code: 'APPROVAL_TIMEOUT_DEFERRED', error: `the default decision of task "${entry.record.task_name}" waits: ${errorMessage(error)}` }),
    });
  }

  /** Each API key's spend (cost and steps across its tasks). */
  get spend(): KeySpendLedger {
    return this.ledger;
  }

  /**
   * Takes back the tasks that were waiting for a person when the server last stopped: they are listed as waiting
   * again and their timeouts run. Call once, before serving requests. Returns how many were restored.
   */
  async restoreWaiting(): Promise<number> {
    const entries = await this.waits.restore();
    for (const entry of entries) this.options.results.put(entry.record);
    return entries.length;
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
    const busy = this.byConnection.get(connection)?.record ?? this.waits.forClient(identity.clientId)?.record;
    if (busy) throw new DeviceBusyError(identity.clientId, busy.task_name);
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
      ...taskPolicyOf(input, { approval: this.defaultApproval, ...(this.options.budgets ? { budgets: this.options.budgets } : {}) }),
    };
    return this.launch({ record, connection, platform: identity.platform });
  }

  /**
   * Answers a waiting task: approves or rejects its held actions, or answers its questions, and runs it again on
   * its device. The answer names the task and its pending id; it is checked, recorded in the task's `answers.log`
   * (on disk before the session continues) and taken exactly once.
   * @throws TaskNotFoundError (unknown, or another key's), TaskNotWaitingError (answered already, running, ended),
   *   PendingIdMismatchError, AnswerInvalidError, AnswerTooLargeError, DeviceNotFoundError (its device is not
   *   connected: the task keeps waiting), DeviceBusyError, ServerStoppedError.
   */
  async answer(input: { taskName: string; pendingId: string; keyId: string; decision: HumanDecision; by?: 'person' | 'timeout'; answered?: boolean }): Promise<TaskRecord> {
    const { taskName } = input;
    const record = this.options.results.get(taskName) ?? this.waits.get(taskName)?.record;
    if (!record || taskOwnerKey(record) !== input.keyId) throw new TaskNotFoundError(`named "${taskName}"`);
    if (this.stopping) throw new ServerStoppedError();
    const waiting = this.waits.get(taskName);
    if (!waiting) throw new TaskNotWaitingError(taskName, record.status);
    if (waiting.answered && !input.answered) throw new TaskNotWaitingError(taskName, 'answered, resuming');
    const connection = this.options.deviceOf?.(waiting.record.client_id);
    if (!connection?.identity || !connection.open) throw new DeviceNotFoundError(waiting.record.client_id);
    const busy = this.byConnection.get(connection);
    if (busy) throw new DeviceBusyError(waiting.record.client_id, busy.record.task_name);
    if (input.answered) {
      const taken = this.waits.takeAnswered(taskName);
      if (!taken) throw new TaskNotWaitingError(taskName, record.status);
      this.resuming.add(taskName);
      return this.resumeTaken(taken.entry, taken.resume, connection, input.decision).finally(() => this.resuming.delete(taskName));
    }
    // taking the task out of the waiting ones is synchronous: a cancel before it finds the task waiting (and wins),
    // a cancel after it finds it resuming (and is refused) until its session runs and can be cancelled
    const { entry, resume } = this.waits.take(taskName, input.pendingId, input.decision);
    this.resuming.add(taskName);
    try {
      const pending = entry.record.waiting!;
      try {
        if (entry.record.log_folder) {
          await appendAnswerLine(entry.record.log_folder, answerLineFor({ record: entry.record, pending, decision: input.decision, by: input.by ?? 'person', keyId: input.keyId }));
        }
        await this.waits.recordAnswer(entry, { decision: input.decision, by: input.by ?? 'person', key_id: input.keyId });
      } catch (error) {
        this.waits.putBack(entry);
        throw error;
      }
      return await this.resumeTaken(entry, resume, connection, input.decision);
    } finally {
      this.resuming.delete(taskName);
    }
  }

  /** Runs a waiting task again with its (recorded) answer; the waiting entry is forgotten once the session runs. */
  private async resumeTaken(entry: WaitingEntry, resume: ResumeDecision, connection: DeviceConnection, decision: HumanDecision): Promise<TaskRecord> {
    const { waiting, ...rest } = entry.record;
    const platform = entry.platform as Platform;
    this.options.emit({ type: 'task-resumed', taskName: rest.task_name, sessionId: rest.session_id, clientId: rest.client_id, pendingId: waiting!.pending_id, decision: decision.kind });
    try {
      return await this.launch({ record: { ...rest, status: 'running' }, connection, platform, resume, spent: rest.budget?.spent ?? { cost_usd: 0, steps: 0 } });
    } finally {
      await this.waits.forget(entry).catch(() => undefined);
    }
  }

  /** The tasks of a key (undefined: of every key) that are kept (running, waiting, or ended and not yet expired), oldest first. */
  async tasksOf(keyId: string | undefined): Promise<TaskRecord[]> {
    return this.options.results.list().filter((record) => keyId === undefined || taskOwnerKey(record) === keyId);
  }

  private async launch(launch: Launch): Promise<TaskRecord> {
    const { connection } = launch;
    const { task_name: taskName, session_id: sessionId, owner, request, client_id: clientId } = launch.record;
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
    const budget = launch.record.budget ?? { session: {}, key: {}, spent: { cost_usd: 0, steps: 0 } };
    const task: ActiveTask = {
      record: launch.record,
      connection,
      dispatcher,
      session: undefined,
      stop: undefined,
      done: built,
      platform: launch.platform,
      guard: new BudgetGuard({
        session: budget.session,
        key: budget.key,
        keyId: taskOwnerKey(launch.record),
        ledger: this.ledger,
        spent: launch.spent ?? budget.spent,
        onExceeded: (exceeded) => this.stopTask(task, 'budget_exceeded', budgetStopReason(exceeded)),
      }),
      detach: () => undefined,
    };
    this.bySession.set(sessionId, task);
    this.byConnection.set(connection, task);
    this.options.results.put(task.record);

    const context: TaskContext = {
      sessionId,
      taskName,
      request,
      clientId,
      platform: launch.platform,
      deviceInfo: connection.deviceInfo,
      owner,
      ...(launch.resume ? { resumedAtStep: task.guard.spent.steps } : {}),
    };
    try {
      const session = await this.buildSession(context, dispatcher, task, launch.resume);
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
      connection.send({ type: 'task', status: 'continue', session_id: sessionId, task_name: taskName, user_request: request, response_id: randomUUID(), timestamp: new Date().toISOString() });
    } catch (error) {
      task.stop ??= { status: 'failed', reason: `device ${clientId} could not be told about the task: ${errorMessage(error)}` };
    }
    if (!launch.resume) this.options.emit({ type: 'task-started', taskName, sessionId, clientId, owner });
    task.done = this.runInBackground(task).finally(markBuilt);
    return task.record;
  }

  /**
   * Cancels a running task: its pending commands fail now, the device is told to stop them, and the round ends as
   * CANCELLED. Returns the record (its status stays `running` until the session has wound down), or undefined
   * when no task with this id is running.
   * @throws TaskAnsweredFirstError when the task was waiting and an answer was taken for it first (it is resuming).
   */
  cancel(sessionId: string, reason: string): TaskRecord | undefined {
    const task = this.bySession.get(sessionId);
    if (!task) {
      const kept = this.options.results.getBySession(sessionId);
      if (kept && this.resuming.has(kept.task_name)) throw new TaskAnsweredFirstError(kept.task_name);
      return this.cancelWaiting(sessionId, reason);
    }
    this.stopTask(task, 'cancelled', reason);
    return task.record;
  }

  /** A waiting task ends as cancelled (its device is free again). */
  private cancelWaiting(sessionId: string, reason: string): TaskRecord | undefined {
    const record = this.options.results.getBySession(sessionId);
    if (!record || record.status !== 'waiting' || !this.waits.get(record.task_name)) return undefined;
    void this.waits.drop(record.task_name);
    const { waiting: _dropped, ...rest } = record;
    const ended = { ...rest, status: 'cancelled' as const, error: reason, ended_at: new Date().toISOString() };
    this.options.results.put(ended);
    this.options.emit({ type: 'task-ended', taskName: record.task_name, sessionId, clientId: record.client_id, status: 'cancelled', error: reason });
    return ended;
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
    this.waits.stop();
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

  private async buildSession(context: TaskContext, remote: WebSocketCommandDispatcher, task: ActiveTask, resume: ResumeDecision | undefined): Promise<Session> {
    let dispatcher: CommandDispatcher = remote;
    const events = new EventBus();
    events.subscribe((event) => this.options.emit({ type: 'engine', taskName: context.taskName, event }));
    task.guard.countStepsOf(events);
    const wrap = (sink: LogSink): LogSink => this.options.wrapLogSink?.(sink, context) ?? sink;
    if (this.options.createSession) {
      return this.options.createSession({ ...context, dispatcher: remote, logRoot: this.options.logRoot, events, wrapLogSink: wrap });
    }
    const instruments = this.options.instrument?.(events, { sessionId: context.sessionId, taskName: context.taskName, clientId: context.clientId, platform: context.platform });
    if (instruments) task.detach = once(() => instruments.detach());
    const created = await this.options.createModel!(context);
    const model = new BudgetedModel(instruments ? instruments.model(created) : created, task.guard);
    const policy = task.record.approval ?? this.defaultApproval;
    const base = this.options.session;
    if (this.options.actionPolicy) dispatcher = guardedByPolicy(dispatcher, this.options.actionPolicy, policy.mode === 'wait' || resume ? undefined : selfAnswersFor(policy, base?.interactor));
    if (instruments) dispatcher = instruments.dispatcher(dispatcher);
    if (policy.mode === 'wait' || resume) {
      return createWaitingSession({
        sessionId: context.sessionId,
        taskName: context.taskName,
        request: context.request,
        platform: context.platform,
        dispatcher,
        model,
        logRoot: this.options.logRoot,
        events,
        wrapLogSink: wrap,
        ...(base?.maxSteps !== undefined ? { maxSteps: base.maxSteps } : {}),
        ...(base?.safeGuard !== undefined ? { safeGuard: base.safeGuard } : {}),
        ...(resume ? { resume } : {}),
      });
    }
    return new ServiceSession({
      ...base,
      interactor: selfAnswersFor(policy, base?.interactor),
      sessionId: context.sessionId,
      taskName: context.taskName,
      request: context.request,
      clientId: context.clientId,
      platform: context.platform,
      dispatcher,
      remote,
      model,
      logSink: wrap(new FileLogSink({ logRoot: this.options.logRoot, task: claimTaskLogFolder(this.options.logRoot, context.taskName, context.sessionId) })),
      events,
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
    await task.guard.release().catch(() => undefined);
    if (!task.stop && isWaiting(outcome)) {
      await this.park(task, outcome);
      return;
    }
    const result: TaskOutcome | undefined = outcome && {
      rounds: outcome.rounds,
      steps: outcome.steps,
      cost: outcome.cost,
      ...(outcome.rounds.length > 0 ? { final_state: outcome.rounds[outcome.rounds.length - 1]!.finalState } : {}),
    };
    const { status, error } = judgeTaskEnd(task.stop, outcome, failure);
    const exceeded = task.guard.exceeded;
    if (status === 'budget_exceeded' && exceeded && task.record.log_folder) {
      await appendBudgetLine(task.record.log_folder, { task_name: task.record.task_name, exceeded, session_spent: task.guard.spent }).catch(() => undefined);
    }
    this.finish(task, { status, ...(result ? { result } : {}), ...(error !== undefined ? { error } : {}) });
    await task.dispatcher.close();
    const end = { type: 'task_end' as const, status: status === 'completed' || status === 'cancelled' ? status : 'failed' as const, session_id: task.record.session_id, task_name: task.record.task_name, ...(error !== undefined ? { error: error.slice(0, 10_000) } : {}) };
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

  /** The session stopped for a person: the task is kept as waiting (on disk first) and its device stays reserved. */
  private async park(task: ActiveTask, outcome: ManagedSessionOutcome & { waitingFor: NonNullable<ManagedSessionOutcome['waitingFor']> }): Promise<void> {
    const policy = task.record.approval ?? this.defaultApproval;
    const clock = this.options.clock ?? systemClock;
    const waiting = await pendingInputFor({ waitingFor: outcome.waitingFor, policy, now: clock.now(), taskName: task.record.task_name, logFolder: task.record.log_folder });
    task.detach();
    const record: TaskRecord = { ...task.record, status: 'waiting', waiting, ...this.budgetOf(task) };
    const entry: WaitingEntry = { record, platform: task.platform };
    this.bySession.delete(record.session_id);
    if (this.byConnection.get(task.connection) === task) this.byConnection.delete(task.connection);
    await task.dispatcher.close();
    try {
      await this.waits.park(entry);
    } catch (error) {
      this.finish(task, { status: 'failed', error: `the waiting task could not be saved: ${errorMessage(error)}` });
      return;
    }
    task.record = this.options.results.update(record.task_name, record) ?? record;
    this.options.emit({ type: 'task-waiting', taskName: record.task_name, sessionId: record.session_id, clientId: record.client_id, pendingId: waiting.pending_id, kind: waiting.kind });
  }

  private budgetOf(task: ActiveTask): Pick<TaskRecord, 'budget'> {
    const budget = task.record.budget;
    if (!budget) return {};
    const exceeded = task.guard.exceeded;
    return { budget: { ...budget, spent: task.guard.spent, ...(exceeded ? { exceeded } : {}) } };
  }

  private finish(task: ActiveTask, update: { status: TaskRecordStatus; result?: TaskOutcome; error?: string }): void {
    task.detach();
    task.record = this.options.results.finish(task.record.task_name, { ...update, ...this.budgetOf(task), ended_at: new Date().toISOString() }) ?? { ...task.record, ...update };
    this.bySession.delete(task.record.session_id);
    if (this.byConnection.get(task.connection) === task) this.byConnection.delete(task.connection);
    this.options.emit({ type: 'task-ended', taskName: task.record.task_name, sessionId: task.record.session_id, clientId: task.record.client_id, status: update.status, error: update.error });
  }
}

/** A function that runs its body the first time it is called only. */
function once(body: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    body();
  };
}
