/**
 * The refusal text of a reply, or `undefined` when it is not a refusal: its `refusal` (OpenAI), else its content
 * when it stopped for a refusal (Anthropic's `stop_reason: "refusal"`), else a placeholder for an empty one.
 *
 * @example
 * ```ts
 * refusalText({ content: "I can't help with that.", finishReason: 'refusal' }); // "I can't help with that."
 * refusalText({ content: '{"ok":true}', finishReason: 'stop' }); // undefined
 * ```
 */
export function refusalText(reply: { content: string; refusal?: string | undefined; finishReason?: string | undefined }): string | undefined {
  if (reply.refusal !== undefined) return reply.refusal;
  return reply.finishReason === 'refusal' ? reply.content || 'The model refused.' : undefined;
}
