import { UfoError } from './errors.js';
import { CONTEXT_KEYS, isContextKey, type ContextKey, type ContextValue, type ContextValues } from './context-keys.js';

/** Serialised form of a {@link Context}: plain JSON, resumable with {@link Context.fromJSON}. */
export type ContextJSON = Partial<Record<ContextKey, unknown>>;

/**
 * The session-wide state, keyed by {@link CONTEXT_KEYS}. Reads and writes are typed; writes are validated by the
 * key's zod schema; unknown keys are rejected. The `current*` values are computed from the per-round maps.
 */
export class Context {
  private readonly values: ContextValues;

  constructor(initial: Partial<ContextValues> = {}) {
    const values: Record<string, unknown> = {};
    for (const name of Object.keys(CONTEXT_KEYS) as ContextKey[]) values[name] = CONTEXT_KEYS[name].initial();
    this.values = values as ContextValues;
    for (const [name, value] of Object.entries(initial)) this.set(name as ContextKey, value as never);
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
      throw new UfoError('CONTEXT_INVALID_VALUE', `Invalid value for context key ${key}: ${parsed.error.message}`, {
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

  /** A JSON-safe deep copy of every key. */
  toJSON(): ContextJSON {
    return JSON.parse(JSON.stringify(this.values)) as ContextJSON;
  }

  /** Rebuilds a context from {@link Context.toJSON} output; rejects unknown keys and invalid values. */
  static fromJSON(json: unknown): Context {
    if (typeof json !== 'object' || json === null || Array.isArray(json)) {
      throw new UfoError('CONTEXT_INVALID_VALUE', 'Context.fromJSON expects an object');
    }
    for (const name of Object.keys(json)) if (!isContextKey(name)) throw unknownKey(name);
    return new Context(json as Partial<ContextValues>);
  }
}

function unknownKey(name: string): UfoError {
  return new UfoError('CONTEXT_UNKNOWN_KEY', `Unknown context key "${name}". Known keys: ${Object.keys(CONTEXT_KEYS).join(', ')}`);
}
