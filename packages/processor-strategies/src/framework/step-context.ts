import type { Context } from '@ufo-ts/core';
import { StrategyDependencyError } from './errors.js';
import type { Phase } from './phases.js';

/** What one phase produced. */
export interface PhaseResult {
  phase: Phase;
  strategy: string;
  success: boolean;
  /** Keys the strategy provided. */
  keys: string[];
  durationMs: number;
  error?: unknown;
}

/**
 * The per-step local context: a key/value map that grows phase by phase, plus the session's
 * global {@link Context}. A new one is made for every step; nothing in it survives the step except what
 * finalisation promotes to the global context.
 */
export class StepContext {
  private readonly local = new Map<string, unknown>();
  readonly phaseResults: PhaseResult[] = [];

  constructor(
    readonly global: Context,
    initial: Record<string, unknown> = {},
    /** Aborts the step's in-flight model and tool calls (a hard cancel); strategies pass it on. */
    readonly signal?: AbortSignal,
  ) {
    for (const [key, value] of Object.entries(initial)) this.local.set(key, value);
  }

  /** A local value, or undefined. */
  get<T = unknown>(key: string): T | undefined {
    return this.local.get(key) as T | undefined;
  }

  /** A local value that must be present (not undefined). */
  require<T = unknown>(key: string, strategy = 'unknown'): T {
    const value = this.local.get(key);
    if (value === undefined) {
      throw new StrategyDependencyError(strategy, key, `Strategy "${strategy}" needs "${key}", which is not in the step context`);
    }
    return value as T;
  }

  /** Whether the local context holds a value for `key` (undefined counts as absent). */
  has(key: string): boolean {
    return this.local.get(key) !== undefined;
  }

  /** Sets a local value (overwriting any earlier one). */
  set(key: string, value: unknown): void {
    this.local.set(key, value);
  }

  /** Merges a strategy's output into the local context. */
  merge(data: Record<string, unknown>): void {
    for (const [key, value] of Object.entries(data)) this.local.set(key, value);
  }

  /** Every local key, for logging and debugging. */
  keys(): string[] {
    return [...this.local.keys()];
  }

  /** Milliseconds per phase. */
  timings(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const r of this.phaseResults) out[r.phase] = Math.round(r.durationMs * 1000) / 1000;
    return out;
  }
}
