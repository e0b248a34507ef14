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

/** What a script entry gives: a string is shorthand for `{ content }`, another object without `content` is JSON-encoded. */
export type ScriptedReplyInput = string | ScriptedReply | Record<string, unknown>;

/**
 * A script entry computed from the request it answers (its messages, tools, schema), for replies that depend on
 * what the engine sent: the id of a listed control, the size of the screenshot. `call` counts from 1.
 *
 * @example
 * ```ts
 * const echoStep: ScriptedResponder = (request, call) => ({ content: `call ${call} saw ${request.messages.length} messages` });
 * ```
 */
export type ScriptedResponder = (request: ChatRequest, call: number) => ScriptedReplyInput | Promise<ScriptedReplyInput>;

/** Options of {@link ScriptedModel}. */
export interface ScriptedModelOptions {
  /** Replies in order: fixed replies ({@link ScriptedReplyInput}) or responders computing one from the request. */
  replies: Array<ScriptedReplyInput | ScriptedResponder>;
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
 * A {@link ChatModel} that answers from a list, for tests and demos. Each entry is a fixed reply or a responder
 * that computes one from the request. Every request it receives is kept in `calls` as a frozen copy (what the engine
 * sent at that moment, safe from later mutation). When a request carries a schema the reply is parsed and validated
 * like a real provider would (a scripted refusal is returned as it is). {@link ScriptedModel.assertAllUsed} checks
 * that the script was played to its end.
 *
 * @example
 * ```ts
 * const model = new ScriptedModel({
 *   replies: [
 *     (request) => ({ content: `I see ${request.messages.length} messages` }),
 *     'done',
 *   ],
 * });
 * // … run the session …
 * model.assertAllUsed(); // throws MODEL_SCRIPT_UNUSED when a reply was never asked for
 * ```
 */
export class ScriptedModel implements ChatModel {
  readonly provider = 'scripted';
  readonly modelId: string;
  readonly features?: ModelFeatures;
  /** The requests received, in order: frozen copies of their messages, tools and metadata. */
  readonly calls: ChatRequest[] = [];
  private readonly replies: Array<ScriptedReplyInput | ScriptedResponder>;
  private readonly options: ScriptedModelOptions;

  constructor(options: ScriptedModelOptions) {
    this.options = options;
    this.modelId = options.modelId ?? 'scripted';
    if (options.features) this.features = options.features;
    this.replies = [...options.replies];
  }

  /** How many replies are left. */
  get remaining(): number {
    return this.replies.length - this.calls.length;
  }

  /**
   * Throws `MODEL_SCRIPT_UNUSED` when fewer calls were made than the script has replies (a test whose session
   * stopped early passes otherwise).
   */
  assertAllUsed(): void {
    if (this.remaining > 0) {
      throw new UfoError<UfoErrorCode>(
        'MODEL_SCRIPT_UNUSED',
        `ScriptedModel was called ${this.calls.length} times; ${this.remaining} of its ${this.replies.length} replies were never used`,
        {
          details: { calls: this.calls.length, replies: this.replies.length },
        },
      );
    }
  }

  async complete<T>(request: ChatRequest<T>): Promise<ChatResponse<T>> {
    const index = this.calls.length;
    const frozen = frozenRequest(request as ChatRequest);
    this.calls.push(frozen);
    if (request.signal?.aborted) throw request.signal.reason;
    const entry = this.replies[index];
    if (entry === undefined) {
      throw new UfoError<UfoErrorCode>('MODEL_SCRIPT_EXHAUSTED', `ScriptedModel has no reply for call #${index + 1}`);
    }
    const reply = toScriptedReply(typeof entry === 'function' ? await entry(frozen, index + 1) : entry);
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

/** A copy of the request whose data (messages, tools, metadata) is deeply frozen; signal, schema and callbacks kept. */
function frozenRequest(request: ChatRequest): ChatRequest {
  const copy: ChatRequest = { ...request, messages: deepFrozen(request.messages) };
  if (request.tools) copy.tools = deepFrozen(request.tools);
  if (request.metadata) copy.metadata = deepFrozen(request.metadata);
  return Object.freeze(copy);
}

function deepFrozen<V>(value: V): V {
  if (value === null || typeof value !== 'object') return value;
  const copy = (Array.isArray(value) ? value.map(deepFrozen) : Object.fromEntries(Object.entries(value).map(([k, v]) => [k, deepFrozen(v)]))) as V;
  return Object.freeze(copy);
}

function toScriptedReply(reply: ScriptedReplyInput): ScriptedReply {
  if (typeof reply === 'string') return { content: reply };
  if (typeof (reply as ScriptedReply).content === 'string') return reply as ScriptedReply;
  if (Array.isArray((reply as ScriptedReply).toolCalls)) return { ...(reply as Omit<ScriptedReply, 'content'>), content: '' } as ScriptedReply;
  return { content: JSON.stringify(reply) };
}
