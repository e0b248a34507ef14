import type { Agent } from '@ufo-ts/agent-fsm';
import { errorCode, serializeError, StepRecordSchema, type ActionRecord, type ReplyCache, type StepRecordInput } from '@ufo-ts/core';
import { interruptedActions } from './interrupted-actions.js';
import type { Middleware } from './middleware.js';
import type { StepContext } from './step-context.js';

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
        state: String(step.get('state')),
        step: Number(step.get('session_step')),
        round: Number(step.get('round_num')),
      });
    },
    afterProcess(agent: Agent, step: StepContext, summary) {
      const response = (step.get<Record<string, unknown>>('response') ?? {}) as Record<string, unknown>;
      const tokens = step.get<{ input: number; output: number }>('tokens');
      const record: StepRecordInput = {
        type: 'step',
        agent: agent.name,
        agent_kind: agent.kind,
        state: String(step.get('state')),
        status: summary.status,
        session_step: Number(step.get('session_step')),
        round_step: Number(step.get('round_step')),
        round_num: Number(step.get('round_num')),
        request: String(step.get('request') ?? ''),
        actions: step.get<ActionRecord[]>('actions') ?? interruptedActions(summary.error) ?? [],
        cost: step.get<number | null>('llm_cost') ?? null,
        timings: { ...step.timings(), total: Math.round(summary.durationMs * 1000) / 1000 },
        time: new Date(agent.services.clock.now()).toISOString(),
      };
      const optional: Partial<StepRecordInput> = {
        subtask: step.get<string>('subtask'),
        application: step.get<string>('application'),
        observation: response.observation as string | undefined,
        thought: response.thought as string | undefined,
        plan: response.plan as string[] | undefined,
        comment: response.comment as string | undefined,
        message: response.message as string[] | undefined,
        questions: response.questions as string[] | undefined,
        result: response.result,
        tool_calls: step.get<StepRecordInput['tool_calls']>('tool_calls'),
        model: step.get<string>('model'),
        cache: step.get<ReplyCache>('reply_cache'),
        tokens,
        screenshots: screenshotPaths(step),
        progress: step.get<StepRecordInput['progress']>('progress'),
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
        state: String(step.get('state')),
        step: Number(step.get('session_step')),
        round: Number(step.get('round_num')),
        status: summary.status,
        cost: step.get<number | null>('llm_cost') ?? 0,
        ...(record.cache ? { cache: record.cache.outcome } : {}),
        ...(record.error ? { error: { message: record.error.message, ...(record.error.code ? { code: record.error.code } : {}) } } : {}),
      });
    },
  };
}

function finishCheckOf(step: StepContext): StepRecordInput['finish_check'] {
  const check = step.get<{ passed: boolean; reason: string; accepted: boolean }>('finish_check');
  return check ? { passed: check.passed, reason: check.reason, accepted: check.accepted } : undefined;
}

function screenshotPaths(step: StepContext): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const key of step.keys()) {
    if (key.endsWith('_path') && key !== 'log_path') {
      const v = step.get(key);
      if (typeof v === 'string') out[key.replace(/_path$/, '')] = v;
    }
  }
  return Object.keys(out).length ? out : undefined;
}
