import type { ImagePolicy, ModelCapabilities, ModelCapabilitiesOverride } from './capabilities.js';
import { resolveCapabilities } from './capabilities.js';
import { defaultPrices, mergePrices, type PriceTable } from './prices.js';
import { ProviderModel } from './provider-model.js';
import type { ProviderTransport } from './provider-transport.js';
import type { RetryOptions } from './retry.js';

/** Options every model factory takes. */
export interface CommonModelOptions {
  /** Model id (`gpt-4o`, `claude-sonnet-4-5`, `llama3.2-vision`...). */
  model: string;
  /** Overrides of the model's default capabilities (vision, jsonSchema, jsonMode, arrayContent, systemRole, reasoning, maxContextTokens). */
  capabilities?: ModelCapabilitiesOverride;
  /** Prices merged over {@link defaultPrices} (USD per 1M tokens, keyed `provider/model` or `model`). */
  prices?: PriceTable;
  /** Time limit of each HTTP attempt in ms (default 60000). */
  timeoutMs?: number;
  /** Retry settings (default: 4 retries, 500 ms doubling to 8 s, ±25 % jitter, Retry-After honoured up to 60 s). */
  retry?: RetryOptions;
  /** Re-asks after a reply fails schema validation (default 3). */
  structuredOutputRetries?: number;
  /** Images sent to a model without vision: `error` (default) or `drop` with a warning. */
  imagePolicy?: ImagePolicy;
  /** Receives warnings such as dropped images (they are also in `providerMetadata.warnings`). */
  onWarning?: (message: string) => void;
  /** Temperature used when a request has none (never sent to reasoning models). */
  temperature?: number;
  /** Max output tokens used when a request has none. */
  maxTokens?: number;
  /** A `fetch` for the SDK client (proxies, instrumentation); default the global fetch. */
  fetch?: typeof fetch;
}

/** Default time limit of one HTTP attempt. */
export const DEFAULT_TIMEOUT_MS = 60_000;
/** Default number of re-asks after an invalid structured reply. */
export const DEFAULT_STRUCTURED_OUTPUT_RETRIES = 3;

/** Assembles a {@link ProviderModel} from common options and a provider's transport. */
export function buildProviderModel(
  common: CommonModelOptions,
  provider: {
    provider: string;
    modelId: string;
    priceModelId?: string;
    defaultCapabilities: ModelCapabilities;
    transport: ProviderTransport;
    maxTokens?: number;
  },
): ProviderModel {
  const maxTokens = common.maxTokens ?? provider.maxTokens;
  return new ProviderModel({
    provider: provider.provider,
    modelId: provider.modelId,
    ...(provider.priceModelId ? { priceModelId: provider.priceModelId } : {}),
    capabilities: resolveCapabilities(provider.defaultCapabilities, common.capabilities),
    transport: provider.transport,
    prices: mergePrices(defaultPrices, common.prices),
    imagePolicy: common.imagePolicy ?? 'error',
    retry: common.retry ?? {},
    timeoutMs: common.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    structuredOutputRetries: common.structuredOutputRetries ?? DEFAULT_STRUCTURED_OUTPUT_RETRIES,
    ...(common.onWarning ? { onWarning: common.onWarning } : {}),
    ...(common.temperature === undefined ? {} : { temperature: common.temperature }),
    ...(maxTokens === undefined ? {} : { maxTokens }),
  });
}
