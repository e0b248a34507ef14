import { parseStructuredReply, type ChatRequest, type ChatResponse, type ModelFeatures } from '@ufo-ts/core';
import { textReplyToToolCalls } from './text-to-tool-calls.js';

/** One action of a scripted reply (an entry of the app agents' `action` list). */
export interface ScriptedCall {
  function: string;
  arguments: Record<string, unknown>;
  /** `FINISH` on the last action of a reply that ends the task with its actions. */
  status: 'CONTINUE' | 'FINISH';
}

/** A reply written by code instead of a model, in the app agents' reply format (`status` FINISH and `result` at the end). */
export interface ScriptedReply {
  observation: string;
  thought: string;
  action: ScriptedCall[];
  plan: string[];
  comment: string;
  status?: string;
  result?: string;
}

/**
 * The chat response that carries a scripted reply as a model would send it: JSON text (parsed against the
 * request's schema), or — for a model whose `features` say native tool calls — one tool call per action, then
 * `respond`. For code that stands in for a model (a reference player, a replay of a cached run).
 *
 * @example
 * ```ts
 * return scriptedResponse({ observation: '', thought: 'Save.', action: [{ function: 'keyboard_input', arguments: { keys: 'ctrl+s' }, status: 'CONTINUE' }], plan: [], comment: '' }, request, this, 1);
 * ```
 */
export function scriptedResponse<T>(
  reply: ScriptedReply,
  request: ChatRequest<T>,
  model: { provider: string; modelId: string; features?: ModelFeatures | undefined },
  /** A number that makes the tool-call ids of this reply unique in the session. */
  call: number,
): ChatResponse<T> {
  const response: ChatResponse<T> = {
    content: '',
    usage: { inputTokens: 0, outputTokens: 0 },
    cost: 0,
    latencyMs: 0,
    model: model.modelId,
    provider: model.provider,
  };
  if (model.features?.toolCalls) {
    response.toolCalls = textReplyToToolCalls(reply as unknown as Record<string, unknown>, { idPrefix: `call_${call}_` });
    response.finishReason = 'tool-calls';
    return response;
  }
  const content = JSON.stringify(reply);
  response.content = content;
  if (request.schema) {
    const parsed = parseStructuredReply(content, request.schema);
    if (!parsed.success) throw parsed.error;
    response.parsed = parsed.value;
  }
  return response;
}
