import { parseStructuredReply, type ChatModel, type ChatRequest, type ChatResponse, type ModelFeatures } from '@ufo-ts/core';
import type { JournalCursor } from './journal-cursor.js';

/**
 * A model that keeps state across replies (an action cache's model) and must learn of the replies a resumed
 * session takes from the journal instead of asking it.
 */
export interface ReplayAwareModel extends ChatModel {
  /** Called with each reply the journal gives in this model's place, in order, with the request it answers. */
  replayed(request: ChatRequest, response: ChatResponse): void;
}

/**
 * A {@link ChatModel} wrapper that journals each reply received during a step and, when a resumed session runs that
 * step again, answers from the journal instead of asking the model: the step continues with the reply whose
 * actions may already have run, not with a new one (a {@link ReplayAwareModel} inside is told of it). A refusal is
 * replayed as a refusal (its `refusal` and `finishReason` are journaled), not parsed as a reply. Outside steps it
 * only forwards.
 */
export class JournalingModel implements ChatModel {
  readonly provider: string;
  readonly modelId: string;

  constructor(
    readonly inner: ChatModel,
    private readonly cursor: JournalCursor,
  ) {
    this.provider = inner.provider;
    this.modelId = inner.modelId;
  }

  /** The wrapped model's features, so strategies choose native tools exactly as they would without the journal. */
  get features(): ModelFeatures | undefined {
    return this.inner.features;
  }

  async complete<T = unknown>(request: ChatRequest<T>): Promise<ChatResponse<T>> {
    if (!this.cursor.active) return this.inner.complete(request);
    const { index, recorded } = this.cursor.nextReply();
    if (recorded) {
      const response: ChatResponse<T> = {
        content: recorded.content,
        usage: recorded.usage,
        cost: recorded.cost,
        latencyMs: 0,
        model: recorded.model,
        provider: this.provider,
      };
      if (recorded.toolCalls?.length) response.toolCalls = recorded.toolCalls;
      if (recorded.cache) response.cache = recorded.cache;
      if (recorded.finishReason) response.finishReason = recorded.finishReason;
      if (recorded.refusal !== undefined) response.refusal = recorded.refusal;
      const refused = recorded.refusal !== undefined || recorded.finishReason === 'refusal';
      if (request.schema && !recorded.toolCalls?.length && !refused) {
        const parsed = parseStructuredReply(recorded.content, request.schema);
        if (!parsed.success) throw parsed.error;
        response.parsed = parsed.value;
      }
      if (isReplayAware(this.inner)) this.inner.replayed(request, response);
      return response;
    }
    const response = await this.inner.complete(request);
    await this.cursor.record({
      type: 'reply',
      index,
      content: response.content,
      cost: response.cost,
      usage: response.usage,
      model: response.model,
      ...(response.toolCalls?.length ? { toolCalls: response.toolCalls } : {}),
      ...(response.cache ? { cache: response.cache } : {}),
      ...(response.finishReason ? { finishReason: response.finishReason } : {}),
      ...(response.refusal !== undefined ? { refusal: response.refusal } : {}),
    });
    return response;
  }
}

function isReplayAware(model: ChatModel): model is ReplayAwareModel {
  return typeof (model as Partial<ReplayAwareModel>).replayed === 'function';
}
