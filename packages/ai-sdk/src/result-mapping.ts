import type { FinishReason, ToolCall, Usage } from '@ufo-ts/core';
import type { LanguageModelV3FinishReason, LanguageModelV3Usage } from '@ai-sdk/provider';
import { COMPUTER_TOOL_NAME } from './tool-mapping.js';

/** Token usage from the AI SDK's usage (missing counts are 0; cache reads become `cachedInputTokens`). */
export function usageFrom(usage: LanguageModelV3Usage | undefined): Usage {
  const out: Usage = { inputTokens: usage?.inputTokens.total ?? 0, outputTokens: usage?.outputTokens.total ?? 0 };
  const cached = usage?.inputTokens.cacheRead;
  if (cached !== undefined) out.cachedInputTokens = cached;
  return out;
}

/**
 * The engine's finish reason for the AI SDK's unified one (`error` becomes `other`). The unified reasons have no
 * refusal: a provider's raw `refusal` (Anthropic's `stop_reason`, which `@ai-sdk/anthropic` reports as
 * `content-filter`) becomes `refusal`.
 */
export function finishReasonFrom(reason: LanguageModelV3FinishReason | undefined): FinishReason | undefined {
  if (!reason) return undefined;
  if (reason.raw === 'refusal') return 'refusal';
  return reason.unified === 'error' ? 'other' : reason.unified;
}

/**
 * One tool call from the AI SDK's (`input` is the arguments as JSON text). A call to the computer tool, when the
 * request declared one, becomes `type: 'computer'` with the provider's action object as arguments.
 */
export function toolCallFrom(
  call: { toolCallId: string; toolName: string; input: string },
  computerToolDeclared: boolean,
): ToolCall {
  const isComputer = computerToolDeclared && call.toolName === COMPUTER_TOOL_NAME;
  return { id: call.toolCallId, type: isComputer ? 'computer' : 'function', name: call.toolName, arguments: parseArguments(call.input) };
}

/** Parses tool-call arguments; empty text is `{}`; a non-object becomes `{ value }`. */
export function parseArguments(input: string): Record<string, unknown> {
  if (input.trim() === '') return {};
  const value: unknown = JSON.parse(input);
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  return { value };
}
