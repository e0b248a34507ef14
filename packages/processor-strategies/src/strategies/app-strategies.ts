import type { Agent } from '@ufo-ts/agent-fsm';
import type { DispatchTarget } from '@ufo-ts/core';
import { defineStrategy, type Strategy } from '../framework/strategy.js';
import type { AppResponse } from '../schemas/responses.js';
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
    dependsOn: ['response', 'dispatch_target'],
    provides: ['actions', 'status'],
    failFast: false,
    async execute(agent: Agent, step) {
      const response = step.require<AppResponse>('response');
      const guard = options.batchGuard;
      const executed = await executeActions(
        agent,
        response.action,
        step.require<DispatchTarget>('dispatch_target'),
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
    dependsOn: ['response', 'actions', 'status'],
    provides: ['memory_item'],
    failFast: false,
    async execute(agent: Agent, step) {
      const response = step.require<Record<string, unknown>>('response');
      const item = {
        step: Number(step.get('session_step') ?? 0),
        agent: agent.name,
        state: String(step.get('state') ?? ''),
        status: String(step.get('status')),
        observation: String(response.observation ?? ''),
        thought: String(response.thought ?? ''),
        plan: (response.plan as string[] | undefined) ?? [],
        comment: String(response.comment ?? ''),
        actions: step.require<[]>('actions'),
        result: response.result,
        subtask: step.get<string>('subtask'),
        ...(step.has('progress') ? { progress: step.get('progress') } : {}),
        ...(step.has('finish_check') ? { finish_check: step.get('finish_check') } : {}),
      };
      agent.memory.add(item);
      agent.lastResult = response.result;
      agent.blackboard.addTrajectory({
        step: item.step,
        agent: agent.name,
        subtask: item.subtask,
        thought: item.thought,
        actions: item.actions.map((a: { representation?: string; result?: { status: string } }) => `${a.representation ?? ''} → ${a.result?.status ?? 'held'}`),
        status: item.status,
      });
      const save = (response as { save_screenshot?: { save: boolean; reason: string } }).save_screenshot;
      const screenshot = step.get<string | null>('screenshot');
      if (save?.save && screenshot) {
        agent.blackboard.addImage({ metadata: { agent: agent.name, step: item.step, reason: save.reason }, dataUrl: screenshot });
      }
      return { memory_item: item };
    },
  });
}
