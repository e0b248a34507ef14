/** Inspection events emitted by sessions, rounds and agents (xstate-style). Nothing in the engine prints. */
export type EngineEvent =
  | { type: 'session-start'; sessionId: string; logFolder: string | undefined }
  | { type: 'session-end'; sessionId: string; rounds: number; cost: number; error?: string }
  | { type: 'round-start'; round: number; request: string }
  | { type: 'round-end'; round: number; state: string; result: unknown }
  | { type: 'step-start'; agent: string; state: string; step: number; round: number }
  | {
      type: 'step-end';
      agent: string;
      state: string;
      step: number;
      round: number;
      status: string;
      cost: number;
      /** When the session replays a cached run: `hit`, `healed` or `miss` (see `ReplyCache`). */
      cache?: 'hit' | 'healed' | 'miss';
      /**
       * Why the step failed, when it did: the message and the code a program matches on (`MODEL_REFUSED`,
       * `MODEL_REPLY_INVALID`, `ACTION_OUTCOME_UNKNOWN`, ...; see `errorCode`), as the step's `response.log` record has them.
       */
      error?: { message: string; code?: string };
    }
  | {
      type: 'transition';
      /** `Kind.STATE` of the state that handled the step. */
      from: string;
      /** `Kind.STATE` of the state that handles next. */
      to: string;
      agent: string;
      nextAgent: string;
      status: string;
      /** The session the round belongs to, when the round was given one. */
      sessionId?: string;
      round: number;
      /** Both ends as data: the agent, its kind and its state. */
      source: { agent: string; agentKind: string; state: string };
      target: { agent: string; agentKind: string; state: string };
    }
  | {
      type: 'command';
      agent: string;
      tool: string;
      status: string;
      error?: string | null;
      /** The policy's verdict on the command, when a policy-enforcing dispatcher ran it (see `Result.policy`). */
      policy?: { decision: 'allow' | 'confirm' | 'deny'; rule?: string; reason: string; confirmed?: boolean };
    }
  /** A running tool reported progress (`total` when it announced one). */
  | { type: 'command-progress'; agent: string; tool: string; progress: number; total?: number; message?: string }
  | { type: 'question'; agent: string; questions: string[] }
  | { type: 'confirmation'; agent: string; function: string; approved: boolean }
  | { type: 'warning'; message: string; details?: Record<string, unknown> }
  /**
   * The progress monitor found a step without progress: what it detected, the likely cause and the rung of its
   * ladder (`warn`, `reperceive`, `ask`, `fail`).
   */
  | { type: 'no-progress'; agent: string; step: number; detection: string; cause: string; level: string; stalledSteps: number; message: string }
  /** A FINISH was verified by the session's finish check: whether it passed, and whether the FINISH stood. */
  | { type: 'finish-check'; agent: string; step: number; passed: boolean; accepted: boolean; reason: string };

/** Receives every {@link EngineEvent} emitted on an {@link EventBus}. */
export type EngineEventListener = (event: EngineEvent) => void;

/**
 * A tiny synchronous event bus. Listener errors are isolated so an observer can never break a session.
 *
 * @example
 * ```ts
 * const events = new EventBus();
 * const unsubscribe = events.subscribe((event) => console.error(event.type));
 * ```
 */
export class EventBus {
  private readonly listeners = new Set<EngineEventListener>();

  /** Subscribes; returns the unsubscribe function. */
  subscribe(listener: EngineEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Calls every listener with `event`, in subscription order; a listener that throws is skipped. */
  emit(event: EngineEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // an observer's bug must not change the engine's behaviour
      }
    }
  }
}
