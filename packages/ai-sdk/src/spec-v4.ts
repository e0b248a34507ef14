import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4FilePart,
  LanguageModelV4FinishReason,
  LanguageModelV4ToolResultOutput,
  SharedV4FileDataData,
  SharedV4FileDataUrl,
} from '@ai-sdk/provider-v4';
import type { FinishReason } from '@ufo-ts/core';
import type { CallParams, SpecAdapter } from './language-model.js';
import { toPrompt, type ImageEncoding, type ImageSource } from './prompt-mapping.js';
import { readContent, usageFrom } from './result-mapping.js';
import { assembleStream } from './stream-assembly.js';

// What only specification v4 (`LanguageModelV4`, AI SDK 7) does its own way; the rest is shared with v3.

type ToolResultItem = Extract<LanguageModelV4ToolResultOutput, { type: 'content' }>['value'][number];

/** v4 file data is tagged: `{ type: 'data', data }` or `{ type: 'url', url }` (`SharedV4FileData`). */
function fileData(image: ImageSource): SharedV4FileDataData | SharedV4FileDataUrl {
  return image.type === 'url' ? { type: 'url', url: image.url } : { type: 'data', data: image.data };
}

/** v4 images: a `file` part with tagged data, and in tool results a `file` item with the same. */
const images: ImageEncoding<LanguageModelV4FilePart, ToolResultItem> = {
  userImage: (image) => ({ type: 'file', mediaType: image.mediaType, data: fileData(image) }),
  toolResultImage: (image) => ({ type: 'file', mediaType: image.mediaType, data: fileData(image) }),
};

/**
 * v4's unified finish reasons in the engine's terms: `error` has no engine counterpart, and `interrupted` (the
 * stream ended without a finish signal; the reply may be cut short) has none either: both are `other`.
 */
const FINISH_REASONS: Record<LanguageModelV4FinishReason['unified'], FinishReason> = {
  stop: 'stop',
  length: 'length',
  'content-filter': 'content-filter',
  'tool-calls': 'tool-calls',
  error: 'other',
  interrupted: 'other',
  other: 'other',
};

function callOptions({ messages, ...rest }: CallParams): LanguageModelV4CallOptions {
  return { ...rest, prompt: toPrompt(messages, images) };
}

/** The adapter's side of a `LanguageModelV4`. */
export function v4Spec(model: LanguageModelV4): SpecAdapter {
  return {
    version: 'v4',
    async generate(params) {
      const result = await model.doGenerate(callOptions(params));
      const reply = readContent(result.content, { finishReason: result.finishReason, usage: usageFrom(result.usage), modelId: result.response?.modelId });
      // v4 may name the text to parse for structured output (e.g. the final answer after drafts).
      if (result.structuredOutputText !== undefined) reply.structuredText = result.structuredOutputText;
      return reply;
    },
    async stream(params, onDelta) {
      const { stream } = await model.doStream(callOptions(params));
      return assembleStream(stream, onDelta);
    },
    finishReason: (unified) => FINISH_REASONS[unified as LanguageModelV4FinishReason['unified']] ?? 'other',
  };
}
