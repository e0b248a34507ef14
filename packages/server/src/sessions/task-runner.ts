import { randomUUID } from 'node:crypto';
import { WebSocketCommandDispatcher, type Platform } from '@ufo-ts/aip';
import { errorMessage, systemClock, type Clock, type Session } from '@ufo-ts/core';
import type { ResumeDecision } from '@ufo-ts/sessions';
import type { BudgetGuard } from '../budgets/budget-guard.js';
import type { KeySpendLedger } from '../budgets/key-spend-ledger.js';
import type { DeviceConnection } from '../connections/device-connection.js';
import { SessionCreateError } from '../errors.js';
import type { ApprovalPolicy } from '../hitl/hitl-schemas.js';
import type { WaitingTasks } from '../hitl/waiting-tasks.js';
import { isWaiting, judgeTaskEnd, type TaskStop } from '../lifecycle/judge-task-end.js';
import { finishTask, type FinishPort, type TaskEnd } from '../lifecycle/task-finish.js';
import { announceTaskStarted, runBudgetGuard, tellDeviceTaskStarts } from '../lifecycle/task-launch.js';
import { parkTask, type ParkPort } from '../lifecycle/task-park.js';
import { buildServerSession } from './server-session.js';
import type { SessionManagerOptions, TaskContext } from './session-manager-options.js';
import type { TaskRecord, TaskRecordStatus } from './task-record.js';

/** A task whose session runs on this server now. */
export interface ActiveTask {
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
export interface Launch {
  record: TaskRecord;
  connection: DeviceConnection;
  platform: Platform;
  /** The person's decision, when the session continues after waiting. */
  resume?: ResumeDecision;
}

/** What a {@link TaskRunner} shares with its session manager. */
export interface TaskRunnerDeps {
  ledger: KeySpendLedger;
  waits: WaitingTasks;
  /** The approval policy of tasks whose record has none. */
  approval: ApprovalPolicy;
}

/**
 * Runs the sessions of a single server through the task lifecycle, over each device's WebSocket connection: it
 * launches them, parks them for a person in the waiting tasks, finishes them in the result store, and keeps the
 * running ones by session id and by connection.
 */
export class TaskRunner {
  readonly bySession = new Map<string, ActiveTask>();
  readonly byConnection = new Map<DeviceConnection, ActiveTask>();
  private readonly clock: Clock;

  constructor(
    private readonly options: SessionManagerOptions,
    private readonly deps: TaskRunnerDeps,
  ) {
    this.clock = options.clock ?? systemClock;
  }

  /**
   * Builds the task's session, tells the device and runs the session in the background; returns the running record.
   * @throws SessionCreateError when the session could not be built (the task has ended as failed).
   */
  async launch(launch: Launch): Promise<TaskRecord> {
    const { connection } = launch;
    const { task_name: taskName, session_id: sessionId, client_id: clientId } = launch.record;
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
    const task = { record: launch.record, connection, dispatcher, session: undefined, stop: undefined, done: built, platform: launch.platform } as ActiveTask;
    task.detach = () => undefined;
    task.guard = runBudgetGuard(launch.record, {
      ledger: this.deps.ledger,
      stop: (reason) => this.stopTask(task, 'budget_exceeded', reason),
    });
    this.bySession.set(sessionId, task);
    this.byConnection.set(connection, task);
    this.options.results.put(task.record);

    const context: TaskContext = {
      sessionId,
      taskName,
      request: launch.record.request,
      clientId,
      platform: launch.platform,
      deviceInfo: connection.deviceInfo,
      owner: launch.record.owner,
      ...(launch.resume ? { resumedAtStep: task.guard.spent.steps } : {}),
    };
    try {
      const session = await buildServerSession(this.options, {
        context,
        record: task.record,
        remote: dispatcher,
        guard: task.guard,
        policy: this.policyOf(task),
        resume: launch.resume,
        onInstrumented: (detach) => (task.detach = detach),
      });
      if (session.id !== sessionId) throw new TypeError(`createSession must use the given sessionId (${sessionId}), not ${session.id}`);
      task.session = session;
    } catch (error) {
      await this.end(task, { status: 'failed', error: `the session could not be created: ${errorMessage(error)}` }, false);
      markBuilt();
      throw new SessionCreateError(`the session of task "${taskName}" could not be created: ${errorMessage(error)}`, { cause: error });
    }
    const folder = task.session.context.get('LOG_PATH');
    if (folder) task.record = { ...task.record, log_folder: folder };
    this.options.results.put(task.record);
    const untold = await tellDeviceTaskStarts(this.portOf(task), task.record, randomUUID());
    if (untold !== undefined) task.stop ??= { status: 'failed', reason: untold };
    if (!launch.resume) announceTaskStarted(this.portOf(task), task.record);
    task.done = this.run(task).finally(markBuilt);
    return task.record;
  }

  /** Stops a running task: its session is cancelled and its commands in flight fail; the first stop names the end. */
  stopTask(task: ActiveTask, status: TaskRecordStatus, reason: string): void {
    task.stop ??= { status, reason };
    task.session?.cancel(reason);
    task.dispatcher.cancel(reason);
  }

  private policyOf(task: ActiveTask): ApprovalPolicy {
    return task.record.approval ?? this.deps.approval;
  }

  private async run(task: ActiveTask): Promise<void> {
    let outcome: Awaited<ReturnType<Session['run']>> | undefined;
    let failure: unknown;
    if (task.stop) task.session?.cancel(task.stop.reason);
    try {
      outcome = await task.session!.run();
    } catch (error) {
      failure = error;
    }
    await task.guard.release().catch(() => undefined);
    if (!task.stop && isWaiting(outcome)) {
      const input = { record: task.record, waitingFor: outcome.waitingFor, policy: this.policyOf(task), guard: task.guard, logFolder: task.record.log_folder };
      await parkTask(this.portOf(task), input).catch((error: unknown) =>
        this.end(task, { status: 'failed', error: `the waiting task could not be saved: ${errorMessage(error)}` }, false),
      );
      return;
    }
    const { status, error, result } = judgeTaskEnd(task.stop, outcome, failure);
    await this.end(task, { status, result, error }, true);
  }

  private async end(task: ActiveTask, end: TaskEnd, tellDevice: boolean): Promise<void> {
    await finishTask(this.portOf(task), { record: task.record, end, guard: task.guard, tellDevice });
  }

  /** The lifecycle's way to this task's device, result store and waiting tasks. */
  private portOf(task: ActiveTask): ParkPort & FinishPort {
    return {
      clock: this.clock,
      emit: (event) => this.options.emit(event),
      send: (message) => task.connection.send(message),
      // the device stays reserved for the waiting task (WaitingTasks.forClient) once its session has let go of it
      keepWaiting: async (record) => {
        task.detach();
        this.forget(task);
        await task.dispatcher.close();
        await this.deps.waits.park({ record, platform: task.platform });
        task.record = this.options.results.update(record.task_name, record) ?? record;
        return task.record;
      },
      keepFinal: async (record) => {
        task.detach();
        task.record = this.options.results.finish(record.task_name, record) ?? record;
        this.forget(task);
        await task.dispatcher.close();
        return task.record;
      },
    };
  }

  private forget(task: ActiveTask): void {
    if (this.bySession.get(task.record.session_id) === task) this.bySession.delete(task.record.session_id);
    if (this.byConnection.get(task.connection) === task) this.byConnection.delete(task.connection);
  }
}
