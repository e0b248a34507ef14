import type { ChatMessage, ContentPart, ImagePart } from '@ufo-ts/core';

/** An image from the engine, split into what every version's prompt needs: base64 data, or a URL the provider may fetch. */
export type ImageSource = { type: 'data'; data: string; mediaType: string } | { type: 'url'; url: URL; mediaType: string };

/**
 * How one specification version writes images into its prompt: a user message's `file` part, and an item of a tool
 * result's `content` output. The rest of the prompt has the same shape in v3 and v4.
 */
export interface ImageEncoding<FilePart, ToolResultImage> {
  userImage(image: ImageSource): FilePart;
  toolResultImage(image: ImageSource): ToolResultImage;
}

type TextPart = { type: 'text'; text: string };
type ToolCallPart = { type: 'tool-call'; toolCallId: string; toolName: string; input: unknown };
type ToolResultOutput<ToolResultImage> =
  { type: 'text'; value: string } | { type: 'error-text'; value: string } | { type: 'content'; value: Array<TextPart | ToolResultImage> };
type ToolResultPart<ToolResultImage> = { type: 'tool-result'; toolCallId: string; toolName: string; output: ToolResultOutput<ToolResultImage> };

/** A prompt in the shape v3 and v4 share, with the version's image parts; each version's file checks it against its own `Prompt` type. */
export type Prompt<FilePart, ToolResultImage> = Array<
  | { role: 'system'; content: string }
  | { role: 'user'; content: Array<TextPart | FilePart> }
  | { role: 'assistant'; content: Array<TextPart | ToolCallPart> }
  | { role: 'tool'; content: Array<ToolResultPart<ToolResultImage>> }
>;

/**
 * Converts the engine's chat messages to an AI SDK prompt: system text, user text and images, assistant text with its
 * tool calls, and one `tool` message per run of tool results (an error as `error-text`, a screenshot as `content`
 * with an image item). Images are written as `encoding` says.
 */
export function toPrompt<FilePart, ToolResultImage>(
  messages: readonly ChatMessage[],
  encoding: ImageEncoding<FilePart, ToolResultImage>,
): Prompt<FilePart, ToolResultImage> {
  const toolNames = new Map<string, string>();
  const prompt: Prompt<FilePart, ToolResultImage> = [];
  for (const message of messages) {
    const parts = contentParts(message.content);
    switch (message.role) {
      case 'system':
        prompt.push({ role: 'system', content: textOf(parts) });
        break;
      case 'user':
        prompt.push({
          role: 'user',
          content: parts.map((part) => (part.type === 'text' ? { type: 'text', text: part.text } : encoding.userImage(imageSource(part)))),
        });
        break;
      case 'assistant': {
        const content: Array<TextPart | ToolCallPart> = [];
        const text = textOf(parts);
        if (text) content.push({ type: 'text', text });
        for (const call of message.toolCalls ?? []) {
          toolNames.set(call.id, call.name);
          content.push({ type: 'tool-call', toolCallId: call.id, toolName: call.name, input: call.arguments });
        }
        prompt.push({ role: 'assistant', content });
        break;
      }
      case 'tool': {
        const toolCallId = message.toolCallId ?? '';
        const part: ToolResultPart<ToolResultImage> = {
          type: 'tool-result',
          toolCallId,
          toolName: toolNames.get(toolCallId) ?? 'unknown',
          output: toolOutput(message, parts, encoding),
        };
        const last = prompt[prompt.length - 1];
        if (last?.role === 'tool') last.content.push(part);
        else prompt.push({ role: 'tool', content: [part] });
        break;
      }
    }
  }
  return prompt;
}

/** An engine image part as data or URL: a `data:` URL is split, an `http(s):` URL kept, anything else is base64. */
export function imageSource(part: ImagePart): ImageSource {
  const match = /^data:([^;,]+);base64,(.*)$/s.exec(part.image);
  if (match) return { type: 'data', data: match[2]!, mediaType: match[1]! };
  if (/^https?:\/\//i.test(part.image)) return { type: 'url', url: new URL(part.image), mediaType: part.mediaType };
  return { type: 'data', data: part.image, mediaType: part.mediaType };
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

function toolOutput<FilePart, ToolResultImage>(
  message: ChatMessage,
  parts: ContentPart[],
  encoding: ImageEncoding<FilePart, ToolResultImage>,
): ToolResultOutput<ToolResultImage> {
  if (!parts.some((part) => part.type === 'image')) {
    return message.isError ? { type: 'error-text', value: textOf(parts) } : { type: 'text', value: textOf(parts) };
  }
  return {
    type: 'content',
    value: parts.map((part) => (part.type === 'text' ? { type: 'text', text: part.text } : encoding.toolResultImage(imageSource(part)))),
  };
}
