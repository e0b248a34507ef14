import { FileLogSink, ProgrammaticInteractor, type ChatModel, type CommandDispatcher, type EventBus, type LogSink } from '@ufo-ts/core';
import {
  DeferringInteractor,
  readCheckpoint,
  type ManagedSession,
  type ManagedSessionOptions,
  type ResumeDecision,
  type SessionCheckpoint,
} from '@ufo-ts/sessions';
import type { BudgetGuard } from '../budgets/budget-guard.js';
import { BudgetedModel } from '../budgets/budgeted-model.js';
import type { ApprovalPolicy } from '../hitl/hitl-schemas.js';
import { selfAnswersFor, type SelfAnswers } from '../hitl/self-answers.js';
import type { ServerEvent } from '../server-events.js';
import { managedSessionForPlatform } from '../sessions/managed-session-for-platform.js';
import { guardedByPolicy, type ActionPolicy } from '../sessions/policy-guard.js';
import type { SessionInstruments } from '../sessions/session-instrumentation.js';
import { claimTaskLogFolder } from '../sessions/task-log-folder.js';
import type { TaskRecord } from '../sessions/task-record.js';

/** How the sessions of a server (or of a cluster's workers) run. */
export interface TaskSessionOptions {
  /** Session-wide step cap (default 50). */
  maxSteps?: number;
  /** Ask before actions marked CONFIRM (default true). */
  safeGuard?: boolean;
  /** Answers and confirmations of tasks whose approval policy does not wait (`confirm` stands under `auto-reject`). */
  interactor?: SelfAnswers | undefined;
  /** The action policy every command passes: a held command is decided by the approval mode, refused under `wait`. */
  actionPolicy?: ActionPolicy | undefined;
}

/** What building one run of a task's session needs. */
export interface TaskSessionInput {
  record: Pick<TaskRecord, 'task_name' | 'session_id' | 'request'>;
  /** The device's platform: `linux` runs a LinuxSession, the others the HostAgent stack's HostSession. */
  platform: string;
  /** The model the session thinks with (it is budgeted by `guard` and instrumented here). */
  model: ChatModel;
  /** The dispatcher bound to the device and this session. */
  dispatcher: CommandDispatcher;
  /** Wraps the dispatcher once the action policy guards it (e.g. instruments that see only allowed commands). */
  wrapGuarded?: ((dispatcher: CommandDispatcher) => CommandDispatcher) | undefined;
  policy: ApprovalPolicy;
  /** The person's decision, when the session continues after waiting. */
  decision?: ResumeDecision | undefined;
  /** The checkpoint the run continues from (default with a `decision`: the one in the session's log folder). */
  checkpoint?: SessionCheckpoint | undefined;
  logRoot: string;
  events: EventBus;
  /** Wraps the session's log sink (e.g. for a live event stream); it must keep the sink's `folder`. */
  wrapLogSink?: ((sink: LogSink) => LogSink) | undefined;
  guard: BudgetGuard;
  instruments?: SessionInstruments | undefined;
  /** Receives the `engine` events of the run. */
  emit: (event: ServerEvent) => void;
  options?: TaskSessionOptions | undefined;
  /** Where checkpoints and the action journal go (default: files in the session's log folder). */
  persistence?: Pick<ManagedSessionOptions, 'checkpoint' | 'journal'> | undefined;
}

/**
 * Follows one run's engine events: each is forwarded as an `engine` server event of the task, and its steps count
 * against the run's budget. Every session a server runs is followed this way, built here or by a custom factory.
 * @example
 * followRun(events, record.task_name, guard, emit);
 */
export function followRun(events: EventBus, taskName: string, guard: BudgetGuard, emit: (event: ServerEvent) => void): void {
  events.subscribe((event) => emit({ type: 'engine', taskName, event }));
  guard.countStepsOf(events);
}

/**
 * Builds one run of a task's session, the same way for every approval mode: a managed session of the device's
 * platform in the task's own log folder, its model budgeted (and instrumented), its steps counted, its engine events
 * forwarded. A task that waits for a person (policy `wait`, or a run that continues after waiting) asks through a
 * `DeferringInteractor`, so the run ends `waiting` at a held action or a question; the others answer for themselves
 * (`selfAnswersFor`: `auto-approve` approves, `auto-reject` refuses). Returns the session and its log folder.
 * @example
 * const { session, folder } = buildTaskSession({ record, platform: 'linux', model, dispatcher, policy, logRoot, events, guard, emit });
 */
export function buildTaskSession(input: TaskSessionInput): { session: ManagedSession; folder: string } {
  const { record, policy, events, options } = input;
  followRun(events, record.task_name, input.guard, input.emit);
  const model = new BudgetedModel(input.instruments ? input.instruments.model(input.model) : input.model, input.guard);
  // the session's own folder (unique per task name and session id; reopened when the session resumes here)
  const fileSink = new FileLogSink({ logRoot: input.logRoot, task: claimTaskLogFolder(input.logRoot, record.task_name, record.session_id) });
  const checkpoint = input.checkpoint ?? (input.decision ? readCheckpoint(fileSink.folder) : undefined);
  const waits = policy.mode === 'wait' || input.decision !== undefined;
  const selfAnswers = waits ? undefined : selfAnswersFor(policy, options?.interactor);
  const guarded = options?.actionPolicy ? guardedByPolicy(input.dispatcher, options.actionPolicy, selfAnswers) : input.dispatcher;
  const common = {
    task: record.task_name,
    id: record.session_id,
    request: record.request,
    dispatcher: input.wrapGuarded ? input.wrapGuarded(guarded) : guarded,
    interactor: selfAnswers ? new ProgrammaticInteractor(selfAnswers) : new DeferringInteractor(),
    logSink: input.wrapLogSink ? input.wrapLogSink(fileSink) : fileSink,
    events,
    evaluation: false as const,
    reports: false as const,
    platform: input.platform,
    ...input.persistence,
    ...(options?.maxSteps !== undefined ? { maxSteps: options.maxSteps } : {}),
    ...(options?.safeGuard !== undefined ? { safeGuard: options.safeGuard } : {}),
    ...(checkpoint ? { resume: { checkpoint, ...(input.decision ? { decision: input.decision } : {}) } } : {}),
  };
  return { session: managedSessionForPlatform(input.platform, common, model), folder: fileSink.folder };
}
