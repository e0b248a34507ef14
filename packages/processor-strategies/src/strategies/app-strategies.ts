import type { Agent } from '@ufo-ts/agent-fsm';
import { STEP_KEYS } from '../framework/step-keys.js';
import { defineStrategy, type Strategy } from '../framework/strategy.js';
import { deriveActionStatus, executeActions } from './action-execution.js';
import type { BatchGuard } from '../progress/batch-target-guard.js';

/** Options of {@link appActionStrategy}. */
export interface AppActionStrategyOptions {
  /**
   * Checks each action of a multi-action reply after the first against the live UI before it runs
   * ({@link batchTargetGuard}); the batch stops at the first refusal. Default: none (the batch runs as sent).
   */
  batchGuard?: BatchGuard;
}

/**
 * Action execution for application-level agents (AppAgent, LinuxAgent, third-party): runs the reply's actions,
 * derives the status, and hands PENDING questions to the agent. Soft: a failure here still logs the step.
 */
export function appActionStrategy(options: AppActionStrategyOptions = {}): Strategy {
  return defineStrategy({
    name: 'AppActionExecution',
    phase: 'ACTION_EXECUTION',
    dependsOn: [STEP_KEYS.appResponse, STEP_KEYS.dispatchTarget],
    provides: [STEP_KEYS.actions, STEP_KEYS.status],
    failFast: false,
    async execute(agent: Agent, step) {
      const response = step.require(STEP_KEYS.appResponse);
      const guard = options.batchGuard;
      const executed = await executeActions(
        agent,
        response.action,
        step.require(STEP_KEYS.dispatchTarget),
        response.thought,
        step.signal,
        guard ? (action, previous, index) => guard(agent, step, action, previous, index) : undefined,
      );
      const status = deriveActionStatus(response.action, executed, response.status);
      if (status === 'PENDING') agent.pendingQuestions = [...response.questions];
      return { actions: executed.records, status, result: response.result };
    },
  });
}

/** Memory update: one plain memory item per step, and a trajectory entry on the shared blackboard. */
export function memoryUpdateStrategy(): Strategy {
  return defineStrategy({
    name: 'MemoryUpdate',
    phase: 'MEMORY_UPDATE',
    dependsOn: [STEP_KEYS.response, STEP_KEYS.actions, STEP_KEYS.status],
    provides: [STEP_KEYS.memoryItem],
    failFast: false,
    async execute(agent: Agent, step) {
      const response = step.require(STEP_KEYS.response);
      const item = {
        step: Number(step.get(STEP_KEYS.sessionStep) ?? 0),
        agent: agent.name,
        state: String(step.get(STEP_KEYS.state) ?? ''),
        status: String(step.get(STEP_KEYS.status)),
        observation: String(response.observation ?? ''),
        thought: String(response.thought ?? ''),
        plan: (response.plan as string[] | undefined) ?? [],
        comment: String(response.comment ?? ''),
        actions: step.require(STEP_KEYS.actions),
        result: response.result,
        subtask: step.get(STEP_KEYS.subtask),
        ...(step.has(STEP_KEYS.progress) ? { progress: step.get(STEP_KEYS.progress) } : {}),
        ...(step.has(STEP_KEYS.finishCheck) ? { finish_check: step.get(STEP_KEYS.finishCheck) } : {}),
      };
      agent.memory.add(item);
      agent.lastResult = response.result;
      agent.blackboard.addTrajectory({
        step: item.step,
        agent: agent.name,
        subtask: item.subtask,
        thought: item.thought,
        actions: item.actions.map((a) => `${a.representation ?? ''} → ${a.result?.status ?? 'held'}`),
        status: item.status,
      });
      const save = (response as { save_screenshot?: { save: boolean; reason: string } }).save_screenshot;
      const screenshot = step.get(STEP_KEYS.screenshot);
      if (save?.save && screenshot) {
        agent.blackboard.addImage({ metadata: { agent: agent.name, step: item.step, reason: save.reason }, dataUrl: screenshot });
      }
      return { memory_item: item };
    },
  });
}
