import type { Agent } from '@ufo-ts/agent-fsm';
import type { Phase } from './phases.js';
import type { StepContext } from './step-context.js';

/**
 * One unit of work in a step. Strategies declare what they need (`dependsOn`) and what they add (`provides`);
 * the processor checks the chain when it is built and checks `provides` after each run.
 */
export interface Strategy<A extends Agent = Agent> {
  readonly name: string;
  readonly phase: Phase;
  /** Local keys that must be present before `execute`. */
  readonly dependsOn: readonly string[];
  /** Local keys `execute` returns. */
  readonly provides: readonly string[];
  /** When true, a failure aborts the step with status ERROR; when false, the rest of the step is skipped softly. */
  readonly failFast: boolean;
  /** Does the work; returns the provided keys. Throwing is how a strategy fails. */
  execute(agent: A, context: StepContext): Promise<Record<string, unknown>>;
}

/** Options of {@link defineStrategy}. */
export type StrategySpec<A extends Agent = Agent> = Omit<Strategy<A>, 'dependsOn' | 'provides' | 'failFast'> & {
  dependsOn?: readonly string[];
  provides?: readonly string[];
  failFast?: boolean;
};

/**
 * Builds a {@link Strategy} from a plain object (defaults: no dependencies, provides nothing, failFast true).
 *
 * @example
 * ```ts
 * const clock = defineStrategy({
 *   name: 'clock',
 *   phase: 'DATA_COLLECTION',
 *   provides: ['now'],
 *   execute: async () => ({ now: new Date().toISOString() }),
 * });
 * const processor = createLinuxProcessor({ strategies: { DATA_COLLECTION: clock } });
 * ```
 */
export function defineStrategy<A extends Agent = Agent>(spec: StrategySpec<A>): Strategy<A> {
  return { dependsOn: [], provides: [], failFast: true, ...spec };
}
