import { randomUUID } from 'node:crypto';
import type { Platform, WebSocketCommandDispatcher } from '@ufo-ts/aip';
import { systemClock, timestampTaskName, type Clock } from '@ufo-ts/core';
import type { ResumeDecision } from '@ufo-ts/sessions';
import { MemoryKeySpendLedger, type KeySpendLedger } from '../budgets/key-spend-ledger.js';
import type { DeviceConnection } from '../connections/device-connection.js';
import { DeviceBusyError, DeviceNotFoundError, ServerStoppedError, SessionIdInUseError, SessionOwnershipError } from '../errors.js';
import { TaskAnsweredFirstError, TaskNameInUseError, TaskNotFoundError, TaskNotWaitingError } from '../errors.js';
import { serverApprovalPolicy, type ApprovalPolicy, type HumanDecision } from '../hitl/hitl-schemas.js';
import type { WaitingEntry } from '../hitl/waiting-store.js';
import type { WaitingTasks } from '../hitl/waiting-tasks.js';
import { managerWaitingTasks } from './manager-waiting-tasks.js';
import { announceTaskEnded, finalRecordFor } from '../lifecycle/task-finish.js';
import { announceResumed, logAnswer } from '../lifecycle/task-resume.js';
import { taskPolicyOf } from '../scale-out/task-policy.js';
import { agentKindForPlatform } from './service-session.js';
import type { TaskRecord } from './task-record.js';
import { taskOwnerKey } from '../auth/api-key-ids.js';
import type { SessionManagerOptions, StartTaskInput } from './session-manager-options.js';
import { TaskRunner } from './task-runner.js';

/**
 * Runs tasks as sessions against their devices, concurrently (one per device at a time), in the background of the
 * event loop. Cancels them on request or when their device leaves, and keeps every task's record in the
 * {@link ResultStore} after it ends. Each task goes through the task lifecycle (launch, park for a person, resume,
 * finish) over its device's WebSocket connection.
 */
export class SessionManager {
  private readonly options: SessionManagerOptions;
  private readonly runner: TaskRunner;
  /**
   * Waiting tasks whose answer was taken and whose session is not running yet: the one point where an answer and a
   * cancel of the same task are ordered (the first to act on the waiting task wins; the other gets a 409).
   */
  private readonly resuming = new Set<string>();
  private stopping = false;
  private readonly waits: WaitingTasks;
  private readonly ledger: KeySpendLedger;
  private readonly clock: Clock;
  private readonly approval: ApprovalPolicy;

  constructor(options: SessionManagerOptions) {
    if (!options.createModel && !options.createSession) throw new TypeError('SessionManager needs createModel or createSession');
    this.options = options;
    this.clock = options.clock ?? systemClock;
    this.ledger = options.budgets?.ledger ?? new MemoryKeySpendLedger();
    this.waits = managerWaitingTasks(options, this.clock, (input) => this.answer(input));
    this.approval = serverApprovalPolicy(options.approval);
    this.runner = new TaskRunner(options, { ledger: this.ledger, waits: this.waits, approval: this.approval });
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
    return this.runner.bySession.size;
  }

  /** The running task of a device connection. */
  activeFor(connection: DeviceConnection): TaskRecord | undefined {
    return this.runner.byConnection.get(connection)?.record;
  }

  /** The running task of a session id, with the connection it runs on. */
  running(sessionId: string): { record: TaskRecord; connection: DeviceConnection; dispatcher: WebSocketCommandDispatcher } | undefined {
    const task = this.runner.bySession.get(sessionId);
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
    const busy = this.runner.byConnection.get(connection)?.record ?? this.waits.forClient(identity.clientId)?.record;
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
      created_at: new Date(this.clock.now()).toISOString(),
      ...taskPolicyOf(input, { approval: this.approval, ...(this.options.budgets ? { budgets: this.options.budgets } : {}) }),
    };
    return this.runner.launch({ record, connection, platform: identity.platform });
  }

  /**
   * Answers a waiting task: approves or rejects its held actions, or answers its questions, and runs it again on
   * its device. The answer names the task and its pending id; it is checked, recorded in the task's `answers.log`
   * (on disk before the session continues) and taken exactly once.
   * @throws TaskNotFoundError (unknown, or another key's), TaskNotWaitingError (answered already, running, ended),
   *   PendingIdMismatchError, AnswerInvalidError, AnswerTooLargeError, DeviceNotFoundError (its device is not
   *   connected: the task keeps waiting), DeviceBusyError, ServerStoppedError.
   */
  async answer(input: {
    taskName: string;
    pendingId: string;
    keyId: string;
    decision: HumanDecision;
    by?: 'person' | 'timeout';
    answered?: boolean;
  }): Promise<TaskRecord> {
    const { taskName } = input;
    const record = this.options.results.get(taskName) ?? this.waits.get(taskName)?.record;
    if (!record || taskOwnerKey(record) !== input.keyId) throw new TaskNotFoundError(`named "${taskName}"`);
    if (this.stopping) throw new ServerStoppedError();
    const waiting = this.waits.get(taskName);
    if (!waiting) throw new TaskNotWaitingError(taskName, record.status);
    if (waiting.answered && !input.answered) throw new TaskNotWaitingError(taskName, 'answered, resuming');
    const connection = this.options.deviceOf?.(waiting.record.client_id);
    if (!connection?.identity || !connection.open) throw new DeviceNotFoundError(waiting.record.client_id);
    const busy = this.runner.byConnection.get(connection);
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
      const by = input.by ?? 'person';
      try {
        const at = new Date(this.clock.now()).toISOString();
        const answer = { record: entry.record, pending: entry.record.waiting!, decision: input.decision, by, keyId: input.keyId, at };
        if (entry.record.log_folder) await logAnswer(entry.record.log_folder, answer);
        await this.waits.recordAnswer(entry, { decision: input.decision, by, key_id: input.keyId });
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
    announceResumed(this.options, { record: rest, pending: waiting!, decision });
    try {
      // the record's budget carries what the session spent before it waited
      return await this.runner.launch({ record: { ...rest, status: 'running' }, connection, platform: entry.platform as Platform, resume });
    } finally {
      await this.waits.forget(entry).catch(() => undefined);
    }
  }

  /** The tasks of a key (undefined: of every key) that are kept (running, waiting, or ended and not yet expired), oldest first. */
  async tasksOf(keyId: string | undefined): Promise<TaskRecord[]> {
    return this.options.results.list().filter((record) => keyId === undefined || taskOwnerKey(record) === keyId);
  }

  /**
   * Cancels a running task: its pending commands fail now, the device is told to stop them, and the round ends as
   * CANCELLED. Returns the record (its status stays `running` until the session has wound down), or undefined
   * when no task with this id is running.
   * @throws TaskAnsweredFirstError when the task was waiting and an answer was taken for it first (it is resuming).
   */
  cancel(sessionId: string, reason: string): TaskRecord | undefined {
    const task = this.runner.bySession.get(sessionId);
    if (!task) {
      const kept = this.options.results.getBySession(sessionId);
      if (kept && this.resuming.has(kept.task_name)) throw new TaskAnsweredFirstError(kept.task_name);
      return this.cancelWaiting(sessionId, reason);
    }
    this.runner.stopTask(task, 'cancelled', reason);
    return task.record;
  }

  /** A waiting task ends as cancelled (its device is free again). */
  private cancelWaiting(sessionId: string, reason: string): TaskRecord | undefined {
    const record = this.options.results.getBySession(sessionId);
    if (!record || record.status !== 'waiting' || !this.waits.get(record.task_name)) return undefined;
    void this.waits.drop(record.task_name);
    const ended = finalRecordFor(record, { status: 'cancelled', error: reason }, undefined, this.clock);
    this.options.results.put(ended);
    announceTaskEnded(this.options, ended);
    return ended;
  }

  /** The device of a connection left: its task fails now with the reason. */
  deviceLost(connection: DeviceConnection, reason: string): void {
    const task = this.runner.byConnection.get(connection);
    if (!task) return;
    task.dispatcher.disconnect(reason);
    this.runner.stopTask(task, 'failed', reason);
  }

  /** Resolves when a running session has ended and its record is final (immediately if it is not running). */
  async settled(sessionId: string): Promise<void> {
    await this.runner.bySession.get(sessionId)?.done;
  }

  /** Refuses new tasks, cancels the running ones and waits (up to `timeoutMs`) for them to wind down. */
  async stop(reason = 'the server is stopping', timeoutMs = 5_000): Promise<void> {
    this.stopping = true;
    this.waits.stop();
    const tasks = [...this.runner.bySession.values()];
    for (const task of tasks) this.runner.stopTask(task, 'cancelled', reason);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.allSettled(tasks.map((task) => task.done)), new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
    clearTimeout(timer);
  }

  private checkSessionId(sessionId: string, owner: string): void {
    const running = this.runner.bySession.get(sessionId);
    if (running) throw running.record.owner === owner ? new SessionIdInUseError(sessionId) : new SessionOwnershipError(sessionId);
    const kept = this.options.results.getBySession(sessionId);
    if (kept && kept.owner !== owner) throw new SessionOwnershipError(sessionId);
  }
}
