import type { Context } from '@ufo-ts/core';
import { StrategyDependencyError } from './errors.js';
import type { Phase } from './phases.js';
import type { StepKey } from './step-key.js';

/** What one phase produced. */
export interface PhaseResult {
  phase: Phase;
  strategy: string;
  success: boolean;
  /** Names of the keys the strategy returned. */
  keys: string[];
  durationMs: number;
  error?: unknown;
}

/** What a strategy returns: the values of the keys it provides, by key name (see {@link StepValues}). */
export type StepOutput = Readonly<Record<string, unknown>>;

/**
 * The per-step local data: typed entries ({@link StepKey}) that grow phase by phase, plus the session's global
 * {@link Context}. A new one is made for every step; nothing in it survives the step except what finalisation
 * promotes to the global context.
 *
 * @example
 * ```ts
 * const request: string = step.require(STEP_KEYS.request, 'MyStrategy');
 * step.set(STEP_KEYS.status, 'FINISH');
 * ```
 */
export class StepContext {
  private readonly local = new Map<string, unknown>();
  readonly phaseResults: PhaseResult[] = [];

  constructor(
    readonly global: Context,
    /** The step's initial data, by key name. */
    initial: StepOutput = {},
    /** Aborts the step's in-flight model and tool calls (a hard cancel); strategies pass it on. */
    readonly signal?: AbortSignal,
  ) {
    this.merge(initial);
  }

  /** The value of `key`, or undefined. */
  get<T>(key: StepKey<T>): T | undefined {
    return this.local.get(key.name) as T | undefined;
  }

  /** The value of `key`, which must be present (not undefined); `strategy` names the reader in the error. */
  require<T>(key: StepKey<T>, strategy = 'unknown'): T {
    const value = this.local.get(key.name);
    if (value === undefined) {
      throw new StrategyDependencyError(strategy, key.name, `Strategy "${strategy}" needs "${key.name}", which is not in the step context`);
    }
    return value as T;
  }

  /** Whether the step holds a value for `key` (undefined counts as absent). */
  has(key: StepKey): boolean {
    return this.local.get(key.name) !== undefined;
  }

  /** Sets the value of `key` (overwriting any earlier one). */
  set<T>(key: StepKey<T>, value: T): void {
    this.local.set(key.name, value);
  }

  /** Merges a strategy's output (values by key name) into the step. */
  merge(data: StepOutput): void {
    for (const [name, value] of Object.entries(data)) this.local.set(name, value);
  }

  /** Every entry by key name, untyped, for logging and debugging. */
  entries(): Array<[string, unknown]> {
    return [...this.local.entries()];
  }

  /** Milliseconds per phase. */
  timings(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const r of this.phaseResults) out[r.phase] = Math.round(r.durationMs * 1000) / 1000;
    return out;
  }
}
