import type { Agent } from '@ufo-ts/agent-fsm';
import { createHash } from 'node:crypto';
import { renderToolsForPrompt, type ChatMessage, type DispatchTarget, type ToolInfo } from '@ufo-ts/core';
import type { z } from 'zod';
import type { StepContext } from '../framework/step-context.js';
import { defineStrategy, type Strategy } from '../framework/strategy.js';

/** Options of {@link llmStrategy}. */
export interface LlmStrategyOptions<A extends Agent, T> {
  name: string;
  /**
   * The reply schema; the model's reply is parsed and validated against it. A function picks it per agent (an
   * application-level agent is offered only the statuses its state table accepts).
   */
  schema: z.ZodType<T> | ((agent: A) => z.ZodType<T>);
  schemaName: string;
  /** Local keys the prompt needs (checked when the processor is built). */
  dependsOn: readonly string[];
  /** Builds the messages from the step context and the rendered tool list. */
  buildMessages: (agent: A, step: StepContext, toolsText: string) => ChatMessage[];
  /** Tools hidden from this agent's prompt (e.g. data-collection tools listed as actions). */
  hiddenTools?: readonly string[];
}

/**
 * LLM interaction: lists the agent's action tools once per agent (the original's `context_provision`) and keeps
 * them in `TOOL_INFO`, builds the prompt, logs it to `request.log` (images by hash and size, never inline),
 * calls the model with the reply schema, and provides the parsed `response`, `llm_cost`, `tokens` and `model`.
 */
export function llmStrategy<A extends Agent, T>(options: LlmStrategyOptions<A, T>): Strategy<A> {
  return defineStrategy<A>({
    name: options.name,
    phase: 'LLM_INTERACTION',
    dependsOn: [...options.dependsOn, 'dispatch_target'],
    provides: ['response', 'llm_cost', 'tokens', 'model'],
    async execute(agent, step) {
      const tools = await actionTools(agent, step.require<DispatchTarget>('dispatch_target'), step, options.hiddenTools);
      const messages = options.buildMessages(agent, step, renderToolsForPrompt(tools));
      agent.services.logSink.write('request', {
        agent: agent.name,
        session_step: step.get('session_step'),
        round_num: step.get('round_num'),
        messages: redactImages(messages),
        time: new Date(agent.services.clock.now()).toISOString(),
      });
      const reply = await agent.services.model.complete({
        messages,
        schema: typeof options.schema === 'function' ? options.schema(agent) : options.schema,
        schemaName: options.schemaName,
        metadata: { agent: agent.name, step: Number(step.get('session_step') ?? 0) },
        ...(step.signal ? { signal: step.signal } : {}),
      });
      step.set('llm_cost', reply.cost);
      return {
        response: reply.parsed,
        response_text: reply.content,
        llm_cost: reply.cost,
        tokens: { input: reply.usage.inputTokens, output: reply.usage.outputTokens },
        model: reply.model,
      };
    },
  });
}

async function actionTools(agent: Agent, target: DispatchTarget, step: StepContext, hidden: readonly string[] = []): Promise<ToolInfo[]> {
  const cacheKey = `${agent.name}`;
  const cached = step.global.get('TOOL_INFO')[cacheKey];
  let tools = cached;
  if (!tools) {
    tools = await agent.services.dispatcher.listTools({ target, toolType: 'action', ...(step.signal ? { signal: step.signal } : {}) });
    step.global.update('TOOL_INFO', (m) => ({ ...m, [cacheKey]: tools! }));
  }
  return tools.filter((t) => !hidden.includes(t.name));
}

/** Replaces image data in messages by a short reference so request.log stays small (the original doubled them). */
export function redactImages(messages: ChatMessage[]): unknown[] {
  return messages.map((m) =>
    typeof m.content === 'string'
      ? m
      : {
          role: m.role,
          content: m.content.map((part) =>
            part.type === 'image'
              ? { type: 'image', sha256: createHash('sha256').update(part.image).digest('hex').slice(0, 16), length: part.image.length }
              : part,
          ),
        },
  );
}
