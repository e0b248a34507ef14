import { z } from 'zod';

/** A piece of text in a chat message. */
export const TextPartSchema = z.object({ type: z.literal('text'), text: z.string() });
/** An image in a chat message: base64 data (no data-URL prefix) and its media type, or a URL. */
export const ImagePartSchema = z.object({
  type: z.literal('image'),
  /** Base64 data, or a `data:` / `https:` URL. */
  image: z.string(),
  mediaType: z.string().default('image/png'),
  /** Optional caption placed before the image by providers that support it. */
  label: z.string().optional(),
});
/** One part of a message's content: text or an image, told apart by `type`. */
export const ContentPartSchema = z.discriminatedUnion('type', [TextPartSchema, ImagePartSchema]);
/** The data {@link TextPartSchema} validates. */
export type TextPart = z.infer<typeof TextPartSchema>;
/** The data {@link ImagePartSchema} validates. */
export type ImagePart = z.infer<typeof ImagePartSchema>;
/** The data {@link ContentPartSchema} validates. */
export type ContentPart = z.infer<typeof ContentPartSchema>;

/** `tool` messages carry the result of one tool call back to the model. */
export const ChatRoleSchema = z.enum(['system', 'user', 'assistant', 'tool']);
/** The data {@link ChatRoleSchema} validates. */
export type ChatRole = z.infer<typeof ChatRoleSchema>;

/**
 * A tool the model may call: a function whose arguments follow a JSON Schema, or the provider's own computer-use
 * tool (Anthropic's `computer`, OpenAI's `computer_use_preview`), which takes screenshots and returns pointer and
 * keyboard actions.
 *
 * @example
 * ```ts
 * const tool: ToolDefinition = {
 *   type: 'function',
 *   name: 'click_input',
 *   description: 'Click a control by id.',
 *   inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
 * };
 * ```
 */
export const FunctionToolSchema = z.object({
  type: z.literal('function'),
  /** Tool name as the model sees it (letters, digits, `_` and `-`, at most 64 characters). */
  name: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  description: z.string().optional(),
  /** JSON Schema of the arguments object. */
  inputSchema: z.record(z.string(), z.unknown()),
  /** Asks the provider to constrain the arguments to the schema exactly (OpenAI `strict: true`), when it can. */
  strict: z.boolean().optional(),
});
/** The provider's computer-use tool; screenshots are scaled to the display size and coordinates scaled back. */
export const ComputerToolSchema = z.object({
  type: z.literal('computer'),
  /** Width of the screen as the model sees it, in pixels. */
  displayWidth: z.number().int().positive(),
  /** Height of the screen as the model sees it, in pixels. */
  displayHeight: z.number().int().positive(),
  /** The kind of machine behind the screen (OpenAI's `environment`; default `linux`). */
  environment: z.enum(['linux', 'windows', 'mac', 'browser']).optional(),
});
/** A tool offered to the model: a function tool or the provider's computer-use tool, told apart by `type`. */
export const ToolDefinitionSchema = z.discriminatedUnion('type', [FunctionToolSchema, ComputerToolSchema]);
/** The data {@link FunctionToolSchema} validates. */
export type FunctionTool = z.infer<typeof FunctionToolSchema>;
/** The data {@link ComputerToolSchema} validates. */
export type ComputerTool = z.infer<typeof ComputerToolSchema>;
/** The data {@link ToolDefinitionSchema} validates. */
export type ToolDefinition = z.infer<typeof ToolDefinitionSchema>;

/**
 * One tool call made by the model. For a function tool, `arguments` are the parsed arguments; for the computer
 * tool (`type: 'computer'`), `arguments` is the provider's action object as it sent it (Anthropic's
 * `{ action: 'left_click', coordinate: [x, y] }`, OpenAI's `{ type: 'click', x, y, button }`).
 */
export const ToolCallSchema = z.object({
  /** The provider's call id; the tool result refers to it. */
  id: z.string().min(1),
  /** `function` or `computer`. */
  type: z.enum(['function', 'computer']),
  /** Function name (`computer` for the computer tool). */
  name: z.string(),
  arguments: z.record(z.string(), z.unknown()),
  /** Provider-specific fields that must be echoed back with the result (OpenAI's pending safety checks). */
  providerData: z.record(z.string(), z.unknown()).optional(),
});
/** The data {@link ToolCallSchema} validates. */
export type ToolCall = z.infer<typeof ToolCallSchema>;

/**
 * Where a reply came from when the session replays a cached run: `hit` (a cached step, sent without the model),
 * `healed` (the model, asked because the cached step could not be taken; `reason` says why) or `miss` (the model,
 * with no cached step to follow). Written with the step in `response.log` (`cache`) and the `step-end` event.
 */
export const ReplyCacheSchema = z.object({
  outcome: z.enum(['hit', 'healed', 'miss']),
  /** The cached run's step (0-based) the reply sent (its first, when it sent several), or stood in for. */
  step: z.number().int().nonnegative().optional(),
  /** How many cached steps the reply sent, from `step` on (default 1). */
  count: z.number().int().positive().optional(),
  /** Why the model was asked (`TARGET_NOT_FOUND`, `EFFECT_NOT_SEEN`, ...). */
  reason: z.string().optional(),
});
/** Where a reply came from (see {@link ReplyCacheSchema}). */
export type ReplyCache = z.infer<typeof ReplyCacheSchema>;

/** Which tools the model may or must call: any (`auto`), at least one (`required`), none, or one by name. */
export const ToolChoiceSchema = z.union([z.enum(['auto', 'required', 'none']), z.object({ name: z.string() })]);
/** The data {@link ToolChoiceSchema} validates. */
export type ToolChoice = z.infer<typeof ToolChoiceSchema>;

/**
 * One chat message. `content` is a string or a list of text and image parts. An assistant message may carry the
 * `toolCalls` the model made; a `tool` message answers one of them by `toolCallId` (its content may hold a
 * screenshot, as computer-use tools expect).
 */
export const ChatMessageSchema = z.object({
  role: ChatRoleSchema,
  content: z.union([z.string(), z.array(ContentPartSchema)]),
  /** On assistant messages: the tool calls the model made, in order. */
  toolCalls: z.array(ToolCallSchema).optional(),
  /** On tool messages: the id of the call this message answers. */
  toolCallId: z.string().optional(),
  /** On tool messages: the call failed and `content` says why. */
  isError: z.boolean().optional(),
});
/** The data {@link ChatMessageSchema} validates. */
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

/** Why the model stopped: a full answer, a length limit, tool calls to run, a content filter, or a refusal. */
export const FinishReasonSchema = z.enum(['stop', 'length', 'tool-calls', 'content-filter', 'refusal', 'other']);
/** The data {@link FinishReasonSchema} validates. */
export type FinishReason = z.infer<typeof FinishReasonSchema>;

/**
 * What a model can do, as far as the engine needs to choose how to ask. Adapters fill it from the provider's
 * capability table; strategies use it to pick native tool calls or JSON text.
 */
export interface ModelFeatures {
  /** Native function calling. */
  toolCalls: boolean;
  /** Several tool calls in one reply. */
  parallelToolCalls: boolean;
  /** Output constrained to a JSON schema by the provider (OpenAI `json_schema` strict, Anthropic structured outputs). */
  strictSchema: boolean;
  /** The provider's own computer-use tool, when it has one. */
  computerTool?: 'anthropic' | 'openai';
}

/** Token usage of one completion. */
export const UsageSchema = z.object({
  inputTokens: z.number().int().nonnegative(),
  outputTokens: z.number().int().nonnegative(),
  /** Input tokens served from the provider's prompt cache, when reported. */
  cachedInputTokens: z.number().int().nonnegative().optional(),
});
/** The data {@link UsageSchema} validates. */
export type Usage = z.infer<typeof UsageSchema>;

/** A request to a {@link ChatModel}. */
export interface ChatRequest<T = unknown> {
  messages: ChatMessage[];
  /**
   * When set, the model must reply with JSON matching this schema; the reply is parsed (tolerantly) and
   * validated, and `parsed` holds the typed value.
   */
  schema?: z.ZodType<T>;
  /** A name for the schema (used by providers' JSON-schema response formats). */
  schemaName?: string;
  temperature?: number;
  maxTokens?: number;
  /** Cancels the request (and its HTTP call). */
  signal?: AbortSignal;
  /** Called with each text delta when the provider streams. The final response is the same as without it. */
  onDelta?: (delta: string) => void;
  /** Free-form tags recorded with the call (agent name, step). */
  metadata?: Record<string, string | number | boolean>;
  /** Tools the model may call; their calls come back in {@link ChatResponse.toolCalls}. */
  tools?: ToolDefinition[];
  /** Which tools the model may or must call (default `auto`). */
  toolChoice?: ToolChoice;
  /** Allow several tool calls in one reply (default: the provider's default). */
  parallelToolCalls?: boolean;
}

/** What a {@link ChatModel} returns. */
export interface ChatResponse<T = unknown> {
  /** The reply text. */
  content: string;
  /** The parsed and validated reply, when the request had a `schema`. */
  parsed?: T;
  usage: Usage;
  /** Cost in USD, or `null` when the model's price is unknown (never a silent 0). */
  cost: number | null;
  /** Wall time of the call in milliseconds, including retries. */
  latencyMs: number;
  /** Which model answered (relevant with fallback chains). */
  model: string;
  /** Provider id, e.g. `openai`, `anthropic`, `scripted`. */
  provider: string;
  /** Provider-specific extra information (fallback trail, attempts). */
  providerMetadata?: Record<string, unknown>;
  /** The tool calls the model made, in order, when the request had `tools`. */
  toolCalls?: ToolCall[];
  /** Why the model stopped, when the provider says. */
  finishReason?: FinishReason;
  /**
   * The model's refusal text, when it declined to answer (OpenAI's `refusal`, Anthropic's `stop_reason: "refusal"`).
   * Such a reply is not an answer: the engine ends the step with `MODEL_REFUSED` and does not ask again.
   */
  refusal?: string;
  /** Set by an action cache's model: whether this reply is a cached step, or the model standing in for one. */
  cache?: ReplyCache;
}

/**
 * The port through which the engine thinks. Adapters live in `@ufo-ts/llm-providers`; tests use
 * `ScriptedModel` from `@ufo-ts/core/testing`.
 */
export interface ChatModel {
  /** Provider id, e.g. `openai`. */
  readonly provider: string;
  /** Model id, e.g. `gpt-4o`. */
  readonly modelId: string;
  /** What the model can do; absent means text only (no native tools, no strict schema). */
  readonly features?: ModelFeatures;
  /**
   * Runs one completion. Rejects with a `UfoError` (`MODEL_CALL_FAILED`, `MODEL_REPLY_INVALID`, ...) on failure. A
   * refusal either rejects with code `MODEL_REFUSED` or resolves with {@link ChatResponse.refusal} set (or
   * `finishReason: 'refusal'`), never with a parsed value.
   */
  complete<T = unknown>(request: ChatRequest<T>): Promise<ChatResponse<T>>;
}
