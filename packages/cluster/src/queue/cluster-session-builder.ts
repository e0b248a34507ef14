import type { CommandDispatcher, EventBus, LogSink } from '@ufo-ts/core';
import type { ActionPolicy, ApprovalPolicy, SelfAnswers, ServerEvent, SessionInstruments } from '@ufo-ts/server';
import { buildTaskSession, type BudgetGuard } from '@ufo-ts/server/internal';
import type { ManagedSession, ResumeDecision, SessionCheckpoint, UnknownOutcomePolicy } from '@ufo-ts/sessions';
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
 * Builds one run of a cluster session with the server's task lifecycle (`buildTaskSession`): LinuxSession on linux
 * devices, HostSession on windows, its model budgeted (and instrumented), its checkpoints in the job and its journal
 * in Redis. A task whose policy waits for a person (or that continues after waiting) asks through a
 * `DeferringInteractor`: the run ends `waiting` at a held action or a question. Returns the session and its log
 * folder on this node.
 */
export async function buildClusterSession(input: ClusterSessionInput): Promise<{ session: ManagedSession; folder: string }> {
  const { data, checkpoint, session: options, streamLogSink } = input;
  const { record, platform } = data;
  const model = await input.createModel({
    sessionId: record.session_id,
    taskName: record.task_name,
    request: record.request,
    clientId: record.client_id,
    platform,
    owner: record.owner,
    nodeId: input.nodeId,
    ...(checkpoint ? { resumeFrom: checkpoint } : {}),
  });
  return buildTaskSession({
    record,
    platform,
    model,
    dispatcher: input.dispatcher,
    policy: input.policy,
    decision: input.decision,
    checkpoint,
    logRoot: input.logRoot,
    events: input.events,
    wrapLogSink: streamLogSink && ((sink) => streamLogSink(sink, record.task_name)),
    guard: input.guard,
    instruments: input.instruments,
    emit: input.emit,
    options,
    persistence: {
      checkpoint: input.store,
      journal: { store: input.journal, ...(options?.onUnknownOutcome ? { onUnknownOutcome: options.onUnknownOutcome } : {}) },
    },
  });
}
