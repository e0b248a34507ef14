import type { LanguageModelV3, LanguageModelV3CallOptions, SharedV3ProviderOptions } from '@ai-sdk/provider';
import { parseStructuredReply } from '@ufo-ts/core';
import type { ChatModel, ChatRequest, ChatResponse, ModelFeatures, ToolCall, Usage } from '@ufo-ts/core';
import { z } from 'zod';
import { AiSdkModelError } from './errors.js';
import { isRetryable, toModelCallError } from './error-mapping.js';
import { toLanguageModelPrompt } from './prompt-mapping.js';
import { finishReasonFrom, toolCallFrom, usageFrom } from './result-mapping.js';
import { assembleStream, type AssembledStream } from './stream-assembly.js';
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
  /** Any AI SDK language model of specification `v3` (`openai('gpt-4o')`, `anthropic('claude-…')`, …). */
  model: LanguageModelV3;
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
  /** Provider options passed through on every call (`{ openai: { reasoningEffort: 'low' } }`). */
  providerOptions?: SharedV3ProviderOptions;
}

const DEFAULT_FEATURES: ModelFeatures = { toolCalls: false, parallelToolCalls: false, strictSchema: false };

/**
 * Any vercel/ai provider's language model as the engine's {@link ChatModel}: messages (text, images, assistant
 * tool calls, tool results), function tools and the Anthropic computer tool, tool choice, structured output
 * (`responseFormat: json` with the schema, validated with zod), usage with cached tokens, finish reason, cost from
 * an optional price, cancellation through the request's signal, streaming with `onDelta`, and retries of retryable
 * failures. Failures are {@link AiSdkModelError}s. A refusal the provider reports (a raw finish reason `refusal`,
 * as Anthropic's) comes back with `refusal` set and is not parsed against the schema; the engine ends the step with
 * `MODEL_REFUSED`. (The AI SDK's OpenAI provider passes OpenAI's `refusal` on as plain text, which cannot be told
 * from an answer.)
 *
 * @example
 * ```ts
 * import { createOpenAI } from '@ai-sdk/openai';
 * import { AiSdkChatModel } from '@ufo-ts/ai-sdk';
 *
 * const openai = createOpenAI({ apiKey: process.env.OPENAI_API_KEY });
 * const model = new AiSdkChatModel({
 *   model: openai.chat('gpt-4o'),
 *   features: { toolCalls: true, parallelToolCalls: true, strictSchema: true },
 * });
 * const reply = await model.complete({ messages: [{ role: 'user', content: 'Say hi' }] });
 * ```
 */
export class AiSdkChatModel implements ChatModel {
  readonly provider: string;
  readonly modelId: string;
  readonly features: ModelFeatures;
  readonly #model: LanguageModelV3;
  readonly #options: AiSdkChatModelOptions;

  constructor(options: AiSdkChatModelOptions) {
    if (options.model.specificationVersion !== 'v3') {
      throw new AiSdkModelError('MODEL_UNSUPPORTED_REQUEST', `AiSdkChatModel wraps AI SDK language models of specification v3; this one is ${String(options.model.specificationVersion)}.`, {
        provider: options.model.provider,
        model: options.model.modelId,
      });
    }
    this.#model = options.model;
    this.#options = options;
    this.provider = options.provider ?? options.model.provider;
    this.modelId = options.model.modelId;
    this.features = { ...DEFAULT_FEATURES, ...options.features };
  }

  async complete<T = unknown>(request: ChatRequest<T>): Promise<ChatResponse<T>> {
    const started = performance.now();
    const callOptions = this.#callOptions(request);
    const maxRetries = this.#options.maxRetries ?? 2;
    let attempts = 0;
    let reply: AssembledStream;
    for (;;) {
      attempts += 1;
      try {
        reply = request.onDelta ? await this.#stream(callOptions, request.onDelta) : await this.#generate(callOptions);
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

  #callOptions(request: ChatRequest<unknown>): LanguageModelV3CallOptions {
    const options: LanguageModelV3CallOptions = { prompt: toLanguageModelPrompt(request.messages) };
    if (request.temperature !== undefined) options.temperature = request.temperature;
    if (request.maxTokens !== undefined) options.maxOutputTokens = request.maxTokens;
    if (request.signal) options.abortSignal = request.signal;
    if (request.schema) {
      options.responseFormat = { type: 'json', schema: jsonSchemaOf(request.schema), ...(request.schemaName ? { name: request.schemaName } : {}) };
    }
    if (request.tools?.length) {
      try {
        options.tools = toLanguageModelTools(request.tools, this.features);
      } catch (error) {
        if (!(error instanceof UnsupportedToolError)) throw error;
        throw new AiSdkModelError('MODEL_UNSUPPORTED_REQUEST', error.message, { provider: this.provider, model: this.modelId, cause: error });
      }
      if (request.toolChoice) options.toolChoice = toLanguageModelToolChoice(request.toolChoice);
    }
    const providerOptions: SharedV3ProviderOptions = { ...this.#options.providerOptions };
    if (request.parallelToolCalls !== undefined && request.tools?.length) {
      providerOptions.openai = { ...providerOptions.openai, parallelToolCalls: request.parallelToolCalls };
      providerOptions.anthropic = { ...providerOptions.anthropic, disableParallelToolUse: !request.parallelToolCalls };
    }
    if (Object.keys(providerOptions).length > 0) options.providerOptions = providerOptions;
    return options;
  }

  async #generate(options: LanguageModelV3CallOptions): Promise<AssembledStream> {
    const result = await this.#model.doGenerate(options);
    const out: AssembledStream = { text: '', toolCalls: [], finishReason: result.finishReason, usage: result.usage, modelId: result.response?.modelId };
    for (const part of result.content) {
      if (part.type === 'text') out.text += part.text;
      else if (part.type === 'tool-call' && !part.providerExecuted) out.toolCalls.push({ toolCallId: part.toolCallId, toolName: part.toolName, input: part.input });
    }
    return out;
  }

  async #stream(options: LanguageModelV3CallOptions, onDelta: (delta: string) => void): Promise<AssembledStream> {
    const { stream } = await this.#model.doStream(options);
    return assembleStream(stream, onDelta);
  }

  #response<T>(request: ChatRequest<T>, reply: AssembledStream, attempts: number, latencyMs: number): ChatResponse<T> {
    const usage = usageFrom(reply.usage);
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
    const finishReason = finishReasonFrom(reply.finishReason);
    if (finishReason) response.finishReason = finishReason;
    if (finishReason === 'refusal') response.refusal = reply.text || 'The model declined to answer.';
    if (toolCalls.length > 0) response.toolCalls = toolCalls;
    if (request.schema && toolCalls.length === 0 && finishReason !== 'refusal') {
      const parsed = parseStructuredReply(reply.text, request.schema);
      if (!parsed.success) {
        throw new AiSdkModelError('MODEL_REPLY_INVALID', `The ${this.provider} model ${this.modelId} replied with JSON that does not match the schema: ${parsed.issues.join('; ')}`, {
          provider: this.provider,
          model: this.modelId,
          attempts,
          cause: parsed.error,
          details: { content: reply.text, issues: parsed.issues, usage },
        });
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
    return (fresh * price.inputPerMillion + cached * (price.cachedInputPerMillion ?? price.inputPerMillion) + usage.outputTokens * price.outputPerMillion) / 1_000_000;
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
