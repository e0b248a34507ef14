import { z } from 'zod';

/** A response format a provider can enforce natively. */
export type ResponseFormat =
  | {
      type: 'json_schema';
      name: string;
      schema: Record<string, unknown>;
      /** The provider must follow the schema exactly (OpenAI `strict: true`); the schema is then in strict form. */
      strict: boolean;
    }
  | { type: 'json_object' };

/**
 * Converts a zod schema to the JSON Schema of what the model must write (the schema's input side), without the
 * `$schema` key. Returns `undefined` when the schema cannot be represented (the call then falls back to JSON
 * mode or a prompt instruction, and validation still uses the zod schema).
 */
export function toJsonSchema(schema: z.ZodType): Record<string, unknown> | undefined {
  try {
    const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
    const { $schema: _ignored, ...rest } = json;
    return rest;
  } catch {
    return undefined;
  }
}

/** A schema name accepted by OpenAI's `json_schema` format (`[a-zA-Z0-9_-]{1,64}`). */
export function responseFormatName(name: string | undefined): string {
  const cleaned = (name ?? 'reply').replace(/[^a-zA-Z0-9_-]+/g, '_').slice(0, 64);
  return cleaned || 'reply';
}

/** The system-prompt instruction used when the provider cannot enforce the schema itself. */
export function jsonInstruction(jsonSchema: Record<string, unknown> | undefined): string {
  if (!jsonSchema) return 'Reply with a single JSON value only, with no prose and no code fences.';
  return 'Reply with a single JSON value that matches this JSON Schema, with no prose and no code fences:\n' + JSON.stringify(jsonSchema);
}

/** The user message that re-asks after an invalid reply, quoting every issue. */
export function reaskText(issues: string[]): string {
  return (
    'Your previous reply could not be used because it does not match the required JSON schema:\n' +
    issues.map((issue) => `- ${issue}`).join('\n') +
    '\nReply again with only the corrected JSON.'
  );
}

/** The user message that re-asks after tool calls with arguments that could not be decoded. */
export function toolReaskText(calls: Array<{ name: string; issue: string }>): string {
  return (
    'Your previous tool call(s) could not be used:\n' +
    calls.map((call) => `- ${call.name}: ${call.issue}`).join('\n') +
    "\nCall the tool(s) again with arguments that are one valid JSON object matching the tool's parameters."
  );
}
