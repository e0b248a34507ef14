import { parseStructuredReply } from '@ufo-ts/core';
import type { ChatModel, ChatRequest, ChatResponse, ModelFeatures, ToolCall, ToolDefinition, Usage } from '@ufo-ts/core';
import type { z } from 'zod';
import { modelFeatures, type ImagePolicy, type ModelCapabilities } from './capabilities.js';
import { ModelRefusalError, ModelReplyInvalidError, type ReplyAttempt } from './errors.js';
import { addUsage, computeCost, lookupPrice, type ModelPrice, type PriceTable, zeroUsage } from './prices.js';
import type { ProviderReply, ProviderTransport } from './provider-transport.js';
import { refusalText } from './refusal-text.js';
import { prepareMessages } from './request-preparation.js';
import { withRetry, type RetryEvent, type RetryOptions } from './retry.js';
import { jsonInstruction, reaskText, responseFormatName, type ResponseFormat, toJsonSchema, toolReaskText } from './structured-output.js';
import { withSystemText } from './message-content.js';
import { toFinishReason } from './tools/finish-reason.js';
import { dropNullOptionals, toStrictJsonSchema } from './tools/strict-schema.js';
import { checkToolRequest } from './tools/tool-request-check.js';

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
  readonly features: ModelFeatures;
  private readonly jsonSchemas = new WeakMap<object, SchemaForms | null>();
  private readonly strictToolSchemas = new WeakMap<object, Record<string, unknown> | null>();

  constructor(options: ProviderModelOptions) {
    this.options = options;
    this.provider = options.provider;
    this.modelId = options.modelId;
    this.capabilities = options.capabilities;
    this.features = modelFeatures(options.capabilities);
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
    const hasTools = (request.tools?.length ?? 0) > 0;
    if (hasTools || request.messages.some((m) => m.role === 'tool' || m.toolCalls)) {
      checkToolRequest(request, this.capabilities, label);
    }
    let messages = prepared.messages;
    let responseFormat: ResponseFormat | undefined;
    let strictOriginal: Record<string, unknown> | undefined;
    if (request.schema) {
      const forms = this.jsonSchemaOf(request.schema);
      const jsonSchema = forms?.plain;
      if (this.capabilities.jsonSchema && jsonSchema) {
        const name = responseFormatName(request.schemaName);
        if (this.capabilities.strictSchema && forms.strict) {
          responseFormat = { type: 'json_schema', name, schema: forms.strict, strict: true };
          strictOriginal = jsonSchema;
        } else {
          responseFormat = { type: 'json_schema', name, schema: jsonSchema, strict: false };
        }
      } else {
        messages = withSystemText(messages, jsonInstruction(jsonSchema));
        if (this.capabilities.jsonMode) responseFormat = { type: 'json_object' };
      }
    }
    const strictTools = hasTools ? this.strictToolsOf(request.tools!) : undefined;
    const parallelToolCalls = hasTools && request.parallelToolCalls !== undefined && this.capabilities.parallelTools ? request.parallelToolCalls : undefined;
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
            ...(strictTools ? { tools: strictTools.tools } : {}),
            ...(hasTools && request.toolChoice !== undefined ? { toolChoice: request.toolChoice } : {}),
            ...(parallelToolCalls === undefined ? {} : { parallelToolCalls }),
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
      // A call naming a tool that was not offered is passed on: the caller's dispatcher answers it (TOOL_UNKNOWN).
      const invalidCalls = reply.invalidToolCalls ?? [];
      if (hasTools && invalidCalls.length > 0) {
        const issues = invalidCalls.map((call) => `${call.name}: ${call.issue}`);
        const text = reply.content || invalidCalls.map((call) => `${call.name}(${call.raw})`).join('\n');
        rejected.push({ content: text, issues });
        this.throwWhenOutOfRounds(round, rejected, issues, usage, label);
        messages = [...messages, { role: 'assistant', content: text }, { role: 'user', content: toolReaskText(invalidCalls) }];
        continue;
      }
      const refusal = refusalText(reply);
      if (request.schema && refusal !== undefined) {
        rejected.push({ content: reply.content, issues: [`refused: ${refusal}`] });
        throw new ModelRefusalError(`${this.provider}/${this.modelId} refused to answer in the schema: ${refusal}`, {
          ...label,
          refusal,
          attempts: rejected,
          usage,
          cost: computeCost(usage, this.price),
        });
      }
      if (strictTools?.originals.size && reply.toolCalls) reply.toolCalls = restoreStrictArguments(reply.toolCalls, strictTools.originals);
      if (!request.schema || (reply.toolCalls?.length && !reply.content.trim())) {
        return this.response(reply, usage, started, trail);
      }
      const parsed = strictOriginal ? parseStrictReply(reply.content, request.schema, strictOriginal) : parseStructuredReply(reply.content, request.schema);
      if (parsed.success) {
        const response = this.response<T>(reply, usage, started, { ...trail, structured: true });
        response.parsed = parsed.value;
        return response;
      }
      rejected.push({ content: reply.content, issues: parsed.issues });
      this.throwWhenOutOfRounds(round, rejected, parsed.issues, usage, label, parsed.error);
      messages = [...messages, { role: 'assistant', content: reply.content }, { role: 'user', content: reaskText(parsed.issues) }];
    }
  }

  private throwWhenOutOfRounds(
    round: number,
    rejected: ReplyAttempt[],
    issues: string[],
    usage: Usage,
    label: { provider: string; model: string },
    cause?: unknown,
  ): void {
    if (round < this.options.structuredOutputRetries) return;
    throw new ModelReplyInvalidError(`${this.provider}/${this.modelId} did not produce a valid reply in ${rejected.length} attempt(s): ` + issues.join('; '), {
      ...label,
      attempts: rejected,
      usage,
      cost: computeCost(usage, this.price),
      cause,
    });
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
    if (trail.structured || trail.rejected.length > 0) {
      metadata.structuredAttempts = trail.rejected.length + 1;
      metadata.rejectedReplies = trail.rejected;
    }
    if (reply.responseModel) metadata.responseModel = reply.responseModel;
    if (reply.finishReason) metadata.finishReason = reply.finishReason;
    const response: ChatResponse<T> = {
      content: reply.content,
      usage,
      cost: computeCost(usage, this.price),
      latencyMs: performance.now() - started,
      model: this.modelId,
      provider: this.provider,
      providerMetadata: metadata as unknown as Record<string, unknown>,
    };
    if (reply.toolCalls?.length) response.toolCalls = reply.toolCalls;
    const finishReason = toFinishReason(reply.finishReason, reply.toolCalls?.length ?? 0);
    if (finishReason) response.finishReason = reply.refusal ? 'refusal' : finishReason;
    if (reply.refusal) response.refusal = reply.refusal;
    return response;
  }

  /**
   * Function tools marked `strict` go out in strict form on models that have strict schemas (optional arguments
   * nullable, their `null`s dropped again from the calls); a schema strict mode cannot express, or a model without
   * strict schemas, gets `strict: false`.
   */
  private strictToolsOf(tools: ToolDefinition[]): { tools: ToolDefinition[]; originals: Map<string, Record<string, unknown>> } {
    const originals = new Map<string, Record<string, unknown>>();
    if (!tools.some((tool) => tool.type === 'function' && tool.strict)) return { tools, originals };
    const out = tools.map((tool): ToolDefinition => {
      if (tool.type !== 'function' || !tool.strict) return tool;
      let strict = this.strictToolSchemas.get(tool.inputSchema);
      if (strict === undefined) {
        strict = (this.capabilities.strictSchema ? toStrictJsonSchema(tool.inputSchema) : undefined) ?? null;
        this.strictToolSchemas.set(tool.inputSchema, strict);
      }
      if (!strict) return { ...tool, strict: false };
      originals.set(tool.name, tool.inputSchema);
      return { ...tool, inputSchema: strict, strict: true };
    });
    return { tools: out, originals };
  }

  private jsonSchemaOf(schema: z.ZodType): SchemaForms | undefined {
    let cached = this.jsonSchemas.get(schema);
    if (cached === undefined) {
      const plain = toJsonSchema(schema);
      cached = plain ? { plain, strict: this.capabilities.strictSchema ? toStrictJsonSchema(plain) : undefined } : null;
      this.jsonSchemas.set(schema, cached);
    }
    return cached ?? undefined;
  }
}

/** Drops the `null`s a strict tool's call wrote for optional arguments, so they read as the tool's own schema says. */
function restoreStrictArguments(calls: ToolCall[], originals: Map<string, Record<string, unknown>>): ToolCall[] {
  return calls.map((call) => {
    const original = call.type === 'function' ? originals.get(call.name) : undefined;
    return original ? { ...call, arguments: dropNullOptionals(call.arguments, original) as Record<string, unknown> } : call;
  });
}

/** A zod schema's JSON Schema as written, and in OpenAI's strict form when it has one. */
interface SchemaForms {
  plain: Record<string, unknown>;
  strict: Record<string, unknown> | undefined;
}

/**
 * Parses a strict-mode reply: plain JSON whose `null`s for optional properties are dropped before validation
 * against the zod schema; anything else goes through the tolerant parser (which also reports the issues).
 */
function parseStrictReply<T>(content: string, schema: z.ZodType<T>, original: Record<string, unknown>) {
  try {
    const result = schema.safeParse(dropNullOptionals(JSON.parse(content), original));
    if (result.success) return { success: true as const, value: result.data };
  } catch {
    // Not plain JSON: the tolerant parser below reports why.
  }
  return parseStructuredReply(content, schema);
}
