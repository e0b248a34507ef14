import type { Agent } from '@ufo-ts/agent-fsm';
import { assessProgress, stepEvidence, type NoProgressResult, type ProgressRecord, type ProgressSettings } from '@ufo-ts/core';
import { STEP_KEYS } from '../framework/step-keys.js';
import { defineStrategy, type Strategy } from '../framework/strategy.js';
import { progressHistory } from './progress-history.js';

/**
 * The progress monitor's step: after the actions ran, it reads their observed effects and a digest of the listing
 * the step acted on, judges them with the agent's earlier steps (`assessProgress`) and takes the rung of the
 * ladder the judgement reached. `warn` and `reperceive` only record the judgement (the next prompt shows its
 * notice; re-perception also forces a fresh annotated screenshot); `ask` turns the step into PENDING with the
 * notice as the question; `fail` turns it into FAIL with a `NoProgressResult` as the round result. Each
 * judgement is a `no-progress` event. Provides `progress` (the record for memory and `response.log`).
 */
export function progressCheckStrategy(settings: ProgressSettings): Strategy {
  return defineStrategy({
    name: 'ProgressCheck',
    phase: 'ACTION_EXECUTION',
    dependsOn: [STEP_KEYS.actions, STEP_KEYS.status],
    provides: [],
    failFast: false,
    async execute(agent: Agent, step) {
      if (settings.mode === 'off') return {};
      const status = String(step.get(STEP_KEYS.status));
      const actions = step.require(STEP_KEYS.actions);
      const sessionStep = Number(step.get(STEP_KEYS.sessionStep) ?? 0);
      const evidence = stepEvidence({ step: sessionStep, actions, controls: step.get(STEP_KEYS.controls), windows: step.get(STEP_KEYS.windows) });
      // a step that ends the task or holds actions for approval is judged by its own outcome, not by the monitor
      const judged = status === 'CONTINUE' ? assessProgress([...progressHistory(agent), evidence], settings) : undefined;
      const record: ProgressRecord = { evidence, ...(judged ? { assessment: judged } : {}) };
      if (!judged) return { progress: record };
      agent.services.events.emit({
        type: 'no-progress',
        agent: agent.name,
        step: sessionStep,
        detection: judged.detection,
        cause: judged.cause,
        level: judged.level,
        stalledSteps: judged.stalledSteps,
        message: judged.notice,
      });
      if (judged.level === 'ask' && agent.machine.find('PENDING')) {
        agent.pendingQuestions = [`The agent made no progress: ${judged.notice}\nHow should it go on?`];
        return { progress: record, status: 'PENDING' };
      }
      if (judged.level === 'ask' || judged.level === 'fail') {
        const result: NoProgressResult = { error: 'NO_PROGRESS', detection: judged.detection, cause: judged.cause, step: sessionStep, message: judged.notice };
        const failed: ProgressRecord = { evidence, assessment: { ...judged, level: 'fail' }, result };
        return { progress: failed, status: agent.machine.find('FAIL') ? 'FAIL' : 'ERROR', no_progress: result };
      }
      return { progress: record };
    },
  });
}
