import type { ChatMessage, ContentPart, ImagePart } from '@ufo-ts/core';

/** The text of a message's content (text parts joined by blank lines; images ignored). */
export function contentText(content: ChatMessage['content']): string {
  if (typeof content === 'string') return content;
  return content
    .filter((part): part is Extract<ContentPart, { type: 'text' }> => part.type === 'text')
    .map((part) => part.text)
    .join('\n\n');
}

/** Number of image parts in a list of messages. */
export function countImages(messages: ChatMessage[]): number {
  let count = 0;
  for (const message of messages) {
    if (typeof message.content === 'string') continue;
    for (const part of message.content) if (part.type === 'image') count += 1;
  }
  return count;
}

/** An image as a URL an OpenAI-style API takes: `data:` and `http(s):` URLs pass through; raw base64 is wrapped. */
export function imageUrl(part: ImagePart): string {
  if (/^(data:|https?:\/\/)/i.test(part.image)) return part.image;
  return `data:${part.mediaType || 'image/png'};base64,${part.image}`;
}

/** An image as base64 data and media type, or as a remote URL. */
export type ImageSource = { kind: 'base64'; mediaType: string; data: string } | { kind: 'url'; url: string };

/** Splits an image part into base64 + media type (decoding a `data:` URL), or a remote URL. */
export function imageSource(part: ImagePart): ImageSource {
  if (/^https?:\/\//i.test(part.image)) return { kind: 'url', url: part.image };
  const dataUrl = /^data:([^;,]+)?(;base64)?,(.*)$/is.exec(part.image);
  if (dataUrl) {
    const mediaType = dataUrl[1] || part.mediaType || 'image/png';
    const payload = dataUrl[3] ?? '';
    const data = dataUrl[2] ? payload : Buffer.from(decodeURIComponent(payload)).toString('base64');
    return { kind: 'base64', mediaType, data };
  }
  return { kind: 'base64', mediaType: part.mediaType || 'image/png', data: part.image };
}

/**
 * Appends text to the system prompt: to the last system message when there is one, else as a new leading
 * system message. Returns new messages; the input is not changed.
 */
export function withSystemText(messages: ChatMessage[], text: string): ChatMessage[] {
  let last = -1;
  messages.forEach((message, index) => {
    if (message.role === 'system') last = index;
  });
  if (last < 0) return [{ role: 'system', content: text }, ...messages];
  return messages.map((message, index) => {
    if (index !== last) return message;
    const content = typeof message.content === 'string' ? `${message.content}\n\n${text}` : [...message.content, { type: 'text' as const, text }];
    return { ...message, content };
  });
}

/** A rough token estimate (4 characters per token, 85 per image); good enough to spot prompts far over a context. */
export function estimateTokens(messages: ChatMessage[]): number {
  let chars = 0;
  let images = 0;
  for (const message of messages) {
    if (typeof message.content === 'string') chars += message.content.length;
    else
      for (const part of message.content) {
        if (part.type === 'text') chars += part.text.length;
        else images += 1;
      }
  }
  return Math.ceil(chars / 4) + images * 85;
}
