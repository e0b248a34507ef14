import type { AzureOpenAI } from 'openai';
import { openAICapabilities, resolveCapabilities } from '../capabilities.js';
import { parseAzureEndpoint } from '../endpoint-url.js';
import { EndpointConfigError } from '../errors.js';
import { buildProviderModel, type CommonModelOptions } from '../model-options.js';
import type { ProviderChatModel } from '../provider-model.js';
import { lazyClient } from '../sdk/lazy-client.js';
import { openAISdk } from '../sdk/sdk-loader.js';
import { createOpenAITransport, type OpenAIApi } from './openai-transport.js';

/** Options of {@link createAzureOpenAIModel}. */
export interface AzureOpenAIModelOptions extends Omit<CommonModelOptions, 'model'> {
  /**
   * The resource endpoint, `https://<resource>.openai.azure.com`. A full pasted operation URL
   * (`…/openai/deployments/<id>/chat/completions?api-version=…`) is accepted: deployment and api-version are read
   * from it.
   */
  endpoint: string;
  /** The deployment name (required unless the endpoint URL names it). */
  deployment?: string;
  /** The underlying model (`gpt-4o`), for capabilities and prices. Default: the deployment name. */
  model?: string;
  /** The `api-version` query parameter (default {@link AZURE_DEFAULT_API_VERSION}). */
  apiVersion?: string;
  /** An API key. Give this or `azureADTokenProvider`. */
  apiKey?: string;
  /** A function returning a Microsoft Entra ID (Azure AD) bearer token, called before each request. */
  azureADTokenProvider?: () => Promise<string>;
  /** Chat Completions (`chat`, default) or the Responses API (`responses`, needs a recent api-version). */
  api?: OpenAIApi;
  /** Image `detail` sent with images. */
  imageDetail?: 'low' | 'high' | 'auto';
}

/** The api-version used when none is given. */
export const AZURE_DEFAULT_API_VERSION = '2024-10-21';

/**
 * An Azure OpenAI deployment through the `openai` SDK's `AzureOpenAI` client. Provider id `azure-openai`.
 *
 * @example
 * ```ts
 * const model = createAzureOpenAIModel({ endpoint: 'https://my-resource.openai.azure.com', deployment: 'gpt-4o', apiKey: process.env.AZURE_OPENAI_API_KEY });
 * ```
 */
export function createAzureOpenAIModel(options: AzureOpenAIModelOptions): ProviderChatModel {
  const parsed = parseAzureEndpoint(options.endpoint);
  if (options.deployment && parsed.deployment && options.deployment !== parsed.deployment) {
    throw new EndpointConfigError(
      `Azure deployment ${JSON.stringify(options.deployment)} conflicts with the endpoint URL's ${JSON.stringify(parsed.deployment)}`,
    );
  }
  if (options.apiVersion && parsed.apiVersion && options.apiVersion !== parsed.apiVersion) {
    throw new EndpointConfigError(
      `Azure apiVersion ${JSON.stringify(options.apiVersion)} conflicts with the endpoint URL's ${JSON.stringify(parsed.apiVersion)}`,
    );
  }
  const deployment = options.deployment ?? parsed.deployment;
  if (!deployment) throw new EndpointConfigError('createAzureOpenAIModel: deployment is required');
  if (!options.apiKey && !options.azureADTokenProvider) {
    throw new EndpointConfigError('createAzureOpenAIModel: give apiKey or azureADTokenProvider');
  }
  if (options.apiKey && options.azureADTokenProvider) {
    throw new EndpointConfigError('createAzureOpenAIModel: apiKey and azureADTokenProvider are mutually exclusive');
  }
  const model = options.model ?? deployment;
  const apiVersion = options.apiVersion ?? parsed.apiVersion ?? AZURE_DEFAULT_API_VERSION;
  openAISdk.prefetch();
  const client = lazyClient(async () => {
    const sdk = await openAISdk.load();
    return new sdk.AzureOpenAI({
      endpoint: parsed.endpoint,
      deployment,
      apiVersion,
      ...(options.apiKey ? { apiKey: options.apiKey } : {}),
      ...(options.azureADTokenProvider ? { azureADTokenProvider: options.azureADTokenProvider } : {}),
      baseURL: null,
      organization: null,
      project: null,
      maxRetries: 0,
      timeout: options.timeoutMs ?? 60_000,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    } as ConstructorParameters<typeof AzureOpenAI>[0]);
  });
  const capabilities = openAICapabilities(model, { api: options.api ?? 'chat' });
  return buildProviderModel(
    { ...options, model },
    {
      provider: 'azure-openai',
      modelId: deployment,
      priceModelId: model,
      defaultCapabilities: capabilities,
      transport: createOpenAITransport({
        client,
        api: options.api ?? 'chat',
        streamUsage: true,
        mapping: {
          model: deployment,
          capabilities: resolveCapabilities(capabilities, options.capabilities),
          maxTokensField: 'max_completion_tokens',
          ...(options.imageDetail ? { imageDetail: options.imageDetail } : {}),
        },
      }),
    },
  );
}
