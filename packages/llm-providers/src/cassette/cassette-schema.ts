import { z } from 'zod';
import { ChatRoleSchema, FinishReasonSchema, TextPartSchema, ToolCallSchema, ToolChoiceSchema, ToolDefinitionSchema, UsageSchema } from '@ufo-ts/core';

/** An image in a recorded request: its hash and size stand in for the data. */
export const CassetteImageRefSchema = z.object({
  type: z.literal('image'),
  /** sha256 (hex) of the image bytes (of the URL text for remote images). */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** Size of the image in bytes (0 for remote URLs). */
  bytes: z.number().int().nonnegative(),
  mediaType: z.string(),
  /** The URL, for remote images. */
  url: z.string().optional(),
  label: z.string().optional(),
});
/** The data {@link CassetteImageRefSchema} validates. */
export type CassetteImageRef = z.infer<typeof CassetteImageRefSchema>;

/** A recorded message: text as is, images replaced by {@link CassetteImageRefSchema}. */
export const CassetteMessageSchema = z.object({
  role: ChatRoleSchema,
  content: z.union([z.string(), z.array(z.discriminatedUnion('type', [TextPartSchema, CassetteImageRefSchema]))]),
  /** On assistant messages: the tool calls the model made. */
  toolCalls: z.array(ToolCallSchema).optional(),
  /** On tool messages: the call answered. */
  toolCallId: z.string().optional(),
  /** On tool messages: the call failed. */
  isError: z.boolean().optional(),
});
/** The data {@link CassetteMessageSchema} validates. */
export type CassetteMessage = z.infer<typeof CassetteMessageSchema>;

/** The canonical form of a request, hashed into the cassette key. */
export const CassetteRequestSchema = z.object({
  messages: z.array(CassetteMessageSchema),
  schemaName: z.string().optional(),
  model: z.string(),
  /** The tools offered (part of the key: the same messages with other tools are another request). */
  tools: z.array(ToolDefinitionSchema).optional(),
  toolChoice: ToolChoiceSchema.optional(),
  parallelToolCalls: z.boolean().optional(),
});
/** The data {@link CassetteRequestSchema} validates. */
export type CassetteRequest = z.infer<typeof CassetteRequestSchema>;

/** A recorded reply. */
export const CassetteResponseSchema = z.object({
  content: z.string(),
  usage: UsageSchema,
  /** USD, or null when the price was unknown. */
  cost: z.number().nonnegative().nullable(),
  model: z.string(),
  provider: z.string(),
  /** The tool calls of the reply, in order. */
  toolCalls: z.array(ToolCallSchema).optional(),
  finishReason: FinishReasonSchema.optional(),
  refusal: z.string().optional(),
});
/** The data {@link CassetteResponseSchema} validates. */
export type CassetteResponse = z.infer<typeof CassetteResponseSchema>;

/** A line written by `RecordingModel`. */
export const RecordedCassetteLineSchema = z.object({
  /** sha256 (hex) of the canonical request. */
  key: z.string().regex(/^[0-9a-f]{64}$/),
  request: CassetteRequestSchema,
  response: CassetteResponseSchema,
  /** What the recorded model could do (its `features`), so a replay offers the same (native tools or text). */
  features: z
    .object({
      toolCalls: z.boolean(),
      parallelToolCalls: z.boolean(),
      strictSchema: z.boolean(),
      computerTool: z.enum(['anthropic', 'openai']).optional(),
    })
    .optional(),
});
/** The data {@link RecordedCassetteLineSchema} validates. */
export type RecordedCassetteLine = z.infer<typeof RecordedCassetteLineSchema>;

/** A provider's real response body, for hand-written cassettes. */
export const WireReplySchema = z.object({
  /** `openai` (a Chat Completions or Responses body) or `anthropic` (a Messages body). */
  provider: z.enum(['openai', 'anthropic']),
  /** The JSON body exactly as the provider returns it. */
  body: z.unknown(),
});
/** The data {@link WireReplySchema} validates. */
export type WireReply = z.infer<typeof WireReplySchema>;

/** A hand-written line: a provider wire body, matched by key when given, else by order. */
export const WireCassetteLineSchema = z.object({
  key: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
  /** Optional documentation of the request this line answers (not used for matching). */
  request: CassetteRequestSchema.partial().optional(),
  wire: WireReplySchema,
});
/** The data {@link WireCassetteLineSchema} validates. */
export type WireCassetteLine = z.infer<typeof WireCassetteLineSchema>;

/** One line of a JSONL cassette: recorded or hand-written in a provider's wire format. */
export const CassetteLineSchema = z.union([RecordedCassetteLineSchema, WireCassetteLineSchema]);
/** The data {@link CassetteLineSchema} validates. */
export type CassetteLine = z.infer<typeof CassetteLineSchema>;
