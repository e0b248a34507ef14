import { UfoError, type UfoErrorCode } from '../errors.js';
import { parseStructuredReply } from '../json-reply.js';
import type { ChatModel, ChatRequest, ChatResponse, FinishReason, ModelFeatures, ToolCall, Usage } from '../ports/chat-model.js';

/**
 * One scripted reply: the text and/or tool calls, and optionally its usage and cost.
 *
 * @example
 * ```ts
 * const reply: ScriptedReply = { content: '', toolCalls: [{ id: 'call_1', type: 'function', name: 'click_input', arguments: { id: '12' } }] };
 * const refusal: ScriptedReply = { content: '', refusal: "I can't help with that." };
 * ```
 */
export interface ScriptedReply {
  /** The reply text (`''` for a reply that is only tool calls). */
  content: string;
  /** Tool calls the model makes in this reply; the finish reason is then `tool-calls`. */
  toolCalls?: ToolCall[];
  /** The finish reason reported (default `tool-calls` with tool calls, `refusal` with a refusal, else `stop`). */
  finishReason?: FinishReason;
  /**
   * The model declines to answer, with this text: the response carries it as `refusal` and is not parsed against
   * the request's schema, as a model that reports refusals rather than throwing does. A reply with finish reason
   * `refusal` is not parsed either.
   */
  refusal?: string;
  usage?: Usage;
  /** Cost in USD (default 0). */
  cost?: number | null;
  /** Throw this instead of answering. */
  error?: Error;
}

/** Options of {@link ScriptedModel}. */
export interface ScriptedModelOptions {
  /** Replies in order; a string is shorthand for `{ content }`, an object is JSON-encoded. */
  replies: Array<string | ScriptedReply | Record<string, unknown>>;
  /** Model id reported in responses (default `scripted`). */
  modelId?: string;
  /** Usage reported when a reply has none. */
  defaultUsage?: Usage;
  /** Cost reported when a reply has none (default 0). */
  defaultCost?: number;
  /** Features the model claims (default: text only), so strategies can choose native tool calls. */
  features?: ModelFeatures;
}

/**
 * A {@link ChatModel} that answers from a list, for tests and demos. Every request it receives is kept in
 * `calls`. When a request carries a schema the reply is parsed and validated like a real provider would (a scripted
 * refusal is returned as it is).
 */
export class ScriptedModel implements ChatModel {
  readonly provider = 'scripted';
  readonly modelId: string;
  readonly features?: ModelFeatures;
  /** The requests received, in order. */
  readonly calls: ChatRequest[] = [];
  private readonly replies: ScriptedReply[];
  private readonly options: ScriptedModelOptions;

  constructor(options: ScriptedModelOptions) {
    this.options = options;
    this.modelId = options.modelId ?? 'scripted';
    if (options.features) this.features = options.features;
    this.replies = options.replies.map(toScriptedReply);
  }

  /** How many replies are left. */
  get remaining(): number {
    return this.replies.length - this.calls.length;
  }

  async complete<T>(request: ChatRequest<T>): Promise<ChatResponse<T>> {
    const index = this.calls.length;
    this.calls.push(request as ChatRequest);
    if (request.signal?.aborted) throw request.signal.reason;
    const reply = this.replies[index];
    if (!reply) {
      throw new UfoError<UfoErrorCode>('MODEL_SCRIPT_EXHAUSTED', `ScriptedModel has no reply for call #${index + 1}`);
    }
    if (reply.error) throw reply.error;
    request.onDelta?.(reply.content);
    const response: ChatResponse<T> = {
      content: reply.content,
      usage: reply.usage ?? this.options.defaultUsage ?? { inputTokens: 0, outputTokens: 0 },
      cost: reply.cost === undefined ? (this.options.defaultCost ?? 0) : reply.cost,
      latencyMs: 0,
      model: this.modelId,
      provider: this.provider,
      finishReason: reply.finishReason ?? (reply.refusal !== undefined ? 'refusal' : reply.toolCalls?.length ? 'tool-calls' : 'stop'),
    };
    if (reply.toolCalls) response.toolCalls = reply.toolCalls;
    if (reply.refusal !== undefined) response.refusal = reply.refusal;
    const refused = reply.refusal !== undefined || response.finishReason === 'refusal';
    if (request.schema && !reply.toolCalls?.length && !refused) {
      const parsed = parseStructuredReply(reply.content, request.schema);
      if (!parsed.success) throw parsed.error;
      response.parsed = parsed.value;
    }
    return response;
  }
}

function toScriptedReply(reply: string | ScriptedReply | Record<string, unknown>): ScriptedReply {
  if (typeof reply === 'string') return { content: reply };
  if (typeof (reply as ScriptedReply).content === 'string') return reply as ScriptedReply;
  if (Array.isArray((reply as ScriptedReply).toolCalls)) return { ...(reply as Omit<ScriptedReply, 'content'>), content: '' } as ScriptedReply;
  return { content: JSON.stringify(reply) };
}
