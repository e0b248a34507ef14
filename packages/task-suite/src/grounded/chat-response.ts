import { parseStructuredReply, type ChatRequest, type ChatResponse, type ModelFeatures } from '@ufo-ts/core';
import { textReplyToToolCalls } from '@ufo-ts/processor-strategies';

/** A tool call in a scripted reply (the LinuxAgent's `action` list entry). */
export interface GroundedCall {
  function: string;
  arguments: Record<string, unknown>;
  /** `FINISH` on the last action of a reply that ends the task with its actions. */
  status: 'CONTINUE' | 'FINISH';
}

/** A scripted reply in the LinuxAgent's reply format (`status` FINISH and `result` at the end). */
export interface GroundedReply {
  observation: string;
  thought: string;
  action: GroundedCall[];
  plan: string[];
  comment: string;
  status?: string;
  result?: string;
}

/**
 * The chat response carrying a scripted reply: as JSON text (parsed against the request's schema), or — for a
 * model whose `features` say native tool calls — as one tool call per action, then `respond`.
 */
export function chatResponse<T>(
  reply: GroundedReply,
  request: ChatRequest<T>,
  model: { provider: string; modelId: string; features?: ModelFeatures | undefined },
  call: number,
): ChatResponse<T> {
  const response: ChatResponse<T> = { content: '', usage: { inputTokens: 0, outputTokens: 0 }, cost: 0, latencyMs: 0, model: model.modelId, provider: model.provider };
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
