import type { Usage } from '@ufo-ts/core';

/** One server-sent event. */
export interface SseEvent {
  /** The `event:` name (Anthropic and the Responses API name their events; Chat Completions does not). */
  event?: string;
  /** The `data:` payload: a string as is, anything else as JSON. */
  data: unknown;
}

/** Encodes events as an SSE body. */
export function sseBody(events: SseEvent[]): string {
  return events
    .map((item) => {
      const data = typeof item.data === 'string' ? item.data : JSON.stringify(item.data);
      return `${item.event ? `event: ${item.event}\n` : ''}data: ${data}\n\n`;
    })
    .join('');
}

/** What a built reply says. */
export interface WireReplyOptions {
  content: string;
  model?: string;
  usage?: Usage;
  /** Function calls the reply makes, in the provider's own shape (`tool_calls`, `function_call` items, `tool_use` blocks). */
  toolCalls?: Array<{ id: string; name: string; arguments: Record<string, unknown> }>;
  /**
   * The model declines to answer, with this text. Each provider says so its own way, as its SDK's types have it:
   * Chat Completions puts the text in `message.refusal` with `content: null` and `finish_reason: "stop"` (the openai
   * SDK's `ChatCompletionMessage.refusal`); the Responses API sends a `{ type: "refusal", refusal }` content part
   * instead of `output_text` (`ResponseOutputRefusal`); the Messages API sends the text it had written and stops with
   * `stop_reason: "refusal"` (`StopReason` in `@anthropic-ai/sdk`). `content` and `toolCalls` are then ignored. Only the
   * JSON bodies take it, not the streamed ones.
   */
  refusal?: string;
}

const DEFAULT_USAGE: Usage = { inputTokens: 10, outputTokens: 5 };

/** A Chat Completions response body (`object: "chat.completion"`). */
export function openAIChatCompletionBody(options: WireReplyOptions): Record<string, unknown> {
  const usage = options.usage ?? DEFAULT_USAGE;
  return {
    id: 'chatcmpl-fixture',
    object: 'chat.completion',
    created: 1_760_000_000,
    model: options.model ?? 'gpt-4o-2024-08-06',
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: options.refusal !== undefined || (options.toolCalls?.length && !options.content) ? null : options.content,
          ...(options.refusal === undefined && options.toolCalls?.length
            ? {
                tool_calls: options.toolCalls.map((call) => ({
                  id: call.id,
                  type: 'function',
                  function: { name: call.name, arguments: JSON.stringify(call.arguments) },
                })),
              }
            : {}),
          refusal: options.refusal ?? null,
          annotations: [],
        },
        logprobs: null,
        finish_reason: options.refusal === undefined && options.toolCalls?.length ? 'tool_calls' : 'stop',
      },
    ],
    usage: {
      prompt_tokens: usage.inputTokens,
      completion_tokens: usage.outputTokens,
      total_tokens: usage.inputTokens + usage.outputTokens,
      prompt_tokens_details: { cached_tokens: usage.cachedInputTokens ?? 0, audio_tokens: 0 },
      completion_tokens_details: { reasoning_tokens: 0, audio_tokens: 0 },
    },
    service_tier: 'default',
    system_fingerprint: 'fp_fixture',
  };
}

/** A streamed Chat Completions body: one chunk per piece, then a usage chunk and `[DONE]`. */
export function openAIChatCompletionSse(options: WireReplyOptions & { pieces?: string[] }): string {
  const usage = options.usage ?? DEFAULT_USAGE;
  const model = options.model ?? 'gpt-4o-2024-08-06';
  const base = { id: 'chatcmpl-fixture', object: 'chat.completion.chunk', created: 1_760_000_000, model };
  const pieces = options.pieces ?? [options.content];
  return sseBody([
    { data: { ...base, choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] } },
    ...pieces.map((piece) => ({
      data: { ...base, choices: [{ index: 0, delta: { content: piece }, finish_reason: null }] },
    })),
    { data: { ...base, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] } },
    {
      data: {
        ...base,
        choices: [],
        usage: {
          prompt_tokens: usage.inputTokens,
          completion_tokens: usage.outputTokens,
          total_tokens: usage.inputTokens + usage.outputTokens,
          prompt_tokens_details: { cached_tokens: usage.cachedInputTokens ?? 0 },
        },
      },
    },
    { data: '[DONE]' },
  ]);
}

/** A Responses API body (`object: "response"`). */
export function openAIResponsesBody(options: WireReplyOptions): Record<string, unknown> {
  const usage = options.usage ?? DEFAULT_USAGE;
  return {
    id: 'resp_fixture',
    object: 'response',
    created_at: 1_760_000_000,
    status: 'completed',
    model: options.model ?? 'gpt-4o-2024-08-06',
    output:
      options.refusal !== undefined
        ? [refusalMessage(options.refusal)]
        : [
            ...(options.content || !options.toolCalls?.length
              ? [
                  {
                    type: 'message',
                    id: 'msg_fixture',
                    status: 'completed',
                    role: 'assistant',
                    content: [{ type: 'output_text', text: options.content, annotations: [] }],
                  },
                ]
              : []),
            ...(options.toolCalls ?? []).map((call, index) => ({
              type: 'function_call',
              id: `fc_fixture_${index}`,
              call_id: call.id,
              name: call.name,
              arguments: JSON.stringify(call.arguments),
              status: 'completed',
            })),
          ],
    incomplete_details: null,
    usage: {
      input_tokens: usage.inputTokens,
      input_tokens_details: { cached_tokens: usage.cachedInputTokens ?? 0 },
      output_tokens: usage.outputTokens,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: usage.inputTokens + usage.outputTokens,
    },
  };
}

function refusalMessage(refusal: string): Record<string, unknown> {
  return { type: 'message', id: 'msg_fixture', status: 'completed', role: 'assistant', content: [{ type: 'refusal', refusal }] };
}

/** A streamed Responses API body: text deltas, then `response.completed` carrying the full response. */
export function openAIResponsesSse(options: WireReplyOptions & { pieces?: string[] }): string {
  const final = openAIResponsesBody(options);
  const pieces = options.pieces ?? [options.content];
  let sequence = 0;
  const event = (type: string, payload: Record<string, unknown>): SseEvent => ({
    event: type,
    data: { type, sequence_number: sequence++, ...payload },
  });
  return sseBody([
    event('response.created', { response: { ...final, status: 'in_progress', output: [], usage: null } }),
    ...pieces.map((delta) => event('response.output_text.delta', { item_id: 'msg_fixture', output_index: 0, content_index: 0, delta, logprobs: [] })),
    event('response.completed', { response: final }),
  ]);
}

/** A Messages API body (`type: "message"`). */
export function anthropicMessageBody(options: WireReplyOptions): Record<string, unknown> {
  const usage = options.usage ?? DEFAULT_USAGE;
  const cached = usage.cachedInputTokens ?? 0;
  return {
    id: 'msg_fixture',
    type: 'message',
    role: 'assistant',
    model: options.model ?? 'claude-sonnet-4-5-20250929',
    content:
      options.refusal !== undefined
        ? [{ type: 'text', text: options.refusal }]
        : [
            ...(options.content || !options.toolCalls?.length ? [{ type: 'text', text: options.content }] : []),
            ...(options.toolCalls ?? []).map((call) => ({ type: 'tool_use', id: call.id, name: call.name, input: call.arguments })),
          ],
    stop_reason: options.refusal !== undefined ? 'refusal' : options.toolCalls?.length ? 'tool_use' : 'end_turn',
    stop_sequence: null,
    usage: {
      input_tokens: usage.inputTokens - cached,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: cached,
      output_tokens: usage.outputTokens,
    },
  };
}

/** A streamed Messages API body: message_start, text deltas, message_delta with usage, message_stop. */
export function anthropicMessageSse(options: WireReplyOptions & { pieces?: string[] }): string {
  const usage = options.usage ?? DEFAULT_USAGE;
  const cached = usage.cachedInputTokens ?? 0;
  const pieces = options.pieces ?? [options.content];
  return sseBody([
    {
      event: 'message_start',
      data: {
        type: 'message_start',
        message: {
          id: 'msg_fixture',
          type: 'message',
          role: 'assistant',
          model: options.model ?? 'claude-sonnet-4-5-20250929',
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: usage.inputTokens - cached, cache_read_input_tokens: cached, output_tokens: 1 },
        },
      },
    },
    { event: 'content_block_start', data: { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } } },
    { event: 'ping', data: { type: 'ping' } },
    ...pieces.map((text) => ({
      event: 'content_block_delta',
      data: { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } },
    })),
    { event: 'content_block_stop', data: { type: 'content_block_stop', index: 0 } },
    {
      event: 'message_delta',
      data: {
        type: 'message_delta',
        delta: { stop_reason: 'end_turn', stop_sequence: null },
        usage: { output_tokens: usage.outputTokens },
      },
    },
    { event: 'message_stop', data: { type: 'message_stop' } },
  ]);
}

/** An error body in OpenAI's shape. */
export function openAIErrorBody(message: string, type = 'invalid_request_error'): Record<string, unknown> {
  return { error: { message, type, param: null, code: null } };
}

/** An error body in Anthropic's shape. */
export function anthropicErrorBody(message: string, type = 'invalid_request_error'): Record<string, unknown> {
  return { type: 'error', error: { type, message } };
}

/** Request paths of each API, relative to a fixture server's root (SDK base URLs: `${url}/v1`, Anthropic `${url}`). */
export const fixturePaths = {
  openAIChat: '/v1/chat/completions',
  openAIResponses: '/v1/responses',
  anthropicMessages: '/v1/messages',
  /** Azure Chat Completions for a deployment. */
  azureChat: (deployment: string): string => `/openai/deployments/${deployment}/chat/completions`,
} as const;
