/** Arguments decoded from a provider's tool call, or why they could not be. */
export type DecodedToolArguments = { ok: true; value: Record<string, unknown> } | { ok: false; issue: string; raw: string };

/**
 * Decodes tool-call arguments as providers send them: a JSON string (OpenAI), an object already (Anthropic's
 * `input`, Ollama's OpenAI endpoint), or nothing for a call without arguments. Anything that is not a JSON object
 * is an issue the model is asked to correct.
 *
 * @example
 * ```ts
 * decodeToolArguments('{"id":"7"}'); // { ok: true, value: { id: '7' } }
 * decodeToolArguments('{"id":'); // { ok: false, issue: 'arguments are not valid JSON: …', raw: '{"id":' }
 * ```
 */
export function decodeToolArguments(raw: unknown): DecodedToolArguments {
  if (raw === undefined || raw === null || raw === '') return { ok: true, value: {} };
  if (typeof raw === 'string') {
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (error) {
      return { ok: false, issue: `arguments are not valid JSON: ${(error as Error).message}`, raw };
    }
    return asObject(value, raw);
  }
  return asObject(raw, safeJson(raw));
}

function asObject(value: unknown, raw: string): DecodedToolArguments {
  if (value && typeof value === 'object' && !Array.isArray(value)) return { ok: true, value: value as Record<string, unknown> };
  return { ok: false, issue: `arguments must be a JSON object, got ${Array.isArray(value) ? 'an array' : typeof value}`, raw };
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** A stable id for a tool call the server sent without one: the same reply always gets the same ids. */
export function generatedToolCallId(index: number): string {
  return `call_${index}`;
}
