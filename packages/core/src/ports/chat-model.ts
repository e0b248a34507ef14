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
export const ContentPartSchema = z.discriminatedUnion('type', [TextPartSchema, ImagePartSchema]);
export type TextPart = z.infer<typeof TextPartSchema>;
export type ImagePart = z.infer<typeof ImagePartSchema>;
export type ContentPart = z.infer<typeof ContentPartSchema>;

export const ChatRoleSchema = z.enum(['system', 'user', 'assistant']);
export type ChatRole = z.infer<typeof ChatRoleSchema>;

/** One chat message. `content` is a string or a list of text and image parts. */
export const ChatMessageSchema = z.object({
  role: ChatRoleSchema,
  content: z.union([z.string(), z.array(ContentPartSchema)]),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

/** Token usage of one completion. */
export const UsageSchema = z.object({
  inputTokens: z.number().int().nonnegative(),
  outputTokens: z.number().int().nonnegative(),
  /** Input tokens served from the provider's prompt cache, when reported. */
  cachedInputTokens: z.number().int().nonnegative().optional(),
});
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
  /** Runs one completion. Rejects with a `UfoError` (`MODEL_CALL_FAILED`, `MODEL_REPLY_INVALID`, ...) on failure. */
  complete<T = unknown>(request: ChatRequest<T>): Promise<ChatResponse<T>>;
}
