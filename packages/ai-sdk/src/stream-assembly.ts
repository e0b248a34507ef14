import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';
import type { LanguageModelV4StreamPart } from '@ai-sdk/provider-v4';
import type { ModelReply } from './language-model.js';
import { usageFrom } from './result-mapping.js';

/**
 * Reads a `doStream` stream to its end, the same in v3 and v4: passes each text delta to `onDelta`, assembles tool
 * calls from `tool-input-*` deltas (a final `tool-call` part, when the provider sends one, wins; provider-executed
 * calls are skipped) and keeps the finish reason, usage and model id. An `error` part rejects with the error it
 * carries. Parts only one version has (v4's `ping`, `custom`, `reasoning-file`) and reasoning, sources and files
 * are skipped.
 */
export async function assembleStream(
  stream: ReadableStream<LanguageModelV3StreamPart> | ReadableStream<LanguageModelV4StreamPart>,
  onDelta: (delta: string) => void,
): Promise<ModelReply> {
  const reply: ModelReply = { text: '', toolCalls: [], finishReason: undefined, usage: usageFrom(undefined), modelId: undefined };
  const pending = new Map<string, { toolCallId: string; toolName: string; input: string }>();
  const skipped = new Set<string>();
  const reader = (stream as ReadableStream<LanguageModelV3StreamPart | LanguageModelV4StreamPart>).getReader();
  try {
    for (;;) {
      const { done, value: part } = await reader.read();
      if (done) break;
      switch (part.type) {
        case 'text-delta':
          reply.text += part.delta;
          onDelta(part.delta);
          break;
        case 'tool-input-start': {
          if (part.providerExecuted) {
            skipped.add(part.id);
            break;
          }
          const call = { toolCallId: part.id, toolName: part.toolName, input: '' };
          pending.set(part.id, call);
          reply.toolCalls.push(call);
          break;
        }
        case 'tool-input-delta': {
          const call = pending.get(part.id);
          if (call) call.input += part.delta;
          break;
        }
        case 'tool-call': {
          if (part.providerExecuted || skipped.has(part.toolCallId)) break;
          const call = pending.get(part.toolCallId);
          if (call) {
            call.toolName = part.toolName;
            call.input = part.input;
          } else {
            const complete = { toolCallId: part.toolCallId, toolName: part.toolName, input: part.input };
            pending.set(part.toolCallId, complete);
            reply.toolCalls.push(complete);
          }
          break;
        }
        case 'response-metadata':
          if (part.modelId) reply.modelId = part.modelId;
          break;
        case 'finish':
          reply.finishReason = part.finishReason;
          reply.usage = usageFrom(part.usage);
          break;
        case 'error':
          throw part.error;
        default:
          break;
      }
    }
  } finally {
    reader.releaseLock();
  }
  return reply;
}
