import type { z } from 'zod';
import { UfoError, type UfoErrorCode } from './errors.js';
import { CONTEXT_KEYS, isContextKey, type ContextKey, type ContextValue, type ContextValues } from './context-keys.js';
import type { CustomContextKey } from './custom-context-key.js';

/** Serialised form of a {@link Context}: plain JSON, resumable with {@link Context.fromJSON}. Custom keys by name. */
export type ContextJSON = Partial<Record<ContextKey, unknown>> & Record<string, unknown>;

/** Options of {@link Context}. */
export interface ContextOptions {
  /** Custom keys (declared with `defineContextKey`) this context accepts besides the built-in ones. */
  keys?: readonly CustomContextKey[];
}

/**
 * The session-wide state, keyed by {@link CONTEXT_KEYS}. Reads and writes are typed; writes are validated by the
 * key's zod schema; unknown keys are rejected. The `current*` values are computed from the per-round maps.
 *
 * @example
 * ```ts
 * const context = new Context({ REQUEST: 'What is 12 times 34?' });
 * context.set('CURRENT_ROUND_ID', 1);
 * context.get('REQUEST'); // 'What is 12 times 34?'
 * ```
 */
export class Context {
  private readonly values: ContextValues;
  private readonly custom = new Map<string, CustomContextKey>();
  private readonly customValues = new Map<string, unknown>();

  /**
   * @param initial Values to start with (built-in keys, and custom keys by name); each is validated.
   * @param options Custom keys to accept. A name that is already a key throws `CONTEXT_KEY_CONFLICT`.
   */
  constructor(initial: Partial<ContextValues> | ContextJSON = {}, options: ContextOptions = {}) {
    const values: Record<string, unknown> = {};
    for (const name of Object.keys(CONTEXT_KEYS) as ContextKey[]) values[name] = CONTEXT_KEYS[name].initial();
    this.values = values as ContextValues;
    for (const key of options.keys ?? []) {
      if (isContextKey(key.name) || this.custom.has(key.name)) {
        throw new UfoError<UfoErrorCode>('CONTEXT_KEY_CONFLICT', `Context key "${key.name}" is declared twice (or is a built-in key)`);
      }
      this.custom.set(key.name, key);
      this.customValues.set(key.name, key.initial());
    }
    for (const [name, value] of Object.entries(initial)) {
      const custom = this.custom.get(name);
      if (custom) this.setKey(custom, value);
      else this.set(name as ContextKey, value as never);
    }
  }

  /** The custom keys this context accepts. */
  get customKeys(): readonly CustomContextKey[] {
    return [...this.custom.values()];
  }

  /** Reads a custom key; throws `CONTEXT_UNKNOWN_KEY` when it was not registered. */
  getKey<S extends z.ZodType>(key: CustomContextKey<S>): z.infer<S> {
    this.registered(key);
    return this.customValues.get(key.name) as z.infer<S>;
  }

  /** Writes a custom key after validating the value against its schema. */
  setKey<S extends z.ZodType>(key: CustomContextKey<S>, value: z.infer<S>): void {
    this.registered(key);
    const parsed = key.schema.safeParse(value);
    if (!parsed.success) {
      throw new UfoError<UfoErrorCode>('CONTEXT_INVALID_VALUE', `Invalid value for context key ${key.name}: ${parsed.error.message}`, { cause: parsed.error });
    }
    this.customValues.set(key.name, parsed.data);
  }

  /** Applies a function to a custom key's value and stores the result. */
  updateKey<S extends z.ZodType>(key: CustomContextKey<S>, fn: (value: z.infer<S>) => z.infer<S>): void {
    this.setKey(key, fn(this.getKey(key)));
  }

  private registered(key: CustomContextKey): void {
    if (!this.custom.has(key.name)) {
      throw new UfoError<UfoErrorCode>('CONTEXT_UNKNOWN_KEY', `Context key "${key.name}" was not registered with this context (pass it in keys)`);
    }
  }

  /** Reads a key. */
  get<K extends ContextKey>(key: K): ContextValue<K> {
    if (!isContextKey(key)) throw unknownKey(key);
    return this.values[key];
  }

  /** Writes a key after validating the value against its schema. */
  set<K extends ContextKey>(key: K, value: ContextValue<K>): void {
    if (!isContextKey(key)) throw unknownKey(key);
    const parsed = CONTEXT_KEYS[key].schema.safeParse(value);
    if (!parsed.success) {
      throw new UfoError<UfoErrorCode>('CONTEXT_INVALID_VALUE', `Invalid value for context key ${key}: ${parsed.error.message}`, {
        cause: parsed.error,
      });
    }
    this.values[key] = parsed.data as ContextValues[K];
  }

  /** Applies a function to a key's value and stores the result. */
  update<K extends ContextKey>(key: K, fn: (value: ContextValue<K>) => ContextValue<K>): void {
    this.set(key, fn(this.get(key)));
  }

  /** Starts the counters of a round, clears the round result and makes the round current. */
  beginRound(roundId: number, request: string): void {
    const id = String(roundId);
    this.set('ROUND_RESULT', CONTEXT_KEYS.ROUND_RESULT.initial());
    this.update('ROUND_STEP', (m) => ({ ...m, [id]: 0 }));
    this.update('ROUND_COST', (m) => ({ ...m, [id]: 0 }));
    this.update('ROUND_SUBTASK_AMOUNT', (m) => ({ ...m, [id]: 0 }));
    this.set('CURRENT_ROUND_ID', roundId);
    this.set('REQUEST', request);
  }

  /** Counts one processor run and its model cost (`null` = unknown price) for the current round and session. */
  recordStep(cost: number | null): void {
    const id = String(this.get('CURRENT_ROUND_ID'));
    this.update('SESSION_STEP', (n) => n + 1);
    this.update('ROUND_STEP', (m) => ({ ...m, [id]: (m[id] ?? 0) + 1 }));
    this.addCost(cost);
  }

  /** Adds a model cost outside a step (evaluation, re-asks); `null` counts an unpriced call. */
  addCost(cost: number | null): void {
    if (cost === null) {
      this.update('UNPRICED_CALLS', (n) => n + 1);
      return;
    }
    const id = String(this.get('CURRENT_ROUND_ID'));
    this.update('SESSION_COST', (c) => c + cost);
    this.update('ROUND_COST', (m) => ({ ...m, [id]: (m[id] ?? 0) + cost }));
  }

  /** Counts one finished subtask in the current round. */
  recordSubtaskEnd(): void {
    const id = String(this.get('CURRENT_ROUND_ID'));
    this.update('ROUND_SUBTASK_AMOUNT', (m) => ({ ...m, [id]: (m[id] ?? 0) + 1 }));
  }

  /** Steps of the current round (computed). */
  get currentRoundStep(): number {
    return this.get('ROUND_STEP')[String(this.get('CURRENT_ROUND_ID'))] ?? 0;
  }

  /** Cost of the current round (computed). */
  get currentRoundCost(): number {
    return this.get('ROUND_COST')[String(this.get('CURRENT_ROUND_ID'))] ?? 0;
  }

  /** Finished subtasks of the current round (computed). */
  get currentRoundSubtaskAmount(): number {
    return this.get('ROUND_SUBTASK_AMOUNT')[String(this.get('CURRENT_ROUND_ID'))] ?? 0;
  }

  /** A JSON-safe deep copy of every key, custom keys included (by name). */
  toJSON(): ContextJSON {
    return JSON.parse(JSON.stringify({ ...this.values, ...Object.fromEntries(this.customValues) })) as ContextJSON;
  }

  /**
   * Rebuilds a context from {@link Context.toJSON} output; rejects unknown keys (custom keys must be passed in
   * `options.keys`) and invalid values.
   */
  static fromJSON(json: unknown, options: ContextOptions = {}): Context {
    if (typeof json !== 'object' || json === null || Array.isArray(json)) {
      throw new UfoError<UfoErrorCode>('CONTEXT_INVALID_VALUE', 'Context.fromJSON expects an object');
    }
    const custom = new Set((options.keys ?? []).map((k) => k.name));
    for (const name of Object.keys(json)) if (!isContextKey(name) && !custom.has(name)) throw unknownKey(name);
    return new Context(json as ContextJSON, options);
  }
}

function unknownKey(name: string): UfoError {
  return new UfoError<UfoErrorCode>('CONTEXT_UNKNOWN_KEY', `Unknown context key "${name}". Known keys: ${Object.keys(CONTEXT_KEYS).join(', ')}`);
}
