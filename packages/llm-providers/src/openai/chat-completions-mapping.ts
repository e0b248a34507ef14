import { z } from 'zod';
import type { ChatMessage, ImagePart, ToolCall, ToolChoice, ToolDefinition } from '@ufo-ts/core';
import type { ModelCapabilities } from '../capabilities.js';
import { contentText, imageUrl } from '../message-content.js';
import type { InvalidToolCall, ProviderCall, ProviderReply } from '../provider-transport.js';
import { decodeToolArguments, generatedToolCallId } from '../tools/tool-arguments.js';
import { parseTextToolCalls } from '../tools/text-tool-calls.js';

/** How to shape Chat Completions requests for one model. */
export interface ChatCompletionsMappingOptions {
  /** The `model` field sent (Azure: the deployment). */
  model: string;
  capabilities: ModelCapabilities;
  /** `max_completion_tokens` (OpenAI, Azure) or `max_tokens` (most OpenAI-compatible servers). */
  maxTokensField: 'max_completion_tokens' | 'max_tokens';
  /** OpenAI image `detail`; omitted when undefined. */
  imageDetail?: 'low' | 'high' | 'auto';
  /**
   * Read `<tool_call>{"name", "arguments"}</tool_call>` blocks in the reply text as tool calls when tools were
   * requested and the server returned none (vLLM or Qwen servers whose tool-call parser is off).
   */
  textToolCalls?: boolean;
}

type WireContentPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string; detail?: 'low' | 'high' | 'auto' } };
type WireToolCall = { id: string; type: 'function'; function: { name: string; arguments: string } };
type WireMessage =
  | { role: 'system' | 'user'; content: string | WireContentPart[] }
  | { role: 'assistant'; content: string | WireContentPart[] | null; tool_calls?: WireToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

/** The Chat Completions request body (without `stream`) for a provider call. */
export function toChatCompletionsBody(call: ProviderCall, options: ChatCompletionsMappingOptions): Record<string, unknown> {
  const body: Record<string, unknown> = {
    model: options.model,
    messages: toWireMessages(call.messages, options),
  };
  if (call.temperature !== undefined) body['temperature'] = call.temperature;
  if (call.maxTokens !== undefined) body[options.maxTokensField] = call.maxTokens;
  if (call.responseFormat?.type === 'json_schema') {
    body['response_format'] = {
      type: 'json_schema',
      json_schema: {
        name: call.responseFormat.name,
        schema: call.responseFormat.schema,
        strict: call.responseFormat.strict,
      },
    };
  } else if (call.responseFormat?.type === 'json_object') {
    body['response_format'] = { type: 'json_object' };
  }
  if (call.tools?.length) {
    body['tools'] = call.tools.map(toWireTool);
    if (call.toolChoice !== undefined) body['tool_choice'] = toWireToolChoice(call.toolChoice);
    if (call.parallelToolCalls !== undefined) body['parallel_tool_calls'] = call.parallelToolCalls;
  }
  return body;
}

function toWireTool(tool: ToolDefinition): Record<string, unknown> {
  if (tool.type === 'computer') {
    throw new TypeError('Chat Completions has no computer-use tool; use the Responses API');
  }
  const fn: Record<string, unknown> = { name: tool.name };
  if (tool.description !== undefined) fn['description'] = tool.description;
  fn['parameters'] = tool.inputSchema;
  if (tool.strict !== undefined) fn['strict'] = tool.strict;
  return { type: 'function', function: fn };
}

function toWireToolChoice(choice: ToolChoice): unknown {
  return typeof choice === 'string' ? choice : { type: 'function', function: { name: choice.name } };
}

function toWireMessages(messages: ChatMessage[], options: ChatCompletionsMappingOptions): WireMessage[] {
  const { capabilities } = options;
  let pendingSystem: string[] = [];
  let pendingImages: ImagePart[] = [];
  const out: WireMessage[] = [];
  for (const message of messages) {
    if (message.role === 'system' && !capabilities.systemRole) {
      pendingSystem.push(contentText(message.content));
      continue;
    }
    if (message.role !== 'tool' && pendingImages.length > 0) {
      out.push(imagesTurn(pendingImages, options));
      pendingImages = [];
    }
    if (message.role === 'tool') {
      const images = typeof message.content === 'string' ? [] : message.content.filter(isImage);
      pendingImages.push(...images);
      out.push({ role: 'tool', tool_call_id: message.toolCallId ?? '', content: toolResultText(message, images.length) });
      continue;
    }
    let content = toWireContent(message, options);
    if (message.role === 'user' && pendingSystem.length > 0) {
      const prefix = pendingSystem.join('\n\n');
      content = typeof content === 'string' ? `${prefix}\n\n${content}` : [{ type: 'text', text: prefix }, ...content];
      pendingSystem = [];
    }
    if (message.role === 'assistant' && message.toolCalls?.length) {
      out.push({
        role: 'assistant',
        content: typeof content === 'string' && content === '' ? null : content,
        tool_calls: message.toolCalls.map((toolCall) => ({
          id: toolCall.id,
          type: 'function',
          function: { name: toolCall.name, arguments: JSON.stringify(toolCall.arguments) },
        })),
      });
      continue;
    }
    out.push({ role: message.role, content } as WireMessage);
  }
  if (pendingImages.length > 0) out.push(imagesTurn(pendingImages, options));
  if (pendingSystem.length > 0) out.unshift({ role: 'user', content: pendingSystem.join('\n\n') });
  return out;
}

function isImage(part: { type: string }): part is ImagePart {
  return part.type === 'image';
}

/** Tool messages take text only: the result's text, marked when the call failed or its images follow. */
function toolResultText(message: ChatMessage, images: number): string {
  let text = contentText(message.content);
  if (message.isError) text = `Error: ${text}`;
  if (images > 0) text = `${text}${text ? '\n' : ''}(${images} image(s) of this result follow in the next user message)`;
  return text;
}

/** The images of tool results, as the user turn after the tool messages (Chat Completions tool messages take no images). */
function imagesTurn(images: ImagePart[], options: ChatCompletionsMappingOptions): WireMessage {
  return toWireMessages([{ role: 'user', content: images }], { ...options })[0]!;
}

function toWireContent(message: ChatMessage, options: ChatCompletionsMappingOptions): string | WireContentPart[] {
  if (typeof message.content === 'string') return message.content;
  const hasImage = message.content.some((part) => part.type === 'image');
  if (message.role !== 'user' || !hasImage || !options.capabilities.arrayContent) return contentText(message.content);
  const parts: WireContentPart[] = [];
  for (const part of message.content) {
    if (part.type === 'text') {
      parts.push({ type: 'text', text: part.text });
      continue;
    }
    if (part.label) parts.push({ type: 'text', text: part.label });
    const image: { url: string; detail?: 'low' | 'high' | 'auto' } = { url: imageUrl(part) };
    if (options.imageDetail) image.detail = options.imageDetail;
    parts.push({ type: 'image_url', image_url: image });
  }
  return parts;
}

const UsageBodySchema = z
  .looseObject({
    prompt_tokens: z.number().int().nonnegative().default(0),
    completion_tokens: z.number().int().nonnegative().default(0),
    prompt_tokens_details: z.looseObject({ cached_tokens: z.number().int().nonnegative().nullish() }).nullish(),
  })
  .nullish();

/** The parts of a Chat Completions response body (`object: "chat.completion"`) that are read. */
export const ChatCompletionBodySchema = z.looseObject({
  model: z.string().optional(),
  choices: z
    .array(
      z.looseObject({
        message: z.looseObject({
          content: z.string().nullish(),
          refusal: z.string().nullish(),
          tool_calls: z
            .array(
              z.looseObject({
                id: z.string().nullish(),
                type: z.string().nullish(),
                function: z.looseObject({ name: z.string(), arguments: z.unknown() }),
              }),
            )
            .nullish(),
        }),
        finish_reason: z.string().nullish(),
      }),
    )
    .min(1),
  usage: UsageBodySchema,
});
export type ChatCompletionBody = z.infer<typeof ChatCompletionBodySchema>;

/** Options of {@link decodeChatCompletion}. */
export interface ChatCompletionDecodeOptions {
  /** Read `<tool_call>` blocks in the text as tool calls (when the request had tools and the reply has none). */
  textToolCalls?: boolean;
}

/**
 * Decodes a Chat Completions response body into a provider reply: text, refusal, tool calls (arguments parsed;
 * arguments sent as an object already are taken as they are; calls without an id get `call_<index>`), usage.
 * Throws a ZodError on a malformed body.
 */
export function decodeChatCompletion(body: unknown, options: ChatCompletionDecodeOptions = {}): ProviderReply {
  const parsed = ChatCompletionBodySchema.parse(body);
  const choice = parsed.choices[0]!;
  const reply: ProviderReply = {
    content: choice.message.content ?? '',
    ...decodeUsage(parsed.usage),
  };
  if (parsed.model) reply.responseModel = parsed.model;
  if (choice.finish_reason) reply.finishReason = choice.finish_reason;
  if (choice.message.refusal) reply.refusal = choice.message.refusal;
  const calls = (choice.message.tool_calls ?? []).map((call) => ({
    id: call.id ?? undefined,
    name: call.function.name,
    arguments: call.function.arguments,
  }));
  return withToolCalls(reply, calls, options);
}

/** A tool call as read off the wire, before its arguments are decoded. */
export interface RawToolCall {
  id: string | undefined;
  name: string;
  arguments: unknown;
}

/** Adds decoded tool calls (and undecodable ones) to a reply; reads `<tool_call>` text blocks when asked to. */
export function withToolCalls(reply: ProviderReply, raw: RawToolCall[], options: ChatCompletionDecodeOptions): ProviderReply {
  let calls = raw;
  if (calls.length === 0 && options.textToolCalls) {
    const found = parseTextToolCalls(reply.content);
    if (found) {
      reply.content = found.content;
      calls = found.calls.map((call) => ({ id: undefined, name: call.name, arguments: call.arguments }));
    }
  }
  if (calls.length === 0) return reply;
  const toolCalls: ToolCall[] = [];
  const invalid: InvalidToolCall[] = [];
  calls.forEach((call, index) => {
    const id = call.id || generatedToolCallId(index);
    const decoded = decodeToolArguments(call.arguments);
    if (decoded.ok) toolCalls.push({ id, type: 'function', name: call.name, arguments: decoded.value });
    else invalid.push({ id, name: call.name, raw: decoded.raw, issue: decoded.issue });
  });
  if (toolCalls.length > 0) reply.toolCalls = toolCalls;
  if (invalid.length > 0) reply.invalidToolCalls = invalid;
  return reply;
}

function decodeUsage(usage: z.infer<typeof UsageBodySchema>): Pick<ProviderReply, 'usage' | 'usageReported'> {
  if (!usage) return { usage: { inputTokens: 0, outputTokens: 0 }, usageReported: false };
  const out: ProviderReply['usage'] = { inputTokens: usage.prompt_tokens, outputTokens: usage.completion_tokens };
  const cached = usage.prompt_tokens_details?.cached_tokens;
  if (typeof cached === 'number') out.cachedInputTokens = cached;
  return { usage: out, usageReported: true };
}

const ChunkSchema = z.looseObject({
  model: z.string().optional(),
  choices: z
    .array(
      z.looseObject({
        delta: z
          .looseObject({
            content: z.string().nullish(),
            refusal: z.string().nullish(),
            tool_calls: z
              .array(
                z.looseObject({
                  index: z.number().int().nonnegative().optional(),
                  id: z.string().nullish(),
                  function: z.looseObject({ name: z.string().nullish(), arguments: z.unknown() }).nullish(),
                }),
              )
              .nullish(),
          })
          .nullish(),
        finish_reason: z.string().nullish(),
      }),
    )
    .default([]),
  usage: UsageBodySchema,
});

/** Folds streamed Chat Completions chunks (`object: "chat.completion.chunk"`) into the same reply as a plain call. */
export class ChatCompletionStreamAccumulator {
  private readonly options: ChatCompletionDecodeOptions;
  private readonly toolCalls: Array<{ id: string | undefined; name: string; arguments: string; object?: unknown }> = [];
  private content = '';
  private refusal = '';
  private model: string | undefined;
  private finishReason: string | undefined;
  private usage: z.infer<typeof UsageBodySchema>;

  constructor(options: ChatCompletionDecodeOptions = {}) {
    this.options = options;
  }

  /** Adds one chunk; returns its text delta (or `undefined`). Tool-call deltas are assembled by their `index`. */
  push(chunk: unknown): string | undefined {
    const parsed = ChunkSchema.parse(chunk);
    if (parsed.model) this.model = parsed.model;
    if (parsed.usage) this.usage = parsed.usage;
    const choice = parsed.choices[0];
    if (!choice) return undefined;
    if (choice.finish_reason) this.finishReason = choice.finish_reason;
    if (choice.delta?.refusal) this.refusal += choice.delta.refusal;
    for (const [position, part] of (choice.delta?.tool_calls ?? []).entries()) {
      // Without an index (some compatible servers), a delta naming a function starts the next call.
      const index = part.index ?? (part.function?.name || position > 0 ? this.toolCalls.length : Math.max(0, this.toolCalls.length - 1));
      const call = (this.toolCalls[index] ??= { id: undefined, name: '', arguments: '' });
      if (part.id) call.id = part.id;
      if (part.function?.name) call.name += part.function.name;
      const args = part.function?.arguments;
      if (typeof args === 'string') call.arguments += args;
      else if (args !== undefined && args !== null) call.object = args;
    }
    const delta = choice.delta?.content;
    if (!delta) return undefined;
    this.content += delta;
    return delta;
  }

  /** The reply assembled so far. */
  result(): ProviderReply {
    const reply: ProviderReply = { content: this.content, ...decodeUsage(this.usage) };
    if (this.model) reply.responseModel = this.model;
    if (this.finishReason) reply.finishReason = this.finishReason;
    if (this.refusal) reply.refusal = this.refusal;
    const calls = this.toolCalls
      .filter((call) => call !== undefined)
      .map((call) => ({ id: call.id, name: call.name, arguments: call.object ?? call.arguments }));
    return withToolCalls(reply, calls, this.options);
  }
}
