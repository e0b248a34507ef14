import type { ChatModel, ChatRequest, ChatResponse, ModelFeatures } from '@ufo-ts/core';

/**
 * The session's model when the action cache has no run for the request: it answers every step, and each reply is
 * marked a `miss` so logs, events and reports say the cache was asked and had nothing.
 */
export class UncachedModel implements ChatModel {
  readonly provider: string;
  readonly modelId: string;
  /** Calls that went to the model. */
  calls = 0;

  constructor(readonly inner: ChatModel) {
    this.provider = inner.provider;
    this.modelId = inner.modelId;
  }

  get features(): ModelFeatures | undefined {
    return this.inner.features;
  }

  async complete<T = unknown>(request: ChatRequest<T>): Promise<ChatResponse<T>> {
    this.calls += 1;
    const response = await this.inner.complete(request);
    return { ...response, cache: { outcome: 'miss' } };
  }
}
