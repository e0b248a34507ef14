import { errorMessage, EventBus, systemClock, type Clock } from '@ufo-ts/core';
import { scaleOutEvent, type PendingInput, type ScaleOutEventDetail, type ScaleOutEventName, type TaskRecordStatus } from '@ufo-ts/server';
import {
  announceResumed,
  announceTaskStarted,
  finishTask,
  isWaiting,
  judgeTaskEnd,
  logAnswer,
  parkTask,
  resumeDecisionFor,
  runBudgetGuard,
  tellDeviceTaskStarts,
  type TaskEnd,
  type TaskStop,
} from '@ufo-ts/server/internal';
import type { ManagedSession } from '@ufo-ts/sessions';
import { DelayedError, WaitingError, Worker, type Job } from 'bullmq';
import { SessionJobDataSchema, type ClusterTaskRecord, type SessionJobData } from '../messages.js';
import { RoutedCommandDispatcher } from '../routing/routed-command-dispatcher.js';
import { buildClusterSession } from './cluster-session-builder.js';
import { JobCheckpointStore } from './job-checkpoint-store.js';
import { jobLifecyclePort, RELEASE_BUSY, type JobRun } from './job-lifecycle-port.js';
import { RedisActionJournal } from './redis-action-journal.js';
import { sessionBudgetLedger } from './session-budget-ledger.js';

import type { SessionWorkerOptions } from './session-worker-options.js';

export type { LockTimings, SessionWorkerOptions } from './session-worker-options.js';

interface Active {
  session: ManagedSession;
  dispatcher: RoutedCommandDispatcher;
  jobId: string;
  /** Set when the session is stopped from outside. */
  stop: TaskStop;
  /** Set when the session must continue on another worker (this node stops, or its lock was lost). */
  handOver: string | undefined;
}

/**
 * The BullMQ worker of one node: runs session jobs through the server's task lifecycle as managed sessions
 * (LinuxSession on linux devices, HostSession on windows) whose dispatcher routes commands through Redis, saves each
 * checkpoint into the job, keeps the action journal in Redis (a {@link RedisActionJournal} fenced by the job's lock),
 * and continues from the saved checkpoint and the journal when the job comes back after a dead worker: a journaled
 * action is not sent again, and one sent again (an unknown outcome, under the `ask` policy) goes under its journaled
 * command id, which the device de-duplicates on. The job's return value is the final task record.
 */
export class SessionWorker {
  private worker: Worker | undefined;
  private readonly active = new Map<string, Active>();
  private stopping = false;
  private readonly clock: Clock;

  constructor(private readonly options: SessionWorkerOptions) {
    this.clock = options.clock ?? systemClock;
  }

  /** Sessions running on this node now. */
  get runningCount(): number {
    return this.active.size;
  }

  /** Starts taking jobs. */
  async start(): Promise<void> {
    const o = this.options;
    this.worker = new Worker(o.queueName, (job, token) => this.process(job as Job<SessionJobData, ClusterTaskRecord>, token), {
      connection: o.connection,
      prefix: o.keys.tagged,
      concurrency: o.concurrency ?? 50,
      lockDuration: o.lockDurationMs ?? 5_000,
      stalledInterval: o.stalledIntervalMs ?? 1_000,
      maxStalledCount: o.maxStalledCount ?? 20,
      drainDelay: 1,
      autorun: true,
    });
    this.worker.on('error', (error) => this.report('worker-error', { error: errorMessage(error) }));
    // a job that failed for good (recovered from dead workers too often) still frees its device
    this.worker.on('failed', (job) => {
      const record = job?.data?.record;
      if (record) void o.redis.eval(RELEASE_BUSY, 1, o.keys.busy(record.client_id), record.task_name).catch(() => undefined);
    });
    this.worker.on('lockRenewalFailed', (jobIds) => {
      for (const active of this.active.values()) if (jobIds.includes(active.jobId)) this.handOver(active, 'the job lock was lost');
    });
    await this.worker.waitUntilReady();
  }

  /** Cancels a session running here; true when it runs here. */
  cancel(sessionId: string, reason: string): boolean {
    const active = this.active.get(sessionId);
    if (!active) return false;
    this.stopActive(active, 'cancelled', reason);
    return true;
  }

  private stopActive(active: Active, status: TaskRecordStatus, reason: string): void {
    active.stop ??= { status, reason };
    active.session.cancel(reason);
    active.dispatcher.cancel(reason);
  }

  /** Stops taking jobs; running sessions stop at their last checkpoint and go back to the queue for other nodes. */
  async stop(): Promise<void> {
    this.stopping = true;
    for (const active of this.active.values()) this.handOver(active, 'the node is stopping');
    await this.worker?.close();
  }

  private handOver(active: Active, reason: string): void {
    if (active.handOver !== undefined) return;
    active.handOver = reason;
    active.session.cancel(reason, { force: true });
    active.dispatcher.cancel(reason);
  }

  private async process(job: Job<SessionJobData, ClusterTaskRecord>, token: string | undefined): Promise<ClusterTaskRecord> {
    const o = this.options;
    const data = SessionJobDataSchema.parse(job.data);
    const { waiting: pending, ...base } = data.record;
    const { task_name: taskName, session_id: sessionId } = base;
    const run: JobRun = { job, token, data, base, attempts: data.attempts, guard: undefined, folder: undefined };
    o.onTask?.(data.record);

    const cancelled = await o.redis.get(o.keys.cancel(sessionId));
    if (cancelled !== null) return this.finish(run, { status: 'cancelled', error: cancelled });

    const resume = await this.resumeOf(run, pending);
    const checkpoint = data.checkpoint;
    const fromStep = checkpoint ? Number(checkpoint.context['SESSION_STEP'] ?? 0) : 0;
    run.attempts = [...run.attempts, { node: o.nodeId, startedAt: new Date(this.clock.now()).toISOString(), fromStep }];
    await job.updateData({ ...data, record: { ...base, status: 'running' }, attempts: run.attempts, ...(resume ? { resume } : {}) });
    this.report(checkpoint ? 'session-resumed' : 'session-started', { taskName, sessionId, fromStep });
    if (!checkpoint) announceTaskStarted(o, base);

    const policy = base.approval ?? o.approval;
    let active: Active | undefined;
    const ledger = sessionBudgetLedger(o.ledger, o.sessionSpend, sessionId);
    const stop = (reason: string): void => void (active && this.stopActive(active, 'budget_exceeded', reason));
    const guard = runBudgetGuard(base, { ledger, spent: await o.sessionSpend.spent(sessionId), stop });
    run.guard = guard;
    const store = new JobCheckpointStore(job, (error) => this.report('checkpoint-write-failed', { taskName, error: errorMessage(error) }));
    const events = new EventBus();
    const instruments = o.instrument?.(events, { sessionId, taskName, clientId: base.client_id, platform: data.platform, nodeId: o.nodeId });
    const dispatcher = new RoutedCommandDispatcher({
      ...o.dispatcher,
      router: o.router,
      clientId: base.client_id,
      sessionId,
      taskName,
      onEvent: (event) => this.report(`command-${event.type}`, { taskName, ...event }),
    });
    let session: ManagedSession;
    try {
      // BullMQ keeps the lock of a job at `<prefix>:<queue>:<job id>:lock`, holding the worker's token
      const fence = token !== undefined ? { key: `${o.keys.tagged}:${o.queueName}:${job.id}:lock`, token } : undefined;
      const journal = await RedisActionJournal.open({ redis: o.redis, key: o.keys.journal(sessionId), ...(fence ? { fence } : {}) });
      const decision = resume && resumeDecisionFor(resume.pending, resume.answer.decision, Number.MAX_SAFE_INTEGER);
      const built = await buildClusterSession({
        ...{ data, nodeId: o.nodeId, logRoot: o.logRoot, createModel: o.createModel, checkpoint, decision, store, journal, events, instruments },
        ...{ guard, policy, session: o.session, emit: o.emit, streamLogSink: o.streamLogSink },
        dispatcher: instruments ? instruments.dispatcher(dispatcher) : dispatcher,
      });
      session = built.session;
      run.folder = built.folder;
      if (pending && resume) {
        const { answer } = resume;
        await logAnswer(run.folder, { record: base, pending, decision: answer.decision, by: answer.by, keyId: answer.key_id, at: answer.at });
        announceResumed(o, { record: base, pending, decision: answer.decision });
      }
    } catch (error) {
      instruments?.detach();
      return this.finish(run, { status: 'failed', error: `the session could not be created: ${errorMessage(error)}` });
    }
    active = { session, dispatcher, jobId: job.id!, stop: undefined, handOver: this.stopping ? 'the node is stopping' : undefined };
    this.active.set(sessionId, active);
    try {
      // a cancel accepted after the check above (the task was already running) was broadcast while this session was
      // being built, before it could hear it: the cancel key still says so
      const lateCancel = await o.redis.get(o.keys.cancel(sessionId));
      if (lateCancel !== null) this.stopActive(active, 'cancelled', lateCancel);
      if (!checkpoint) await tellDeviceTaskStarts(this.portOf(run), base, `task-${sessionId}`);
      if (active.handOver) session.cancel(active.handOver, { force: true });
      const outcome = await session.run();
      await store.flush();
      // a journal write refused because another worker holds the job now: that worker continues the session
      if (outcome.status === 'failed' && outcome.failure?.cause?.code === 'JOB_LOCK_LOST') active.handOver ??= 'the job lock was lost';
      if (active.handOver !== undefined) {
        this.report('session-handed-over', { taskName, sessionId, reason: active.handOver });
        if (token !== undefined) await job.moveToWait(token);
        throw new WaitingError();
      }
      if (!active.stop && isWaiting(outcome)) {
        await parkTask(this.portOf(run), { record: base, waitingFor: outcome.waitingFor, policy, guard, logFolder: run.folder });
        throw new DelayedError();
      }
      const { status, error, result } = judgeTaskEnd(active.stop, outcome, undefined);
      return await this.finish(run, { status, result, error });
    } finally {
      instruments?.detach();
      this.active.delete(sessionId);
      await guard.release().catch(() => undefined);
      await dispatcher.close();
    }
  }

  /**
   * The answer a session that waited resumes with: the one taken now for its pending input, or the one a worker took
   * before it died (kept in the job). A job that woke early without an answer is parked again (throws DelayedError).
   */
  private async resumeOf(run: JobRun, pending: PendingInput | undefined): Promise<SessionJobData['resume']> {
    if (!pending) return run.data.checkpoint?.status === 'waiting' ? run.data.resume : undefined;
    const answer = await this.options.waiting.answerOf(run.data.record);
    if (!answer) {
      // woke before its deadline without an answer (e.g. a recovered job): wait again
      await this.options.waiting.park(run.job, run.data.record, run.token);
      throw new DelayedError();
    }
    return { pending, answer };
  }

  /** Ends a task for good through the lifecycle: its final record with where it ran, the device told and freed. */
  private finish(run: JobRun, end: TaskEnd): Promise<ClusterTaskRecord> {
    return finishTask(this.portOf(run), { record: { ...run.base, attempts: run.attempts }, end, guard: run.guard, logFolder: run.folder });
  }

  private portOf(run: JobRun): ReturnType<typeof jobLifecyclePort> {
    const { task_name: taskName, session_id: sessionId } = run.base;
    return jobLifecyclePort(
      {
        ...{ redis: this.options.redis, keys: this.options.keys, router: this.options.router, waiting: this.options.waiting },
        clock: this.clock,
        emit: this.options.emit,
        onWaiting: (record) => this.report('session-waiting', { taskName, sessionId, pendingId: record.waiting!.pending_id }),
        onEnded: (record) => this.report('session-ended', { taskName, sessionId, status: record.status }),
      },
      run,
    );
  }

  private report<N extends ScaleOutEventName>(name: N, detail: ScaleOutEventDetail<N>): void {
    this.options.emit(scaleOutEvent(this.options.nodeId, name, detail));
  }
}
