import { compatibleCapabilities, resolveCapabilities } from '../capabilities.js';
import { normalizeOpenAIBaseUrl } from '../endpoint-url.js';
import { EndpointConfigError } from '../errors.js';
import { buildProviderModel, type CommonModelOptions } from '../model-options.js';
import type { ProviderChatModel } from '../provider-model.js';
import { lazyClient } from '../sdk/lazy-client.js';
import { openAISdk } from '../sdk/sdk-loader.js';
import { openAICompatiblePresets, type OpenAICompatiblePreset, type OpenAICompatiblePresetName } from './openai-compatible-presets.js';
import { createOpenAITransport } from './openai-transport.js';

/** Options of {@link createOpenAICompatibleModel}. */
export interface OpenAICompatibleModelOptions extends CommonModelOptions {
  /** A built-in preset (`ollama`, `vllm`, `lmstudio`, `qwen`, `deepseek`, `gemini`) supplying the defaults below. */
  preset?: OpenAICompatiblePresetName;
  /** The server's API root (required without a preset); `http://host:11434` becomes `…/v1` for local presets. */
  baseUrl?: string;
  /** API key. Required for hosted presets (qwen, deepseek, gemini); local servers get a placeholder. */
  apiKey?: string;
  /** Provider id reported in responses and used for prices (default: the preset's, else `openai-compatible`). */
  providerName?: string;
  /** Output-token field (default: the preset's, else `max_tokens`). */
  maxTokensField?: 'max_tokens' | 'max_completion_tokens';
  /** Ask for usage in streamed replies (default: the preset's, else true). */
  streamUsage?: boolean;
}

const GENERIC: OpenAICompatiblePreset = {
  provider: 'openai-compatible',
  baseUrl: '',
  placeholderApiKey: 'not-needed',
  ensureV1: false,
  capabilities: { jsonMode: false, jsonSchema: false, arrayContent: true },
  maxTokensField: 'max_tokens',
  streamUsage: true,
};

/**
 * A model behind an OpenAI-compatible server (Ollama, vLLM, LM Studio, Qwen DashScope, DeepSeek, Gemini's OpenAI
 * endpoint, or any other) through the `openai` SDK's Chat Completions.
 *
 * @example
 * ```ts
 * const model = createOpenAICompatibleModel({ preset: 'ollama', model: 'llama3.2-vision' });
 * ```
 */
export function createOpenAICompatibleModel(options: OpenAICompatibleModelOptions): ProviderChatModel {
  const preset = options.preset ? openAICompatiblePresets[options.preset] : GENERIC;
  if (!preset) throw new EndpointConfigError(`Unknown OpenAI-compatible preset ${JSON.stringify(options.preset)}`);
  const rawBaseUrl = options.baseUrl ?? preset.baseUrl;
  if (!rawBaseUrl) {
    throw new EndpointConfigError('createOpenAICompatibleModel: baseUrl is required without a preset');
  }
  const apiKey = options.apiKey ?? preset.placeholderApiKey;
  if (!apiKey) {
    throw new EndpointConfigError(
      `createOpenAICompatibleModel: apiKey is required for ${preset.provider}` + (preset.apiKeyEnv ? ` (usually from ${preset.apiKeyEnv})` : ''),
    );
  }
  const provider = options.providerName ?? preset.provider;
  const capabilities = resolveCapabilities(compatibleCapabilities(options.model, preset.capabilities), options.capabilities);
  const baseURL = normalizeOpenAIBaseUrl(rawBaseUrl, { ensureV1: preset.ensureV1 });
  openAISdk.prefetch();
  const client = lazyClient(async () => {
    const { OpenAI } = await openAISdk.load();
    return new OpenAI({
      apiKey,
      baseURL,
      organization: null,
      project: null,
      maxRetries: 0,
      timeout: options.timeoutMs ?? 60_000,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
  });
  return buildProviderModel(options, {
    provider,
    modelId: options.model,
    defaultCapabilities: capabilities,
    transport: createOpenAITransport({
      client,
      api: 'chat',
      streamUsage: options.streamUsage ?? preset.streamUsage,
      mapping: {
        model: options.model,
        capabilities,
        maxTokensField: options.maxTokensField ?? preset.maxTokensField,
        textToolCalls: true,
      },
    }),
  });
}
