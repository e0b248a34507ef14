import type { Agent } from '@ufo-ts/agent-fsm';
import { defineStrategy, type Strategy } from '../framework/strategy.js';
import { latestAssessment } from './progress-history.js';

/**
 * Runs `strategy` only in the step after the progress monitor's `reperceive` rung (re-perception: a new annotated
 * screenshot even when the processor does not take one every step); otherwise provides nothing.
 */
export function whenReperceiving(strategy: Strategy): Strategy {
  return defineStrategy({
    name: `WhenReperceiving(${strategy.name})`,
    phase: strategy.phase,
    dependsOn: strategy.dependsOn,
    provides: [],
    failFast: false,
    async execute(agent: Agent, step) {
      return latestAssessment(agent)?.level === 'reperceive' ? strategy.execute(agent, step) : {};
    },
  });
}
