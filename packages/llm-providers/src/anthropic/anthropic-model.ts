import { anthropicCapabilities, resolveCapabilities } from '../capabilities.js';
import { normalizeAnthropicBaseUrl } from '../endpoint-url.js';
import { EndpointConfigError } from '../errors.js';
import { buildProviderModel, type CommonModelOptions } from '../model-options.js';
import type { ProviderChatModel } from '../provider-model.js';
import type { ProviderCall, ProviderReply, ProviderTransport } from '../provider-transport.js';
import { lazyClient } from '../sdk/lazy-client.js';
import { anthropicSdk } from '../sdk/sdk-loader.js';
import { AnthropicStreamAccumulator, anthropicBetas, decodeAnthropicMessage, toAnthropicBody } from './messages-mapping.js';

/** Options of {@link createAnthropicModel}. */
export interface AnthropicModelOptions extends CommonModelOptions {
  /** API key. Required. */
  apiKey: string;
  /** API root (default `https://api.anthropic.com`); a pasted `…/v1/messages` is trimmed. */
  baseUrl?: string;
  /** `max_tokens` when a request has none (default 4096; the Messages API requires one). */
  maxTokens?: number;
}

/** The default `max_tokens` of Anthropic calls. */
export const ANTHROPIC_DEFAULT_MAX_TOKENS = 4096;

/**
 * A Claude model through `@anthropic-ai/sdk`'s Messages API: a real system prompt, alternating turns, base64
 * image blocks, and exactly one billed HTTP request per successful completion (the SDK's own retries are off;
 * retries happen only on failures, in this package's retry layer).
 *
 * @example
 * ```ts
 * const model = createAnthropicModel({ model: 'claude-sonnet-4-5', apiKey: process.env.ANTHROPIC_API_KEY! });
 * const reply = await model.complete({ messages: [{ role: 'user', content: 'Say hello.' }] });
 * ```
 */
export function createAnthropicModel(options: AnthropicModelOptions): ProviderChatModel {
  if (!options.apiKey) {
    throw new EndpointConfigError('createAnthropicModel: apiKey is required (e.g. from ANTHROPIC_API_KEY)');
  }
  const baseURL = normalizeAnthropicBaseUrl(options.baseUrl ?? 'https://api.anthropic.com');
  anthropicSdk.prefetch();
  const getClient = lazyClient(async () => {
    const { Anthropic } = await anthropicSdk.load();
    return new Anthropic({
      apiKey: options.apiKey,
      baseURL,
      maxRetries: 0,
      timeout: options.timeoutMs ?? 60_000,
      openTelemetry: false,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
  });
  const capabilities = anthropicCapabilities(options.model);
  const mapping = {
    model: options.model,
    defaultMaxTokens: options.maxTokens ?? ANTHROPIC_DEFAULT_MAX_TOKENS,
    computerToolType: resolveCapabilities(capabilities, options.capabilities).computerToolType,
  };
  const transport: ProviderTransport = {
    async send(call: ProviderCall): Promise<ProviderReply> {
      const client = await getClient();
      const body = toAnthropicBody(call, mapping);
      // `client.post` rather than `messages.create`: the latter prints deprecation notices to the console, and
      // nothing in the engine may print. The request is the same POST /v1/messages.
      const beta = anthropicBetas(call, mapping);
      const requestOptions = {
        signal: call.signal,
        timeout: call.timeoutMs,
        maxRetries: 0,
        ...(beta ? { headers: { 'anthropic-beta': beta } } : {}),
      };
      if (!call.onDelta) {
        return decodeAnthropicMessage(await client.post('/v1/messages', { body, ...requestOptions }));
      }
      const stream = await client.post('/v1/messages', { body: { ...body, stream: true }, ...requestOptions, stream: true });
      const accumulator = new AnthropicStreamAccumulator();
      for await (const event of stream as unknown as AsyncIterable<unknown>) {
        const delta = accumulator.push(event);
        if (delta) call.onDelta(delta);
      }
      return accumulator.result();
    },
  };
  return buildProviderModel(options, {
    provider: 'anthropic',
    modelId: options.model,
    defaultCapabilities: capabilities,
    transport,
    maxTokens: mapping.defaultMaxTokens,
  });
}
