import { errorMessage, isUfoError, type ChatModel, type ChatRequest, type ChatResponse, type ModelFeatures } from '@ufo-ts/core';
import { context, SpanKind, SpanStatusCode, trace, type Context, type Tracer } from '@opentelemetry/api';
import { GenAiAttributes, SpanNames, type KnownAttributes } from './attributes.js';
import { hrNow } from './span-clock.js';

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
 * application registered a context manager). *
 * @example
 * ```ts
 * // what `UfoTracing.traceSession` does; use it unless you wire the pieces yourself
 * const spans = new SessionSpans({ tracer, captureContent: false });
 * const unsubscribe = events.subscribe(spans.onEvent);
 * const hooks = { tracer, recording: () => spans.recording, parentContext: () => spans.parentContext(), toolSpanRecorded: (tool: string) => spans.toolSpanRecorded(tool) };
 * const tracedModel = new TracedChatModel(model, hooks);
 * const tracedDispatcher = traceCommandDispatcher(dispatcher, hooks);
 * ```
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
      { kind: SpanKind.CLIENT, attributes: requestAttributes(this.inner, request), startTime: hrNow() },
      parent,
    );
    try {
      const response = await context.with(trace.setSpan(parent, span), () => this.inner.complete(request));
      span.setAttributes(responseAttributes(response));
      return response;
    } catch (error) {
      const type = isUfoError(error) ? error.code : error instanceof Error ? error.name : 'Error';
      span.recordException(error instanceof Error ? error : { name: type, message: errorMessage(error) }, hrNow());
      span.setAttribute(GenAiAttributes.ERROR_TYPE, type);
      span.setStatus({ code: SpanStatusCode.ERROR, message: errorMessage(error) });
      throw error;
    } finally {
      span.end(hrNow());
    }
  }
}

function requestAttributes(model: ChatModel, request: ChatRequest<unknown>): KnownAttributes {
  const attributes: KnownAttributes = {
    'gen_ai.operation.name': 'chat',
    'gen_ai.provider.name': model.provider,
    'gen_ai.system': model.provider,
    'gen_ai.request.model': model.modelId,
  };
  if (request.temperature !== undefined) attributes['gen_ai.request.temperature'] = request.temperature;
  if (request.maxTokens !== undefined) attributes['gen_ai.request.max_tokens'] = request.maxTokens;
  if (request.schema !== undefined) attributes['gen_ai.output.type'] = 'json';
  const agent = request.metadata?.['agent'];
  if (typeof agent === 'string') attributes['ufo.agent.name'] = agent;
  return attributes;
}

function responseAttributes(response: ChatResponse<unknown>): KnownAttributes {
  const attributes: KnownAttributes = {
    'gen_ai.response.model': response.model,
    'gen_ai.usage.input_tokens': response.usage.inputTokens,
    'gen_ai.usage.output_tokens': response.usage.outputTokens,
    'ufo.model.latency_ms': response.latencyMs,
  };
  if (response.usage.cachedInputTokens !== undefined) attributes['gen_ai.usage.cache_read.input_tokens'] = response.usage.cachedInputTokens;
  if (response.finishReason !== undefined) attributes['gen_ai.response.finish_reasons'] = [response.finishReason];
  if (response.cost === null) attributes['ufo.cost.unpriced'] = true;
  else attributes['ufo.cost.usd'] = response.cost;
  return attributes;
}
