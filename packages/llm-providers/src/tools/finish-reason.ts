import type { FinishReason } from '@ufo-ts/core';

/**
 * The port's finish reason from a provider's own word for it (OpenAI `finish_reason`, Responses `status` /
 * `incomplete_details.reason`, Anthropic `stop_reason`). A reply carrying tool calls that says it simply stopped
 * (the Responses API's `completed`, Ollama's `stop`) finished for its tool calls.
 *
 * @example
 * ```ts
 * toFinishReason('tool_use', 1); // 'tool-calls'
 * toFinishReason('max_output_tokens', 0); // 'length'
 * ```
 */
export function toFinishReason(raw: string | undefined, toolCalls: number): FinishReason | undefined {
  if (raw === undefined) return toolCalls > 0 ? 'tool-calls' : undefined;
  switch (raw) {
    case 'tool_calls':
    case 'function_call':
    case 'tool_use':
      return 'tool-calls';
    case 'stop':
    case 'end_turn':
    case 'stop_sequence':
    case 'completed':
      return toolCalls > 0 ? 'tool-calls' : 'stop';
    case 'length':
    case 'max_tokens':
    case 'max_output_tokens':
    case 'model_context_window_exceeded':
      return 'length';
    case 'content_filter':
      return 'content-filter';
    case 'refusal':
      return 'refusal';
    default:
      return 'other';
  }
}
