import { decodeAnthropicMessage } from '../anthropic/messages-mapping.js';
import { decodeChatCompletion } from '../openai/chat-completions-mapping.js';
import { decodeResponsesBody } from '../openai/responses-mapping.js';
import type { ProviderReply } from '../provider-transport.js';
import type { WireReply } from './cassette-schema.js';

/**
 * Decodes a provider's real response body with the same mapping the provider adapters use: `openai` bodies are
 * Chat Completions (`object: "chat.completion"`) or Responses (`object: "response"`), `anthropic` bodies are
 * Messages. Throws a ZodError when the body is not of that shape.
 */
export function decodeWireReply(wire: WireReply): ProviderReply {
  if (wire.provider === 'anthropic') return decodeAnthropicMessage(wire.body);
  const body = wire.body as { object?: unknown; output?: unknown } | null;
  if (body && (body.object === 'response' || Array.isArray(body.output))) return decodeResponsesBody(body);
  return decodeChatCompletion(body);
}
