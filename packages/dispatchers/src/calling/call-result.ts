import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { RESULT_WRAPPED_META_KEY } from '../shared/meta-keys.js';

/**
 * The value a successful call reports in `Result.result`: the structured content when there is some
 * (unwrapping the `{ value }` wrapper `defineTool` makes for non-objects, and FastMCP's `{ result }` wrapper),
 * else the content array (text, images, ...).
 */
export function successValue(result: CallToolResult, tool: Tool): unknown {
  const structured = result.structuredContent;
  if (structured === undefined) return result.content;
  if (result._meta?.[RESULT_WRAPPED_META_KEY] === 'value' && 'value' in structured) return structured['value'];
  if (tool.outputSchema?.['x-fastmcp-wrap-result'] === true && 'result' in structured) return structured['result'];
  return structured;
}

/**
 * The message of an `isError` result: its text contents joined, prefixed by the tool's own error code when the
 * server sent one in `_meta['ufo/error']` (e.g. `WINDOW_VANISHED: The window closed`), so engines can tell
 * failures apart.
 */
export function errorText(result: CallToolResult): string {
  const texts = result.content.flatMap((part) => (part.type === 'text' ? [part.text] : []));
  const text = texts.join('\n').trim() || 'the tool reported an error without a message';
  const code = (result._meta?.['ufo/error'] as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && code && !text.startsWith(code) ? `${code}: ${text}` : text;
}

/** A code at the start of an error text: `CONTROL_ID_STALE: ...` gives `CONTROL_ID_STALE`. */
const LEADING_CODE = /^([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+):\s/;

/**
 * The tool's own error code for an `isError` result: the one in `_meta['ufo/error']`, else the upper-case code the
 * text starts with (`CONTROL_ID_STALE: ...`); undefined when the tool gave none.
 */
export function toolErrorCode(result: CallToolResult): string | undefined {
  const code = (result._meta?.['ufo/error'] as { code?: unknown } | undefined)?.code;
  if (typeof code === 'string' && code) return code;
  return LEADING_CODE.exec(errorText(result))?.[1];
}
