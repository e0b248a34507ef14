/** Where a round stands: the agent and the state that handle its next step. */
export interface RoundPosition {
  round: number;
  request: string;
  /** Name of the agent that handles the next step. */
  agent: string;
  /** Name of the state that agent is in. */
  state: string;
}

/** One applied transition, as the round records it. */
export interface RoundTransition {
  round: number;
  /** The agent that handled the step, and the state it handled in. */
  from: { agent: string; agentKind: string; state: string };
  /** The agent and state that handle next. */
  to: { agent: string; agentKind: string; state: string };
  /** The status the step produced. */
  status: string;
}

/** How a round ended, as the round records it. */
export interface RoundEnd {
  round: number;
  request: string;
  result: unknown;
  /** `FINISH`, `FAIL`, `ERROR`, ... or `MAX_STEP` / `CANCELLED`. */
  finalState: string;
}

/**
 * Durable records a round writes as part of its own sequence (a session's checkpoint, say). Unlike `EventBus`
 * listeners, which only observe, every method is awaited at a fixed point of the round, before the matching event
 * is emitted, and a rejection is not swallowed: it ends the round and the session with that error.
 *
 * - `roundStarted`: after the round's counters started, before its first step.
 * - `stepStarting` (optional): before each step's handler runs.
 * - `transitioned`: after a transition is applied (the next agent is in its next state), before a subtask end is
 *   settled (its snapshot and counter) and before the `transition` event. A position at a subtask-end state
 *   therefore means "settle the subtask end first" to whoever resumes from it.
 * - `roundEnded`: after the round's final snapshot, before the `round-end` event.
 */
export interface RoundRecorder {
  /** After the round's counters started, before its first step. */
  roundStarted(position: RoundPosition): void | Promise<void>;
  /**
   * Before each step's handler runs, with the position that handles it (optional). Whatever the handler sends
   * until the next `transitioned` belongs to this step: an action journal keys its records by it.
   */
  stepStarting?(position: RoundPosition): void | Promise<void>;
  /** After a transition is applied, before a subtask end is settled and before the `transition` event. */
  transitioned(transition: RoundTransition, position: RoundPosition): void | Promise<void>;
  /** After the round's final snapshot, before the `round-end` event. */
  roundEnded(end: RoundEnd): void | Promise<void>;
}
