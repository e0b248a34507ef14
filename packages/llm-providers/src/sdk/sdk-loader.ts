import type * as OpenAISdk from 'openai';
import type * as AnthropicSdk from '@anthropic-ai/sdk';
import { errorMessage } from '@ufo-ts/core';
import { LazyModule } from '@ufo-ts/core/internal';
import { EndpointConfigError } from '../errors.js';

/** The `openai` module namespace. */
export type OpenAISdkModule = typeof OpenAISdk;
/** The `@anthropic-ai/sdk` module namespace. */
export type AnthropicSdkModule = typeof AnthropicSdk;

/** A failed import of a provider SDK: `EndpointConfigError` (code `CONFIG_INVALID`) with the failure as cause. */
function sdkLoadError(packageName: string, cause: unknown): EndpointConfigError {
  return new EndpointConfigError(`cannot load the provider SDK "${packageName}" (is it installed?): ${errorMessage(cause)}`, {
    cause,
    details: { package: packageName },
  });
}

// Loaded on first use, so importing this package (or using only one provider) does not pay for the other SDKs.
/** The `openai` SDK (OpenAI, Azure OpenAI and OpenAI-compatible models). */
export const openAISdk = new LazyModule<OpenAISdkModule>('openai', () => import('openai'), sdkLoadError);
/** The `@anthropic-ai/sdk` SDK (Anthropic models). */
export const anthropicSdk = new LazyModule<AnthropicSdkModule>('@anthropic-ai/sdk', () => import('@anthropic-ai/sdk'), sdkLoadError);
