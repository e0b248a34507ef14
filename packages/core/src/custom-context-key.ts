import type { z } from 'zod';

/**
 * A context key declared by a custom strategy or a third-party agent: a name, a zod schema for its value, its
 * default and a description. Register it up front (`new Context(initial, { keys })`, `SessionOptions.contextKeys`,
 * the sessions' `contextKeys` option); its value is validated on every write and travels through `toJSON` /
 * `fromJSON`, so it round-trips through checkpoints like the built-in keys.
 */
export interface CustomContextKey<S extends z.ZodType = z.ZodType> {
  readonly name: string;
  readonly schema: S;
  /** Returns the value the key holds before anything writes it (called once per new context). */
  readonly initial: () => z.infer<S>;
  readonly description: string;
}

/**
 * Declares a {@link CustomContextKey}.
 *
 * @example
 * const RETRIES = defineContextKey('MY_STRATEGY_RETRIES', z.number().int().nonnegative(), () => 0, 'Retries so far.');
 * const context = new Context({}, { keys: [RETRIES] });
 * context.setKey(RETRIES, context.getKey(RETRIES) + 1);
 */
export function defineContextKey<S extends z.ZodType>(name: string, schema: S, initial: () => z.infer<S>, description: string): CustomContextKey<S> {
  return { name, schema, initial, description };
}
