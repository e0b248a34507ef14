import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { RESULT_WRAPPED_META_KEY } from '../shared/meta-keys.js';

/**
 * Turns a handler's return value into an MCP tool result: the value's JSON as one text content, and the value
 * as structured content (objects as they are, anything else wrapped as `{ value }` and marked in `_meta`).
 * The value goes through a JSON round trip so every transport (even in-process) sees the same data.
 */
export function encodeToolResult(toolName: string, value: unknown): CallToolResult {
  let text: string;
  try {
    text = JSON.stringify(value === undefined ? null : value);
  } catch (error) {
    return encodeToolError(
      new Error(`Tool "${toolName}" returned a value that is not JSON-serialisable: ${describe(error)}`),
    );
  }
  const data: unknown = JSON.parse(text);
  if (data !== null && typeof data === 'object' && !Array.isArray(data)) {
    return { content: [{ type: 'text', text }], structuredContent: data as Record<string, unknown> };
  }
  return {
    content: [{ type: 'text', text }],
    structuredContent: { value: data },
    _meta: { [RESULT_WRAPPED_META_KEY]: 'value' },
  };
}

/** Turns a thrown value into an MCP error result (`isError: true`) carrying the error's message. */
export function encodeToolError(error: unknown): CallToolResult {
  const message = describe(error);
  const meta: Record<string, unknown> = {};
  if (error instanceof Error) {
    const code: unknown = (error as { code?: unknown }).code;
    meta['ufo/error'] = { name: error.name, ...(typeof code === 'string' ? { code } : {}) };
  }
  return { content: [{ type: 'text', text: message }], isError: true, _meta: meta };
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return typeof error === 'string' ? error : String(error);
}
