/** The `<tool_call>` blocks of a reply: each call's name and arguments, or why a block cannot be read; and the text around them. */
export interface QwenToolCalls {
  calls: Array<{ ok: true; name: string; arguments: Record<string, unknown> } | { ok: false; reason: string }>;
  /** The reply without its blocks and without `<think>` sections, trimmed. */
  text: string;
}

const BLOCK = /<tool_call>\s*([\s\S]*?)\s*(?:<\/tool_call>|$)/g;

function readBlock(body: string): QwenToolCalls['calls'][number] {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return { ok: false, reason: `a <tool_call> block is not valid JSON: ${JSON.stringify(body.slice(0, 80))}` };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value))
    return { ok: false, reason: 'a <tool_call> block must hold one JSON object {"name": ..., "arguments": {...}}' };
  const { name, arguments: args } = value as { name?: unknown; arguments?: unknown };
  if (typeof name !== 'string' || !name) return { ok: false, reason: 'a <tool_call> block has no "name"' };
  let parsedArgs = args;
  if (typeof args === 'string') {
    try {
      parsedArgs = JSON.parse(args);
    } catch {
      return { ok: false, reason: `the "arguments" of ${name} are not a JSON object` };
    }
  }
  if (!parsedArgs || typeof parsedArgs !== 'object' || Array.isArray(parsedArgs))
    return { ok: false, reason: `the "arguments" of ${name} must be a JSON object` };
  return { ok: true, name, arguments: parsedArgs as Record<string, unknown> };
}

/**
 * Reads the Hermes-style calls Qwen-VL models write, `<tool_call>{"name": "computer_use", "arguments": {...}}</tool_call>`,
 * in order (a block cut off before its closing tag is read to the end of the text). `arguments` given as a JSON
 * string are decoded too.
 *
 * @example
 * ```ts
 * readQwenToolCalls('Click OK.\n<tool_call>\n{"name": "computer_use", "arguments": {"action": "left_click", "coordinate": [10, 20]}}\n</tool_call>');
 * // { calls: [{ ok: true, name: 'computer_use', arguments: { action: 'left_click', coordinate: [10, 20] } }], text: 'Click OK.' }
 * ```
 */
export function readQwenToolCalls(reply: string): QwenToolCalls {
  const withoutThinking = reply.replace(/<think>[\s\S]*?<\/think>/g, '');
  const calls = [...withoutThinking.matchAll(BLOCK)].map((m) => readBlock(m[1]!));
  return { calls, text: withoutThinking.replace(BLOCK, '').trim() };
}
