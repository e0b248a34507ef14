import type { ChatModel, ChatRequest, ChatResponse, ModelFeatures } from '@ufo-ts/core';

/**
 * Wraps a model so every call also honours `signal` (a session's hard cancel, the second Ctrl+C). The engine's
 * strategies do not pass a signal themselves; this is how an in-flight model call is aborted.
 */
export class AbortableModel implements ChatModel {
  readonly provider: string;
  readonly modelId: string;

  constructor(
    readonly inner: ChatModel,
    private readonly signal: AbortSignal,
  ) {
    this.provider = inner.provider;
    this.modelId = inner.modelId;
  }

  /** The wrapped model's features (native tool calls, computer tool), unchanged. */
  get features(): ModelFeatures | undefined {
    return this.inner.features;
  }

  complete<T = unknown>(request: ChatRequest<T>): Promise<ChatResponse<T>> {
    const signal = request.signal ? AbortSignal.any([request.signal, this.signal]) : this.signal;
    return this.inner.complete({ ...request, signal });
  }
}
