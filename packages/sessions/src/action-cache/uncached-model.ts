import type { ChatModel, ChatRequest, ChatResponse, ModelFeatures } from '@ufo-ts/core';
import { PromptListings } from './prompt-listings.js';

/**
 * The session's model when the action cache has no run for the request: it answers every step, and each reply is
 * marked a `miss` so logs, events and reports say the cache was asked and had nothing.
 */
export class UncachedModel implements ChatModel {
  readonly provider: string;
  readonly modelId: string;
  /** Calls that went to the model. */
  calls = 0;
  /** The listing of each step's prompt (the run is recorded with it). */
  readonly listings = new PromptListings();

  constructor(readonly inner: ChatModel) {
    this.provider = inner.provider;
    this.modelId = inner.modelId;
  }

  get features(): ModelFeatures | undefined {
    return this.inner.features;
  }

  async complete<T = unknown>(request: ChatRequest<T>): Promise<ChatResponse<T>> {
    this.calls += 1;
    this.listings.note(request);
    const response = await this.inner.complete(request);
    return { ...response, cache: { outcome: 'miss' } };
  }
}
