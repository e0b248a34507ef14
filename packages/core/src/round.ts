import type { Context } from './context.js';
import type { EventBus } from './events.js';
import type { RoundAgent, RoundState, StepRunOptions } from './fsm.js';
import type { Clock } from './ports/clock.js';
import type { CommandDispatcher } from './ports/command-dispatcher.js';
import type { LogSink } from './ports/log-sink.js';
import type { RoundPosition, RoundRecorder } from './ports/round-recorder.js';
import { captureEndSnapshots, type RoundCaptures } from './end-snapshots.js';

/** Options of {@link Round}. */
export interface RoundOptions {
  id: number;
  request: string;
  /** The agent that handles the first step; its current state is the start state. */
  agent: RoundAgent;
  context: Context;
  events: EventBus;
  clock: Clock;
  logSink: LogSink;
  /** Used for snapshots at subtask ends and at the round's end; omit to skip snapshots. */
  dispatcher?: CommandDispatcher;
  /**
   * What those snapshots save beside the window screenshot: the UI tree (`SAVE_UI_TREE`) and the desktop
   * (`SAVE_FULL_SCREEN`), both off by default.
   */
  captures?: RoundCaptures;
  /** Session-wide step cap (`MAX_STEP`, default 50). */
  maxSteps?: number;
  /** Pause before a subtask-end snapshot so the UI settles (`SLEEP_TIME`, default 0 ms). Non-blocking. */
  subtaskSettleMs?: number;
  /** Cancels the round between steps. */
  signal?: AbortSignal;
  /** Aborts the current step's in-flight model and tool calls; passed to the agent with each step. */
  stepSignal?: AbortSignal;
  /** Durable records written at round start, after each transition and at round end (checkpoints). */
  recorder?: RoundRecorder;
  /** The session's id, carried by the round's `transition` events. */
  sessionId?: string;
}

/** What a round returns. */
export interface RoundOutcome {
  id: number;
  request: string;
  result: unknown;
  /** Name of the state the round ended in (`FINISH`, `FAIL`, `ERROR`, ...), or `MAX_STEP` / `CANCELLED`. */
  finalState: string;
  /** Why the loop stopped. */
  endReason: 'round_end' | 'max_steps' | 'cancelled';
  steps: number;
  cost: number;
  subtasks: number;
}

/**
 * One user request: the loop `handle` → `nextState` → `nextAgent` → `setState`, with a snapshot at
 * each subtask end, until the state ends the round, the session's step cap is reached, or it is cancelled.
 */
export class Round {
  readonly id: number;
  readonly request: string;
  private agentRef: RoundAgent;
  private stateRef: RoundState;
  private readonly options: RoundOptions;

  constructor(options: RoundOptions) {
    this.options = options;
    this.id = options.id;
    this.request = options.request;
    this.agentRef = options.agent;
    this.stateRef = options.agent.state;
  }

  /** The agent that handles the next step. */
  get agent(): RoundAgent {
    return this.agentRef;
  }

  /** The current state. */
  get state(): RoundState {
    return this.stateRef;
  }

  /**
   * Why the round would stop now, or undefined when it goes on. A round that reached its end state ended there,
   * even when a cancel arrived during its last step; unless the step was aborted (a hard cancel), whose end state
   * (a failed step's ERROR) is the cancel's doing.
   */
  private stopReason(): RoundOutcome['endReason'] | undefined {
    if (this.stateRef.isRoundEnd() && !this.options.stepSignal?.aborted) return 'round_end';
    if (this.options.signal?.aborted) return 'cancelled';
    if (this.stateRef.isRoundEnd()) return 'round_end';
    if (this.options.context.get('SESSION_STEP') >= (this.options.maxSteps ?? 50)) return 'max_steps';
    return undefined;
  }

  private get stepOptions(): StepRunOptions {
    return this.options.stepSignal ? { signal: this.options.stepSignal } : {};
  }

  /**
   * Runs the round. After each step the transition is applied in this order: the next agent takes its next state,
   * the recorder writes (so a crash after this point resumes in the next state), a subtask end is settled
   * (snapshot, counter; a resume redoes this when it finds a subtask-end position), and only then the `transition`
   * event is emitted, so observers read the context as it is after the transition. A recorder failure ends the
   * round by rejecting with that error.
   */
  async run(): Promise<RoundOutcome> {
    const { context, events, recorder } = this.options;
    context.beginRound(this.id, this.request);
    await recorder?.roundStarted(this.position());
    events.emit({ type: 'round-start', round: this.id, request: this.request });
    let reason = this.stopReason();
    while (reason === undefined) {
      const agent = this.agentRef;
      const from = agent.state;
      await recorder?.stepStarting?.(this.position());
      await agent.handle(context, this.stepOptions);
      const next = agent.state.nextState(agent);
      const nextAgent = agent.state.nextAgent(agent);
      nextAgent.setState(next);
      this.agentRef = nextAgent;
      this.stateRef = next;
      const transition = {
        round: this.id,
        from: { agent: agent.name, agentKind: from.agentKind, state: from.name },
        to: { agent: nextAgent.name, agentKind: next.agentKind, state: next.name },
        status: agent.status,
      };
      await recorder?.transitioned(transition, this.position());
      if (next.isSubtaskEnd()) await this.onSubtaskEnd(nextAgent);
      events.emit({
        type: 'transition',
        from: `${from.agentKind}.${from.name}`,
        to: `${next.agentKind}.${next.name}`,
        agent: agent.name,
        nextAgent: nextAgent.name,
        status: agent.status,
        ...(this.options.sessionId !== undefined ? { sessionId: this.options.sessionId } : {}),
        round: this.id,
        source: transition.from,
        target: transition.to,
      });
      reason = this.stopReason();
    }
    this.agentRef.recordRequest?.(`request_${this.id}`, this.request);
    await this.snapshot();
    const outcome: RoundOutcome = {
      id: this.id,
      request: this.request,
      result: context.get('ROUND_RESULT'),
      finalState: reason === 'round_end' ? this.stateRef.name : reason === 'max_steps' ? 'MAX_STEP' : 'CANCELLED',
      endReason: reason,
      steps: context.currentRoundStep,
      cost: context.currentRoundCost,
      subtasks: context.currentRoundSubtaskAmount,
    };
    await recorder?.roundEnded({ round: this.id, request: this.request, result: outcome.result, finalState: outcome.finalState });
    events.emit({ type: 'round-end', round: this.id, state: outcome.finalState, result: outcome.result });
    return outcome;
  }

  /** The agent and state that handle the next step. */
  private position(): RoundPosition {
    return { round: this.id, request: this.request, agent: this.agentRef.name, state: this.stateRef.name };
  }

  private async onSubtaskEnd(agent: RoundAgent): Promise<void> {
    const { clock, context, subtaskSettleMs = 0, signal } = this.options;
    if (subtaskSettleMs > 0) await clock.sleep(subtaskSettleMs, signal).catch(() => undefined);
    await this.snapshot(context.currentRoundSubtaskAmount, agent.kind);
    context.recordSubtaskEnd();
  }

  /** The captures at the end of subtask `subtask`, or of the round when it is omitted. */
  private async snapshot(subtask?: number, agentKind = this.agentRef.kind): Promise<void> {
    const { dispatcher, logSink, context, events, signal, captures } = this.options;
    if (!dispatcher) return;
    await captureEndSnapshots({
      dispatcher,
      logSink,
      context,
      events,
      agentKind,
      round: this.id,
      ...(subtask !== undefined ? { subtask } : {}),
      ...(captures ? { captures } : {}),
      ...(signal ? { signal } : {}),
    });
  }
}
