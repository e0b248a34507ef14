import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3FilePart,
  LanguageModelV3FinishReason,
  LanguageModelV3ToolResultOutput,
} from '@ai-sdk/provider';
import type { FinishReason } from '@ufo-ts/core';
import type { CallParams, SpecAdapter } from './language-model.js';
import { toPrompt, type ImageEncoding } from './prompt-mapping.js';
import { readContent, usageFrom } from './result-mapping.js';
import { assembleStream } from './stream-assembly.js';

// What only specification v3 (`LanguageModelV3`, AI SDK 6) does its own way; the rest is shared with v4.

type ToolResultItem = Extract<LanguageModelV3ToolResultOutput, { type: 'content' }>['value'][number];

/** v3 images: a `file` part whose `data` is base64 text or a `URL`; in tool results `image-data` / `image-url` items. */
const images: ImageEncoding<LanguageModelV3FilePart, ToolResultItem> = {
  userImage: (image) => ({ type: 'file', mediaType: image.mediaType, data: image.type === 'url' ? image.url : image.data }),
  toolResultImage: (image) =>
    image.type === 'url' ? { type: 'image-url', url: image.url.toString() } : { type: 'image-data', data: image.data, mediaType: image.mediaType },
};

/** v3's unified finish reasons in the engine's terms (`error` has no engine counterpart: `other`). */
const FINISH_REASONS: Record<LanguageModelV3FinishReason['unified'], FinishReason> = {
  stop: 'stop',
  length: 'length',
  'content-filter': 'content-filter',
  'tool-calls': 'tool-calls',
  error: 'other',
  other: 'other',
};

function callOptions({ messages, ...rest }: CallParams): LanguageModelV3CallOptions {
  return { ...rest, prompt: toPrompt(messages, images) };
}

/** The adapter's side of a `LanguageModelV3`. */
export function v3Spec(model: LanguageModelV3): SpecAdapter {
  return {
    version: 'v3',
    async generate(params) {
      const result = await model.doGenerate(callOptions(params));
      return readContent(result.content, { finishReason: result.finishReason, usage: usageFrom(result.usage), modelId: result.response?.modelId });
    },
    async stream(params, onDelta) {
      const { stream } = await model.doStream(callOptions(params));
      return assembleStream(stream, onDelta);
    },
    finishReason: (unified) => FINISH_REASONS[unified as LanguageModelV3FinishReason['unified']] ?? 'other',
  };
}
