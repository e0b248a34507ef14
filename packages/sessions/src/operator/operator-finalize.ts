import type { Agent } from '@ufo-ts/agent-fsm';
import { finalizeStep, STEP_KEYS, type StepContext } from '@ufo-ts/processor-strategies';

/**
 * How an operator's step ends (computer tool and grounding processors): the step is counted, and the reply's
 * `result`, when it has one, becomes the round's result.
 */
export function finalizeOperatorStep(agent: Agent, step: StepContext): void {
  finalizeStep(agent, step);
  const result = step.get(STEP_KEYS.response)?.result;
  if (result !== undefined) step.global.set('ROUND_RESULT', result);
}
