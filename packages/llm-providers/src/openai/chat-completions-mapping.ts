import { z } from 'zod';
import type { ChatMessage } from '@ufo-ts/core';
import type { ModelCapabilities } from '../capabilities.js';
import { contentText, imageUrl } from '../message-content.js';
import type { ProviderCall, ProviderReply } from '../provider-transport.js';

/** How to shape Chat Completions requests for one model. */
export interface ChatCompletionsMappingOptions {
  /** The `model` field sent (Azure: the deployment). */
  model: string;
  capabilities: ModelCapabilities;
  /** `max_completion_tokens` (OpenAI, Azure) or `max_tokens` (most OpenAI-compatible servers). */
  maxTokensField: 'max_completion_tokens' | 'max_tokens';
  /** OpenAI image `detail`; omitted when undefined. */
  imageDetail?: 'low' | 'high' | 'auto';
}

type WireContentPart =
  | { type: 'text'; text: string }
  | { type: 'image_url'; image_url: { url: string; detail?: 'low' | 'high' | 'auto' } };
type WireMessage = { role: 'system' | 'user' | 'assistant'; content: string | WireContentPart[] };

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
      json_schema: { name: call.responseFormat.name, schema: call.responseFormat.schema, strict: false },
    };
  } else if (call.responseFormat?.type === 'json_object') {
    body['response_format'] = { type: 'json_object' };
  }
  return body;
}

function toWireMessages(messages: ChatMessage[], options: ChatCompletionsMappingOptions): WireMessage[] {
  const { capabilities } = options;
  let pendingSystem: string[] = [];
  const out: WireMessage[] = [];
  for (const message of messages) {
    if (message.role === 'system' && !capabilities.systemRole) {
      pendingSystem.push(contentText(message.content));
      continue;
    }
    let content = toWireContent(message, options);
    if (message.role === 'user' && pendingSystem.length > 0) {
      const prefix = pendingSystem.join('\n\n');
      content =
        typeof content === 'string' ? `${prefix}\n\n${content}` : [{ type: 'text', text: prefix }, ...content];
      pendingSystem = [];
    }
    out.push({ role: message.role === 'tool' ? 'user' : message.role, content });
  }
  if (pendingSystem.length > 0) out.unshift({ role: 'user', content: pendingSystem.join('\n\n') });
  return out;
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
        }),
        finish_reason: z.string().nullish(),
      }),
    )
    .min(1),
  usage: UsageBodySchema,
});
export type ChatCompletionBody = z.infer<typeof ChatCompletionBodySchema>;

/** Decodes a Chat Completions response body into a provider reply. Throws a ZodError on a malformed body. */
export function decodeChatCompletion(body: unknown): ProviderReply {
  const parsed = ChatCompletionBodySchema.parse(body);
  const choice = parsed.choices[0]!;
  const reply: ProviderReply = {
    content: choice.message.content ?? '',
    ...decodeUsage(parsed.usage),
  };
  if (parsed.model) reply.responseModel = parsed.model;
  if (choice.finish_reason) reply.finishReason = choice.finish_reason;
  if (choice.message.refusal) reply.refusal = choice.message.refusal;
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
        delta: z.looseObject({ content: z.string().nullish(), refusal: z.string().nullish() }).nullish(),
        finish_reason: z.string().nullish(),
      }),
    )
    .default([]),
  usage: UsageBodySchema,
});

/** Folds streamed Chat Completions chunks (`object: "chat.completion.chunk"`) into the same reply as a plain call. */
export class ChatCompletionStreamAccumulator {
  private content = '';
  private refusal = '';
  private model: string | undefined;
  private finishReason: string | undefined;
  private usage: z.infer<typeof UsageBodySchema>;

  /** Adds one chunk; returns its text delta (or `undefined`). */
  push(chunk: unknown): string | undefined {
    const parsed = ChunkSchema.parse(chunk);
    if (parsed.model) this.model = parsed.model;
    if (parsed.usage) this.usage = parsed.usage;
    const choice = parsed.choices[0];
    if (!choice) return undefined;
    if (choice.finish_reason) this.finishReason = choice.finish_reason;
    if (choice.delta?.refusal) this.refusal += choice.delta.refusal;
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
    return reply;
  }
}
