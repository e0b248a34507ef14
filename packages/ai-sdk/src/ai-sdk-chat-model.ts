import type { JSONObject, LanguageModelV3 } from '@ai-sdk/provider';
import type { LanguageModelV4 } from '@ai-sdk/provider-v4';
import { parseStructuredReply } from '@ufo-ts/core';
import type { ChatModel, ChatRequest, ChatResponse, ModelFeatures, ToolCall, Usage } from '@ufo-ts/core';
import { z } from 'zod';
import { AiSdkModelError } from './errors.js';
import { isRetryable, toModelCallError } from './error-mapping.js';
import type { AiSdkLanguageModel, AiSdkProviderOptions, CallParams, ModelReply, SpecAdapter } from './language-model.js';
import { finishFrom, toolCallFrom } from './result-mapping.js';
import { v3Spec } from './spec-v3.js';
import { v4Spec } from './spec-v4.js';
import { UnsupportedToolError, toLanguageModelToolChoice, toLanguageModelTools } from './tool-mapping.js';

/** Prices in USD per million tokens, used to fill {@link ChatResponse.cost}. */
export interface TokenPrice {
  /** USD per million input tokens that were not served from the cache. */
  inputPerMillion: number;
  /** USD per million output tokens. */
  outputPerMillion: number;
  /** USD per million cached input tokens (default: the input price). */
  cachedInputPerMillion?: number;
}

/** Options of {@link AiSdkChatModel}. */
export interface AiSdkChatModelOptions {
  /**
   * Any AI SDK language model of specification `v3` (AI SDK 6 providers: `@ai-sdk/openai` 3.x, ...) or `v4`
   * (AI SDK 7 providers: `@ai-sdk/openai` 4.x, ...): `openai.chat('gpt-4o')`, `anthropic('claude-…')`, …
   */
  model: AiSdkLanguageModel;
  /**
   * What the wrapped model can do; the AI SDK model does not say, so the integrator does. Missing fields default
   * to the safe choice: no native tool calls, no parallel calls, no strict schema, no computer tool (the engine
   * then asks for JSON text, which every model can produce).
   */
  features?: Partial<ModelFeatures>;
  /** Provider id reported on responses (default: the AI SDK model's `provider`, e.g. `openai.chat`). */
  provider?: string;
  /** Extra attempts after a retryable failure (429, 5xx, …; default 2). Cancellations are never retried. */
  maxRetries?: number;
  /** Wait before the first retry in milliseconds, doubled for each further one (default 500). */
  retryDelayMs?: number;
  /** Token prices; without them `cost` is `null`. */
  price?: TokenPrice;
  /** Provider options passed through on every call (`{ openai: { reasoningEffort: 'low' } }`; the same shape in v3 and v4). */
  providerOptions?: Record<string, JSONObject>;
}

const DEFAULT_FEATURES: ModelFeatures = { toolCalls: false, parallelToolCalls: false, strictSchema: false };

/** The adapter's side of each specification version it takes. */
const SPECS: Record<AiSdkLanguageModel['specificationVersion'], (model: AiSdkLanguageModel) => SpecAdapter> = {
  v3: (model) => v3Spec(model as LanguageModelV3),
  v4: (model) => v4Spec(model as LanguageModelV4),
};

/**
 * Any vercel/ai provider's language model as the engine's {@link ChatModel}, from AI SDK 6 (`LanguageModelV3`) or
 * AI SDK 7 (`LanguageModelV4`), told apart by the model's `specificationVersion`: messages (text, images, assistant
 * tool calls, tool results), function tools and the Anthropic computer tool, tool choice, structured output
 * (`responseFormat: json` with the schema, validated with zod), usage with cached tokens, finish reason, cost from
 * an optional price, cancellation through the request's signal, streaming with `onDelta`, and retries of retryable
 * failures. Failures are {@link AiSdkModelError}s.
 *
 * A refusal comes back with `finishReason: 'refusal'` and `refusal` set to the model's text, and is not parsed
 * against the schema (the engine ends the step with `MODEL_REFUSED`). The AI SDK reports refusals and content
 * filters both as `content-filter`; the provider's raw reason tells them apart: `@ai-sdk/openai` says raw `stop`
 * for OpenAI's `refusal` (the Responses API: no raw reason), `@ai-sdk/anthropic` raw `refusal`. A real content filter
 * is `finishReason: 'content-filter'`; with a schema it fails as `MODEL_REPLY_INVALID`.
 *
 * @example
 * ```ts
 * import { createOpenAI } from '@ai-sdk/openai'; // 3.x with AI SDK 6, 4.x with AI SDK 7
 * import { AiSdkChatModel } from '@ufo-ts/ai-sdk';
 *
 * const openai = createOpenAI({ apiKey: process.env.OPENAI_API_KEY });
 * const model = new AiSdkChatModel({
 *   model: openai.chat('gpt-4o'),
 *   features: { toolCalls: true, parallelToolCalls: true, strictSchema: true },
 * });
 * console.log(model.specificationVersion); // 'v3' or 'v4'
 * const reply = await model.complete({ messages: [{ role: 'user', content: 'Say hi' }] });
 * if (reply.finishReason === 'refusal') console.log('refused:', reply.refusal);
 * ```
 */
export class AiSdkChatModel implements ChatModel {
  readonly provider: string;
  readonly modelId: string;
  readonly features: ModelFeatures;
  /** The wrapped model's specification version: `v3` (AI SDK 6) or `v4` (AI SDK 7). */
  readonly specificationVersion: 'v3' | 'v4';
  readonly #spec: SpecAdapter;
  readonly #options: AiSdkChatModelOptions;

  /** @throws {@link AiSdkModelError} `MODEL_UNSUPPORTED_REQUEST` for a model of another specification version. */
  constructor(options: AiSdkChatModelOptions) {
    const version: unknown = options.model.specificationVersion;
    const spec = typeof version === 'string' && Object.hasOwn(SPECS, version) ? SPECS[version as AiSdkLanguageModel['specificationVersion']] : undefined;
    if (!spec) {
      throw new AiSdkModelError(
        'MODEL_UNSUPPORTED_REQUEST',
        `AiSdkChatModel wraps AI SDK language models of specification v3 or v4 (AI SDK 6 or 7); this one is ${String(version)}.`,
        { provider: options.model.provider, model: options.model.modelId },
      );
    }
    this.#spec = spec(options.model);
    this.#options = options;
    this.specificationVersion = this.#spec.version;
    this.provider = options.provider ?? options.model.provider;
    this.modelId = options.model.modelId;
    this.features = { ...DEFAULT_FEATURES, ...options.features };
  }

  async complete<T = unknown>(request: ChatRequest<T>): Promise<ChatResponse<T>> {
    const started = performance.now();
    const params = this.#callParams(request);
    const maxRetries = this.#options.maxRetries ?? 2;
    let attempts = 0;
    let reply: ModelReply;
    for (;;) {
      attempts += 1;
      try {
        reply = request.onDelta ? await this.#spec.stream(params, request.onDelta) : await this.#spec.generate(params);
        break;
      } catch (error) {
        if (attempts > maxRetries || !isRetryable(error, request.signal)) {
          throw toModelCallError(error, { provider: this.provider, model: this.modelId, attempts, signal: request.signal });
        }
        await sleep((this.#options.retryDelayMs ?? 500) * 2 ** (attempts - 1), request.signal).catch((abort: unknown) => {
          throw toModelCallError(abort, { provider: this.provider, model: this.modelId, attempts, signal: request.signal });
        });
      }
    }
    return this.#response(request, reply, attempts, performance.now() - started);
  }

  #callParams(request: ChatRequest<unknown>): CallParams {
    const params: CallParams = { messages: request.messages };
    if (request.temperature !== undefined) params.temperature = request.temperature;
    if (request.maxTokens !== undefined) params.maxOutputTokens = request.maxTokens;
    if (request.signal) params.abortSignal = request.signal;
    if (request.schema) {
      params.responseFormat = { type: 'json', schema: jsonSchemaOf(request.schema), ...(request.schemaName ? { name: request.schemaName } : {}) };
    }
    if (request.tools?.length) {
      try {
        params.tools = toLanguageModelTools(request.tools, this.features);
      } catch (error) {
        if (!(error instanceof UnsupportedToolError)) throw error;
        throw new AiSdkModelError('MODEL_UNSUPPORTED_REQUEST', error.message, { provider: this.provider, model: this.modelId, cause: error });
      }
      if (request.toolChoice) params.toolChoice = toLanguageModelToolChoice(request.toolChoice);
    }
    const providerOptions: AiSdkProviderOptions = { ...this.#options.providerOptions };
    if (request.parallelToolCalls !== undefined && request.tools?.length) {
      providerOptions.openai = { ...providerOptions.openai, parallelToolCalls: request.parallelToolCalls };
      providerOptions.anthropic = { ...providerOptions.anthropic, disableParallelToolUse: !request.parallelToolCalls };
    }
    if (Object.keys(providerOptions).length > 0) params.providerOptions = providerOptions;
    return params;
  }

  #response<T>(request: ChatRequest<T>, reply: ModelReply, attempts: number, latencyMs: number): ChatResponse<T> {
    const { usage } = reply;
    const computerDeclared = request.tools?.some((tool) => tool.type === 'computer') ?? false;
    let toolCalls: ToolCall[];
    try {
      toolCalls = reply.toolCalls.map((call) => toolCallFrom(call, computerDeclared));
    } catch (error) {
      throw new AiSdkModelError('MODEL_REPLY_INVALID', `The ${this.provider} model ${this.modelId} sent tool-call arguments that are not JSON.`, {
        provider: this.provider,
        model: this.modelId,
        attempts,
        cause: error,
        details: { toolCalls: reply.toolCalls },
      });
    }
    const response: ChatResponse<T> = {
      content: reply.text,
      usage,
      cost: this.#cost(usage),
      latencyMs,
      model: reply.modelId ?? this.modelId,
      provider: this.provider,
      providerMetadata: { attempts },
    };
    const raw = reply.finishReason?.raw;
    const finish = finishFrom(reply.finishReason && this.#spec.finishReason(reply.finishReason.unified), raw, reply.text);
    if (finish.finishReason) response.finishReason = finish.finishReason;
    if (finish.refusal !== undefined) response.refusal = finish.refusal;
    if (toolCalls.length > 0) response.toolCalls = toolCalls;
    if (request.schema && toolCalls.length === 0 && finish.refusal === undefined) {
      const details = { content: reply.text, usage, finishReason: finish.finishReason, rawFinishReason: raw };
      if (finish.finishReason === 'content-filter') {
        throw new AiSdkModelError(
          'MODEL_REPLY_INVALID',
          `The ${this.provider} model ${this.modelId} was stopped by the provider's content filter before answering in the schema (raw finish reason ${String(raw)}).`,
          {
            provider: this.provider,
            model: this.modelId,
            attempts,
            details,
          },
        );
      }
      const parsed = parseStructuredReply(reply.structuredText ?? reply.text, request.schema);
      if (!parsed.success) {
        throw new AiSdkModelError(
          'MODEL_REPLY_INVALID',
          `The ${this.provider} model ${this.modelId} replied with JSON that does not match the schema: ${parsed.issues.join('; ')}`,
          {
            provider: this.provider,
            model: this.modelId,
            attempts,
            cause: parsed.error,
            details: { ...details, issues: parsed.issues },
          },
        );
      }
      response.parsed = parsed.value;
    }
    return response;
  }

  #cost(usage: Usage): number | null {
    const price = this.#options.price;
    if (!price) return null;
    const cached = usage.cachedInputTokens ?? 0;
    const fresh = Math.max(0, usage.inputTokens - cached);
    return (
      (fresh * price.inputPerMillion + cached * (price.cachedInputPerMillion ?? price.inputPerMillion) + usage.outputTokens * price.outputPerMillion) /
      1_000_000
    );
  }
}

function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  try {
    const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
    return rest;
  } catch {
    return {};
  }
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
