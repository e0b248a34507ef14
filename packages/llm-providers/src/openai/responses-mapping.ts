import { z } from 'zod';
import type { ChatMessage, ImagePart, ToolCall, ToolChoice, ToolDefinition } from '@ufo-ts/core';
import { computerToolFor, type ComputerToolType } from '../computer-tools.js';
import { contentText, imageUrl } from '../message-content.js';
import type { InvalidToolCall, ProviderCall, ProviderReply } from '../provider-transport.js';
import { decodeToolArguments } from '../tools/tool-arguments.js';
import { computerCallArguments, computerCallItem, openAIComputerToolEntry } from './computer-tool-items.js';

/** How to shape Responses API requests for one model. */
export interface ResponsesMappingOptions {
  /** The `model` field sent (Azure: the deployment). */
  model: string;
  /** OpenAI image `detail` (default `auto`). */
  imageDetail?: 'low' | 'high' | 'auto';
  /**
   * Reasoning models get their encrypted reasoning back (`include`) so it can go with tool calls in history; the
   * computer tool goes as the model's `computerToolType` (default the GA `computer` tool).
   */
  capabilities?: { reasoning: boolean; computerToolType?: ComputerToolType | undefined };
}

type InputPart = { type: 'input_text'; text: string } | { type: 'input_image'; image_url: string; detail: 'low' | 'high' | 'auto' };
type InputItem = Record<string, unknown>;

/**
 * The Responses API request body (without `stream`) for a provider call: messages as input items, assistant tool
 * calls as `function_call` / `computer_call` items (with the reasoning items and safety checks they came with),
 * tool results as `function_call_output` / `computer_call_output` items, tools as function tools or the model's
 * computer tool (the GA `computer` tool, or `computer_use_preview`, which needs `truncation: "auto"`).
 */
export function toResponsesBody(call: ProviderCall, options: ResponsesMappingOptions): Record<string, unknown> {
  const body: Record<string, unknown> = {
    model: options.model,
    input: toInputItems(call.messages, options),
    store: false,
  };
  if (call.temperature !== undefined) body['temperature'] = call.temperature;
  if (call.maxTokens !== undefined) body['max_output_tokens'] = call.maxTokens;
  if (call.responseFormat?.type === 'json_schema') {
    body['text'] = {
      format: {
        type: 'json_schema',
        name: call.responseFormat.name,
        schema: call.responseFormat.schema,
        strict: call.responseFormat.strict,
      },
    };
  } else if (call.responseFormat?.type === 'json_object') {
    body['text'] = { format: { type: 'json_object' } };
  }
  if (call.tools?.length) {
    const computer = computerToolFor('openai', options.capabilities ?? {}).type;
    body['tools'] = call.tools.map((tool) => toWireTool(tool, computer));
    if (call.toolChoice !== undefined) body['tool_choice'] = toWireToolChoice(call.toolChoice, call.tools, computer);
    if (call.parallelToolCalls !== undefined) body['parallel_tool_calls'] = call.parallelToolCalls;
    const preview = computer === 'computer_use_preview' && call.tools.some((tool) => tool.type === 'computer');
    if (preview) body['truncation'] = 'auto';
    if (options.capabilities?.reasoning) body['include'] = ['reasoning.encrypted_content'];
  }
  return body;
}

function toWireTool(tool: ToolDefinition, computer: ComputerToolType): Record<string, unknown> {
  if (tool.type === 'computer') return openAIComputerToolEntry(tool, computer);
  const out: Record<string, unknown> = { type: 'function', name: tool.name };
  if (tool.description !== undefined) out['description'] = tool.description;
  out['parameters'] = tool.inputSchema;
  // The Responses API makes function tools strict unless told otherwise.
  out['strict'] = tool.strict ?? false;
  return out;
}

function toWireToolChoice(choice: ToolChoice, tools: ToolDefinition[], computerType: ComputerToolType): unknown {
  if (typeof choice === 'string') return choice;
  const computer = choice.name === 'computer' && tools.some((tool) => tool.type === 'computer');
  return computer ? { type: computerType } : { type: 'function', name: choice.name };
}

function toInputItems(messages: ChatMessage[], options: ResponsesMappingOptions): InputItem[] {
  const calls = new Map<string, ToolCall>();
  const items: InputItem[] = [];
  for (const message of messages) {
    if (message.role === 'tool') {
      items.push(toolOutputItem(message, calls.get(message.toolCallId ?? ''), options));
      continue;
    }
    if (message.role === 'assistant' && message.toolCalls?.length) {
      const text = contentText(message.content);
      if (text) items.push({ role: 'assistant', content: text });
      for (const toolCall of message.toolCalls) {
        calls.set(toolCall.id, toolCall);
        items.push(...toolCallItems(toolCall));
      }
      continue;
    }
    items.push(toInputMessage(message, options));
  }
  return items;
}

function toolCallItems(toolCall: ToolCall): InputItem[] {
  const data = toolCall.providerData ?? {};
  const reasoning = Array.isArray(data['reasoning']) ? (data['reasoning'] as InputItem[]) : [];
  if (toolCall.type === 'computer') return [...reasoning, computerCallItem(toolCall)];
  return [...reasoning, { type: 'function_call', call_id: toolCall.id, name: toolCall.name, arguments: JSON.stringify(toolCall.arguments) }];
}

function toolOutputItem(message: ChatMessage, toolCall: ToolCall | undefined, options: ResponsesMappingOptions): InputItem {
  const callId = message.toolCallId ?? '';
  const images = typeof message.content === 'string' ? [] : message.content.filter((part): part is ImagePart => part.type === 'image');
  if (toolCall?.type === 'computer') {
    const screenshot = images[0];
    if (!screenshot) throw new TypeError(`The result of computer call ${callId} has no screenshot image`);
    const item: InputItem = {
      type: 'computer_call_output',
      call_id: callId,
      output: { type: 'computer_screenshot', image_url: imageUrl(screenshot) },
    };
    const pending = toolCall.providerData?.['pending_safety_checks'];
    if (Array.isArray(pending) && pending.length > 0) item['acknowledged_safety_checks'] = pending;
    return item;
  }
  let text = contentText(message.content);
  if (message.isError) text = `Error: ${text}`;
  if (images.length === 0) return { type: 'function_call_output', call_id: callId, output: text };
  const output: InputPart[] = [];
  if (text) output.push({ type: 'input_text', text });
  for (const image of images) output.push({ type: 'input_image', image_url: imageUrl(image), detail: options.imageDetail ?? 'auto' });
  return { type: 'function_call_output', call_id: callId, output };
}

function toInputMessage(message: ChatMessage, options: ResponsesMappingOptions): InputItem {
  if (typeof message.content === 'string' || message.role !== 'user') {
    return { role: message.role, content: contentText(message.content) };
  }
  const parts: InputPart[] = [];
  for (const part of message.content) {
    if (part.type === 'text') {
      parts.push({ type: 'input_text', text: part.text });
      continue;
    }
    if (part.label) parts.push({ type: 'input_text', text: part.label });
    parts.push({ type: 'input_image', image_url: imageUrl(part), detail: options.imageDetail ?? 'auto' });
  }
  return { role: 'user', content: parts };
}

const ResponsesUsageSchema = z
  .looseObject({
    input_tokens: z.number().int().nonnegative().default(0),
    output_tokens: z.number().int().nonnegative().default(0),
    input_tokens_details: z.looseObject({ cached_tokens: z.number().int().nonnegative().nullish() }).nullish(),
  })
  .nullish();

/** The parts of a Responses API body (`object: "response"`) that are read. */
export const ResponsesBodySchema = z.looseObject({
  object: z.literal('response').optional(),
  model: z.string().optional(),
  status: z.string().nullish(),
  output: z.array(
    z.looseObject({
      type: z.string(),
      id: z.string().nullish(),
      content: z.array(z.looseObject({ type: z.string(), text: z.string().optional(), refusal: z.string().optional() })).nullish(),
      call_id: z.string().nullish(),
      name: z.string().nullish(),
      arguments: z.unknown().optional(),
      action: z.unknown().optional(),
      actions: z.unknown().optional(),
      pending_safety_checks: z.array(z.unknown()).nullish(),
    }),
  ),
  incomplete_details: z.looseObject({ reason: z.string().nullish() }).nullish(),
  usage: ResponsesUsageSchema,
});
export type ResponsesBody = z.infer<typeof ResponsesBodySchema>;

/**
 * Decodes a Responses API body: the text of its `output_text` parts, `refusal` parts, `function_call` items as
 * function tool calls (by `call_id`, arguments parsed), `computer_call` items as computer tool calls (the `action`
 * as arguments, or the batch of `actions`: one as that action, several as `{ actions }`; item id, pending safety
 * checks, whether it was a batch and the reasoning items before the call in `providerData`), usage
 * and status.
 */
export function decodeResponsesBody(body: unknown): ProviderReply {
  const parsed = ResponsesBodySchema.parse(body);
  let content = '';
  let refusal = '';
  const toolCalls: ToolCall[] = [];
  const invalid: InvalidToolCall[] = [];
  let reasoning: unknown[] = [];
  for (const [index, item] of parsed.output.entries()) {
    if (item.type === 'reasoning') {
      reasoning.push(item);
      continue;
    }
    if (item.type === 'function_call' || item.type === 'computer_call') {
      const id = item.call_id || item.id || `call_${index}`;
      const providerData: Record<string, unknown> = {};
      if (reasoning.length > 0) providerData['reasoning'] = reasoning;
      reasoning = [];
      if (item.type === 'computer_call') {
        if (item.id) providerData['id'] = item.id;
        providerData['pending_safety_checks'] = item.pending_safety_checks ?? [];
        const { value, batched } = computerCallArguments(item);
        if (batched) providerData['batched'] = true;
        const action = decodeToolArguments(value);
        if (!action.ok) invalid.push({ id, name: 'computer', raw: action.raw, issue: action.issue });
        else toolCalls.push({ id, type: 'computer', name: 'computer', arguments: action.value, providerData });
        continue;
      }
      const name = item.name ?? '';
      const args = decodeToolArguments(item.arguments);
      if (!args.ok) invalid.push({ id, name, raw: args.raw, issue: args.issue });
      else {
        const call: ToolCall = { id, type: 'function', name, arguments: args.value };
        if (Object.keys(providerData).length > 0) call.providerData = providerData;
        toolCalls.push(call);
      }
      continue;
    }
    if (item.type !== 'message') continue;
    for (const part of item.content ?? []) {
      if (part.type === 'output_text' && part.text) content += part.text;
      if (part.type === 'refusal' && part.refusal) refusal += part.refusal;
    }
  }
  const reply: ProviderReply = { content, usage: { inputTokens: 0, outputTokens: 0 }, usageReported: false };
  if (parsed.usage) {
    reply.usage = { inputTokens: parsed.usage.input_tokens, outputTokens: parsed.usage.output_tokens };
    const cached = parsed.usage.input_tokens_details?.cached_tokens;
    if (typeof cached === 'number') reply.usage.cachedInputTokens = cached;
    reply.usageReported = true;
  }
  if (parsed.model) reply.responseModel = parsed.model;
  const reason = parsed.incomplete_details?.reason ?? parsed.status;
  if (reason) reply.finishReason = reason;
  if (refusal) reply.refusal = refusal;
  if (toolCalls.length > 0) reply.toolCalls = toolCalls;
  if (invalid.length > 0) reply.invalidToolCalls = invalid;
  return reply;
}

const ResponsesEventSchema = z.looseObject({
  type: z.string(),
  delta: z.string().optional(),
  response: z.unknown().optional(),
  message: z.string().optional(),
  output_index: z.number().int().nonnegative().optional(),
  item: z.looseObject({ type: z.string() }).optional(),
});

/** Folds Responses API stream events into the same reply as a plain call (the final `response.completed` wins). */
export class ResponsesStreamAccumulator {
  private content = '';
  private final: ProviderReply | undefined;
  private readonly items = new Map<number, Record<string, unknown>>();

  /**
   * Adds one event; returns its text delta (or `undefined`). Output items (`response.output_item.added` / `.done`)
   * and `response.function_call_arguments.delta` pieces are kept, so tool calls survive a stream that ends
   * without `response.completed`. Throws on `error` and `response.failed` events.
   */
  push(event: unknown): string | undefined {
    const parsed = ResponsesEventSchema.parse(event);
    switch (parsed.type) {
      case 'response.output_item.added':
      case 'response.output_item.done':
        if (parsed.item && parsed.output_index !== undefined) this.items.set(parsed.output_index, { ...parsed.item });
        return undefined;
      case 'response.function_call_arguments.delta': {
        const item = this.items.get(parsed.output_index ?? -1);
        if (item) item['arguments'] = `${typeof item['arguments'] === 'string' ? item['arguments'] : ''}${parsed.delta ?? ''}`;
        return undefined;
      }
      case 'response.output_text.delta':
        if (!parsed.delta) return undefined;
        this.content += parsed.delta;
        return parsed.delta;
      case 'response.completed':
      case 'response.incomplete':
        this.final = decodeResponsesBody(parsed.response);
        return undefined;
      case 'response.failed':
      case 'error':
        throw new Error(`The Responses stream failed: ${parsed.message ?? JSON.stringify(parsed.response ?? parsed)}`);
      default:
        return undefined;
    }
  }

  /** The reply: the final response when it arrived, else the text streamed so far. */
  result(): ProviderReply {
    if (this.final) return { ...this.final, content: this.final.content || this.content };
    const output = [...this.items.entries()].sort(([a], [b]) => a - b).map(([, item]) => item);
    const partial = decodeResponsesBody({ output: output.filter((item) => item['type'] !== 'message') });
    return { ...partial, content: this.content };
  }
}
