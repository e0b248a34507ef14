import type { HostAgent } from '@ufo-ts/agent-fsm';
import { createCommand, type ActionRecord, type Result } from '@ufo-ts/core';
import { STEP_KEYS } from '../framework/step-keys.js';
import { defineStrategy, type Strategy } from '../framework/strategy.js';
import { actionRepresentation, executeActions } from './action-execution.js';

/** The tool the HostAgent uses to choose a window (the original's name). */
export const SELECT_WINDOW_TOOL = 'select_application_window';

/**
 * HostAgent action execution: `select_application_window` picks a listed window (run through the
 * dispatcher, which returns its `root_name`) or a registered third-party agent (no command), and prepares the
 * ASSIGN; an id that is not in the list is a failure the model sees, and the status falls back to CONTINUE.
 * Other functions (e.g. `run_shell`) run as ordinary actions.
 */
export function hostActionStrategy(): Strategy<HostAgent> {
  return defineStrategy({
    name: 'HostActionExecution',
    phase: 'ACTION_EXECUTION',
    dependsOn: [STEP_KEYS.hostResponse, STEP_KEYS.targets, STEP_KEYS.dispatchTarget],
    provides: [STEP_KEYS.actions, STEP_KEYS.status],
    failFast: false,
    async execute(agent: HostAgent, step) {
      const response = step.require(STEP_KEYS.hostResponse);
      const target = step.require(STEP_KEYS.dispatchTarget);
      let status: string = response.status;
      if (status === 'PENDING') agent.pendingQuestions = [...response.questions];
      if (!response.function) {
        if (status === 'ASSIGN') status = 'CONTINUE';
        return { actions: [], status, result: response.result };
      }
      if (response.function !== SELECT_WINDOW_TOOL) {
        const executed = await executeActions(
          agent,
          [{ function: response.function, arguments: response.arguments, status: status === 'CONFIRM' ? 'CONFIRM' : 'CONTINUE' }],
          target,
          response.thought,
          step.signal,
        );
        if (executed.held) status = 'CONFIRM';
        else if (status === 'ASSIGN' || status === 'CONFIRM') status = 'CONTINUE';
        return { actions: executed.records, status, result: response.result };
      }
      const targets = step.require(STEP_KEYS.targets);
      const id = String(response.arguments.id ?? '');
      const chosen = targets.find((t) => t.id === id);
      const record: ActionRecord = {
        function: SELECT_WINDOW_TOOL,
        arguments: response.arguments,
        status: 'ASSIGN',
        representation: actionRepresentation(SELECT_WINDOW_TOOL, response.arguments),
      };
      let result: Result;
      if (!chosen) {
        const command = createCommand(SELECT_WINDOW_TOOL, response.arguments, 'action');
        result = {
          status: 'failure',
          call_id: command.call_id,
          error: `No window or agent with id "${id}" in the list (ids: ${targets.map((t) => t.id).join(', ')})`,
        };
      } else if (chosen.kind === 'third_party_agent') {
        result = { status: 'success', call_id: createCommand(SELECT_WINDOW_TOOL).call_id, result: { id, name: chosen.name, type: 'third_party_agent' } };
        agent.pendingAssignment = { kind: 'third_party_agent', agentName: chosen.name };
        step.set(STEP_KEYS.selectedTarget, chosen);
      } else {
        const [r] = await agent.services.dispatcher.execute(
          [createCommand(SELECT_WINDOW_TOOL, { id: String(chosen.extra?.source_id ?? chosen.id), name: chosen.name }, 'action')],
          { target, ...(step.signal ? { signal: step.signal } : {}) },
        );
        result = r!;
        if (result.status === 'success') {
          const info = (result.result ?? {}) as Record<string, unknown>;
          const root = String(info.root_name ?? chosen.extra?.root_name ?? chosen.name);
          const process = String(info.process_name ?? info.title ?? chosen.name);
          agent.pendingAssignment = { kind: 'window', root, process, title: chosen.name };
          step.set(STEP_KEYS.selectedTarget, { ...chosen, extra: { ...chosen.extra, ...info } });
          step.set(STEP_KEYS.selectedRoot, root);
          step.set(STEP_KEYS.selectedProcess, process);
        }
      }
      agent.services.events.emit({ type: 'command', agent: agent.name, tool: SELECT_WINDOW_TOOL, status: result.status, error: result.error ?? null });
      record.result = result;
      if (result.status !== 'success') status = 'CONTINUE';
      else if (status !== 'ASSIGN') status = 'ASSIGN';
      return { actions: [record], status, result: response.result };
    },
  });
}
