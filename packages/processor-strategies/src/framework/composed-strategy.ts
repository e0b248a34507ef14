import type { Agent } from '@ufo-ts/agent-fsm';
import type { Phase } from './phases.js';
import type { StepContext, StepOutput } from './step-context.js';
import type { StepKey } from './step-key.js';
import type { Strategy } from './strategy.js';

/** Options of {@link ComposedStrategy}. */
export interface ComposedStrategyOptions<A extends Agent> {
  name: string;
  phase: Phase;
  strategies: Strategy<A>[];
  /** Default true: the first failing part fails the whole. When false, it succeeds if any part succeeded. */
  failFast?: boolean;
}

/**
 * Runs several strategies in one phase, in order; each sees the outputs of the earlier ones, and the merged
 * outputs are returned (the original never filled its combined data).
 */
export class ComposedStrategy<A extends Agent = Agent> implements Strategy<A> {
  readonly name: string;
  readonly phase: Phase;
  readonly failFast: boolean;
  readonly dependsOn: readonly StepKey[];
  readonly provides: readonly StepKey[];
  readonly parts: readonly Strategy<A>[];

  constructor(options: ComposedStrategyOptions<A>) {
    this.name = options.name;
    this.phase = options.phase;
    this.failFast = options.failFast ?? true;
    this.parts = options.strategies;
    const provided = new Map<string, StepKey>();
    const needs = new Map<string, StepKey>();
    for (const part of this.parts) {
      for (const key of part.dependsOn) if (!provided.has(key.name) && !needs.has(key.name)) needs.set(key.name, key);
      for (const key of part.provides) if (!provided.has(key.name)) provided.set(key.name, key);
    }
    this.dependsOn = [...needs.values()];
    this.provides = this.failFast ? [...provided.values()] : [];
  }

  async execute(agent: A, context: StepContext): Promise<StepOutput> {
    const merged: Record<string, unknown> = {};
    const errors: unknown[] = [];
    for (const part of this.parts) {
      try {
        for (const key of part.dependsOn) context.require(key, part.name);
        const data = await part.execute(agent, context);
        context.merge(data);
        Object.assign(merged, data);
      } catch (error) {
        if (this.failFast || part.failFast) throw error;
        errors.push(error);
      }
    }
    if (errors.length === this.parts.length && errors.length > 0) throw errors[0];
    return merged;
  }
}
