import { errorMessage, EventBus, FileLogSink, ProgrammaticInteractor, type CommandDispatcher, type LogSink, type ProgrammaticInteractorOptions } from '@ufo-ts/core';
import { claimTaskLogFolder, type ServerEvent, type SessionInstrumentation, type SessionInstruments, type TaskRecordStatus } from '@ufo-ts/server';
import { HostSession, LinuxSession, type ManagedSession, type SessionCheckpoint, type UnknownOutcomePolicy } from '@ufo-ts/sessions';
import { WaitingError, Worker, type Job } from 'bullmq';
import type { RedisClient } from '../redis/redis-connections.js';
import type { ClusterKeys } from '../keys.js';
import { SessionJobDataSchema, type ClusterTaskRecord, type SessionJobData } from '../messages.js';
import type { CommandRouter } from '../routing/command-router.js';
import { RoutedCommandDispatcher, type RoutedCommandDispatcherOptions } from '../routing/routed-command-dispatcher.js';
import type { ClusterModelFactory } from './cluster-task-context.js';
import { JobCheckpointStore } from './job-checkpoint-store.js';
import { judgeOutcome } from './judge-outcome.js';
import { RedisActionJournal } from './redis-action-journal.js';

/** Queue timings that decide how fast a dead worker's session is picked up again. */
export interface LockTimings {
  /** A job's lock lives this long unless its worker renews it (every half of it), in ms (default 5 000). */
  lockDurationMs?: number;
  /** How often each worker looks for jobs whose lock expired, in ms (default 1 000). */
  stalledIntervalMs?: number;
  /** How many times a session may be recovered from a dead worker before it fails (default 20). */
  maxStalledCount?: number;
}

/** Options of {@link SessionWorker}. */
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
  /**
   * Session options: step cap, safe-guard, interactor answers, and what a resumed session does with an action
   * whose outcome is unknown (default `tell-model`; under `ask` the interactor's `confirm` decides whether it is sent
   * again, under its journaled command id).
   */
  session?: {
    maxSteps?: number;
    safeGuard?: boolean;
    interactor?: Pick<ProgrammaticInteractorOptions, 'answers' | 'confirm'>;
    onUnknownOutcome?: UnknownOutcomePolicy;
  };
  emit: (event: ServerEvent) => void;
  /** Wraps each session's log sink so the server's live event stream gets its steps and screenshots. */
  streamLogSink?: (sink: LogSink, taskName: string) => LogSink;
  /** Instruments each session run (e.g. `(events) => tracing.traceSession(events)` of `@ufo-ts/otel`). */
  instrument?: SessionInstrumentation;
}

interface Active {
  session: ManagedSession;
  dispatcher: RoutedCommandDispatcher;
  jobId: string;
  /** Set when the session is stopped from outside. */
  stop: { status: TaskRecordStatus; reason: string } | undefined;
  /** Set when the session must continue on another worker (this node stops, or its lock was lost). */
  handOver: string | undefined;
}

// KEYS[1] busy key; ARGV[1] task name
const RELEASE_BUSY = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

/**
 * The BullMQ worker of one node: runs session jobs as managed sessions (LinuxSession on linux devices, HostSession
 * on windows) whose dispatcher routes commands through Redis, saves each checkpoint into the job, keeps the action
 * journal in Redis (a {@link RedisActionJournal} fenced by the job's lock), and continues from the saved
 * checkpoint and the journal when the job comes back after a dead worker: a journaled action is not sent again, and
 * one sent again (an unknown outcome, under the `ask` policy) goes under its journaled command id, which the device
 * de-duplicates on. The job's return value is the final task record.
 */
export class SessionWorker {
  private worker: Worker | undefined;
  private readonly active = new Map<string, Active>();
  private stopping = false;

  constructor(private readonly options: SessionWorkerOptions) {}

  /** Sessions running on this node now. */
  get runningCount(): number {
    return this.active.size;
  }

  /** Starts taking jobs. */
  async start(): Promise<void> {
    const o = this.options;
    const lockDuration = o.lockDurationMs ?? 5_000;
    this.worker = new Worker(o.queueName, (job, token) => this.process(job as Job<SessionJobData, ClusterTaskRecord>, token), {
      connection: o.connection,
      prefix: o.keys.tagged,
      concurrency: o.concurrency ?? 50,
      lockDuration,
      stalledInterval: o.stalledIntervalMs ?? 1_000,
      maxStalledCount: o.maxStalledCount ?? 20,
      drainDelay: 1,
      autorun: true,
    });
    this.worker.on('error', (error) => this.report('worker-error', { error: errorMessage(error) }));
    // a job that failed for good (recovered from dead workers too often) still frees its device
    this.worker.on('failed', (job) => {
      const record = job?.data?.record;
      if (record) void this.options.redis.eval(RELEASE_BUSY, 1, this.options.keys.busy(record.client_id), record.task_name).catch(() => undefined);
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
    active.stop ??= { status: 'cancelled', reason };
    active.session.cancel(reason);
    active.dispatcher.cancel(reason);
    return true;
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
    const base = data.record;
    const checkpoint = data.checkpoint;
    const fromStep = checkpoint ? Number(checkpoint.context['SESSION_STEP'] ?? 0) : 0;
    const attempts = [...data.attempts, { node: o.nodeId, startedAt: new Date().toISOString(), fromStep }];
    await job.updateData({ ...data, attempts });
    this.report(checkpoint ? 'session-resumed' : 'session-started', { taskName: base.task_name, sessionId: base.session_id, fromStep });
    if (!checkpoint) o.emit({ type: 'task-started', taskName: base.task_name, sessionId: base.session_id, clientId: base.client_id, owner: base.owner });

    const finish = async (update: Pick<ClusterTaskRecord, 'status' | 'error' | 'result'>): Promise<ClusterTaskRecord> => {
      const record: ClusterTaskRecord = {
        ...base,
        ...update,
        ...(update.error === undefined ? {} : { error: update.error.slice(0, 10_000) }),
        ended_at: new Date().toISOString(),
        attempts,
      };
      if (record.error === undefined) delete record.error;
      // the session ended for good: nothing will replay its journal
      await o.redis.del(o.keys.journal(base.session_id)).catch(() => undefined);
      await o.router
        .deliver(base.client_id, {
          type: 'task_end',
          status: record.status === 'completed' || record.status === 'cancelled' ? record.status : 'failed',
          session_id: base.session_id,
          task_name: base.task_name,
          ...(record.error !== undefined ? { error: record.error } : {}),
          ...(record.result ? { result: record.result.rounds } : {}),
        })
        .catch(() => undefined);
      await o.redis.eval(RELEASE_BUSY, 1, o.keys.busy(base.client_id), base.task_name);
      this.report('session-ended', { taskName: base.task_name, sessionId: base.session_id, status: record.status });
      o.emit({ type: 'task-ended', taskName: base.task_name, sessionId: base.session_id, clientId: base.client_id, status: record.status, error: record.error });
      return record;
    };

    const cancelled = await o.redis.get(o.keys.cancel(base.session_id));
    if (cancelled !== null) return finish({ status: 'cancelled', error: cancelled });

    const store = new JobCheckpointStore(job, (error) => this.report('checkpoint-write-failed', { taskName: base.task_name, error: errorMessage(error) }));
    const events = new EventBus();
    const instruments = o.instrument?.(events, { sessionId: base.session_id, taskName: base.task_name, clientId: base.client_id, platform: data.platform, nodeId: o.nodeId });
    let session: ManagedSession;
    const dispatcher = new RoutedCommandDispatcher({
      ...o.dispatcher,
      router: o.router,
      clientId: base.client_id,
      sessionId: base.session_id,
      taskName: base.task_name,
      onEvent: (event) => this.report(`command-${event.type}`, { taskName: base.task_name, ...event }),
    });
    try {
      // BullMQ keeps the lock of a job at `<prefix>:<queue>:<job id>:lock`, holding the worker's token
      const fence = token !== undefined ? { key: `${o.keys.tagged}:${o.queueName}:${job.id}:lock`, token } : undefined;
      const journal = await RedisActionJournal.open({ redis: o.redis, key: o.keys.journal(base.session_id), ...(fence ? { fence } : {}) });
      session = await this.buildSession(data, instruments ? instruments.dispatcher(dispatcher) : dispatcher, checkpoint, store, journal, events, instruments);
    } catch (error) {
      instruments?.detach();
      return finish({ status: 'failed', error: `the session could not be created: ${errorMessage(error)}` });
    }
    const active: Active = { session, dispatcher, jobId: job.id!, stop: undefined, handOver: this.stopping ? 'the node is stopping' : undefined };
    this.active.set(base.session_id, active);
    try {
      if (!checkpoint) {
        await o.router
          .deliver(base.client_id, { type: 'task', status: 'continue', session_id: base.session_id, task_name: base.task_name, user_request: base.request, response_id: `task-${base.session_id}`, timestamp: new Date().toISOString() })
          .catch(() => undefined);
      }
      if (active.handOver) session.cancel(active.handOver, { force: true });
      const outcome = await session.run();
      await store.flush();
      // a journal write refused because another worker holds the job now: that worker continues the session
      if (outcome.status === 'failed' && outcome.failure?.cause?.code === 'JOB_LOCK_LOST') active.handOver ??= 'the job lock was lost';
      if (active.handOver !== undefined) {
        this.report('session-handed-over', { taskName: base.task_name, sessionId: base.session_id, reason: active.handOver });
        if (token !== undefined) await job.moveToWait(token);
        throw new WaitingError();
      }
      const judged = judgeOutcome(outcome, active.stop);
      return await finish({ status: judged.status, result: judged.result, ...(judged.error !== undefined ? { error: judged.error } : {}) });
    } finally {
      instruments?.detach();
      this.active.delete(base.session_id);
      await dispatcher.close();
    }
  }

  private buildSession(
    data: SessionJobData,
    dispatcher: CommandDispatcher,
    checkpoint: SessionCheckpoint | undefined,
    store: JobCheckpointStore,
    journal: RedisActionJournal,
    events: EventBus,
    instruments: SessionInstruments | undefined,
  ): Promise<ManagedSession> {
    return (async () => {
      const o = this.options;
      const { record, platform } = data;
      const created = await o.createModel({
        sessionId: record.session_id,
        taskName: record.task_name,
        request: record.request,
        clientId: record.client_id,
        platform,
        owner: record.owner,
        nodeId: o.nodeId,
        ...(checkpoint ? { resumeFrom: checkpoint } : {}),
      });
      const model = instruments ? instruments.model(created) : created;
      events.subscribe((event) => o.emit({ type: 'engine', taskName: record.task_name, event }));
      const logSink = new FileLogSink({ logRoot: o.logRoot, task: claimTaskLogFolder(o.logRoot, record.task_name, record.session_id) });
      const common = {
        task: record.task_name,
        id: record.session_id,
        request: record.request,
        dispatcher,
        interactor: new ProgrammaticInteractor({ confirm: false, ...o.session?.interactor }),
        // the session's own folder (unique per task name and session id; reopened when the session resumes here)
        logSink: o.streamLogSink?.(logSink, record.task_name) ?? logSink,
        events,
        checkpoint: store,
        journal: { store: journal, ...(o.session?.onUnknownOutcome ? { onUnknownOutcome: o.session.onUnknownOutcome } : {}) },
        evaluation: false as const,
        reports: false as const,
        platform,
        ...(o.session?.maxSteps !== undefined ? { maxSteps: o.session.maxSteps } : {}),
        ...(o.session?.safeGuard !== undefined ? { safeGuard: o.session.safeGuard } : {}),
        ...(checkpoint ? { resume: { checkpoint } } : {}),
      };
      if (platform === 'linux') return new LinuxSession({ ...common, models: { LINUX_AGENT: model } });
      return new HostSession({ ...common, models: { HOST_AGENT: model, APP_AGENT: model } });
    })();
  }

  private report(name: string, detail: Record<string, unknown>): void {
    this.options.emit({ type: 'scale-out', name, detail: { node: this.options.nodeId, ...detail } });
  }
}
