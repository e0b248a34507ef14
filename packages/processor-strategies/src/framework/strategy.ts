import type { Agent } from '@ufo-ts/agent-fsm';
import type { Phase } from './phases.js';
import type { StepContext, StepOutput } from './step-context.js';
import type { StepKey, StepValues } from './step-key.js';

/**
 * One unit of work in a step. Strategies declare the keys they need (`dependsOn`) and the keys they add (`provides`);
 * the processor checks the chain when it is built, and after each run checks that every provided key is present and
 * that its value matches the key's schema.
 */
export interface Strategy<A extends Agent = Agent> {
  readonly name: string;
  readonly phase: Phase;
  /** Keys that must be present before `execute`. */
  readonly dependsOn: readonly StepKey[];
  /** Keys `execute` provides (returns, or sets on the step). */
  readonly provides: readonly StepKey[];
  /** When true, a failure aborts the step with status ERROR; when false, the rest of the step is skipped softly. */
  readonly failFast: boolean;
  /** Does the work; returns the provided values by key name. Throwing is how a strategy fails. */
  execute(agent: A, context: StepContext): Promise<StepOutput>;
}

/** Options of {@link defineStrategy}: `execute`'s result is typed by the `provides` keys. */
export type StrategySpec<A extends Agent = Agent, P extends readonly StepKey[] = readonly StepKey[]> = Omit<
  Strategy<A>,
  'dependsOn' | 'provides' | 'failFast' | 'execute'
> & {
  dependsOn?: readonly StepKey[];
  provides?: P;
  failFast?: boolean;
  /** Does the work; returns the provided values by key name, each typed by its key in `provides`. */
  execute(agent: A, context: StepContext): Promise<StepValues<P> & StepOutput>;
};

/**
 * Builds a {@link Strategy} from a plain object (defaults: no dependencies, provides nothing, failFast true).
 *
 * @example
 * ```ts
 * const STARTED_AT = defineStepKey('started_at', z.number().int(), 'When the step started, in ms since the epoch (the agent clock).');
 * const clock = defineStrategy({
 *   name: 'clock',
 *   phase: 'DATA_COLLECTION',
 *   provides: [STARTED_AT],
 *   execute: async (agent) => ({ started_at: agent.services.clock.now() }),
 * });
 * const processor = createLinuxProcessor({ strategies: { DATA_COLLECTION: clock } });
 * ```
 */
export function defineStrategy<A extends Agent = Agent, const P extends readonly StepKey[] = readonly StepKey[]>(spec: StrategySpec<A, P>): Strategy<A> {
  const { dependsOn = [], provides = [], failFast = true, ...rest } = spec;
  return { ...rest, dependsOn, provides, failFast };
}
