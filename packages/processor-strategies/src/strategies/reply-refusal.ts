import type { ChatResponse } from '@ufo-ts/core';

/**
 * The model's refusal text when `reply` is a refusal, else `undefined`. A reply is a refusal when it has `refusal`
 * set (OpenAI's `refusal`), or when it stopped with `finishReason: 'refusal'` (Anthropic's `stop_reason: "refusal"`);
 * then its content is the text (a placeholder when the text is empty). A refusal is not an answer: the strategies
 * end the step with a {@link RefusedReplyError} instead of reading or re-asking it.
 *
 * @example
 * ```ts
 * const refusal = refusalOf(reply);
 * if (refusal !== undefined) throw new RefusedReplyError(refusal, { cost: reply.cost });
 * ```
 */
export function refusalOf(reply: ChatResponse): string | undefined {
  const text = reply.refusal ?? (reply.finishReason === 'refusal' ? reply.content : undefined);
  return text === undefined ? undefined : text.trim() || 'The model refused to answer.';
}
