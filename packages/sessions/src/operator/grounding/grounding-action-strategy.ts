import type { Agent } from '@ufo-ts/agent-fsm';
import { errorMessage, type ActionRecord } from '@ufo-ts/core';
import { defineStrategy, deriveActionStatus, executeActions, STEP_KEYS, type Action, type StepContext, type Strategy } from '@ufo-ts/processor-strategies';
import type { ComputerAction } from '../computer-action.js';
import { OPERATOR_STEP_KEYS } from '../operator-step-keys.js';
import { mapComputerAction, type OperatorToolMapping } from '../operator-tools.js';
import type { GroundingDialect } from './grounding-dialect.js';
import type { GroundingTranscript } from './grounding-transcript.js';
import { groundingReaskText } from './reask-text.js';
import { skippedActionRecord } from '../skipped-action.js';
import { pointerAfter } from './reply-builder.js';

/** What the next turn tells the model about the actions that ran: each call and how it went. */
function feedbackOf(records: readonly ActionRecord[]): string {
  if (records.length === 0) return 'The screen now:';
  const lines = records.map(
    (r) => `- ${r.representation ?? r.function}: ${r.result ? r.result.status : 'held for approval'}${r.result?.error ? ` (${r.result.error})` : ''}`,
  );
  return ['Your actions ran:', ...lines, 'The screen now:'].join('\n');
}

/**
 * Runs a clean reply's actions (already in screen pixels) through the platform's coordinate tools, in order; a
 * pointer move has no tool, so it only moves the remembered pointer. A reply that could not be read runs nothing:
 * the step records it as skipped with the reasons, and the next turn starts with them. The status is the reply's
 * end (FINISH, FAIL, PENDING with its question) once the actions ran, else CONTINUE.
 */
export function groundingActionStrategy(transcript: GroundingTranscript, mapping: OperatorToolMapping, dialect: GroundingDialect): Strategy {
  return defineStrategy({
    name: 'GroundingActionExecution',
    phase: 'ACTION_EXECUTION',
    dependsOn: [OPERATOR_STEP_KEYS.grounding, OPERATOR_STEP_KEYS.screenSize, STEP_KEYS.dispatchTarget],
    provides: [STEP_KEYS.actions, STEP_KEYS.status],
    failFast: false,
    async execute(agent: Agent, step: StepContext) {
      const grounding = step.require(OPERATOR_STEP_KEYS.grounding);
      if (!grounding.ok) {
        transcript.feedback = groundingReaskText(grounding.problems, dialect);
        return {
          actions: [skippedActionRecord('grounding_reply', { problems: grounding.problems }, grounding.problems.map((p) => p.reason).join('; '))],
          status: 'CONTINUE',
        };
      }
      const screen = step.require(OPERATOR_STEP_KEYS.screenSize);
      const records: ActionRecord[] = [];
      const toRun: Action[] = [];
      const ran: ComputerAction[] = [];
      for (const action of grounding.actions) {
        let call: ReturnType<typeof mapComputerAction>;
        try {
          call = mapComputerAction(action, mapping, screen);
        } catch (error) {
          records.push(skippedActionRecord(action.type, { ...action }, errorMessage(error)));
          continue;
        }
        if (call) {
          toRun.push({ function: call.function, arguments: call.arguments });
          ran.push(action);
        } else if (action.type === 'move') {
          records.push(skippedActionRecord('move', { ...action }, 'no pointer-move tool on this platform; the position is kept for the next drag or scroll'));
          ran.push(action);
        } else records.push(skippedActionRecord(action.type, { ...action }, 'nothing to run: a screenshot is taken every step'));
      }
      const end = grounding.end;
      if (end?.status === 'PENDING') agent.pendingQuestions = [end.question];
      const executed = await executeActions(agent, toRun, step.require(STEP_KEYS.dispatchTarget), grounding.thought, step.signal);
      records.push(...executed.records);
      transcript.pointer = pointerAfter(ran, transcript.pointer);
      transcript.feedback = feedbackOf(records);
      const status = toRun.length === 0 ? (end?.status ?? 'CONTINUE') : deriveActionStatus(toRun, executed, end?.status ?? 'CONTINUE');
      return { actions: records, status, ...(end && end.status !== 'PENDING' && end.result !== undefined ? { result: end.result } : {}) };
    },
  });
}
