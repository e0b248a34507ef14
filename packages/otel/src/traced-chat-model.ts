import { errorMessage, isUfoError, type ChatModel, type ChatRequest, type ChatResponse, type ModelFeatures } from '@ufo-ts/core';
import { context, SpanKind, SpanStatusCode, trace, type Attributes, type Context, type Tracer } from '@opentelemetry/api';
import { GenAiAttributes, SpanNames, UfoAttributes } from './attributes.js';
import { spanTime } from './span-clock.js';

/** Where a traced model takes its tracer and parent span from. */
export interface ModelTracingHooks {
  tracer: Tracer;
  /** False when nothing records: calls then go straight to the model. */
  recording(): boolean;
  /** The context the call's span starts in. */
  parentContext(): Context;
}

/**
 * A {@link ChatModel} that records each completion as a GenAI `chat {model}` span (kind CLIENT): provider, request
 * and response model, token usage, finish reason, and the engine's cost in USD. A failed call sets status ERROR,
 * records the error and its `error.type` (the `UfoError` code, else the error's name), and rethrows it unchanged.
 * The call runs with the span active, so instrumentations of the model's own HTTP calls nest under it (when the
 * application registered a context manager).
 */
export class TracedChatModel implements ChatModel {
  readonly inner: ChatModel;
  private readonly hooks: ModelTracingHooks;

  constructor(inner: ChatModel, hooks: ModelTracingHooks) {
    this.inner = inner;
    this.hooks = hooks;
  }

  get provider(): string {
    return this.inner.provider;
  }

  get modelId(): string {
    return this.inner.modelId;
  }

  get features(): ModelFeatures | undefined {
    return this.inner.features;
  }

  async complete<T = unknown>(request: ChatRequest<T>): Promise<ChatResponse<T>> {
    if (!this.hooks.recording()) return this.inner.complete(request);
    const parent = this.hooks.parentContext();
    const span = this.hooks.tracer.startSpan(
      SpanNames.chat(this.inner.modelId),
      { kind: SpanKind.CLIENT, attributes: requestAttributes(this.inner, request), startTime: spanTime() },
      parent,
    );
    try {
      const response = await context.with(trace.setSpan(parent, span), () => this.inner.complete(request));
      span.setAttributes(responseAttributes(response));
      return response;
    } catch (error) {
      const type = isUfoError(error) ? error.code : error instanceof Error ? error.name : 'Error';
      span.recordException(error instanceof Error ? error : { name: type, message: errorMessage(error) });
      span.setAttribute(GenAiAttributes.ERROR_TYPE, type);
      span.setStatus({ code: SpanStatusCode.ERROR, message: errorMessage(error) });
      throw error;
    } finally {
      span.end(spanTime());
    }
  }
}

function requestAttributes(model: ChatModel, request: ChatRequest<unknown>): Attributes {
  const attributes: Attributes = {
    [GenAiAttributes.OPERATION_NAME]: 'chat',
    [GenAiAttributes.PROVIDER_NAME]: model.provider,
    [GenAiAttributes.SYSTEM]: model.provider,
    [GenAiAttributes.REQUEST_MODEL]: model.modelId,
  };
  if (request.temperature !== undefined) attributes[GenAiAttributes.REQUEST_TEMPERATURE] = request.temperature;
  if (request.maxTokens !== undefined) attributes[GenAiAttributes.REQUEST_MAX_TOKENS] = request.maxTokens;
  if (request.schema !== undefined) attributes[GenAiAttributes.OUTPUT_TYPE] = 'json';
  const agent = request.metadata?.['agent'];
  if (typeof agent === 'string') attributes[UfoAttributes.AGENT_NAME] = agent;
  return attributes;
}

function responseAttributes(response: ChatResponse<unknown>): Attributes {
  const attributes: Attributes = {
    [GenAiAttributes.RESPONSE_MODEL]: response.model,
    [GenAiAttributes.USAGE_INPUT_TOKENS]: response.usage.inputTokens,
    [GenAiAttributes.USAGE_OUTPUT_TOKENS]: response.usage.outputTokens,
    [UfoAttributes.LATENCY_MS]: response.latencyMs,
  };
  if (response.usage.cachedInputTokens !== undefined) attributes[GenAiAttributes.USAGE_CACHE_READ_INPUT_TOKENS] = response.usage.cachedInputTokens;
  if (response.finishReason !== undefined) attributes[GenAiAttributes.RESPONSE_FINISH_REASONS] = [response.finishReason];
  if (response.cost === null) attributes[UfoAttributes.COST_UNPRICED] = true;
  else attributes[UfoAttributes.COST_USD] = response.cost;
  return attributes;
}
