import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { RESULT_WRAPPED_META_KEY } from '../shared/meta-keys.js';

/**
 * Turns a handler's return value into an MCP tool result: the value's JSON as one text content, and the value
 * as structured content (objects as they are, anything else wrapped as `{ value }` and marked in `_meta`).
 * The value goes through a JSON round trip so every transport (even in-process) sees the same data. Each of
 * `imageFields` that holds an image data URL becomes an `image` content block before the text, and the text shows
 * `"(image: content N)"` in that field's place.
 */
export function encodeToolResult(toolName: string, value: unknown, imageFields: readonly string[] = []): CallToolResult {
  let text: string;
  try {
    text = JSON.stringify(value === undefined ? null : value);
  } catch (error) {
    return encodeToolError(new Error(`Tool "${toolName}" returned a value that is not JSON-serialisable: ${describe(error)}`));
  }
  const data: unknown = JSON.parse(text);
  if (data !== null && typeof data === 'object' && !Array.isArray(data)) {
    const structured = data as Record<string, unknown>;
    return { content: withImageBlocks(structured, text, imageFields), structuredContent: structured };
  }
  return {
    content: [{ type: 'text', text }],
    structuredContent: { value: data },
    _meta: { [RESULT_WRAPPED_META_KEY]: 'value' },
  };
}

const DATA_URL = /^data:(image\/[A-Za-z0-9.+-]+);base64,([A-Za-z0-9+/]*={0,2})$/;

/** The result's content: one `image` block per image field, then the JSON text with those fields named instead. */
function withImageBlocks(structured: Record<string, unknown>, text: string, imageFields: readonly string[]): CallToolResult['content'] {
  const images: CallToolResult['content'] = [];
  const shown: Record<string, unknown> = { ...structured };
  for (const field of imageFields) {
    const value = structured[field];
    const match = typeof value === 'string' ? DATA_URL.exec(value) : null;
    if (!match) continue;
    images.push({ type: 'image', data: match[2]!, mimeType: match[1]! });
    shown[field] = `(image: content ${images.length - 1})`;
  }
  if (images.length === 0) return [{ type: 'text', text }];
  return [...images, { type: 'text', text: JSON.stringify(shown) }];
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
