import type { Context } from './context.js';
import type { EventBus } from './events.js';
import type { RoundAgent, RoundState, StepRunOptions } from './fsm.js';
import type { Clock } from './ports/clock.js';
import type { CommandDispatcher } from './ports/command-dispatcher.js';
import type { LogSink } from './ports/log-sink.js';
import { captureSnapshot } from './snapshot.js';

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
  /** Used for snapshots at subtask ends; omit to skip snapshots. */
  dispatcher?: CommandDispatcher;
  /** Session-wide step cap (`MAX_STEP`, default 50). */
  maxSteps?: number;
  /** Pause before a subtask-end snapshot so the UI settles (`SLEEP_TIME`, default 0 ms). Non-blocking. */
  subtaskSettleMs?: number;
  /** Cancels the round between steps. */
  signal?: AbortSignal;
  /** Aborts the current step's in-flight model and tool calls; passed to the agent with each step. */
  stepSignal?: AbortSignal;
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
 * One user request (seed 000): the loop `handle` → `nextState` → `nextAgent` → `setState`, with a snapshot at
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

  /** Why the round would stop now, or undefined when it goes on. */
  private stopReason(): RoundOutcome['endReason'] | undefined {
    if (this.options.signal?.aborted) return 'cancelled';
    if (this.stateRef.isRoundEnd()) return 'round_end';
    if (this.options.context.get('SESSION_STEP') >= (this.options.maxSteps ?? 50)) return 'max_steps';
    return undefined;
  }

  private get stepOptions(): StepRunOptions {
    return this.options.stepSignal ? { signal: this.options.stepSignal } : {};
  }

  async run(): Promise<RoundOutcome> {
    const { context, events } = this.options;
    context.beginRound(this.id, this.request);
    events.emit({ type: 'round-start', round: this.id, request: this.request });
    let reason = this.stopReason();
    while (reason === undefined) {
      const agent = this.agentRef;
      const from = agent.state;
      await agent.handle(context, this.stepOptions);
      const next = agent.state.nextState(agent);
      const nextAgent = agent.state.nextAgent(agent);
      events.emit({
        type: 'transition',
        from: `${from.agentKind}.${from.name}`,
        to: `${next.agentKind}.${next.name}`,
        agent: agent.name,
        nextAgent: nextAgent.name,
        status: agent.status,
      });
      nextAgent.setState(next);
      this.agentRef = nextAgent;
      this.stateRef = next;
      if (next.isSubtaskEnd()) await this.onSubtaskEnd(nextAgent);
      reason = this.stopReason();
    }
    this.agentRef.recordRequest?.(`request_${this.id}`, this.request);
    await this.snapshot(`action_round_${this.id}_final.png`);
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
    events.emit({ type: 'round-end', round: this.id, state: outcome.finalState, result: outcome.result });
    return outcome;
  }

  private async onSubtaskEnd(agent: RoundAgent): Promise<void> {
    const { clock, context, subtaskSettleMs = 0, signal } = this.options;
    if (subtaskSettleMs > 0) await clock.sleep(subtaskSettleMs, signal).catch(() => undefined);
    await this.snapshot(`action_round_${this.id}_sub_round_${context.currentRoundSubtaskAmount}_final.png`, agent.kind);
    context.recordSubtaskEnd();
  }

  private async snapshot(fileName: string, agentKind = this.agentRef.kind): Promise<void> {
    const { dispatcher, logSink, context, events, signal } = this.options;
    if (!dispatcher) return;
    await captureSnapshot({
      dispatcher,
      logSink,
      context,
      events,
      agentKind,
      fileName,
      ...(signal ? { signal } : {}),
    });
  }
}
