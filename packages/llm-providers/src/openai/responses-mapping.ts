import { z } from 'zod';
import type { ChatMessage } from '@ufo-ts/core';
import { contentText, imageUrl } from '../message-content.js';
import type { ProviderCall, ProviderReply } from '../provider-transport.js';

/** How to shape Responses API requests for one model. */
export interface ResponsesMappingOptions {
  /** The `model` field sent (Azure: the deployment). */
  model: string;
  /** OpenAI image `detail` (default `auto`). */
  imageDetail?: 'low' | 'high' | 'auto';
}

type InputPart =
  | { type: 'input_text'; text: string }
  | { type: 'input_image'; image_url: string; detail: 'low' | 'high' | 'auto' };
type InputMessage = { role: 'system' | 'user' | 'assistant'; content: string | InputPart[] };

/** The Responses API request body (without `stream`) for a provider call. */
export function toResponsesBody(call: ProviderCall, options: ResponsesMappingOptions): Record<string, unknown> {
  const body: Record<string, unknown> = {
    model: options.model,
    input: call.messages.map((message) => toInputMessage(message, options)),
    store: false,
  };
  if (call.temperature !== undefined) body['temperature'] = call.temperature;
  if (call.maxTokens !== undefined) body['max_output_tokens'] = call.maxTokens;
  if (call.responseFormat?.type === 'json_schema') {
    body['text'] = {
      format: { type: 'json_schema', name: call.responseFormat.name, schema: call.responseFormat.schema, strict: false },
    };
  } else if (call.responseFormat?.type === 'json_object') {
    body['text'] = { format: { type: 'json_object' } };
  }
  return body;
}

function toInputMessage(message: ChatMessage, options: ResponsesMappingOptions): InputMessage {
  if (typeof message.content === 'string' || message.role !== 'user') {
    return { role: message.role === 'tool' ? 'user' : message.role, content: contentText(message.content) };
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
      content: z
        .array(z.looseObject({ type: z.string(), text: z.string().optional(), refusal: z.string().optional() }))
        .optional(),
    }),
  ),
  incomplete_details: z.looseObject({ reason: z.string().nullish() }).nullish(),
  usage: ResponsesUsageSchema,
});
export type ResponsesBody = z.infer<typeof ResponsesBodySchema>;

/** Decodes a Responses API body: the text of its `output_text` parts, usage and status. */
export function decodeResponsesBody(body: unknown): ProviderReply {
  const parsed = ResponsesBodySchema.parse(body);
  let content = '';
  let refusal = '';
  for (const item of parsed.output) {
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
  return reply;
}

const ResponsesEventSchema = z.looseObject({
  type: z.string(),
  delta: z.string().optional(),
  response: z.unknown().optional(),
  message: z.string().optional(),
});

/** Folds Responses API stream events into the same reply as a plain call (the final `response.completed` wins). */
export class ResponsesStreamAccumulator {
  private content = '';
  private final: ProviderReply | undefined;

  /** Adds one event; returns its text delta (or `undefined`). Throws on `error` and `response.failed` events. */
  push(event: unknown): string | undefined {
    const parsed = ResponsesEventSchema.parse(event);
    switch (parsed.type) {
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
    return { content: this.content, usage: { inputTokens: 0, outputTokens: 0 }, usageReported: false };
  }
}
