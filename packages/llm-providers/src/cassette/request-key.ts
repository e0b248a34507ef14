import { createHash } from 'node:crypto';
import type { ChatMessage, ChatRequest } from '@ufo-ts/core';
import { canonicalJson } from '@ufo-ts/core/internal';
import { imageSource } from '../message-content.js';
import type { CassetteImageRef, CassetteMessage, CassetteRequest } from './cassette-schema.js';

/** sha256 (hex) of a string or bytes. */
export function sha256(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/**
 * The canonical, JSON-safe form of a request: images replaced by their sha256 and size; tools, tool choice and
 * the parallel switch, tool calls and tool-result ids included when present (a request without them keys as before).
 */
export function canonicalRequest(
  request: Pick<ChatRequest, 'messages' | 'schemaName' | 'tools' | 'toolChoice' | 'parallelToolCalls'>,
  model: string,
): CassetteRequest {
  const out: CassetteRequest = { messages: request.messages.map(canonicalMessage), model };
  if (request.schemaName !== undefined) out.schemaName = request.schemaName;
  if (request.tools?.length) out.tools = request.tools;
  if (request.toolChoice !== undefined) out.toolChoice = request.toolChoice;
  if (request.parallelToolCalls !== undefined) out.parallelToolCalls = request.parallelToolCalls;
  return out;
}

function canonicalMessage(message: ChatMessage): CassetteMessage {
  const out = canonicalContent(message);
  if (message.toolCalls?.length) out.toolCalls = message.toolCalls;
  if (message.toolCallId !== undefined) out.toolCallId = message.toolCallId;
  if (message.isError !== undefined) out.isError = message.isError;
  return out;
}

function canonicalContent(message: ChatMessage): CassetteMessage {
  if (typeof message.content === 'string') return { role: message.role, content: message.content };
  return {
    role: message.role,
    content: message.content.map((part) => {
      if (part.type === 'text') return { type: 'text', text: part.text };
      const source = imageSource(part);
      const ref: CassetteImageRef =
        source.kind === 'url'
          ? { type: 'image', sha256: sha256(source.url), bytes: 0, mediaType: part.mediaType ?? 'image/png', url: source.url }
          : (() => {
              const bytes = Buffer.from(source.data, 'base64');
              return { type: 'image' as const, sha256: sha256(bytes), bytes: bytes.length, mediaType: source.mediaType };
            })();
      if (part.label) ref.label = part.label;
      return ref;
    }),
  };
}

/** The cassette key of a canonical request: sha256 of its canonical JSON. */
export function requestKey(request: CassetteRequest): string {
  return sha256(canonicalJson(request));
}
