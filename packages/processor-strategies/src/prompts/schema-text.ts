import { z } from 'zod';

const cache = new WeakMap<z.ZodType, string>();

/**
 * The reply format section of a prompt, generated from the zod schema so prompt and parser never drift
 * (the original had three drifting schemas, finding 12). Computed once per schema.
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
