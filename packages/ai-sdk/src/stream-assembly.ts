import type { LanguageModelV3FinishReason, LanguageModelV3StreamPart, LanguageModelV3Usage } from '@ai-sdk/provider';

/** What a finished AI SDK stream adds up to. */
export interface AssembledStream {
  /** All text deltas, in order. */
  text: string;
  /** Tool calls with their full JSON input, in the order they started. */
  toolCalls: Array<{ toolCallId: string; toolName: string; input: string }>;
  finishReason: LanguageModelV3FinishReason | undefined;
  usage: LanguageModelV3Usage | undefined;
  /** Model id from the stream's response metadata, when sent. */
  modelId: string | undefined;
}

/**
 * Reads an AI SDK `doStream` stream to its end: passes each text delta to `onDelta`, assembles tool calls from
 * `tool-input-*` deltas (a final `tool-call` part, when the provider sends one, wins) and keeps the finish reason
 * and usage. An `error` part rejects with the error it carries.
 *
 * @example
 * ```ts
 * const { stream } = await languageModel.doStream(options);
 * const reply = await assembleStream(stream, (delta) => process.stdout.write(delta));
 * ```
 */
export async function assembleStream(
  stream: ReadableStream<LanguageModelV3StreamPart>,
  onDelta: ((delta: string) => void) | undefined,
): Promise<AssembledStream> {
  const out: AssembledStream = { text: '', toolCalls: [], finishReason: undefined, usage: undefined, modelId: undefined };
  const pending = new Map<string, { toolCallId: string; toolName: string; input: string }>();
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value: part } = await reader.read();
      if (done) break;
      switch (part.type) {
        case 'text-delta':
          out.text += part.delta;
          onDelta?.(part.delta);
          break;
        case 'tool-input-start': {
          const call = { toolCallId: part.id, toolName: part.toolName, input: '' };
          pending.set(part.id, call);
          out.toolCalls.push(call);
          break;
        }
        case 'tool-input-delta': {
          const call = pending.get(part.id);
          if (call) call.input += part.delta;
          break;
        }
        case 'tool-call': {
          const call = pending.get(part.toolCallId);
          if (call) {
            call.toolName = part.toolName;
            call.input = part.input;
          } else {
            const complete = { toolCallId: part.toolCallId, toolName: part.toolName, input: part.input };
            pending.set(part.toolCallId, complete);
            out.toolCalls.push(complete);
          }
          break;
        }
        case 'response-metadata':
          if (part.modelId) out.modelId = part.modelId;
          break;
        case 'finish':
          out.finishReason = part.finishReason;
          out.usage = part.usage;
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
  return out;
}
