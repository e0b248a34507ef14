import { openAICapabilities, resolveCapabilities } from '../capabilities.js';
import { normalizeOpenAIBaseUrl } from '../endpoint-url.js';
import { EndpointConfigError } from '../errors.js';
import { buildProviderModel, type CommonModelOptions } from '../model-options.js';
import type { ProviderChatModel } from '../provider-model.js';
import { lazyClient } from '../sdk/lazy-client.js';
import { openAISdk } from '../sdk/sdk-loader.js';
import { createOpenAITransport, type OpenAIApi } from './openai-transport.js';

/** Options of {@link createOpenAIModel}. */
export interface OpenAIModelOptions extends CommonModelOptions {
  /** API key, or a function returning one before each request. Required. */
  apiKey: string | (() => Promise<string>);
  /** API root (default `https://api.openai.com/v1`); a pasted `…/chat/completions` is accepted and trimmed. */
  baseUrl?: string;
  /** Chat Completions (`chat`, default) or the Responses API (`responses`). */
  api?: OpenAIApi;
  /** OpenAI organization id header. */
  organization?: string;
  /** OpenAI project id header. */
  project?: string;
  /** Image `detail` sent with images (default: omitted, the API's `auto`). */
  imageDetail?: 'low' | 'high' | 'auto';
}

/** The default OpenAI API root. */
export const OPENAI_BASE_URL = 'https://api.openai.com/v1';

/**
 * An OpenAI model through the `openai` SDK (Chat Completions or Responses API), with retries, structured output,
 * streaming and cost. Images are sent as data URLs; reasoning models (o-series, gpt-5) get no temperature.
 *
 * @example
 * ```ts
 * const model = createOpenAIModel({ model: 'gpt-4o', apiKey: process.env.OPENAI_API_KEY! });
 * const reply = await model.complete({ messages: [{ role: 'user', content: 'Say hello.' }] });
 * console.log(reply.content, reply.cost);
 * ```
 */
export function createOpenAIModel(options: OpenAIModelOptions): ProviderChatModel {
  if (!options.apiKey) throw new EndpointConfigError('createOpenAIModel: apiKey is required (e.g. from OPENAI_API_KEY)');
  const baseURL = normalizeOpenAIBaseUrl(options.baseUrl ?? OPENAI_BASE_URL);
  openAISdk.prefetch();
  const client = lazyClient(async () => {
    const { OpenAI } = await openAISdk.load();
    return new OpenAI({
      apiKey: options.apiKey,
      baseURL,
      organization: options.organization ?? null,
      project: options.project ?? null,
      maxRetries: 0,
      timeout: options.timeoutMs ?? 60_000,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
  });
  const capabilities = openAICapabilities(options.model, { api: options.api ?? 'chat' });
  return buildProviderModel(options, {
    provider: 'openai',
    modelId: options.model,
    defaultCapabilities: capabilities,
    transport: createOpenAITransport({
      client,
      api: options.api ?? 'chat',
      streamUsage: true,
      mapping: {
        model: options.model,
        capabilities: resolveCapabilities(capabilities, options.capabilities),
        maxTokensField: 'max_completion_tokens',
        ...(options.imageDetail ? { imageDetail: options.imageDetail } : {}),
      },
    }),
  });
}
