import {
  toolDefinitionsFor,
  type ChatMessage,
  type ChatModel,
  type ChatRequest,
  type ChatResponse,
  type FunctionTool,
  type ModelFeatures,
  type ModelToolSet,
  type ToolInfo,
} from '@ufo-ts/core';
import { z } from 'zod';
import { RefusedReplyError, ToolReplyError } from '../framework/errors.js';
import { RESPOND_TOOL } from '../schemas/respond-schemas.js';
import { refusalOf } from './reply-refusal.js';
import { replyFromToolCalls, type ActionShape, type ToolReplyReading } from './tool-reply.js';

/** What {@link nativeToolRequest} builds a request from. */
export interface NativeToolRequestOptions {
  /** The `respond` tool's arguments: the reply schema without its actions. */
  respondSchema: z.ZodObject;
  /** The reply schema's name (used for strict structured output). */
  schemaName: string;
  shape: ActionShape;
  /** The model's features: with `strictSchema`, a reply without action may come as strict structured output. */
  features: ModelFeatures | undefined;
}

/** A native tool-mode request, the action tools it offers and its `respond` tool. */
export interface NativeToolRequest {
  request: ChatRequest;
  tools: ModelToolSet;
  respond: FunctionTool;
}

const respondTools = new WeakMap<z.ZodObject, FunctionTool>();

/**
 * The request of a native tool-mode step: the action tools (from the dispatcher's catalogue, names a model
 * rejects mapped reversibly) plus `respond`. Every reply must call a tool (`toolChoice: 'required'`), several
 * calls per reply allowed (actions and `respond` travel together). With a model that constrains output to a
 * schema (`features.strictSchema`) the request also carries the `respond` schema as strict structured output and
 * lets the model choose (`auto`): a reply without action may then be that JSON instead of a `respond` call.
 *
 * @example
 * ```ts
 * const { request, tools } = nativeToolRequest({ messages }, catalogue, { respondSchema: HostRespondSchema, schemaName: 'host_agent_response', shape: 'single', features: model.features });
 * const read = await readNativeReply(model, request, { reading: { tools, schema: HostResponseSchema, shape: 'single' }, retries: 1 });
 * ```
 */
export function nativeToolRequest(base: ChatRequest, catalogue: readonly ToolInfo[], options: NativeToolRequestOptions): NativeToolRequest {
  const tools = toolDefinitionsFor(catalogue, { reserved: [RESPOND_TOOL] });
  const respond = respondTool(options.respondSchema, options.shape);
  const strict = options.features?.strictSchema === true;
  const request: ChatRequest = {
    ...base,
    tools: [...tools.definitions, respond],
    toolChoice: strict ? 'auto' : 'required',
    parallelToolCalls: true,
    ...(strict ? { schema: options.respondSchema, schemaName: `${options.schemaName}_respond` } : {}),
  };
  return { request, tools, respond };
}

function respondTool(schema: z.ZodObject, shape: ActionShape): FunctionTool {
  let tool = respondTools.get(schema);
  if (!tool) {
    const { $schema: _ignored, ...inputSchema } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
    tool = {
      type: 'function',
      name: RESPOND_TOOL,
      description:
        shape === 'list'
          ? 'Your observation, thought, plan and status for this step. Call it once in every reply: with the action calls of this step (they run in order before the status applies), or alone when no action is needed.'
          : 'Your observation, thought, plan and status for this step. Call it once in every reply: with at most one other tool call (the action of this step), or alone.',
      inputSchema,
    };
    respondTools.set(schema, tool);
  }
  return tool;
}

/** Options of {@link readNativeReply}. */
export interface ReadNativeReplyOptions {
  reading: ToolReplyReading;
  /** Re-asks after an unreadable reply before failing. */
  retries: number;
}

/** The reply that was read, with the cost and tokens of every attempt. */
export interface NativeReply {
  reply: ChatResponse;
  value: unknown;
  /** Summed over the attempts; `null` when one attempt's price was unknown. */
  cost: number | null;
  tokens: { input: number; output: number };
}

/**
 * Calls the model and reads its tool calls into a reply ({@link replyFromToolCalls}). An unreadable reply is
 * answered like a model expects: a tool result for each of its calls saying it did not run, then a message
 * listing the problems, and asked again, `retries` times; then a {@link ToolReplyError} carrying the cost of every
 * attempt. A refusal
 * ({@link refusalOf}) is not asked again: it throws a {@link RefusedReplyError} (code `MODEL_REFUSED`) carrying the
 * cost of every attempt so far.
 *
 * @example
 * ```ts
 * const { value, cost } = await readNativeReply(model, request, { reading: { tools, schema: AppResponseSchema, shape: 'list' }, retries: 1 });
 * ```
 */
export async function readNativeReply(model: ChatModel, request: ChatRequest, options: ReadNativeReplyOptions): Promise<NativeReply> {
  let messages = request.messages;
  let cost: number | null = 0;
  const tokens = { input: 0, output: 0 };
  for (let attempt = 1; ; attempt += 1) {
    const reply = await model.complete({ ...request, messages });
    cost = cost === null || reply.cost === null ? null : cost + reply.cost;
    tokens.input += reply.usage.inputTokens;
    tokens.output += reply.usage.outputTokens;
    const refusal = refusalOf(reply);
    if (refusal !== undefined) throw new RefusedReplyError(refusal, { cost });
    const read = replyFromToolCalls(reply.toolCalls ?? [], reply.content, options.reading);
    if (read.success) return { reply, value: read.value, cost, tokens };
    if (attempt > options.retries) throw new ToolReplyError(read.issues, attempt, { cost });
    messages = [...messages, ...reaskMessages(reply, read.issues)];
  }
}

function reaskMessages(reply: ChatResponse, issues: readonly string[]): ChatMessage[] {
  const calls = reply.toolCalls ?? [];
  return [
    { role: 'assistant', content: reply.content, ...(calls.length ? { toolCalls: calls } : {}) },
    ...calls.map((call): ChatMessage => ({
      role: 'tool',
      toolCallId: call.id,
      content: 'Not run: the reply was not accepted (see the next message).',
      isError: true,
    })),
    {
      role: 'user',
      content: `Your previous reply could not be used:\n${issues.map((issue) => `- ${issue}`).join('\n')}\nReply again: call the action tools this step needs (if any) and ${RESPOND_TOOL}.`,
    },
  ];
}
