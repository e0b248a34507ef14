import { parseStructuredReply } from '@ufo-ts/core';
import type { ChatModel, ChatRequest, ChatResponse, Usage } from '@ufo-ts/core';
import type { z } from 'zod';
import type { ImagePolicy, ModelCapabilities } from './capabilities.js';
import { ModelReplyInvalidError, type ReplyAttempt } from './errors.js';
import { addUsage, computeCost, lookupPrice, type ModelPrice, type PriceTable, zeroUsage } from './prices.js';
import type { ProviderReply, ProviderTransport } from './provider-transport.js';
import { prepareMessages } from './request-preparation.js';
import { withRetry, type RetryEvent, type RetryOptions } from './retry.js';
import {
  jsonInstruction,
  reaskText,
  responseFormatName,
  type ResponseFormat,
  toJsonSchema,
} from './structured-output.js';
import { withSystemText } from './message-content.js';

/** Settings every provider model shares. */
export interface ProviderModelOptions {
  /** Provider id reported in responses and used for price lookup (`openai`, `anthropic`, `ollama`...). */
  provider: string;
  /** Model id reported in responses. */
  modelId: string;
  /** Model id used for price lookup (Azure: the underlying model, not the deployment). Default `modelId`. */
  priceModelId?: string;
  capabilities: ModelCapabilities;
  transport: ProviderTransport;
  /** Price table (already merged with overrides). */
  prices: PriceTable;
  imagePolicy: ImagePolicy;
  retry: RetryOptions;
  /** Time limit of each HTTP attempt, in ms. */
  timeoutMs: number;
  /** Re-asks after a reply fails schema validation. */
  structuredOutputRetries: number;
  /** Receives warnings (dropped images); they are also listed in `providerMetadata.warnings`. */
  onWarning?: (message: string) => void;
  /** Temperature used when the request has none (not sent to reasoning models). */
  temperature?: number;
  /** Max output tokens used when the request has none. */
  maxTokens?: number;
}

/** A {@link ChatModel} that also tells what it can take. */
export interface ProviderChatModel extends ChatModel {
  readonly capabilities: ModelCapabilities;
}

/** What `providerMetadata` holds on responses of provider models. */
export interface ProviderMetadata {
  /** HTTP attempts across all structured-output rounds. */
  attempts: number;
  /** Each retry taken, with its reason and wait. */
  retries: Array<{ attempt: number; delayMs: number; kind: string; status?: number }>;
  /** Replies requested (1 + re-asks) when the request had a schema. */
  structuredAttempts?: number;
  /** The rejected replies before the accepted one. */
  rejectedReplies?: ReplyAttempt[];
  responseModel?: string;
  finishReason?: string;
  usageReported: boolean;
  warnings: string[];
}

/**
 * The behaviour every provider gets, around one {@link ProviderTransport}: capability checks, structured output
 * with re-asks, retries with backoff, per-attempt timeouts, cancellation, usage and cost.
 */
export class ProviderModel implements ProviderChatModel {
  readonly provider: string;
  readonly modelId: string;
  readonly capabilities: ModelCapabilities;
  private readonly options: ProviderModelOptions;
  private readonly price: ModelPrice | undefined;
  private readonly jsonSchemas = new WeakMap<object, Record<string, unknown> | null>();

  constructor(options: ProviderModelOptions) {
    this.options = options;
    this.provider = options.provider;
    this.modelId = options.modelId;
    this.capabilities = options.capabilities;
    this.price = lookupPrice(options.prices, options.provider, options.priceModelId ?? options.modelId);
  }

  async complete<T = unknown>(request: ChatRequest<T>): Promise<ChatResponse<T>> {
    const started = performance.now();
    const { options } = this;
    const label = { provider: this.provider, model: this.modelId };
    const prepared = prepareMessages(request.messages, {
      ...label,
      capabilities: this.capabilities,
      imagePolicy: options.imagePolicy,
    });
    for (const warning of prepared.warnings) options.onWarning?.(warning);
    let messages = prepared.messages;
    let responseFormat: ResponseFormat | undefined;
    if (request.schema) {
      const jsonSchema = this.jsonSchemaOf(request.schema);
      if (this.capabilities.jsonSchema && jsonSchema) {
        responseFormat = { type: 'json_schema', name: responseFormatName(request.schemaName), schema: jsonSchema };
      } else {
        messages = withSystemText(messages, jsonInstruction(jsonSchema));
        if (this.capabilities.jsonMode) responseFormat = { type: 'json_object' };
      }
    }
    const temperature = this.capabilities.reasoning ? undefined : (request.temperature ?? options.temperature);
    const maxTokens = request.maxTokens ?? options.maxTokens;
    let usage: Usage = zeroUsage();
    let attempts = 0;
    const retries: RetryEvent[] = [];
    const rejected: ReplyAttempt[] = [];
    for (let round = 0; ; round += 1) {
      let streamed = false;
      const userDelta = request.onDelta;
      const onDelta = userDelta
        ? (delta: string): void => {
            streamed = true;
            userDelta(delta);
          }
        : undefined;
      const result = await withRetry(
        ({ signal }) =>
          options.transport.send({
            messages,
            ...(responseFormat ? { responseFormat } : {}),
            ...(temperature === undefined ? {} : { temperature }),
            ...(maxTokens === undefined ? {} : { maxTokens }),
            signal,
            timeoutMs: options.timeoutMs,
            ...(onDelta ? { onDelta } : {}),
          }),
        {
          ...options.retry,
          ...(request.signal ? { signal: request.signal } : {}),
          timeoutMs: options.timeoutMs,
          canRetry: () => !streamed,
          label,
        },
      );
      attempts += result.attempts;
      retries.push(...result.retries);
      const reply = result.value;
      usage = addUsage(usage, reply.usage);
      const trail = { attempts, retries, rejected, warnings: prepared.warnings };
      if (!request.schema) return this.response(reply, usage, started, trail);
      const parsed = parseStructuredReply(reply.content, request.schema);
      if (parsed.success) {
        const response = this.response<T>(reply, usage, started, { ...trail, structured: true });
        response.parsed = parsed.value;
        return response;
      }
      rejected.push({ content: reply.content, issues: parsed.issues });
      if (round >= options.structuredOutputRetries) {
        throw new ModelReplyInvalidError(
          `${this.provider}/${this.modelId} did not produce a valid reply in ${rejected.length} attempt(s): ` +
            parsed.issues.join('; '),
          { ...label, attempts: rejected, usage, cost: computeCost(usage, this.price), cause: parsed.error },
        );
      }
      messages = [
        ...messages,
        { role: 'assistant', content: reply.content },
        { role: 'user', content: reaskText(parsed.issues) },
      ];
    }
  }

  private response<T>(
    reply: ProviderReply,
    usage: Usage,
    started: number,
    trail: { attempts: number; retries: RetryEvent[]; rejected: ReplyAttempt[]; warnings: string[]; structured?: boolean },
  ): ChatResponse<T> {
    const metadata: ProviderMetadata = {
      attempts: trail.attempts,
      retries: trail.retries.map((retry) => ({
        attempt: retry.attempt,
        delayMs: retry.delayMs,
        kind: retry.failure.kind,
        ...(retry.failure.status === undefined ? {} : { status: retry.failure.status }),
      })),
      usageReported: reply.usageReported,
      warnings: trail.warnings,
    };
    if (trail.structured) {
      metadata.structuredAttempts = trail.rejected.length + 1;
      metadata.rejectedReplies = trail.rejected;
    }
    if (reply.responseModel) metadata.responseModel = reply.responseModel;
    if (reply.finishReason) metadata.finishReason = reply.finishReason;
    return {
      content: reply.content,
      usage,
      cost: computeCost(usage, this.price),
      latencyMs: performance.now() - started,
      model: this.modelId,
      provider: this.provider,
      providerMetadata: metadata as unknown as Record<string, unknown>,
    };
  }

  private jsonSchemaOf(schema: z.ZodType): Record<string, unknown> | undefined {
    let cached = this.jsonSchemas.get(schema);
    if (cached === undefined) {
      cached = toJsonSchema(schema) ?? null;
      this.jsonSchemas.set(schema, cached);
    }
    return cached ?? undefined;
  }
}
