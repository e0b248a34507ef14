import type { Context } from './context.js';

/** What a {@link Round} passes down with each step to the agent that handles it. */
export interface StepRunOptions {
  /**
   * Aborts the step's in-flight model and tool calls (a hard cancel). Strategies pass it on to
   * `ChatModel.complete` and `CommandDispatcher.execute`; a soft cancel (stop between steps) never sets it.
   */
  signal?: AbortSignal;
}

/**
 * What a {@link Round} needs from a state: the original's `AgentState` interface. Implemented by the
 * table-driven states of `@ufo-ts/agent-fsm`.
 */
export interface RoundState {
  /** The state's name, e.g. `CONTINUE`, `FINISH`, `ERROR`. */
  readonly name: string;
  /** The agent kind the state belongs to (`HostAgent`, `AppAgent`, `LinuxAgent`, ...). */
  readonly agentKind: string;
  /** Runs this state's step for `agent` (e.g. one processor run), reading and writing the shared `context`. */
  handle(agent: RoundAgent, context: Context, options?: StepRunOptions): Promise<void>;
  /** The next state, computed from the state that just handled and the agent's status. */
  nextState(agent: RoundAgent): RoundState;
  /** The agent that handles the next state. */
  nextAgent(agent: RoundAgent): RoundAgent;
  /** When true on entry, the round ends and this state's handle never runs. */
  isRoundEnd(): boolean;
  /** When true on entry, a subtask ended: the round captures a snapshot and counts it. */
  isSubtaskEnd(): boolean;
}

/** What a {@link Round} needs from an agent. */
export interface RoundAgent {
  readonly name: string;
  /** Agent kind used for routing tool servers (`HostAgent`, `AppAgent`, `LinuxAgent`, or a third-party name). */
  readonly kind: string;
  readonly state: RoundState;
  /** The status string the last handled step produced. */
  readonly status: string;
  /** Makes `state` the agent's current state (the round calls it after each step with the computed next state). */
  setState(state: RoundState): void;
  /** Runs the current state's handle. */
  handle(context: Context, options?: StepRunOptions): Promise<void>;
  /** Records the round's request in the shared blackboard when the round ends. */
  recordRequest?(key: string, request: string): void;
}
