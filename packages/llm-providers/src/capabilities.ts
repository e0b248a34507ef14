import { z } from 'zod';
import type { ModelFeatures } from '@ufo-ts/core';
import { COMPUTER_TOOL_TYPES } from './computer-tools.js';
import { familyTraits, parseAnthropicModelId, parseOpenAIModelId } from './model-family-lookup.js';
import type { FamilyTraits } from './model-families.js';

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
  /** Which provider's own computer-use tool the model takes (`anthropic`, `openai`); false without one. */
  computerTool: z.union([z.literal(false), z.enum(['anthropic', 'openai'])]),
  /**
   * The version of that tool, as its request entry's `type` (`computer_20251124`, `computer`, ...). Without it, a
   * model given `computerTool` in config gets its provider's newest.
   */
  computerToolType: z.enum(COMPUTER_TOOL_TYPES).optional(),
  /** Streams replies (text deltas, tool-call deltas). */
  streaming: z.boolean(),
});
/** The data {@link ModelCapabilitiesSchema} validates. */
export type ModelCapabilities = z.infer<typeof ModelCapabilitiesSchema>;

/** Capability overrides in config: any subset. */
export const ModelCapabilitiesOverrideSchema = ModelCapabilitiesSchema.partial();
/** The data {@link ModelCapabilitiesOverrideSchema} validates. */
export type ModelCapabilitiesOverride = z.infer<typeof ModelCapabilitiesOverrideSchema>;

/** What to do with images sent to a model without vision: `error` (default) refuses the call, `drop` removes them with a warning. */
export const ImagePolicySchema = z.enum(['error', 'drop']);
/** The data {@link ImagePolicySchema} validates. */
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
  /** The API the model is called through (default `chat`); the computer-use tools exist only in the Responses API. */
  api?: 'chat' | 'responses';
}

/** The capabilities a family row gives, over the provider's defaults; the computer tool when the API has it. */
function fromTraits(defaults: ModelCapabilities, traits: FamilyTraits, computer: 'anthropic' | 'openai' | false): ModelCapabilities {
  const { computerTool: toolType, ...rest } = traits;
  const out: ModelCapabilities = { ...defaults, ...rest, computerTool: toolType && computer ? computer : false };
  if (toolType && computer) out.computerToolType = toolType;
  return out;
}

/**
 * Capabilities of an OpenAI model id (also used for Azure deployments of that model), by its family and version
 * (`MODEL_FAMILIES` in `model-families.ts`): a GPT version from 5.4 on (not nano, chat or instant) takes the GA
 * `computer` tool, `computer-use-preview` the `computer_use_preview` tool, both only through the Responses API.
 *
 * @example
 * ```ts
 * openAICapabilities('gpt-4o').strictSchema; // true
 * openAICapabilities('gpt-5.4', { api: 'responses' }).computerToolType; // 'computer'
 * openAICapabilities('computer-use-preview', { api: 'responses' }).computerTool; // 'openai'
 * ```
 */
export function openAICapabilities(model: string, options: OpenAICapabilitiesOptions = {}): ModelCapabilities {
  const defaults: ModelCapabilities = { ...FULL, strictSchema: true };
  const capabilities = fromTraits(defaults, familyTraits(parseOpenAIModelId(model)), options.api === 'responses' && 'openai');
  return {
    ...capabilities,
    jsonSchema: capabilities.strictSchema,
    parallelTools: capabilities.tools && capabilities.parallelTools,
  };
}

/**
 * Capabilities of an Anthropic model id, by its family and version (`MODEL_FAMILIES` in `model-families.ts`):
 * vision, system prompt, content blocks and tools; JSON through the prompt; the computer tool version the model
 * takes (`computer_20250124` from Claude Sonnet 3.7 and Opus 4, `computer_20251124` from Opus 4.5 and Sonnet 4.6,
 * the `computer_toolset_20260801` toolset from Opus 4.8, Sonnet 5, Fable 5 and Mythos 5; a newer version of a
 * family gets the family's newest).
 *
 * @example
 * ```ts
 * anthropicCapabilities('claude-sonnet-4-5').computerToolType; // 'computer_20250124'
 * anthropicCapabilities('claude-opus-4-5-20251101').computerToolType; // 'computer_20251124'
 * ```
 */
export function anthropicCapabilities(model: string): ModelCapabilities {
  const defaults: ModelCapabilities = { ...FULL, jsonSchema: false, jsonMode: false, maxContextTokens: 200_000 };
  return fromTraits(defaults, familyTraits(parseAnthropicModelId(model)), 'anthropic');
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
export function resolveCapabilities(defaults: ModelCapabilities, overrides: ModelCapabilitiesOverride | undefined): ModelCapabilities {
  if (!overrides) return defaults;
  const out: ModelCapabilities = { ...defaults };
  for (const [key, value] of Object.entries(overrides)) {
    if (value !== undefined) (out as Record<string, unknown>)[key] = value;
  }
  return out;
}
