import { z } from 'zod';
import { ImagePolicySchema, ModelCapabilitiesOverrideSchema } from '../capabilities.js';
import { EndpointConfigError } from '../errors.js';
import { PriceTableSchema } from '../prices.js';
import { createAnthropicModel } from '../anthropic/anthropic-model.js';
import { createAzureOpenAIModel } from '../openai/azure-openai-model.js';
import { createOpenAICompatibleModel } from '../openai/openai-compatible-model.js';
import { openAICompatiblePresets, type OpenAICompatiblePresetName } from '../openai/openai-compatible-presets.js';
import { createOpenAIModel } from '../openai/openai-model.js';
import type { ProviderChatModel } from '../provider-model.js';
import type { RetryOptions } from '../retry.js';

/** Provider names accepted in config: the three native ones, a generic OpenAI-compatible server, and the presets. */
export const ProviderNameSchema = z.enum(['openai', 'azure', 'anthropic', 'openai-compatible', 'ollama', 'vllm', 'lmstudio', 'qwen', 'deepseek', 'gemini']);
/** The data {@link ProviderNameSchema} validates. */
export type ProviderName = z.infer<typeof ProviderNameSchema>;

/** One model's configuration (a block of the agents config, e.g. `HOST_AGENT`). */
export const ModelConfigSchema = z
  .object({
    /** Which provider serves the model. */
    provider: ProviderNameSchema,
    /** Model id (for Azure: the underlying model, used for capabilities and prices; defaults to the deployment). */
    model: z.string().min(1),
    /** The API key itself. Prefer `apiKeyEnv`. */
    apiKey: z.string().min(1).optional(),
    /**
     * The environment variable holding the key. Default per provider: OPENAI_API_KEY, AZURE_OPENAI_API_KEY,
     * ANTHROPIC_API_KEY, DASHSCOPE_API_KEY (qwen), DEEPSEEK_API_KEY, GEMINI_API_KEY; local servers need none.
     */
    apiKeyEnv: z.string().min(1).optional(),
    /** API root (OpenAI-style `…/v1`), or for Azure the resource endpoint. Normalised and validated. */
    baseUrl: z.string().min(1).optional(),
    /** Azure `api-version`. */
    apiVersion: z.string().min(1).optional(),
    /** Azure deployment name. */
    deployment: z.string().min(1).optional(),
    /** OpenAI API: Chat Completions (`chat`) or Responses (`responses`). */
    api: z.enum(['chat', 'responses']).default('chat'),
    /** Capability overrides. */
    capabilities: ModelCapabilitiesOverrideSchema.optional(),
    /** Price overrides (USD per 1M tokens), merged over the defaults. */
    prices: PriceTableSchema.optional(),
    /** Time limit of one HTTP attempt, in ms. */
    timeoutMs: z.number().int().positive().default(60_000),
    /** Retries after a failed attempt (429, 5xx, timeout, connection reset). */
    maxRetries: z.number().int().nonnegative().default(4),
    /** Re-asks after a reply fails schema validation. */
    structuredOutputRetries: z.number().int().nonnegative().default(3),
    /** Images sent to a model without vision: `error` or `drop`. */
    imagePolicy: ImagePolicySchema.default('error'),
    /** Default temperature (not sent to reasoning models). */
    temperature: z.number().min(0).max(2).optional(),
    /** Default max output tokens. */
    maxTokens: z.number().int().positive().optional(),
  })
  .strict();
/** The data {@link ModelConfigSchema} validates. */
export type ModelConfig = z.infer<typeof ModelConfigSchema>;
/** Model config as written by people (defaults not yet applied). */
export type ModelConfigInput = z.input<typeof ModelConfigSchema>;

/** Options of {@link createModelFromConfig}. */
export interface CreateModelOptions {
  /** Environment to read API keys from (default `process.env`, read at call time). */
  env?: Record<string, string | undefined>;
  /** Azure AD token provider, used for `provider: azure` when no key is configured. */
  azureADTokenProvider?: () => Promise<string>;
  /** Retry settings beyond `maxRetries` (delays, jitter, onRetry). */
  retry?: Omit<RetryOptions, 'maxRetries'>;
  /** Receives warnings such as dropped images. */
  onWarning?: (message: string) => void;
  /** A `fetch` for the SDK clients. */
  fetch?: typeof fetch;
}

const KEY_ENV: Partial<Record<ProviderName, string>> = {
  openai: 'OPENAI_API_KEY',
  azure: 'AZURE_OPENAI_API_KEY',
  anthropic: 'ANTHROPIC_API_KEY',
};

/** The environment variable a config's key is read from (`apiKeyEnv`, else the provider's usual one). */
export function apiKeyEnvName(config: Pick<ModelConfig, 'provider' | 'apiKeyEnv'>): string | undefined {
  if (config.apiKeyEnv) return config.apiKeyEnv;
  return KEY_ENV[config.provider] ?? presetOf(config.provider)?.apiKeyEnv;
}

/** The API key a config resolves to (`apiKey`, else its environment variable), or `undefined`. */
export function resolveApiKey(
  config: Pick<ModelConfig, 'provider' | 'apiKey' | 'apiKeyEnv'>,
  env: Record<string, string | undefined> = process.env,
): string | undefined {
  if (config.apiKey) return config.apiKey;
  const name = apiKeyEnvName(config);
  const value = name ? env[name] : undefined;
  return value && value.trim() ? value.trim() : undefined;
}

/**
 * Builds a model from a config block. Validates the config with {@link ModelConfigSchema} and throws
 * {@link EndpointConfigError} (`CONFIG_INVALID`) for invalid fields, bad URLs or a missing key.
 *
 * @example
 * ```ts
 * const model = createModelFromConfig({ provider: 'openai', model: 'gpt-4o' }); // key from OPENAI_API_KEY
 * ```
 */
export function createModelFromConfig(input: ModelConfigInput, options: CreateModelOptions = {}): ProviderChatModel {
  const parsed = ModelConfigSchema.safeParse(input);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    throw new EndpointConfigError(`Invalid model config: ${issues.join('; ')}`, {
      cause: parsed.error,
      details: { issues },
    });
  }
  const config = parsed.data;
  const env = options.env ?? process.env;
  const apiKey = resolveApiKey(config, env);
  const common = {
    model: config.model,
    ...(config.capabilities ? { capabilities: config.capabilities } : {}),
    ...(config.prices ? { prices: config.prices } : {}),
    timeoutMs: config.timeoutMs,
    retry: { ...options.retry, maxRetries: config.maxRetries },
    structuredOutputRetries: config.structuredOutputRetries,
    imagePolicy: config.imagePolicy,
    ...(config.temperature === undefined ? {} : { temperature: config.temperature }),
    ...(config.maxTokens === undefined ? {} : { maxTokens: config.maxTokens }),
    ...(options.onWarning ? { onWarning: options.onWarning } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  };
  const missingKey = (): never => {
    throw new EndpointConfigError(`No API key for ${config.provider}/${config.model}: set ${apiKeyEnvName(config) ?? 'apiKeyEnv'} or apiKey`, {
      details: { provider: config.provider, model: config.model, env: apiKeyEnvName(config) },
    });
  };
  switch (config.provider) {
    case 'openai':
      return createOpenAIModel({
        ...common,
        apiKey: apiKey ?? missingKey(),
        ...(config.baseUrl ? { baseUrl: config.baseUrl } : {}),
        api: config.api,
      });
    case 'azure': {
      if (!config.baseUrl) throw new EndpointConfigError('Azure config needs baseUrl (the resource endpoint)');
      const credential = apiKey ? { apiKey } : options.azureADTokenProvider ? { azureADTokenProvider: options.azureADTokenProvider } : missingKey();
      return createAzureOpenAIModel({
        ...common,
        ...credential,
        endpoint: config.baseUrl,
        ...(config.deployment ? { deployment: config.deployment } : { deployment: config.model }),
        ...(config.apiVersion ? { apiVersion: config.apiVersion } : {}),
        api: config.api,
      });
    }
    case 'anthropic':
      return createAnthropicModel({
        ...common,
        apiKey: apiKey ?? missingKey(),
        ...(config.baseUrl ? { baseUrl: config.baseUrl } : {}),
      });
    default: {
      const preset = config.provider === 'openai-compatible' ? undefined : (config.provider as OpenAICompatiblePresetName);
      const needsKey = preset ? !openAICompatiblePresets[preset].placeholderApiKey : false;
      if (needsKey && !apiKey) missingKey();
      return createOpenAICompatibleModel({
        ...common,
        ...(preset ? { preset } : {}),
        ...(apiKey ? { apiKey } : {}),
        ...(config.baseUrl ? { baseUrl: config.baseUrl } : {}),
      });
    }
  }
}

function presetOf(provider: ProviderName) {
  return provider in openAICompatiblePresets ? openAICompatiblePresets[provider as OpenAICompatiblePresetName] : undefined;
}
