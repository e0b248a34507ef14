import type { Agent } from '@ufo-ts/agent-fsm';
import { createHash } from 'node:crypto';
import { renderToolsForPrompt, type ChatMessage, type ChatRequest, type ChatResponse, type DispatchTarget, type ToolInfo } from '@ufo-ts/core';
import type { z } from 'zod';
import { RefusedReplyError, ToolReplyError } from '../framework/errors.js';
import type { StepContext, StepOutput } from '../framework/step-context.js';
import type { StepKey } from '../framework/step-key.js';
import { STEP_KEYS } from '../framework/step-keys.js';
import { defineStrategy, type Strategy } from '../framework/strategy.js';
import { nativeToolRequest, readNativeReply } from './native-tool-request.js';
import { refusalOf } from './reply-refusal.js';
import { resolveToolMode, type ToolMode } from './tool-mode.js';
import type { ActionShape } from './tool-reply.js';

/** How the prompt asks for the reply: JSON text (`json`) or tool calls (`tools`, native tool mode). */
export type ReplyFormat = 'json' | 'tools';

/** Options of {@link llmStrategy}. */
export interface LlmStrategyOptions<A extends Agent, T> {
  name: string;
  /**
   * The reply schema; the model's reply is parsed and validated against it. A function picks it per agent (an
   * application-level agent is offered only the statuses its state table accepts).
   */
  schema: z.ZodType<T> | ((agent: A) => z.ZodType<T>);
  schemaName: string;
  /** Step keys the prompt needs (checked when the processor is built). */
  dependsOn: readonly StepKey[];
  /** The key the parsed reply is provided under (default {@link STEP_KEYS}.response); its schema checks the reply again. */
  responseKey?: StepKey<Record<string, unknown>, 'response'>;
  /**
   * Builds the messages from the step context and the rendered tool list. In native tool mode `toolsText` is empty
   * (the tools travel as definitions) and `format` is `tools`.
   */
  buildMessages: (agent: A, step: StepContext, toolsText: string, format: ReplyFormat) => ChatMessage[];
  /** Tools hidden from this agent's prompt (e.g. data-collection tools listed as actions). */
  hiddenTools?: readonly string[];
  /** Text (default), native tool calls, or native when the model has them (`auto`). */
  toolMode?: ToolMode;
  /**
   * Native tool mode: the reply schema without its actions (the `respond` tool's arguments), and where the text
   * reply puts the actions (`list`: `action`, `single`: `function` + `arguments`). Required for native mode.
   */
  native?: {
    /** The `respond` tool's arguments (the reply schema without its actions), or a function building them for the agent. */
    respondSchema: z.ZodObject | ((agent: A) => z.ZodObject);
    /** Where the text reply puts the actions. */
    shape: ActionShape;
  };
  /** Native tool mode: how many times an unreadable tool-call reply is re-asked before the step fails (default 1). */
  replyRetries?: number;
}

/**
 * LLM interaction: lists the agent's action tools once per agent (the original's `context_provision`) and keeps
 * them in `TOOL_INFO`, builds the prompt, logs it to `request.log` (images by hash and size, never inline),
 * calls the model and provides the parsed `response`, `llm_cost`, `tokens`, `model` and, when an action cache
 * answered or stood aside, `reply_cache`.
 *
 * In text mode the tools are rendered in the prompt and the reply is JSON validated with the reply schema. In
 * native tool mode (`toolMode: 'native'`, or `auto` with a model whose `features.toolCalls` and `parallelToolCalls` are set) the tools go to
 * the model as function definitions, each action comes back as a tool call and the rest of the reply as a call to
 * `respond` (or, with `features.strictSchema` and no action, as strict structured output); the calls are read
 * into the same `response` a text reply parses to, so action execution, memory and logs do not change. The raw
 * calls are kept in `tool_calls` (logged with the step). An unreadable reply is re-asked `replyRetries` times,
 * then fails the step with a {@link ToolReplyError}. In either mode a refusal ({@link refusalOf}) fails the step at
 * once with a {@link RefusedReplyError} (code `MODEL_REFUSED`, the model's text in the message and
 * `details.refusal`); its cost still counts. A model that throws its own `MODEL_REFUSED` error (or
 * `MODEL_REPLY_INVALID` after its own re-asks) fails it the same way, and the cost and tokens the error carries
 * count in the step.
 */
export function llmStrategy<A extends Agent, T>(options: LlmStrategyOptions<A, T>): Strategy<A> {
  return defineStrategy({
    name: options.name,
    phase: 'LLM_INTERACTION',
    dependsOn: [...options.dependsOn, STEP_KEYS.dispatchTarget],
    provides: [options.responseKey ?? STEP_KEYS.response, STEP_KEYS.llmCost, STEP_KEYS.tokens, STEP_KEYS.model],
    async execute(agent: A, step) {
      const tools = await actionTools(agent, step.require(STEP_KEYS.dispatchTarget), step, options.hiddenTools);
      const schema = typeof options.schema === 'function' ? options.schema(agent) : options.schema;
      const model = agent.services.model;
      const native = options.native && resolveToolMode(options.toolMode, model) === 'native' ? options.native : undefined;
      const messages = options.buildMessages(agent, step, native ? '' : renderToolsForPrompt(tools), native ? 'tools' : 'json');
      const base: ChatRequest = {
        messages,
        metadata: { agent: agent.name, step: Number(step.get(STEP_KEYS.sessionStep) ?? 0) },
        ...(step.signal ? { signal: step.signal } : {}),
      };
      if (!native) {
        logRequest(agent, step, messages);
        const reply = await model.complete({ ...base, schema, schemaName: options.schemaName }).catch((error: unknown) => {
          countFailedCall(step, error);
          throw error;
        });
        step.set(STEP_KEYS.llmCost, reply.cost);
        const refusal = refusalOf(reply);
        if (refusal !== undefined) throw new RefusedReplyError(refusal, { cost: reply.cost });
        return outputs(reply, reply.parsed, reply.cost, { input: reply.usage.inputTokens, output: reply.usage.outputTokens });
      }
      const respondSchema = typeof native.respondSchema === 'function' ? native.respondSchema(agent) : native.respondSchema;
      const request = nativeToolRequest(base, tools, { respondSchema, schemaName: options.schemaName, shape: native.shape, features: model.features });
      logRequest(agent, step, messages, request.tools.definitions.map((d) => d.name).concat(request.respond.name));
      const reading = { tools: request.tools, schema, shape: native.shape };
      const read = await readNativeReply(model, request.request, { reading, retries: options.replyRetries ?? 1 }).catch((error: unknown) => {
        if (error instanceof RefusedReplyError || error instanceof ToolReplyError) step.set(STEP_KEYS.llmCost, error.cost);
        else countFailedCall(step, error);
        throw error;
      });
      step.set(STEP_KEYS.llmCost, read.cost);
      return { ...outputs(read.reply, read.value, read.cost, read.tokens), tool_calls: read.reply.toolCalls ?? [] };
    },
  });
}

/**
 * A model that throws for a reply it could not use (its own `MODEL_REFUSED`, or `MODEL_REPLY_INVALID` after its
 * re-asks) still billed every attempt: the error's `cost` and `usage` count in the failed step.
 */
function countFailedCall(step: StepContext, error: unknown): void {
  const spent = error as { cost?: unknown; usage?: { inputTokens?: unknown; outputTokens?: unknown } } | null;
  if (spent === null || typeof spent !== 'object' || !('cost' in spent)) return;
  if (typeof spent.cost === 'number' || spent.cost === null) step.set(STEP_KEYS.llmCost, spent.cost);
  const input = spent.usage?.inputTokens;
  const output = spent.usage?.outputTokens;
  if (typeof input === 'number' && typeof output === 'number') step.set(STEP_KEYS.tokens, { input, output });
}

function outputs(reply: ChatResponse, response: unknown, cost: number | null, tokens: { input: number; output: number }): StepOutput {
  return { response, response_text: reply.content, llm_cost: cost, tokens, model: reply.model, ...(reply.cache ? { reply_cache: reply.cache } : {}) };
}

function logRequest(agent: Agent, step: StepContext, messages: ChatMessage[], tools?: string[]): void {
  agent.services.logSink.write('request', {
    agent: agent.name,
    session_step: step.get(STEP_KEYS.sessionStep),
    round_num: step.get(STEP_KEYS.roundNum),
    messages: redactImages(messages),
    ...(tools ? { tool_mode: 'native', tools } : {}),
    time: new Date(agent.services.clock.now()).toISOString(),
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
