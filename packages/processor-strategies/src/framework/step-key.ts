import type { z } from 'zod';

/**
 * A typed entry of a step's local data (the {@link StepContext}): a name, a zod schema for its value and a description.
 * Strategies declare the keys they read (`dependsOn`) and write (`provides`); `step.get(key)` returns the schema's
 * type, and the processor validates every provided value against the schema after the strategy ran. Two keys with the
 * same name are the same entry (a narrower schema is a typed view of it); the built-in keys are in {@link STEP_KEYS}.
 */
export interface StepKey<T = unknown, N extends string = string> {
  /** The entry's name in the step data (what `execute` returns it under). */
  readonly name: N;
  /** Validates the value a strategy provides. */
  readonly schema: z.ZodType<T>;
  /** What the value is, for people. */
  readonly description: string;
}

/** The value type of a {@link StepKey}. */
export type StepKeyValue<K extends StepKey> = K extends StepKey<infer T> ? T : never;

/** The values a strategy that provides the keys `P` returns, by key name (each optional, as a step may already hold it). */
export type StepValues<P extends readonly StepKey[]> = { [K in P[number] as K['name']]?: StepKeyValue<K> };

/**
 * Declares a {@link StepKey}: the value type is inferred from the schema.
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
 * const age = defineStrategy({
 *   name: 'age',
 *   phase: 'LLM_INTERACTION',
 *   dependsOn: [STARTED_AT],
 *   execute: async (agent, step) => {
 *     const startedAt: number = step.require(STARTED_AT, 'age');
 *     agent.warn(`step running for ${agent.services.clock.now() - startedAt} ms`);
 *     return {};
 *   },
 * });
 * ```
 */
export function defineStepKey<const N extends string, S extends z.ZodType>(name: N, schema: S, description: string): StepKey<z.output<S>, N> {
  return { name, schema: schema as z.ZodType<z.output<S>>, description };
}
