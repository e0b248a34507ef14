import { EventBus, FileLogSink, ProgrammaticInteractor, type CommandDispatcher, type Interactor, type LogSink } from '@ufo-ts/core';
import { BudgetedModel, claimTaskLogFolder, guardedByPolicy, managedSessionForPlatform, selfAnswersFor, type ActionPolicy, type ApprovalPolicy, type SelfAnswers, type BudgetGuard, type ServerEvent, type SessionInstruments } from '@ufo-ts/server';
import { DeferringInteractor, type ManagedSession, type ResumeDecision, type SessionCheckpoint, type UnknownOutcomePolicy } from '@ufo-ts/sessions';
import type { SessionJobData } from '../messages.js';
import type { ClusterModelFactory } from './cluster-task-context.js';
import type { JobCheckpointStore } from './job-checkpoint-store.js';
import type { RedisActionJournal } from './redis-action-journal.js';

/** Session options of a cluster worker. */
export interface ClusterSessionOptions {
  maxSteps?: number;
  safeGuard?: boolean;
  /** Answers and confirmations of tasks whose approval policy does not wait (`confirm` stands under `auto-reject`). */
  interactor?: SelfAnswers;
  /**
   * What a resumed session does with an action whose outcome is unknown (default `tell-model`; under `ask` the
   * interactor's `confirm` decides whether it is sent again, under its journaled command id).
   */
  onUnknownOutcome?: UnknownOutcomePolicy;
  /**
   * The action policy every command passes (see `createUfoServer`'s `actionPolicy`): a held command is decided by
   * the task's approval mode, and refused when the task waits for a person.
   */
  actionPolicy?: ActionPolicy;
}

/** What building one run of a session needs. */
export interface ClusterSessionInput {
  data: SessionJobData;
  nodeId: string;
  logRoot: string;
  createModel: ClusterModelFactory;
  dispatcher: CommandDispatcher;
  /** The checkpoint the run continues from (a handover, or a session that waited). */
  checkpoint: SessionCheckpoint | undefined;
  /** The person's decision, when the session continues after waiting. */
  decision: ResumeDecision | undefined;
  store: JobCheckpointStore;
  journal: RedisActionJournal;
  events: EventBus;
  instruments: SessionInstruments | undefined;
  guard: BudgetGuard;
  /** The task's approval policy. */
  policy: ApprovalPolicy;
  session: ClusterSessionOptions | undefined;
  /** Receives the server events of this run. */
  emit: (event: ServerEvent) => void;
  /** Wraps the run's log sink (e.g. to stream its records); `undefined` keeps it as is. */
  streamLogSink: ((sink: LogSink, taskName: string) => LogSink) | undefined;
}

/**
 * Builds one run of a cluster session: LinuxSession on linux devices, HostSession on windows, its model budgeted
 * (and instrumented), its checkpoints in the job and its journal in Redis. A task whose policy waits for a person
 * (or that continues after waiting) asks through a `DeferringInteractor`: the run ends `waiting` at a held action
 * or a question. Returns the session and its log folder on this node.
 */
export async function buildClusterSession(input: ClusterSessionInput): Promise<{ session: ManagedSession; folder: string }> {
  const { data, checkpoint, events, instruments, policy, session: options } = input;
  const { record, platform } = data;
  const created = await input.createModel({
    sessionId: record.session_id,
    taskName: record.task_name,
    request: record.request,
    clientId: record.client_id,
    platform,
    owner: record.owner,
    nodeId: input.nodeId,
    ...(checkpoint ? { resumeFrom: checkpoint } : {}),
  });
  const model = new BudgetedModel(instruments ? instruments.model(created) : created, input.guard);
  events.subscribe((event) => input.emit({ type: 'engine', taskName: record.task_name, event }));
  input.guard.countStepsOf(events);
  // the session's own folder (unique per task name and session id; reopened when the session resumes here)
  const fileSink = new FileLogSink({ logRoot: input.logRoot, task: claimTaskLogFolder(input.logRoot, record.task_name, record.session_id) });
  const waits = policy.mode === 'wait' || input.decision !== undefined;
  const interactor: Interactor = waits ? new DeferringInteractor() : new ProgrammaticInteractor(selfAnswersFor(policy, options?.interactor));
  const dispatcher = options?.actionPolicy ? guardedByPolicy(input.dispatcher, options.actionPolicy, waits ? undefined : selfAnswersFor(policy, options.interactor)) : input.dispatcher;
  const common = {
    task: record.task_name,
    id: record.session_id,
    request: record.request,
    dispatcher,
    interactor,
    logSink: input.streamLogSink?.(fileSink, record.task_name) ?? fileSink,
    events,
    checkpoint: input.store,
    journal: { store: input.journal, ...(options?.onUnknownOutcome ? { onUnknownOutcome: options.onUnknownOutcome } : {}) },
    evaluation: false as const,
    reports: false as const,
    platform,
    ...(options?.maxSteps !== undefined ? { maxSteps: options.maxSteps } : {}),
    ...(options?.safeGuard !== undefined ? { safeGuard: options.safeGuard } : {}),
    ...(checkpoint ? { resume: { checkpoint, ...(input.decision ? { decision: input.decision } : {}) } } : {}),
  };
  return { session: managedSessionForPlatform(platform, common, model), folder: fileSink.folder };
}
