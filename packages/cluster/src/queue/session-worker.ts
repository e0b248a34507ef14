import { errorMessage, EventBus, type LogSink } from '@ufo-ts/core';
import {
  answerLineFor,
  appendAnswerLine,
  appendBudgetLine,
  BudgetGuard,
  budgetStopReason,
  taskOwnerKey,
  pendingInputFor,
  resumeDecisionFor,
  type ApprovalPolicy,
  type BudgetExceeded,
  type KeySpendLedger,
  type PendingInput,
  type ServerEvent,
  type SessionInstrumentation,
  type TaskRecord,
  type TaskRecordStatus,
} from '@ufo-ts/server';
import type { ManagedSession, ManagedSessionOutcome } from '@ufo-ts/sessions';
import { DelayedError, WaitingError, Worker, type Job } from 'bullmq';
import type { RedisKeySpendLedger } from '../budgets/redis-key-spend-ledger.js';
import type { RedisClient } from '../redis/redis-connections.js';
import type { ClusterKeys } from '../keys.js';
import { SessionJobDataSchema, type ClusterTaskRecord, type SessionJobData } from '../messages.js';
import type { CommandRouter } from '../routing/command-router.js';
import { RoutedCommandDispatcher, type RoutedCommandDispatcherOptions } from '../routing/routed-command-dispatcher.js';
import { buildClusterSession, type ClusterSessionOptions } from './cluster-session-builder.js';
import type { ClusterModelFactory } from './cluster-task-context.js';
import { JobCheckpointStore } from './job-checkpoint-store.js';
import { judgeOutcome } from './judge-outcome.js';
import { RedisActionJournal } from './redis-action-journal.js';
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
  /** Wraps each session's log sink so the server's live event stream gets its steps and screenshots. */
  /** Wraps a task's log sink (e.g. to stream its records); the sink is used as is when absent. */
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

/** One run of a session job on this worker, and what ending it needs. */
interface JobRun {
  job: Job<SessionJobData, ClusterTaskRecord>;
  token: string | undefined;
  data: SessionJobData;
  /** The task record without what it waited for. */
  base: TaskRecord;
  /** Every pick-up of the job so far, this one included once it started. */
  attempts: SessionJobData['attempts'];
  guard: BudgetGuard | undefined;
  /** The session's log folder on this node, once built. */
  folder: string | undefined;
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
    const run: JobRun = { job, token, data, base, attempts: data.attempts, guard: undefined, folder: undefined };
    o.onTask?.(data.record);

    const cancelled = await o.redis.get(o.keys.cancel(base.session_id));
    if (cancelled !== null) return this.finish(run, { status: 'cancelled', error: cancelled });

    const resume = await this.resumeOf(run, pending);
    const checkpoint = data.checkpoint;
    const fromStep = checkpoint ? Number(checkpoint.context['SESSION_STEP'] ?? 0) : 0;
    run.attempts = [...run.attempts, { node: o.nodeId, startedAt: new Date().toISOString(), fromStep }];
    await job.updateData({ ...data, record: { ...base, status: 'running' }, attempts: run.attempts, ...(resume ? { resume } : {}) });
    this.report(checkpoint ? 'session-resumed' : 'session-started', { taskName: base.task_name, sessionId: base.session_id, fromStep });
    if (!checkpoint) o.emit({ type: 'task-started', taskName: base.task_name, sessionId: base.session_id, clientId: base.client_id, owner: base.owner });

    const policy = base.approval ?? o.approval;
    let active: Active | undefined;
    const guard = await this.guardOf(base, (exceeded) => active && this.stopActive(active, 'budget_exceeded', budgetStopReason(exceeded)));
    run.guard = guard;
    const store = new JobCheckpointStore(job, (error) => this.report('checkpoint-write-failed', { taskName: base.task_name, error: errorMessage(error) }));
    const events = new EventBus();
    const instruments = o.instrument?.(events, { sessionId: base.session_id, taskName: base.task_name, clientId: base.client_id, platform: data.platform, nodeId: o.nodeId });
    const dispatcher = new RoutedCommandDispatcher({
      ...o.dispatcher,
      router: o.router,
      clientId: base.client_id,
      sessionId: base.session_id,
      taskName: base.task_name,
      onEvent: (event) => this.report(`command-${event.type}`, { taskName: base.task_name, ...event }),
    });
    let session: ManagedSession;
    try {
      // BullMQ keeps the lock of a job at `<prefix>:<queue>:<job id>:lock`, holding the worker's token
      const fence = token !== undefined ? { key: `${o.keys.tagged}:${o.queueName}:${job.id}:lock`, token } : undefined;
      const journal = await RedisActionJournal.open({ redis: o.redis, key: o.keys.journal(base.session_id), ...(fence ? { fence } : {}) });
      const built = await buildClusterSession({
        data,
        nodeId: o.nodeId,
        logRoot: o.logRoot,
        createModel: o.createModel,
        dispatcher: instruments ? instruments.dispatcher(dispatcher) : dispatcher,
        checkpoint,
        decision: resume && resumeDecisionFor(resume.pending, resume.answer.decision, Number.MAX_SAFE_INTEGER),
        store,
        journal,
        events,
        instruments,
        guard,
        policy,
        session: o.session,
        emit: o.emit,
        streamLogSink: o.streamLogSink,
      });
      session = built.session;
      run.folder = built.folder;
      if (pending && resume) await this.recordResumedAnswer(run, resume);
    } catch (error) {
      instruments?.detach();
      return this.finish(run, { status: 'failed', error: `the session could not be created: ${errorMessage(error)}` });
    }
    active = { session, dispatcher, jobId: job.id!, stop: undefined, handOver: this.stopping ? 'the node is stopping' : undefined };
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
      if (outcome.status === 'waiting' && outcome.waitingFor && !active.stop) {
        await this.park(run, outcome.waitingFor, policy);
        throw new DelayedError();
      }
      const judged = judgeOutcome(outcome, active.stop);
      return await this.finish(run, { status: judged.status, result: judged.result, ...(judged.error !== undefined ? { error: judged.error } : {}) });
    } finally {
      instruments?.detach();
      this.active.delete(base.session_id);
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

  /** The budget guard of a run: its task's limits, the key's total shared by every node, the session's own spend. */
  private async guardOf(base: TaskRecord, onExceeded: (exceeded: BudgetExceeded) => void): Promise<BudgetGuard> {
    const o = this.options;
    const sessionId = base.session_id;
    const budget = base.budget ?? { session: {}, key: {}, spent: { cost_usd: 0, steps: 0 } };
    return new BudgetGuard({
      session: budget.session,
      key: budget.key,
      keyId: taskOwnerKey(base),
      // every step and cost counts for the key and for this session (which a resumed run starts from)
      // (a step is reserved in the key's ledger before its model call, and counts for the session once it ends)
      ledger: {
        spent: (id) => o.ledger.spent(id),
        add: async (id, delta) => void (await Promise.all([o.ledger.add(id, delta), o.sessionSpend.add(sessionId, delta)])),
        reserveStep: (id, limits) => o.ledger.reserveStep(id, limits),
        settleStep: async (id) => void (await Promise.all([o.ledger.settleStep(id), o.sessionSpend.add(sessionId, { steps: 1 })])),
        releaseStep: (id) => o.ledger.releaseStep(id),
      },
      spent: await o.sessionSpend.spent(sessionId),
      onExceeded,
    });
  }

  /** Logs the answer a resumed session continues with (`answers.log` in its folder) and reports the resume. */
  private async recordResumedAnswer(run: JobRun, resume: NonNullable<SessionJobData['resume']>): Promise<void> {
    const { base } = run;
    const { pending, answer } = resume;
    await appendAnswerLine(run.folder!, answerLineFor({ record: base, pending, decision: answer.decision, by: answer.by, keyId: answer.key_id, at: answer.at }));
    this.options.emit({ type: 'task-resumed', taskName: base.task_name, sessionId: base.session_id, clientId: base.client_id, pendingId: pending.pending_id, decision: answer.decision.kind });
  }

  /** The session stopped for a person: its record (waiting, with what for) goes into the job, which is delayed. */
  private async park(run: JobRun, waitingFor: NonNullable<ManagedSessionOutcome['waitingFor']>, policy: ApprovalPolicy): Promise<void> {
    const { base, job } = run;
    const waiting = await pendingInputFor({ waitingFor, policy, now: Date.now(), taskName: base.task_name, logFolder: run.folder });
    const record = { ...base, status: 'waiting' as const, waiting, log_folder: run.folder, ...(base.budget && run.guard ? { budget: { ...base.budget, spent: run.guard.spent } } : {}) };
    const { resume: _answered, ...rest } = job.data;
    await job.updateData({ ...rest, record, attempts: run.attempts });
    await this.options.waiting.park(job, record, run.token);
    this.report('session-waiting', { taskName: base.task_name, sessionId: base.session_id, pendingId: waiting.pending_id });
    this.options.emit({ type: 'task-waiting', taskName: base.task_name, sessionId: base.session_id, clientId: base.client_id, pendingId: waiting.pending_id, kind: waiting.kind });
  }

  /** Ends a task for good: its final record, its budget line, its Redis state cleared, the device told and freed. */
  private async finish(run: JobRun, update: Pick<ClusterTaskRecord, 'status' | 'error' | 'result'>): Promise<ClusterTaskRecord> {
    const o = this.options;
    const { base, guard, folder } = run;
    const sessionId = base.session_id;
    const exceeded = guard?.exceeded;
    const record: ClusterTaskRecord = {
      ...base,
      ...update,
      ...(update.error === undefined ? {} : { error: update.error.slice(0, 10_000) }),
      ...(folder ? { log_folder: folder } : {}),
      ...(base.budget && guard ? { budget: { ...base.budget, spent: guard.spent, ...(exceeded ? { exceeded } : {}) } } : {}),
      ended_at: new Date().toISOString(),
      attempts: run.attempts,
    };
    if (record.error === undefined) delete record.error;
    if (record.status === 'budget_exceeded' && exceeded && folder) {
      await appendBudgetLine(folder, { task_name: base.task_name, exceeded, session_spent: guard!.spent }).catch(() => undefined);
    }
    // the session ended for good: nothing will replay its journal or resume its spend
    await o.redis.del(o.keys.journal(sessionId), o.keys.sessionSpend(sessionId)).catch(() => undefined);
    await o.router
      .deliver(base.client_id, {
        type: 'task_end',
        status: record.status === 'completed' || record.status === 'cancelled' ? record.status : 'failed',
        session_id: sessionId,
        task_name: base.task_name,
        ...(record.error !== undefined ? { error: record.error } : {}),
        ...(record.result ? { result: record.result.rounds } : {}),
      })
      .catch(() => undefined);
    await o.redis.eval(RELEASE_BUSY, 1, o.keys.busy(base.client_id), base.task_name);
    this.report('session-ended', { taskName: base.task_name, sessionId, status: record.status });
    o.emit({ type: 'task-ended', taskName: base.task_name, sessionId, clientId: base.client_id, status: record.status, error: record.error });
    return record;
  }

  private report(name: string, detail: Record<string, unknown>): void {
    this.options.emit({ type: 'scale-out', name, detail: { node: this.options.nodeId, ...detail } });
  }
}
