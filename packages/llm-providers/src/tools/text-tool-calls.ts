/** Tool calls found in reply text, and the text without them. */
export interface TextToolCalls {
  /** The reply text with the `<tool_call>` blocks removed (trimmed). */
  content: string;
  /** Each block's name and raw arguments, in order. Blocks that are not `{"name", "arguments"}` JSON are skipped. */
  calls: Array<{ name: string; arguments: unknown }>;
}

const BLOCK = /<tool_call>\s*([\s\S]*?)\s*<\/tool_call>/g;

/**
 * Finds Hermes-style tool calls written as text: `<tool_call>{"name": "click", "arguments": {...}}</tool_call>`,
 * as Qwen and other models emit them when the server's tool-call parser is off (vLLM without
 * `--tool-call-parser hermes`). Returns `undefined` when the text has no such block.
 *
 * @example
 * ```ts
 * parseTextToolCalls('<tool_call>{"name":"click","arguments":{"id":"7"}}</tool_call>');
 * // { content: '', calls: [{ name: 'click', arguments: { id: '7' } }] }
 * ```
 */
export function parseTextToolCalls(text: string): TextToolCalls | undefined {
  if (!text.includes('<tool_call>')) return undefined;
  const calls: TextToolCalls['calls'] = [];
  for (const match of text.matchAll(BLOCK)) {
    let value: unknown;
    try {
      value = JSON.parse(match[1]!);
    } catch {
      continue;
    }
    if (!value || typeof value !== 'object') continue;
    const { name, arguments: args, parameters } = value as { name?: unknown; arguments?: unknown; parameters?: unknown };
    if (typeof name !== 'string' || !name) continue;
    calls.push({ name, arguments: args ?? parameters ?? {} });
  }
  if (calls.length === 0) return undefined;
  return { content: text.replace(BLOCK, '').trim(), calls };
}
