import type * as OpenAISdk from 'openai';
import type * as AnthropicSdk from '@anthropic-ai/sdk';
import { EndpointConfigError } from '../errors.js';

/** The `openai` module namespace. */
export type OpenAISdkModule = typeof OpenAISdk;
/** The `@anthropic-ai/sdk` module namespace. */
export type AnthropicSdkModule = typeof AnthropicSdk;

/**
 * Loads a provider SDK on first use and caches it, so importing this package (or using only one provider) does not
 * pay for the other SDKs. A failed import is not cached: the next call tries again.
 */
class SdkLoader<T> {
  private pending: Promise<T> | undefined;
  private module: T | undefined;

  constructor(
    private readonly packageName: string,
    private readonly importer: () => Promise<T>,
  ) {}

  /** The module if it has been loaded already. */
  get loaded(): T | undefined {
    return this.module;
  }

  /**
   * Loads the module (once).
   * @throws EndpointConfigError (code `CONFIG_INVALID`) with the import failure as its cause.
   */
  load(): Promise<T> {
    this.pending ??= this.importer().then(
      (module) => (this.module = module),
      (error: unknown) => {
        this.pending = undefined;
        throw new EndpointConfigError(
          `cannot load the provider SDK "${this.packageName}" (is it installed?): ${error instanceof Error ? error.message : String(error)}`,
          { cause: error, details: { package: this.packageName } },
        );
      },
    );
    return this.pending;
  }

  /** Starts loading in the background (e.g. when a model is created); a failure surfaces on the first call. */
  prefetch(): void {
    this.load().catch(() => undefined);
  }
}

/** The `openai` SDK (OpenAI, Azure OpenAI and OpenAI-compatible models). */
export const openAISdk = new SdkLoader<OpenAISdkModule>('openai', () => import('openai'));
/** The `@anthropic-ai/sdk` SDK (Anthropic models). */
export const anthropicSdk = new SdkLoader<AnthropicSdkModule>('@anthropic-ai/sdk', () => import('@anthropic-ai/sdk'));
