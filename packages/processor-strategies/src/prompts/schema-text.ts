import { z } from 'zod';

const cache = new WeakMap<z.ZodType, string>();

/**
 * The reply format section of a prompt, generated from the zod schema so prompt and parser never drift
 * (the original had three drifting schemas). Computed once per schema.
 */
export function replyFormatText(schema: z.ZodType): string {
  let text = cache.get(schema);
  if (text === undefined) {
    const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
    text = `Reply with one JSON object and nothing else. Its JSON Schema:\n${JSON.stringify(json)}`;
    cache.set(schema, text);
  }
  return text;
}

/**
 * The reply section of a prompt in native tool mode: the tools travel as definitions, so it only says how to
 * use them (`list`: several action calls run in order; `single`: one action per step).
 *
 * @example
 * ```ts
 * const system = `${intro}\n\n${nativeReplyText('list')}`;
 * ```
 */
export function nativeReplyText(shape: 'list' | 'single'): string {
  const actions =
    shape === 'list'
      ? 'Each action is a call to its tool; several calls in one reply run in the order you make them.'
      : 'Call at most one tool besides respond per reply: it is the action of this step.';
  return `## How to reply\nReply with tool calls only. ${actions} In every reply also call respond once with your observation, thought, plan and status (alone when no action is needed).`;
}
