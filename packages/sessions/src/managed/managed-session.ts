import {
  captureEndSnapshots,
  serializeError,
  Session,
  type RoundAgent,
  type RoundCaptures,
  type RoundEnd,
  type RoundOutcome,
  type RoundPosition,
  type RoundRecorder,
  type Round,
} from '@ufo-ts/core';
import type { SessionCheckpoint } from '../checkpoint/checkpoint-schema.js';
import { FileCheckpointStore, type CheckpointStore } from '../checkpoint/checkpoint-store.js';
import { CheckpointWriteError, HumanInputRequiredError } from '../errors.js';
import type { ManagedSessionOptions, ManagedSessionOutcome, ManagedSessionStatus } from './managed-session-options.js';
import { ManagedRound } from './managed-round.js';
import { evaluateRound, finishSession } from './post-session.js';
import { sessionCaptures } from './session-captures.js';
import type { SessionRuntime } from './session-runtime.js';

/** What a session type tells its base class. */
export interface ManagedSessionSpec {
  kind: SessionCheckpoint['kind'];
  /** Run mode recorded in the context (`normal`, `follower`, `operator`, ...). */
  mode: string;
  /** The agent (in its start state) that handles the first step of a new round. */
  startAgent: (roundId: number) => RoundAgent;
}

/** The agents' part of a checkpoint. */
export type AgentsCheckpoint = Pick<SessionCheckpoint, 'agents' | 'blackboard'> & { activeSubAgent?: string };

/**
 * The base of every session type: the core `Session` loop plus a checkpoint at every round start, transition and
 * round end (written by the round itself through its `RoundRecorder`, not by an event listener: a failed write
 * ends the session as `failed` with a {@link CheckpointWriteError}), resume from a checkpoint, a clean two-stage cancel, the per-round and per-session evaluation, experience saving and the
 * reports (`output.md`, `report.html`). `run()` never throws for a session failure: it returns the status.
 */
export abstract class ManagedSession extends Session {
  readonly task: string;
  readonly kind: SessionCheckpoint['kind'];
  protected readonly runtime: SessionRuntime;
  protected readonly settings: ManagedSessionOptions;
  private readonly spec: ManagedSessionSpec;
  /** What the rounds capture at subtask and round ends, beside the window screenshot. */
  private readonly captures: RoundCaptures | undefined;
  private readonly store: CheckpointStore | undefined;
  private lastCheckpoint: SessionCheckpoint | undefined;
  private readonly completedRounds: SessionCheckpoint['rounds'] = [];
  private position: SessionCheckpoint['position'] = null;
  private frozen = false;
  private cancelRequested = false;
  private resumeAgent: RoundAgent | undefined;
  private readonly roundEvaluations: ManagedSessionOutcome['evaluations'] = [];
  /** How many states this session has handled: the action journal's index of the next step. */
  private journalStep: number;

  constructor(options: ManagedSessionOptions, runtime: SessionRuntime, spec: ManagedSessionSpec) {
    const checkpoint = options.resume?.checkpoint;
    const captures = sessionCaptures(options.captures, {
      linux: spec.kind === 'linux' || options.platform === 'linux',
      deviceKeepsSelection: spec.kind === 'linux',
    });
    super({
      task: options.task,
      logSink: runtime.logSink,
      dispatcher: options.dispatcher,
      interactor: runtime.interactor,
      startAgent: spec.startAgent,
      events: runtime.events,
      clock: runtime.clock,
      mode: spec.mode,
      ...(checkpoint ? { id: checkpoint.sessionId } : options.id ? { id: options.id } : {}),
      ...(options.request !== undefined && !checkpoint ? { request: options.request } : {}),
      ...(options.maxSteps !== undefined ? { maxSteps: options.maxSteps } : {}),
      ...(options.maxRounds !== undefined ? { maxRounds: options.maxRounds } : {}),
      ...(options.subtaskSettleMs !== undefined ? { subtaskSettleMs: options.subtaskSettleMs } : {}),
      ...(captures ? { captures } : {}),
      ...(runtime.context ? { context: runtime.context } : {}),
      ...(options.contextKeys ? { contextKeys: options.contextKeys } : {}),
    });
    this.task = checkpoint?.task ?? options.task;
    this.kind = spec.kind;
    this.runtime = runtime;
    this.settings = options;
    this.spec = spec;
    this.captures = captures;
    const folder = runtime.logSink.folder;
    this.store =
      typeof options.checkpoint === 'object' ? options.checkpoint : options.checkpoint !== false && folder ? new FileCheckpointStore(folder) : undefined;
    if (checkpoint) this.completedRounds.push(...checkpoint.rounds);
    this.journalStep = checkpoint?.journalStep ?? 0;
  }

  /** The log folder, when the sink has one. */
  get logFolder(): string | undefined {
    return this.runtime.logSink.folder;
  }

  /** The agents' state for a checkpoint; `position` names the agent and state that handle next. */
  protected abstract captureAgents(position: SessionCheckpoint['position']): AgentsCheckpoint;

  /** Rebuilds the agents from a checkpoint; returns them by name. */
  protected abstract restoreAgents(checkpoint: SessionCheckpoint): Promise<Map<string, RoundAgent>>;

  /** Session-type data kept in the checkpoint. */
  protected checkpointExtra(): Record<string, unknown> {
    return {};
  }

  /**
   * Stops the session. The first call lets the running step finish, so the logs and the checkpoint stay
   * consistent; with `force` (the second Ctrl+C) in-flight model calls are aborted and the checkpoint stays at
   * the last completed transition.
   */
  override cancel(reason = 'cancelled', options: { force?: boolean } = {}): void {
    this.cancelRequested = true;
    super.cancel(reason);
    if (options.force) {
      this.frozen = true;
      this.runtime.hardAbort.abort(new Error(reason));
    }
  }

  override async run(): Promise<ManagedSessionOutcome> {
    let failure: unknown;
    try {
      const checkpoint = this.settings.resume?.checkpoint;
      if (checkpoint) await this.prepareResume(checkpoint);
      await super.run();
    } catch (error) {
      failure = error;
    }
    return finishSession({
      session: this,
      runtime: this.runtime,
      settings: this.settings,
      failure,
      status: this.statusOf(failure),
      roundEvaluations: this.roundEvaluations,
    });
  }

  protected override createRound(roundId: number, request: string): Round {
    const agent = this.resumeAgent ?? this.spec.startAgent(roundId);
    this.resumeAgent = undefined;
    const options = this.settings;
    return new ManagedRound(
      {
        id: roundId,
        request,
        agent,
        context: this.context,
        events: this.events,
        clock: this.runtime.clock,
        logSink: this.runtime.logSink,
        maxSteps: options.maxSteps ?? 50,
        subtaskSettleMs: options.subtaskSettleMs ?? 0,
        signal: this.signal,
        stepSignal: this.runtime.hardAbort.signal,
        dispatcher: options.dispatcher,
        ...(this.captures ? { captures: this.captures } : {}),
        recorder: this.checkpoints,
        sessionId: this.id,
      },
      (outcome: RoundOutcome) => this.afterRound(outcome),
    );
  }

  private async afterRound(outcome: RoundOutcome): Promise<void> {
    const evaluation = this.settings.evaluation;
    if (!evaluation || !evaluation.round || outcome.endReason !== 'round_end' || outcome.finalState === 'ERROR') return;
    const record = await evaluateRound({ session: this, runtime: this.runtime, settings: this.settings }, outcome);
    if (record) this.roundEvaluations.push(record);
  }

  private async prepareResume(checkpoint: SessionCheckpoint): Promise<void> {
    this.results.push(...checkpoint.rounds.map((r) => ({ request: r.request, result: r.result, finalState: r.finalState })));
    const agents = await this.restoreAgents(checkpoint);
    this.position = checkpoint.position;
    this.lastCheckpoint = checkpoint;
    if (!checkpoint.position) return;
    const agent = agents.get(checkpoint.position.agent);
    if (!agent) throw new Error(`The checkpoint's next agent ${checkpoint.position.agent} was not restored`);
    this.resumeAgent = agent;
    if (agent.state.isSubtaskEnd()) {
      // The crash came between entering a subtask-end state and its bookkeeping: do it now, as the round would have.
      await captureEndSnapshots({
        dispatcher: this.settings.dispatcher,
        logSink: this.runtime.logSink,
        context: this.context,
        events: this.events,
        agentKind: agent.kind,
        round: checkpoint.position.round,
        subtask: this.context.currentRoundSubtaskAmount,
        ...(this.captures ? { captures: this.captures } : {}),
      });
      this.context.recordSubtaskEnd();
    }
  }

  /** The round's durable records: the checkpoint, written in the round's own sequence. */
  private readonly checkpoints: RoundRecorder = {
    roundStarted: (position) => this.checkpointAt(position),
    stepStarting: () => this.runtime.journal?.begin(this.journalStep),
    transitioned: (_transition, position) => this.afterStep(position),
    roundEnded: (end) => this.checkpointRoundEnd(end),
  };

  /** A step's transition: the journal moves to the next step (or ends the session with its write failure). */
  private async afterStep(position: RoundPosition): Promise<void> {
    this.journalStep += 1;
    const journal = this.runtime.journal;
    journal?.end();
    if (journal?.failure) throw journal.failure;
    await this.checkpointAt(position);
  }

  private async checkpointAt(position: RoundPosition): Promise<void> {
    if (this.frozen) return;
    this.position = { ...position };
    await this.saveCheckpoint('running');
  }

  private async checkpointRoundEnd(end: RoundEnd): Promise<void> {
    if (this.frozen || end.finalState === 'CANCELLED') return;
    this.completedRounds.push({ request: end.request, result: end.result, finalState: end.finalState });
    this.position = null;
    await this.saveCheckpoint('running');
  }

  /**
   * Writes a checkpoint of the current state (no-op without a store) and returns it. A store failure is thrown as
   * a {@link CheckpointWriteError} carrying it as `cause`.
   */
  protected async saveCheckpoint(status: SessionCheckpoint['status']): Promise<SessionCheckpoint | undefined> {
    if (!this.store) return undefined;
    const checkpoint: SessionCheckpoint = {
      version: 1,
      kind: this.kind,
      task: this.task,
      sessionId: this.id,
      mode: this.context.get('MODE'),
      ...(this.settings.platform ? { platform: this.settings.platform } : {}),
      status,
      savedAt: new Date(this.runtime.clock.now()).toISOString(),
      context: this.context.toJSON() as Record<string, unknown>,
      rounds: structuredClone(this.completedRounds),
      position: this.position ? { ...this.position } : null,
      ...this.captureAgents(this.position),
      journalStep: this.journalStep,
      logLines: { response: this.runtime.logSink.lines.response, request: this.runtime.logSink.lines.request },
      extra: this.checkpointExtra(),
    };
    await this.writeCheckpoint(checkpoint);
    return checkpoint;
  }

  private async writeCheckpoint(checkpoint: SessionCheckpoint): Promise<void> {
    try {
      await this.store!.save(checkpoint);
    } catch (cause) {
      throw new CheckpointWriteError(checkpoint.status, cause);
    }
    this.lastCheckpoint = checkpoint;
  }

  /**
   * Records the final status on the last consistent checkpoint (it is not re-captured: see `cancel`). Throws a
   * {@link CheckpointWriteError} when the store fails.
   */
  async finalCheckpoint(status: ManagedSessionStatus, failure: unknown): Promise<SessionCheckpoint | undefined> {
    if (!this.store) return undefined;
    const recapture = status === 'completed' || status === 'error' || status === 'incomplete' || !this.lastCheckpoint;
    const base = recapture ? await this.saveCheckpoint('running') : this.lastCheckpoint;
    if (!base) return undefined;
    const checkpoint: SessionCheckpoint = { ...base, status, savedAt: new Date(this.runtime.clock.now()).toISOString() };
    delete checkpoint.waitingFor;
    delete checkpoint.error;
    if (status === 'waiting') {
      const waiting = waitingFor(base, failure);
      if (waiting) checkpoint.waitingFor = waiting;
    }
    if (status === 'failed') {
      const err = serializeError(failure);
      checkpoint.error = { name: err.name, message: err.message, ...(err.code ? { code: err.code } : {}) };
    }
    await this.writeCheckpoint(checkpoint);
    return checkpoint;
  }

  /** The path of the checkpoint file, when it is kept on disk. */
  get checkpointPath(): string | undefined {
    return this.store instanceof FileCheckpointStore ? this.store.path : undefined;
  }

  private statusOf(failure: unknown): ManagedSessionStatus {
    if (failure instanceof HumanInputRequiredError) return 'waiting';
    if (failure !== undefined) return 'failed';
    const last = this.results.at(-1);
    if (this.cancelRequested || last?.finalState === 'CANCELLED') return 'cancelled';
    if (last?.finalState === 'ERROR') return 'error';
    if (last?.finalState === 'MAX_STEP') return 'incomplete';
    return 'completed';
  }
}

/** What a waiting session waits for: the held actions or questions of the next agent, else the error's request. */
function waitingFor(checkpoint: SessionCheckpoint, failure: unknown): SessionCheckpoint['waitingFor'] {
  const agent = checkpoint.agents.find((a) => a.name === checkpoint.position?.agent);
  if (agent?.pendingConfirmation?.actions.length && checkpoint.position?.state === 'CONFIRM') {
    return {
      kind: 'confirmation',
      agent: agent.name,
      actions: agent.pendingConfirmation.actions.map((a) => ({ function: a.function, arguments: a.arguments })),
      ...(agent.pendingConfirmation.reason ? { reason: agent.pendingConfirmation.reason } : {}),
    };
  }
  if (agent?.pendingQuestions.length && checkpoint.position?.state === 'PENDING') {
    return { kind: 'questions', agent: agent.name, questions: agent.pendingQuestions };
  }
  if (failure instanceof HumanInputRequiredError) return failure.request;
  return undefined;
}
