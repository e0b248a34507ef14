import { z } from 'zod';

/** The reply format section of a prompt, generated from the zod schema so prompt and parser never drift. */
export function replyFormatText(schema: z.ZodType): string {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return [
    'Reply with one JSON object and nothing else. Its JSON Schema:',
    JSON.stringify(json),
  ].join('\n');
}
