import type { Agent } from '@ufo-ts/agent-fsm';
import { errorCode, serializeError, StepRecordSchema, type StepRecordInput } from '@ufo-ts/core';
import { interruptedActions } from './interrupted-actions.js';
import type { Middleware } from './middleware.js';
import type { StepContext } from './step-context.js';
import { STEP_KEYS } from './step-keys.js';

/**
 * Writes one `response.log` line per step (also for failed steps) following the declared `StepRecordSchema`:
 * every field of the model's reply, the actions and their results, status, counters, cost, tokens, per-phase
 * timings and the error. Emits `step-start` / `step-end` events.
 *
 * @example
 * ```ts
 * const processor = new ProcessorTemplate({ name: 'MyProcessor', strategies, middleware: [loggingMiddleware()] });
 * ```
 */
export function loggingMiddleware(): Middleware {
  return {
    name: 'StepLogging',
    beforeProcess(agent: Agent, step: StepContext) {
      agent.services.events.emit({
        type: 'step-start',
        agent: agent.name,
        state: String(step.get(STEP_KEYS.state)),
        step: Number(step.get(STEP_KEYS.sessionStep)),
        round: Number(step.get(STEP_KEYS.roundNum)),
      });
    },
    afterProcess(agent: Agent, step: StepContext, summary) {
      const response = step.get(STEP_KEYS.response) ?? {};
      const tokens = step.get(STEP_KEYS.tokens);
      const record: StepRecordInput = {
        type: 'step',
        agent: agent.name,
        agent_kind: agent.kind,
        state: String(step.get(STEP_KEYS.state)),
        status: summary.status,
        session_step: Number(step.get(STEP_KEYS.sessionStep)),
        round_step: Number(step.get(STEP_KEYS.roundStep)),
        round_num: Number(step.get(STEP_KEYS.roundNum)),
        request: String(step.get(STEP_KEYS.request) ?? ''),
        actions: step.get(STEP_KEYS.actions) ?? interruptedActions(summary.error) ?? [],
        cost: step.get(STEP_KEYS.llmCost) ?? null,
        timings: { ...step.timings(), total: Math.round(summary.durationMs * 1000) / 1000 },
        time: new Date(agent.services.clock.now()).toISOString(),
      };
      const optional: Partial<StepRecordInput> = {
        subtask: step.get(STEP_KEYS.subtask),
        application: step.get(STEP_KEYS.application),
        observation: response.observation as string | undefined,
        thought: response.thought as string | undefined,
        plan: response.plan as string[] | undefined,
        comment: response.comment as string | undefined,
        message: response.message as string[] | undefined,
        questions: response.questions as string[] | undefined,
        result: response.result,
        tool_calls: step.get(STEP_KEYS.toolCalls),
        model: step.get(STEP_KEYS.model),
        cache: step.get(STEP_KEYS.replyCache),
        tokens,
        screenshots: screenshotPaths(step),
        progress: step.get(STEP_KEYS.progress),
        finish_check: finishCheckOf(step),
      };
      for (const [k, v] of Object.entries(optional)) if (v !== undefined && v !== '') (record as Record<string, unknown>)[k] = v;
      if (summary.error !== undefined) {
        const err = serializeError(summary.error);
        const code = errorCode(summary.error);
        record.error = { name: err.name, message: err.message, ...(code ? { code } : {}), ...(summary.failedPhase ? { phase: summary.failedPhase } : {}) };
      }
      agent.services.logSink.write('response', StepRecordSchema.parse(record) as unknown as Record<string, unknown>);
      agent.services.events.emit({
        type: 'step-end',
        agent: agent.name,
        state: String(step.get(STEP_KEYS.state)),
        step: Number(step.get(STEP_KEYS.sessionStep)),
        round: Number(step.get(STEP_KEYS.roundNum)),
        status: summary.status,
        cost: step.get(STEP_KEYS.llmCost) ?? 0,
        ...(record.cache ? { cache: record.cache.outcome } : {}),
        ...(record.error ? { error: { message: record.error.message, ...(record.error.code ? { code: record.error.code } : {}) } } : {}),
      });
    },
  };
}

function finishCheckOf(step: StepContext): StepRecordInput['finish_check'] {
  const check = step.get(STEP_KEYS.finishCheck);
  return check ? { passed: check.passed, reason: check.reason, accepted: check.accepted } : undefined;
}

function screenshotPaths(step: StepContext): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const [key, v] of step.entries()) {
    if (key.endsWith('_path') && key !== 'log_path' && typeof v === 'string') out[key.replace(/_path$/, '')] = v;
  }
  return Object.keys(out).length ? out : undefined;
}
