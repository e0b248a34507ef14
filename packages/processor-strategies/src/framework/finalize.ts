import type { Agent } from '@ufo-ts/agent-fsm';
import { selectedWindowOf } from './selected-window.js';
import type { StepContext } from './step-context.js';
import { STEP_KEYS } from './step-keys.js';

/** Base finalisation: counts the step and its model cost in the round and the session. */
export function finalizeStep(_agent: Agent, step: StepContext): void {
  step.global.recordStep(step.has(STEP_KEYS.llmCost) ? (step.get(STEP_KEYS.llmCost) ?? null) : 0);
}

/** HostAgent finalisation: also promotes subtask, host message, round result and the selection. */
export function finalizeHostStep(agent: Agent, step: StepContext): void {
  finalizeStep(agent, step);
  const response = step.get(STEP_KEYS.response);
  const ctx = step.global;
  if (response) {
    if (typeof response.current_subtask === 'string' && response.current_subtask) ctx.set('SUBTASK', response.current_subtask);
    if (Array.isArray(response.message)) ctx.set('HOST_MESSAGE', response.message as string[]);
    if (response.result !== undefined) ctx.set('ROUND_RESULT', response.result);
  }
  const root = step.get(STEP_KEYS.selectedRoot);
  if (root) {
    ctx.set('APPLICATION_ROOT_NAME', root);
    ctx.set('APPLICATION_PROCESS_NAME', step.get(STEP_KEYS.selectedProcess) ?? root);
    ctx.set('APPLICATION_WINDOW_INFO', step.get(STEP_KEYS.selectedTarget) ?? null);
  }
}

/**
 * Application-level finalisation: LinuxAgent promotes its result to the round result; a step the
 * progress monitor ended promotes the monitor's `NO_PROGRESS` result instead. A LinuxAgent step that selected a
 * window records it as `APPLICATION_WINDOW_INFO` (as the HostAgent does), so a resumed session selects it again.
 */
export function finalizeAppStep(agent: Agent, step: StepContext): void {
  finalizeStep(agent, step);
  // a round the progress monitor ended has its typed reason as the result, whatever the model replied
  const stopped = step.get(STEP_KEYS.noProgress);
  if (stopped !== undefined) agent.lastResult = stopped;
  const result = stopped ?? step.get(STEP_KEYS.response)?.result;
  if (agent.kind !== 'LinuxAgent') return;
  if (result !== undefined) step.global.set('ROUND_RESULT', result);
  const window = selectedWindowOf(step.get(STEP_KEYS.actions), step.get(STEP_KEYS.windows));
  if (window) step.global.set('APPLICATION_WINDOW_INFO', window);
}
