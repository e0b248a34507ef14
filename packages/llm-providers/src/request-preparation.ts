import type { ChatMessage } from '@ufo-ts/core';
import type { ImagePolicy, ModelCapabilities } from './capabilities.js';
import { UnsupportedRequestError } from './errors.js';
import { countImages, estimateTokens } from './message-content.js';

/** Options of {@link prepareMessages}. */
export interface PrepareMessagesOptions {
  provider: string;
  model: string;
  capabilities: ModelCapabilities;
  /** What to do with images the model cannot take (default `error`). */
  imagePolicy: ImagePolicy;
}

/** Messages ready for a provider, and the warnings raised on the way. */
export interface PreparedMessages {
  messages: ChatMessage[];
  warnings: string[];
}

/**
 * Checks a request against the model's capabilities before anything is sent. Images to a model without vision
 * (or without array content) are refused with {@link UnsupportedRequestError} under `imagePolicy: 'error'`, or
 * removed with a warning under `'drop'`. A prompt clearly beyond `maxContextTokens` is refused.
 */
export function prepareMessages(messages: ChatMessage[], options: PrepareMessagesOptions): PreparedMessages {
  const { capabilities, provider, model } = options;
  const warnings: string[] = [];
  let out = messages;
  const images = countImages(messages);
  if (images > 0 && !(capabilities.vision && capabilities.arrayContent)) {
    const why = capabilities.vision ? 'does not accept array content' : 'has no vision capability';
    if (options.imagePolicy === 'error') {
      throw new UnsupportedRequestError(
        `${provider}/${model} ${why} but the request has ${images} image(s). Use a vision model, or set ` +
          `imagePolicy: 'drop' to send the text without the images.`,
        { provider, model, details: { images } },
      );
    }
    out = dropImages(messages);
    warnings.push(`${provider}/${model} ${why}: dropped ${images} image(s) from the request (imagePolicy: 'drop')`);
  }
  if (capabilities.maxContextTokens !== undefined) {
    const estimate = estimateTokens(out);
    if (estimate > capabilities.maxContextTokens) {
      throw new UnsupportedRequestError(
        `The prompt (about ${estimate} tokens) exceeds ${provider}/${model}'s context of ${capabilities.maxContextTokens} tokens`,
        { provider, model, details: { estimatedTokens: estimate, maxContextTokens: capabilities.maxContextTokens } },
      );
    }
  }
  return { messages: out, warnings };
}

function dropImages(messages: ChatMessage[]): ChatMessage[] {
  return messages.map((message) =>
    typeof message.content === 'string' ? message : { ...message, content: message.content.filter((part) => part.type !== 'image') },
  );
}
