import type { ChatMessage, ContentPart, ImagePart } from '@ufo-ts/core';
import type {
  LanguageModelV3FilePart,
  LanguageModelV3Message,
  LanguageModelV3Prompt,
  LanguageModelV3TextPart,
  LanguageModelV3ToolResultOutput,
} from '@ai-sdk/provider';

/**
 * Converts the engine's chat messages to an AI SDK `LanguageModelV3Prompt`: system text, user text and images
 * (as `file` parts with an image media type), assistant text with its tool calls, and one `tool` message per
 * tool result (an error as `error-text`, a screenshot as `content` with an `image-data` item).
 *
 * @example
 * ```ts
 * const prompt = toLanguageModelPrompt([{ role: 'user', content: 'Hello' }]);
 * // [{ role: 'user', content: [{ type: 'text', text: 'Hello' }] }]
 * ```
 */
export function toLanguageModelPrompt(messages: readonly ChatMessage[]): LanguageModelV3Prompt {
  const toolNames = new Map<string, string>();
  const prompt: LanguageModelV3Prompt = [];
  for (const message of messages) {
    const parts = contentParts(message.content);
    switch (message.role) {
      case 'system':
        prompt.push({ role: 'system', content: textOf(parts) });
        break;
      case 'user':
        prompt.push({ role: 'user', content: parts.map(userPart) });
        break;
      case 'assistant':
        prompt.push(assistantMessage(message, parts, toolNames));
        break;
      case 'tool':
        appendToolResult(prompt, message, parts, toolNames);
        break;
    }
  }
  return prompt;
}

function contentParts(content: ChatMessage['content']): ContentPart[] {
  return typeof content === 'string' ? [{ type: 'text', text: content }] : content;
}

function textOf(parts: readonly ContentPart[]): string {
  return parts
    .filter((part): part is Extract<ContentPart, { type: 'text' }> => part.type === 'text')
    .map((part) => part.text)
    .join('\n');
}

function userPart(part: ContentPart): LanguageModelV3TextPart | LanguageModelV3FilePart {
  return part.type === 'text' ? { type: 'text', text: part.text } : imageFilePart(part);
}

/** An image as an AI SDK file part: base64 data, or a URL the provider may download. */
export function imageFilePart(part: ImagePart): LanguageModelV3FilePart {
  const data = splitDataUrl(part.image);
  if (data) return { type: 'file', mediaType: data.mediaType, data: data.base64 };
  if (/^https?:\/\//i.test(part.image)) return { type: 'file', mediaType: part.mediaType, data: new URL(part.image) };
  return { type: 'file', mediaType: part.mediaType, data: part.image };
}

function splitDataUrl(value: string): { mediaType: string; base64: string } | undefined {
  const match = /^data:([^;,]+);base64,(.*)$/s.exec(value);
  return match ? { mediaType: match[1]!, base64: match[2]! } : undefined;
}

function assistantMessage(message: ChatMessage, parts: ContentPart[], toolNames: Map<string, string>): LanguageModelV3Message {
  const content: Extract<LanguageModelV3Message, { role: 'assistant' }>['content'] = [];
  const text = textOf(parts);
  if (text) content.push({ type: 'text', text });
  for (const call of message.toolCalls ?? []) {
    toolNames.set(call.id, call.name);
    content.push({ type: 'tool-call', toolCallId: call.id, toolName: call.name, input: call.arguments });
  }
  return { role: 'assistant', content };
}

function appendToolResult(prompt: LanguageModelV3Prompt, message: ChatMessage, parts: ContentPart[], toolNames: Map<string, string>): void {
  const toolCallId = message.toolCallId ?? '';
  const part = { type: 'tool-result' as const, toolCallId, toolName: toolNames.get(toolCallId) ?? 'unknown', output: toolOutput(message, parts) };
  const last = prompt[prompt.length - 1];
  if (last?.role === 'tool') last.content.push(part);
  else prompt.push({ role: 'tool', content: [part] });
}

function toolOutput(message: ChatMessage, parts: ContentPart[]): LanguageModelV3ToolResultOutput {
  const hasImage = parts.some((part) => part.type === 'image');
  if (!hasImage) return message.isError ? { type: 'error-text', value: textOf(parts) } : { type: 'text', value: textOf(parts) };
  return {
    type: 'content',
    value: parts.map((part) => {
      if (part.type === 'text') return { type: 'text' as const, text: part.text };
      const file = imageFilePart(part);
      return file.data instanceof URL
        ? { type: 'image-url' as const, url: file.data.toString() }
        : { type: 'image-data' as const, data: String(file.data), mediaType: file.mediaType };
    }),
  };
}
