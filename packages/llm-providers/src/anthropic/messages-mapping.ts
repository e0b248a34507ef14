import { z } from 'zod';
import type { ChatMessage, ImagePart, ToolCall, ToolDefinition } from '@ufo-ts/core';
import { computerToolFor, type ComputerToolType } from '../computer-tools.js';
import { contentText, imageSource } from '../message-content.js';
import type { InvalidToolCall, ProviderCall, ProviderReply } from '../provider-transport.js';
import { decodeToolArguments } from '../tools/tool-arguments.js';
import { anthropicComputerToolEntry, isToolsetCall, toolCallOfUse, toolsetNameOf, toolUseBlock, type ToolUseBlock } from './computer-tool-wire.js';

/** How to shape Messages API requests for one model. */
export interface AnthropicMappingOptions {
  model: string;
  /** `max_tokens` when the call has none (the Messages API requires it). */
  defaultMaxTokens: number;
  /** The computer tool version the model takes (its `computerToolType`); default the newest, the toolset. */
  computerToolType?: ComputerToolType | undefined;
}

type TextBlock = { type: 'text'; text: string };
type ImageBlock = {
  type: 'image';
  source: { type: 'base64'; media_type: string; data: string } | { type: 'url'; url: string };
};
type Block =
  | TextBlock
  | ImageBlock
  | ToolUseBlock
  | { type: 'tool_result'; tool_use_id: string; content: string | Array<TextBlock | ImageBlock>; is_error?: true; toolset_name?: string };
type Turn = { role: 'user' | 'assistant'; content: Block[] };

/** The `anthropic-beta` header value a call needs (the dated computer tool versions are betas), or undefined. */
export function anthropicBetas(call: Pick<ProviderCall, 'tools'>, options: Pick<AnthropicMappingOptions, 'computerToolType'>): string | undefined {
  if (!call.tools?.some((tool) => tool.type === 'computer')) return undefined;
  return computerToolFor('anthropic', options).beta;
}

function toWireTool(tool: ToolDefinition, options: AnthropicMappingOptions): Record<string, unknown> {
  if (tool.type === 'computer') return anthropicComputerToolEntry(tool, computerToolFor('anthropic', options).type);
  const out: Record<string, unknown> = { name: tool.name };
  if (tool.description !== undefined) out['description'] = tool.description;
  out['input_schema'] = tool.inputSchema;
  return out;
}

function toWireToolChoice(call: ProviderCall, options: AnthropicMappingOptions): Record<string, unknown> | undefined {
  const choice = call.toolChoice;
  if (choice === undefined && call.parallelToolCalls !== false) return undefined;
  const out: Record<string, unknown> =
    choice === undefined || choice === 'auto'
      ? { type: 'auto' }
      : choice === 'required' || forcesToolset(choice, call, options)
        ? { type: 'any' }
        : choice === 'none'
          ? { type: 'none' }
          : { type: 'tool', name: choice.name };
  if (call.parallelToolCalls === false && out['type'] !== 'none') out['disable_parallel_tool_use'] = true;
  return out;
}

/** A choice of the computer tool when it is the toolset, which has no tool of that name: any tool call is forced. */
function forcesToolset(choice: ProviderCall['toolChoice'], call: ProviderCall, options: AnthropicMappingOptions): boolean {
  if (typeof choice !== 'object' || choice.name !== 'computer' || !call.tools?.some((tool) => tool.type === 'computer')) return false;
  return computerToolFor('anthropic', options).type === 'computer_toolset_20260801';
}

/**
 * The Messages API body (without `stream`): every system message joined into the real `system` prompt, the rest
 * as strictly alternating user/assistant turns (consecutive same-role messages merged, a leading assistant turn
 * preceded by a user turn), images as base64 (or URL) image blocks.
 */
export function toAnthropicBody(call: ProviderCall, options: AnthropicMappingOptions): Record<string, unknown> {
  const system: string[] = [];
  const turns: Turn[] = [];
  const calls = new Map<string, ToolCall>();
  for (const message of call.messages) {
    if (message.role === 'system') {
      const text = contentText(message.content);
      if (text) system.push(text);
      continue;
    }
    const blocks = message.role === 'tool' ? [toolResultBlock(message, calls.get(message.toolCallId ?? ''))] : toBlocks(message);
    if (message.role === 'assistant') {
      for (const toolCall of message.toolCalls ?? []) {
        if (isToolsetCall(toolCall)) calls.set(toolCall.id, toolCall);
        blocks.push(toolUseBlock(toolCall));
      }
    }
    if (blocks.length === 0) continue;
    const role = message.role === 'tool' ? 'user' : message.role;
    const last = turns[turns.length - 1];
    if (last && last.role === role) last.content.push(...blocks);
    else turns.push({ role, content: blocks });
  }
  for (const turn of turns) {
    // Tool results must open the user turn that follows the tool calls.
    if (turn.role === 'user') turn.content.sort((a, b) => Number(b.type === 'tool_result') - Number(a.type === 'tool_result'));
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
  if (call.tools?.length) {
    body['tools'] = call.tools.map((tool) => toWireTool(tool, options));
    const choice = toWireToolChoice(call, options);
    if (choice) body['tool_choice'] = choice;
  }
  return body;
}

/**
 * A tool message as a `tool_result` block: its text (a plain string when there are no images) and images; the
 * result of a computer toolset member call also names the toolset.
 */
function toolResultBlock(message: ChatMessage, toolCall: ToolCall | undefined): Block {
  const block: Extract<Block, { type: 'tool_result' }> = {
    type: 'tool_result',
    tool_use_id: message.toolCallId ?? '',
    content:
      typeof message.content === 'string'
        ? message.content
        : message.content.some((part) => part.type === 'image')
          ? message.content.map((part) => (part.type === 'text' ? { type: 'text' as const, text: part.text } : imageBlock(part)))
          : contentText(message.content),
  };
  if (message.isError) block.is_error = true;
  return { ...block, ...toolsetNameOf(toolCall) };
}

function imageBlock(part: ImagePart): ImageBlock {
  const source = imageSource(part);
  return {
    type: 'image',
    source: source.kind === 'url' ? { type: 'url', url: source.url } : { type: 'base64', media_type: source.mediaType, data: source.data },
  };
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
    blocks.push(imageBlock(part));
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
  content: z.array(
    z.looseObject({
      type: z.string(),
      text: z.string().optional(),
      id: z.string().optional(),
      name: z.string().optional(),
      input: z.unknown().optional(),
      toolset_name: z.string().nullish(),
    }),
  ),
  stop_reason: z.string().nullish(),
  usage: AnthropicUsageSchema.nullish(),
});
export type AnthropicMessageBody = z.infer<typeof AnthropicMessageBodySchema>;

/**
 * Decodes a Messages API body: its text blocks joined, `tool_use` blocks as tool calls (the one named `computer`
 * as the computer tool's call, its `input` the action object; a computer toolset member call as the computer
 * tool's call too, `{ action: <member>, ...input }`), usage (cache reads counted as cached input) and stop reason;
 * `stop_reason: "refusal"` also sets the refusal.
 */
export function decodeAnthropicMessage(body: unknown): ProviderReply {
  const parsed = AnthropicMessageBodySchema.parse(body);
  const content = parsed.content
    .filter((block) => block.type === 'text' && typeof block.text === 'string')
    .map((block) => block.text)
    .join('');
  const reply: ProviderReply = { content, ...decodeUsage(parsed.usage ?? undefined) };
  if (parsed.model) reply.responseModel = parsed.model;
  if (parsed.stop_reason) reply.finishReason = parsed.stop_reason;
  const uses = parsed.content
    .filter((block) => block.type === 'tool_use')
    .map((block) => ({ id: block.id ?? '', name: block.name ?? '', input: block.input, toolsetName: block.toolset_name }));
  return finishReply(reply, uses);
}

function finishReply(reply: ProviderReply, uses: Array<{ id: string; name: string; input: unknown; toolsetName?: string | null | undefined }>): ProviderReply {
  if (reply.finishReason === 'refusal') reply.refusal = reply.content || 'The model declined to answer (stop_reason: refusal).';
  const toolCalls: ToolCall[] = [];
  const invalid: InvalidToolCall[] = [];
  uses.forEach((use, index) => {
    const id = use.id || `toolu_${index}`;
    const decoded = decodeToolArguments(use.input);
    if (!decoded.ok) invalid.push({ id, name: use.name, raw: decoded.raw, issue: decoded.issue });
    else toolCalls.push(toolCallOfUse({ ...use, id }, decoded.value));
  });
  if (toolCalls.length > 0) reply.toolCalls = toolCalls;
  if (invalid.length > 0) reply.invalidToolCalls = invalid;
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
  index: z.number().int().nonnegative().optional(),
  content_block: z.looseObject({ type: z.string(), id: z.string().optional(), name: z.string().optional(), toolset_name: z.string().nullish() }).optional(),
  delta: z
    .looseObject({
      type: z.string().optional(),
      text: z.string().optional(),
      partial_json: z.string().optional(),
      stop_reason: z.string().nullish(),
    })
    .optional(),
  usage: AnthropicUsageSchema.nullish(),
});

/** Folds Messages API stream events into the same reply as a plain call. */
export class AnthropicStreamAccumulator {
  private content = '';
  private model: string | undefined;
  private stopReason: string | undefined;
  private usage: AnthropicUsage | undefined;
  private readonly uses = new Map<number, { id: string; name: string; toolsetName?: string | null | undefined; json: string }>();

  /** Adds one event; returns its text delta (or `undefined`). `tool_use` input arrives as `input_json_delta` pieces. */
  push(event: unknown): string | undefined {
    const parsed = StreamEventSchema.parse(event);
    switch (parsed.type) {
      case 'message_start':
        if (parsed.message?.model) this.model = parsed.message.model;
        if (parsed.message?.usage) this.usage = { ...parsed.message.usage };
        return undefined;
      case 'content_block_start':
        if (parsed.content_block?.type === 'tool_use') {
          this.uses.set(parsed.index ?? this.uses.size, {
            id: parsed.content_block.id ?? '',
            name: parsed.content_block.name ?? '',
            toolsetName: parsed.content_block.toolset_name,
            json: '',
          });
        }
        return undefined;
      case 'content_block_delta':
        if (parsed.delta?.type === 'input_json_delta') {
          const use = this.uses.get(parsed.index ?? -1);
          if (use) use.json += parsed.delta.partial_json ?? '';
          return undefined;
        }
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
    const uses = [...this.uses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([, use]) => ({ id: use.id, name: use.name, toolsetName: use.toolsetName, input: use.json === '' ? {} : use.json }));
    return finishReply(reply, uses);
  }
}

function withoutNulls(usage: AnthropicUsage): AnthropicUsage {
  return Object.fromEntries(Object.entries(usage).filter(([, value]) => value !== null && value !== undefined));
}
