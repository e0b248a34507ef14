import { z } from 'zod';
import type { ModelFeatures } from '@ufo-ts/core';

/**
 * What a model can take. Requests are checked against these before anything is sent, so a text-only model
 * never receives images and a server without array content never receives content arrays.
 */
export const ModelCapabilitiesSchema = z.object({
  /** Accepts images. */
  vision: z.boolean(),
  /** Supports a JSON-schema response format (OpenAI `json_schema`, Anthropic `output_config.format`). */
  jsonSchema: z.boolean(),
  /** Supports a plain JSON-object mode (OpenAI `response_format: json_object`). */
  jsonMode: z.boolean(),
  /** Accepts message content as an array of parts (older Ollama builds and some servers only take strings). */
  arrayContent: z.boolean(),
  /** Accepts a `system` role; when false, system text is prepended to the first user message. */
  systemRole: z.boolean(),
  /** Reasoning model: temperature and top_p are not sent. */
  reasoning: z.boolean(),
  /** Context window in tokens, when known; prompts clearly beyond it are refused before sending. */
  maxContextTokens: z.number().int().positive().optional(),
  /** Native function calling: requests may carry tools, replies carry tool calls. */
  tools: z.boolean(),
  /** Several tool calls in one reply (and the `parallel_tool_calls` switch). */
  parallelTools: z.boolean(),
  /** Output constrained exactly to a JSON schema (OpenAI `json_schema` with `strict: true`). */
  strictSchema: z.boolean(),
  /** The provider's own computer-use tool: Anthropic's `computer` or OpenAI's `computer_use_preview`; false without one. */
  computerTool: z.union([z.literal(false), z.enum(['anthropic', 'openai'])]),
  /** Streams replies (text deltas, tool-call deltas). */
  streaming: z.boolean(),
});
export type ModelCapabilities = z.infer<typeof ModelCapabilitiesSchema>;

/** Capability overrides in config: any subset. */
export const ModelCapabilitiesOverrideSchema = ModelCapabilitiesSchema.partial();
export type ModelCapabilitiesOverride = z.infer<typeof ModelCapabilitiesOverrideSchema>;

/** What to do with images sent to a model without vision: `error` (default) refuses the call, `drop` removes them with a warning. */
export const ImagePolicySchema = z.enum(['error', 'drop']);
export type ImagePolicy = z.infer<typeof ImagePolicySchema>;

const FULL: ModelCapabilities = {
  vision: true,
  jsonSchema: true,
  jsonMode: true,
  arrayContent: true,
  systemRole: true,
  reasoning: false,
  tools: true,
  parallelTools: true,
  strictSchema: false,
  computerTool: false,
  streaming: true,
};

/** Options of {@link openAICapabilities}. */
export interface OpenAICapabilitiesOptions {
  /** The API the model is called through (default `chat`); the computer-use tool exists only in the Responses API. */
  api?: 'chat' | 'responses';
}

/**
 * Capabilities of an OpenAI model id (also used for Azure deployments of that model).
 *
 * @example
 * ```ts
 * openAICapabilities('gpt-4o').strictSchema; // true
 * openAICapabilities('computer-use-preview', { api: 'responses' }).computerTool; // 'openai'
 * ```
 */
export function openAICapabilities(model: string, options: OpenAICapabilitiesOptions = {}): ModelCapabilities {
  const id = model.toLowerCase();
  const computerUse = id.startsWith('computer-use');
  const oSeries = /^o\d/.test(id);
  const reasoning = oSeries || computerUse || (/^gpt-5/.test(id) && !id.includes('chat'));
  const textOnly = /^(gpt-3\.5|o1-mini|o1-preview|o3-mini|gpt-4(-0314|-0613|-32k|$))/.test(id);
  const jsonSchema = !computerUse && !/^(gpt-3\.5|gpt-4(?!o|\.)|o1-mini|o1-preview|chatgpt-4o)/.test(id);
  const tools = !/^(o1-mini|o1-preview|chatgpt-4o|gpt-3\.5-turbo-instruct)/.test(id);
  return {
    ...FULL,
    vision: !textOnly,
    jsonSchema,
    reasoning,
    maxContextTokens: openAIContext(id),
    tools,
    parallelTools: tools && !oSeries && !computerUse,
    strictSchema: jsonSchema,
    computerTool: computerUse && options.api === 'responses' ? 'openai' : false,
  };
}

function openAIContext(id: string): number | undefined {
  if (id.startsWith('gpt-4.1')) return 1_047_576;
  if (id.startsWith('gpt-5')) return 400_000;
  if (/^o[134]/.test(id)) return 200_000;
  if (id.startsWith('gpt-4o') || id.startsWith('gpt-4-turbo')) return 128_000;
  return undefined;
}

/**
 * Capabilities of an Anthropic model id: vision, system prompt, content blocks and tools; JSON through the prompt;
 * the computer tool on the models that have it (Claude Sonnet 3.7 and the Claude 4 family).
 *
 * @example
 * ```ts
 * anthropicCapabilities('claude-sonnet-4-5').computerTool; // 'anthropic'
 * ```
 */
export function anthropicCapabilities(model: string): ModelCapabilities {
  const id = model.toLowerCase();
  const computer = /3-7-sonnet|sonnet-4|opus-4|haiku-4|claude-4/.test(id);
  return {
    ...FULL,
    jsonSchema: false,
    jsonMode: false,
    maxContextTokens: 200_000,
    computerTool: computer ? 'anthropic' : false,
  };
}

/** Capabilities of a model behind an OpenAI-compatible server, guessed from its name; override in config when wrong. */
export function compatibleCapabilities(model: string, base: Partial<ModelCapabilities>): ModelCapabilities {
  const id = model.toLowerCase();
  const visionByName = /vision|llava|[-_.:]vl\b|vl[-_.:]|-vl$|minicpm-v|gemma3|pixtral|qwen.*vl|gemini/.test(id);
  const reasoning = base.reasoning ?? /reasoner|\br1\b|-r1/.test(id);
  const tools = base.tools ?? !/reasoner/.test(id);
  return {
    ...FULL,
    jsonSchema: false,
    vision: visionByName,
    ...base,
    reasoning,
    tools,
    parallelTools: tools && (base.parallelTools ?? true),
    strictSchema: base.strictSchema ?? false,
    computerTool: false,
  };
}

/**
 * What the engine needs to know of a model, from its capabilities: the port's `ModelFeatures`.
 *
 * @example
 * ```ts
 * modelFeatures(openAICapabilities('gpt-4o')); // { toolCalls: true, parallelToolCalls: true, strictSchema: true }
 * ```
 */
export function modelFeatures(capabilities: ModelCapabilities): ModelFeatures {
  const features: ModelFeatures = {
    toolCalls: capabilities.tools,
    parallelToolCalls: capabilities.tools && capabilities.parallelTools,
    strictSchema: capabilities.strictSchema,
  };
  if (capabilities.computerTool) features.computerTool = capabilities.computerTool;
  return features;
}

/** Applies config overrides on top of a model's default capabilities. */
export function resolveCapabilities(
  defaults: ModelCapabilities,
  overrides: ModelCapabilitiesOverride | undefined,
): ModelCapabilities {
  if (!overrides) return defaults;
  const out: ModelCapabilities = { ...defaults };
  for (const [key, value] of Object.entries(overrides)) {
    if (value !== undefined) (out as Record<string, unknown>)[key] = value;
  }
  return out;
}
