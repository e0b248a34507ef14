import type { JSONObject } from '@ai-sdk/provider';
import type { ChatMessage, FinishReason, Usage } from '@ufo-ts/core';
import type { JSONSchema7 } from 'json-schema';
import type { LanguageModelTool, LanguageModelToolChoice } from './tool-mapping.js';

/**
 * An AI SDK language model that {@link AiSdkChatModel} wraps: specification `v3` (`LanguageModelV3`, implemented by
 * the providers of AI SDK 6: `@ai-sdk/openai` 3.x, `@ai-sdk/anthropic` 3.x, ...) or `v4` (`LanguageModelV4`, the
 * providers of AI SDK 7: `@ai-sdk/openai` 4.x, ...). The adapter tells them apart by `specificationVersion`.
 *
 * The type describes the model by its shape instead of importing `LanguageModelV4`, so these declarations compile
 * whichever `@ai-sdk/provider` major (3 or 4) is installed. The two versions' call options differ, so `doGenerate`
 * and `doStream` are typed loosely here; the adapter builds each version's own options.
 *
 * @example
 * ```ts
 * import { createOpenAI } from '@ai-sdk/openai'; // 3.x (AI SDK 6) or 4.x (AI SDK 7)
 * import type { AiSdkLanguageModel } from '@ufo-ts/ai-sdk';
 *
 * const languageModel: AiSdkLanguageModel = createOpenAI({ apiKey: process.env.OPENAI_API_KEY }).chat('gpt-4o');
 * ```
 */
export interface AiSdkLanguageModel {
  /** `v3` (AI SDK 6) or `v4` (AI SDK 7); a model of any other version is refused when wrapped. */
  readonly specificationVersion: 'v3' | 'v4';
  /** Provider id, e.g. `openai.chat`. */
  readonly provider: string;
  /** Model id, e.g. `gpt-4o`. */
  readonly modelId: string;
  /** The model's non-streaming call (its options are those of its specification version). */
  doGenerate(options: never): PromiseLike<unknown>;
  /** The model's streaming call (its options are those of its specification version). */
  doStream(options: never): PromiseLike<unknown>;
}

/** Provider options passed through to the AI SDK model; the same shape in v3 and v4. */
export type AiSdkProviderOptions = Record<string, JSONObject>;

/** One call as the adapter builds it, before a specification version encodes the messages as its prompt. */
export interface CallParams {
  messages: readonly ChatMessage[];
  temperature?: number;
  maxOutputTokens?: number;
  abortSignal?: AbortSignal;
  responseFormat?: { type: 'json'; schema: JSONSchema7; name?: string };
  tools?: LanguageModelTool[];
  toolChoice?: LanguageModelToolChoice;
  providerOptions?: AiSdkProviderOptions;
}

/** What a generate call or a finished stream adds up to, in either version. */
export interface ModelReply {
  /** All text, in order. */
  text: string;
  /** The text to parse for structured output when the model names it (v4's `structuredOutputText`); else `text`. */
  structuredText?: string;
  /** Tool calls the caller has to run (not provider-executed ones), with their JSON input as text. */
  toolCalls: Array<{ toolCallId: string; toolName: string; input: string }>;
  /** The version's unified finish reason and the provider's raw one, when the model sent them. */
  finishReason: { unified: string; raw: string | undefined } | undefined;
  usage: Usage;
  /** Model id from the response metadata, when sent. */
  modelId: string | undefined;
}

/**
 * How the adapter talks to a model of one specification version: builds that version's call options (the prompt's
 * image encoding differs), reads its results, and names its finish reasons in the engine's terms. One implementation
 * per version: `spec-v3.ts`, `spec-v4.ts`.
 */
export interface SpecAdapter {
  readonly version: AiSdkLanguageModel['specificationVersion'];
  generate(params: CallParams): Promise<ModelReply>;
  stream(params: CallParams, onDelta: (delta: string) => void): Promise<ModelReply>;
  /** The engine's finish reason for one of this version's unified finish reasons. */
  finishReason(unified: string): FinishReason;
}
