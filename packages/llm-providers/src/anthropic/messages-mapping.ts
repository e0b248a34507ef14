import { z } from 'zod';
import type { ChatMessage } from '@ufo-ts/core';
import { contentText, imageSource } from '../message-content.js';
import type { ProviderCall, ProviderReply } from '../provider-transport.js';

/** How to shape Messages API requests for one model. */
export interface AnthropicMappingOptions {
  model: string;
  /** `max_tokens` when the call has none (the Messages API requires it). */
  defaultMaxTokens: number;
}

type Block =
  | { type: 'text'; text: string }
  | { type: 'image'; source: { type: 'base64'; media_type: string; data: string } | { type: 'url'; url: string } };
type Turn = { role: 'user' | 'assistant'; content: Block[] };

/**
 * The Messages API body (without `stream`): every system message joined into the real `system` prompt, the rest
 * as strictly alternating user/assistant turns (consecutive same-role messages merged, a leading assistant turn
 * preceded by a user turn), images as base64 (or URL) image blocks.
 */
export function toAnthropicBody(call: ProviderCall, options: AnthropicMappingOptions): Record<string, unknown> {
  const system: string[] = [];
  const turns: Turn[] = [];
  for (const message of call.messages) {
    if (message.role === 'system') {
      const text = contentText(message.content);
      if (text) system.push(text);
      continue;
    }
    const blocks = toBlocks(message);
    if (blocks.length === 0) continue;
    const role = message.role === 'tool' ? 'user' : message.role;
    const last = turns[turns.length - 1];
    if (last && last.role === role) last.content.push(...blocks);
    else turns.push({ role, content: blocks });
  }
  if (turns[0]?.role === 'assistant') turns.unshift({ role: 'user', content: [{ type: 'text', text: 'Continue.' }] });
  if (turns.length === 0) turns.push({ role: 'user', content: [{ type: 'text', text: 'Continue.' }] });
  const body: Record<string, unknown> = {
    model: options.model,
    max_tokens: call.maxTokens ?? options.defaultMaxTokens,
    messages: turns.map(compactTurn),
  };
  if (system.length > 0) body['system'] = system.join('\n\n');
  if (call.temperature !== undefined) body['temperature'] = call.temperature;
  if (call.responseFormat?.type === 'json_schema') {
    body['output_config'] = { format: { type: 'json_schema', schema: call.responseFormat.schema } };
  }
  return body;
}

function toBlocks(message: ChatMessage): Block[] {
  if (typeof message.content === 'string') return message.content ? [{ type: 'text', text: message.content }] : [];
  const blocks: Block[] = [];
  for (const part of message.content) {
    if (part.type === 'text') {
      if (part.text) blocks.push({ type: 'text', text: part.text });
      continue;
    }
    if (message.role !== 'user') continue;
    if (part.label) blocks.push({ type: 'text', text: part.label });
    const source = imageSource(part);
    blocks.push({
      type: 'image',
      source:
        source.kind === 'url'
          ? { type: 'url', url: source.url }
          : { type: 'base64', media_type: source.mediaType, data: source.data },
    });
  }
  return blocks;
}

/** A turn of only text blocks becomes a plain string (smaller bodies, same meaning). */
function compactTurn(turn: Turn): { role: Turn['role']; content: string | Block[] } {
  if (turn.content.every((block) => block.type === 'text')) {
    return { role: turn.role, content: turn.content.map((block) => (block as { text: string }).text).join('\n\n') };
  }
  return turn;
}

const AnthropicUsageSchema = z.looseObject({
  input_tokens: z.number().int().nonnegative().nullish(),
  output_tokens: z.number().int().nonnegative().nullish(),
  cache_read_input_tokens: z.number().int().nonnegative().nullish(),
  cache_creation_input_tokens: z.number().int().nonnegative().nullish(),
});
type AnthropicUsage = z.infer<typeof AnthropicUsageSchema>;

/** The parts of a Messages API response body (`type: "message"`) that are read. */
export const AnthropicMessageBodySchema = z.looseObject({
  type: z.literal('message').optional(),
  model: z.string().optional(),
  content: z.array(z.looseObject({ type: z.string(), text: z.string().optional() })),
  stop_reason: z.string().nullish(),
  usage: AnthropicUsageSchema.nullish(),
});
export type AnthropicMessageBody = z.infer<typeof AnthropicMessageBodySchema>;

/** Decodes a Messages API body: its text blocks joined, usage (cache reads counted as cached input) and stop reason. */
export function decodeAnthropicMessage(body: unknown): ProviderReply {
  const parsed = AnthropicMessageBodySchema.parse(body);
  const content = parsed.content
    .filter((block) => block.type === 'text' && typeof block.text === 'string')
    .map((block) => block.text)
    .join('');
  const reply: ProviderReply = { content, ...decodeUsage(parsed.usage ?? undefined) };
  if (parsed.model) reply.responseModel = parsed.model;
  if (parsed.stop_reason) reply.finishReason = parsed.stop_reason;
  return reply;
}

/** Input tokens include cache reads and cache writes; cache reads are reported as cached input. */
function decodeUsage(usage: AnthropicUsage | undefined): Pick<ProviderReply, 'usage' | 'usageReported'> {
  if (!usage) return { usage: { inputTokens: 0, outputTokens: 0 }, usageReported: false };
  const cacheRead = usage.cache_read_input_tokens ?? 0;
  const out: ProviderReply['usage'] = {
    inputTokens: (usage.input_tokens ?? 0) + cacheRead + (usage.cache_creation_input_tokens ?? 0),
    outputTokens: usage.output_tokens ?? 0,
  };
  if (usage.cache_read_input_tokens != null) out.cachedInputTokens = cacheRead;
  return { usage: out, usageReported: true };
}

const StreamEventSchema = z.looseObject({
  type: z.string(),
  message: z.looseObject({ model: z.string().optional(), usage: AnthropicUsageSchema.nullish() }).optional(),
  delta: z.looseObject({ type: z.string().optional(), text: z.string().optional(), stop_reason: z.string().nullish() }).optional(),
  usage: AnthropicUsageSchema.nullish(),
});

/** Folds Messages API stream events into the same reply as a plain call. */
export class AnthropicStreamAccumulator {
  private content = '';
  private model: string | undefined;
  private stopReason: string | undefined;
  private usage: AnthropicUsage | undefined;

  /** Adds one event; returns its text delta (or `undefined`). */
  push(event: unknown): string | undefined {
    const parsed = StreamEventSchema.parse(event);
    switch (parsed.type) {
      case 'message_start':
        if (parsed.message?.model) this.model = parsed.message.model;
        if (parsed.message?.usage) this.usage = { ...parsed.message.usage };
        return undefined;
      case 'content_block_delta':
        if (parsed.delta?.type !== 'text_delta' || !parsed.delta.text) return undefined;
        this.content += parsed.delta.text;
        return parsed.delta.text;
      case 'message_delta':
        if (parsed.delta?.stop_reason) this.stopReason = parsed.delta.stop_reason;
        if (parsed.usage) this.usage = { ...this.usage, ...withoutNulls(parsed.usage) };
        return undefined;
      default:
        return undefined;
    }
  }

  /** The reply assembled so far. */
  result(): ProviderReply {
    const reply: ProviderReply = { content: this.content, ...decodeUsage(this.usage) };
    if (this.model) reply.responseModel = this.model;
    if (this.stopReason) reply.finishReason = this.stopReason;
    return reply;
  }
}

function withoutNulls(usage: AnthropicUsage): AnthropicUsage {
  return Object.fromEntries(Object.entries(usage).filter(([, value]) => value !== null && value !== undefined));
}
