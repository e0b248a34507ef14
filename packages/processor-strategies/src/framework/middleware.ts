import type { Agent } from '@ufo-ts/agent-fsm';
import type { StepContext } from './step-context.js';

/** The outcome of a whole step, passed to `afterProcess`. */
export interface StepSummary {
  status: string;
  error?: unknown;
  /** The phase that failed, if any. */
  failedPhase?: string;
  durationMs: number;
}

/**
 * Hooks around a step: `beforeProcess` in order, `afterProcess` in reverse order (also after a
 * failed step, so the step is always logged), `onError` in order for every failure.
 */
export interface Middleware<A extends Agent = Agent> {
  readonly name: string;
  /** Runs before the first phase; throwing fails the step with status `ERROR` and no phase runs. */
  beforeProcess?(agent: A, context: StepContext): Promise<void> | void;
  /** Runs after the step was finalised, with its outcome; what it throws is ignored. */
  afterProcess?(agent: A, context: StepContext, summary: StepSummary): Promise<void> | void;
  /** Runs when a phase's strategy fails, with the wrapped error; what it throws is ignored. */
  onError?(agent: A, context: StepContext, error: unknown): Promise<void> | void;
}
