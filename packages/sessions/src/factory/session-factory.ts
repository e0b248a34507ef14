import type { Clock, CommandDispatcher, EventBus, Interactor } from '@ufo-ts/core';
import { readCheckpoint } from '../checkpoint/checkpoint-store.js';
import type { SessionCheckpoint } from '../checkpoint/checkpoint-schema.js';
import { SessionError } from '../errors.js';
import type { ManagedSession } from '../managed/managed-session.js';
import type { UnknownOutcomePolicy } from '../journal/unknown-outcome.js';
import type { ManagedSessionOptions, SessionActionCache } from '../managed/managed-session-options.js';
import type { ResumeDecision } from '../runtime/resume-interactor.js';
import type { SessionModels } from '../runtime/session-models.js';
import type { AppProcessorOptions } from '@ufo-ts/processor-strategies';
import { BatchRun, type BatchRunOptions } from '../batch/batch-run.js';
import type { OperatorProcessorOptions } from '../operator/operator-processor.js';
import { FollowerSession } from '../sessions/follower-session.js';
import { parseFollowerPlan, readFollowerPlan, type FollowerPlan } from '../sessions/follower-plan.js';
import { HostSession } from '../sessions/host-session.js';
import type { HostStackOptions } from '../sessions/host-stack.js';
import { LinuxSession } from '../sessions/linux-session.js';
import { OperatorSession } from '../sessions/operator-session.js';

/** Platforms a session can target. */
export type SessionPlatform = 'windows' | 'linux';
/** Run modes (`--mode`). `service` sessions are created by `@ufo-ts/server`. */
export type SessionMode = 'normal' | 'follower' | 'batch' | 'operator' | 'service';

/** Session settings that apply to every session the factory makes (the config's `session`, `evaluation`, ...). */
export type SessionDefaults = Pick<
  ManagedSessionOptions,
  'maxSteps' | 'maxRounds' | 'subtaskSettleMs' | 'captures' | 'safeGuard' | 'checkpoint' | 'evaluation' | 'experience' | 'examples' | 'reports' | 'clock'
>;

/** Options of {@link SessionFactory}. */
export interface SessionFactoryOptions {
  models: SessionModels;
  /** One dispatcher for all sessions, or a function making one per session (closed when that session ends). */
  dispatcher: CommandDispatcher | ((task: string) => CommandDispatcher | Promise<CommandDispatcher>);
  /** One interactor, or one per session. */
  interactor: Interactor | ((task: string) => Interactor);
  /** Root of the log folders (default `logs`). */
  logRoot?: string;
  /** Events of the sessions (one bus for all, or one per session). */
  events?: EventBus | ((task: string) => EventBus);
  defaults?: SessionDefaults;
  /** HostAgent/AppAgent settings (custom strategies, processors, third-party agents). */
  host?: HostStackOptions;
  /** LinuxAgent processor settings. */
  linux?: AppProcessorOptions;
  /** Operator settings. */
  operator?: OperatorProcessorOptions & { agentKind?: string };
}

/** What {@link SessionFactory.create} makes. */
export interface SessionSpec {
  task: string;
  /** Default: this machine's (`win32` → windows, else linux). */
  platform?: SessionPlatform;
  /** Default `normal`. */
  mode?: Exclude<SessionMode, 'batch'>;
  request?: string;
  /** The plan of a follower session: the object, or a JSON file's path. */
  plan?: FollowerPlan | string;
  id?: string;
  clock?: Clock;
  /** Replay a cached run of the request and record the run (LinuxAgent and operator sessions; see `ManagedSessionOptions.actionCache`). */
  actionCache?: SessionActionCache;
}

/** Options of {@link SessionFactory.resume}. */
export interface FactoryResumeOptions {
  /** The person's decision on a pending confirmation or questions (a session that waits). */
  decision?: ResumeDecision;
  /**
   * What the interrupted step does with an action that was sent and whose result never came back (the action
   * journal's `onUnknownOutcome`, default `tell-model`): tell the model, `ask` the interactor whether to send it
   * again, or `fail` the round with `ACTION_OUTCOME_UNKNOWN`. The rest of the factory's journal settings stay.
   */
  onUnknownOutcome?: UnknownOutcomePolicy;
}

/** The platform this process runs on. */
export function detectPlatform(): SessionPlatform {
  return process.platform === 'win32' ? 'windows' : 'linux';
}

/**
 * Picks and builds sessions by platform and mode: `normal` is the
 * two-tier HostAgent session on Windows and the single-tier LinuxAgent session on Linux; `follower` replays a
 * plan; `operator` is the computer-use agent; `batch` runs a folder of request files; `resume` continues a
 * checkpointed session whatever its type.
 *
 * @example
 * ```ts
 * const factory = new SessionFactory({ models, dispatcher, interactor });
 * const session = await factory.create({ task: 'calc', request: 'What is 12 times 34?' });
 * const outcome = await session.run();
 * ```
 */
export class SessionFactory {
  constructor(private readonly options: SessionFactoryOptions) {}

  /** Builds one session. Throws `SESSION_MODE_UNSUPPORTED` for `service` and `batch` (see `createBatch`). */
  async create(spec: SessionSpec): Promise<ManagedSession> {
    const platform = spec.platform ?? detectPlatform();
    const mode = spec.mode ?? 'normal';
    const base = await this.base(spec.task, platform, spec);
    switch (mode) {
      case 'normal':
        return platform === 'windows'
          ? new HostSession({ ...base, ...this.options.host })
          : new LinuxSession({ ...base, ...(this.options.linux ? { linux: this.options.linux } : {}) });
      case 'follower': {
        if (!spec.plan) throw new SessionError('SESSION_OPTIONS_INVALID', 'follower mode needs a plan (--plan <file>)');
        const plan = typeof spec.plan === 'string' ? readFollowerPlan(spec.plan) : parseFollowerPlan(spec.plan);
        const { request: _request, maxRounds: _maxRounds, ...rest } = base;
        return new FollowerSession({ ...rest, ...this.options.host, plan });
      }
      case 'operator':
        return new OperatorSession({ ...base, ...this.operatorOptions() });
      case 'service':
        throw new SessionError('SESSION_MODE_UNSUPPORTED', 'service sessions are created by the server (@ufo-ts/server, `ufo serve`), not by the factory');
      default:
        throw new SessionError('SESSION_MODE_UNSUPPORTED', `Unknown mode "${String(mode)}" (use normal, follower, batch or operator)`);
    }
  }

  /** A batch over a folder of request files: plain requests run in `normal` mode, plans as follower sessions. */
  createBatch(spec: Omit<BatchRunOptions, 'create'> & { platform?: SessionPlatform; taskPrefix?: string }): BatchRun {
    return new BatchRun({
      ...spec,
      create: (task) =>
        this.create({
          task: `${spec.taskPrefix ?? ''}${task.task}`,
          ...(spec.platform ? { platform: spec.platform } : {}),
          ...(task.plan ? { mode: 'follower', plan: task.plan } : { mode: 'normal', request: task.request! }),
        }),
    });
  }

  /**
   * Continues a checkpointed session (a log folder or a checkpoint) with the same type it was started with.
   *
   * @throws SessionError `CHECKPOINT_NOT_RESUMABLE` when the session already ended; `SESSION_OPTIONS_INVALID` when
   *   `onUnknownOutcome` is given for a session whose action journal is turned off.
   * @example
   * ```ts
   * const session = await factory.resume('logs/calc', { onUnknownOutcome: 'fail' });
   * const outcome = await session.run();
   * ```
   */
  async resume(source: string | SessionCheckpoint, options: FactoryResumeOptions = {}): Promise<ManagedSession> {
    const checkpoint = typeof source === 'string' ? readCheckpoint(source) : source;
    if (checkpoint.status === 'completed' || checkpoint.status === 'incomplete' || checkpoint.status === 'error') {
      throw new SessionError('CHECKPOINT_NOT_RESUMABLE', `Session ${checkpoint.task} already ended (${checkpoint.status}); there is nothing to resume`);
    }
    const platform = (checkpoint.platform as SessionPlatform | undefined) ?? detectPlatform();
    const resumed = {
      ...(await this.base(checkpoint.task, platform, {})),
      resume: { checkpoint, ...(options.decision ? { decision: options.decision } : {}) },
    };
    const base = withUnknownOutcome(resumed, options.onUnknownOutcome);
    switch (checkpoint.kind) {
      case 'host':
        return new HostSession({ ...base, ...this.options.host });
      case 'linux':
        return new LinuxSession({ ...base, ...(this.options.linux ? { linux: this.options.linux } : {}) });
      case 'operator':
        return new OperatorSession({
          ...base,
          ...this.operatorOptions(),
          ...(typeof checkpoint.extra.agentKind === 'string' ? { agentKind: checkpoint.extra.agentKind } : {}),
        });
      case 'follower': {
        const { request: _request, maxRounds: _maxRounds, ...rest } = base;
        return new FollowerSession({ ...rest, ...this.options.host, plan: parseFollowerPlan(checkpoint.extra.plan, `${checkpoint.task}'s checkpoint plan`) });
      }
    }
  }

  private operatorOptions() {
    const { agentKind, ...operator } = this.options.operator ?? {};
    return { operator, ...(agentKind ? { agentKind } : {}) };
  }

  private async base(task: string, platform: SessionPlatform, spec: Partial<SessionSpec>): Promise<ManagedSessionOptions> {
    const o = this.options;
    const owned = typeof o.dispatcher === 'function';
    const dispatcher = typeof o.dispatcher === 'function' ? await o.dispatcher(task) : o.dispatcher;
    const events = typeof o.events === 'function' ? o.events(task) : o.events;
    return {
      ...o.defaults,
      task,
      platform,
      models: o.models,
      dispatcher,
      closeDispatcher: owned,
      interactor: typeof o.interactor === 'function' ? o.interactor(task) : o.interactor,
      ...(o.logRoot ? { logRoot: o.logRoot } : {}),
      ...(events ? { events } : {}),
      ...(spec.request !== undefined ? { request: spec.request } : {}),
      ...(spec.id ? { id: spec.id } : {}),
      ...(spec.clock ? { clock: spec.clock } : {}),
      ...(spec.actionCache ? { actionCache: spec.actionCache } : {}),
    };
  }
}

/** `options` with the action journal's unknown-outcome policy set (its other journal settings kept). */
function withUnknownOutcome(options: ManagedSessionOptions, policy: UnknownOutcomePolicy | undefined): ManagedSessionOptions {
  if (policy === undefined) return options;
  if (options.journal === false) {
    throw new SessionError('SESSION_OPTIONS_INVALID', `onUnknownOutcome "${policy}" needs the action journal, which is turned off (journal: false)`);
  }
  return { ...options, journal: { ...options.journal, onUnknownOutcome: policy } };
}
