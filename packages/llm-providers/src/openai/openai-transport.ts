import type OpenAI from 'openai';
import type { ProviderCall, ProviderReply, ProviderTransport } from '../provider-transport.js';
import {
  ChatCompletionStreamAccumulator,
  decodeChatCompletion,
  toChatCompletionsBody,
  type ChatCompletionsMappingOptions,
} from './chat-completions-mapping.js';
import { decodeResponsesBody, ResponsesStreamAccumulator, toResponsesBody } from './responses-mapping.js';

/** Which OpenAI API a model is called through. */
export type OpenAIApi = 'chat' | 'responses';

/** Options of {@link createOpenAITransport}. */
export interface OpenAITransportOptions {
  /** Resolves the `openai` (or `AzureOpenAI`) client, built with `maxRetries: 0` on first use. */
  client: () => Promise<OpenAI>;
  api: OpenAIApi;
  mapping: ChatCompletionsMappingOptions;
  /** Ask for usage in streamed Chat Completions (`stream_options.include_usage`). */
  streamUsage: boolean;
}

/** Sends provider calls through the `openai` SDK, over Chat Completions or the Responses API. */
export function createOpenAITransport(options: OpenAITransportOptions): ProviderTransport {
  return {
    async send(call: ProviderCall): Promise<ProviderReply> {
      const client = await options.client();
      const requestOptions = { signal: call.signal, timeout: call.timeoutMs, maxRetries: 0 };
      if (options.api === 'responses') {
        const body = toResponsesBody(call, options.mapping);
        if (!call.onDelta) {
          return decodeResponsesBody(await client.responses.create(body as never, requestOptions));
        }
        const stream = await client.responses.create({ ...body, stream: true } as never, requestOptions);
        const accumulator = new ResponsesStreamAccumulator();
        for await (const event of stream as unknown as AsyncIterable<unknown>) {
          const delta = accumulator.push(event);
          if (delta) call.onDelta(delta);
        }
        return accumulator.result();
      }
      const body = toChatCompletionsBody(call, options.mapping);
      const decodeOptions = { textToolCalls: Boolean(options.mapping.textToolCalls && call.tools?.length) };
      if (!call.onDelta) {
        return decodeChatCompletion(await client.chat.completions.create(body as never, requestOptions), decodeOptions);
      }
      const streamBody = {
        ...body,
        stream: true,
        ...(options.streamUsage ? { stream_options: { include_usage: true } } : {}),
      };
      const stream = await client.chat.completions.create(streamBody as never, requestOptions);
      const accumulator = new ChatCompletionStreamAccumulator(decodeOptions);
      for await (const chunk of stream as unknown as AsyncIterable<unknown>) {
        const delta = accumulator.push(chunk);
        if (delta) call.onDelta(delta);
      }
      return accumulator.result();
    },
  };
}
