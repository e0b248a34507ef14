import type { LanguageModelV3Content, LanguageModelV3Usage } from '@ai-sdk/provider';
import type { LanguageModelV4Content, LanguageModelV4Usage } from '@ai-sdk/provider-v4';
import type { FinishReason, ToolCall, Usage } from '@ufo-ts/core';
import type { ModelReply } from './language-model.js';
import { COMPUTER_TOOL_NAME } from './tool-mapping.js';

/**
 * Reads a generate result's content, the same in v3 and v4: text parts joined, tool calls the caller has to run
 * (provider-executed ones are the provider's business), anything else (reasoning, sources, files, v4's custom
 * parts) skipped.
 */
export function readContent(
  content: ReadonlyArray<LanguageModelV3Content | LanguageModelV4Content>,
  rest: Pick<ModelReply, 'finishReason' | 'usage' | 'modelId'>,
): ModelReply {
  const reply: ModelReply = { text: '', toolCalls: [], ...rest };
  for (const part of content) {
    if (part.type === 'text') reply.text += part.text;
    else if (part.type === 'tool-call' && !part.providerExecuted)
      reply.toolCalls.push({ toolCallId: part.toolCallId, toolName: part.toolName, input: part.input });
  }
  return reply;
}

/** Token usage from the AI SDK's (the same in v3 and v4; missing counts are 0, cache reads become `cachedInputTokens`). */
export function usageFrom(usage: LanguageModelV3Usage | LanguageModelV4Usage | undefined): Usage {
  const out: Usage = { inputTokens: usage?.inputTokens.total ?? 0, outputTokens: usage?.outputTokens.total ?? 0 };
  const cached = usage?.inputTokens.cacheRead;
  if (cached !== undefined) out.cachedInputTokens = cached;
  return out;
}

/**
 * Whether a reply is the model declining rather than a filter cutting it off. The AI SDK's unified finish reasons
 * have no refusal: `@ai-sdk/openai` puts Chat Completions' `message.refusal` in a text part and reports
 * `content-filter` with raw `stop` (the Responses API: `content-filter` with no raw reason), `@ai-sdk/anthropic`
 * reports `stop_reason: "refusal"` as `content-filter` with raw `refusal`. A real filter has its own raw reason
 * (`content_filter`, Google's `SAFETY`, ...).
 */
function isRefusal(mapped: FinishReason | undefined, raw: string | undefined): boolean {
  return raw === 'refusal' || (mapped === 'content-filter' && (raw === undefined || raw === 'stop'));
}

/** The reply's finish reason and, for a refusal, the model's refusal text. */
export interface Finish {
  finishReason: FinishReason | undefined;
  refusal?: string;
}

/**
 * The engine's finish reason for a reply whose unified reason the version mapped to `mapped`, with the provider's
 * `raw` one: a refusal (see {@link isRefusal}) becomes `refusal`, the reply's text its refusal text.
 */
export function finishFrom(mapped: FinishReason | undefined, raw: string | undefined, text: string): Finish {
  if (isRefusal(mapped, raw)) return { finishReason: 'refusal', refusal: text || 'The model declined to answer.' };
  return { finishReason: mapped };
}

/**
 * One tool call from the AI SDK's (`input` is the arguments as JSON text). A call to the computer tool, when the
 * request declared one, becomes `type: 'computer'` with the provider's action object as arguments.
 */
export function toolCallFrom(call: { toolCallId: string; toolName: string; input: string }, computerToolDeclared: boolean): ToolCall {
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
