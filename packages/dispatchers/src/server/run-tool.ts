import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ToolDefinition } from './define-tool.js';
import { encodeToolError, encodeToolResult } from './tool-result.js';

/**
 * Runs one tool handler for a call: links the request's cancellation signal with the tool's own timeout,
 * and always resolves with a tool result (errors become `isError` results, never protocol errors).
 */
export async function runTool(tool: ToolDefinition, args: Record<string, unknown>, requestSignal: AbortSignal): Promise<CallToolResult> {
  const controller = new AbortController();
  const onRequestAbort = (): void => controller.abort(requestSignal.reason);
  if (requestSignal.aborted) onRequestAbort();
  else requestSignal.addEventListener('abort', onRequestAbort, { once: true });
  let timer: NodeJS.Timeout | undefined;
  try {
    const work = Promise.resolve().then(() => tool.handler(args, { signal: controller.signal }));
    if (tool.timeoutMs === undefined) return encodeToolResult(tool.name, await work, tool.imageFields);
    const timeoutMs = tool.timeoutMs;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const error = new Error(`Tool "${tool.name}" timed out after ${timeoutMs} ms`);
        controller.abort(error);
        reject(error);
      }, timeoutMs);
    });
    work.catch(() => undefined); // the race below may settle first; a late rejection must not go unhandled
    return encodeToolResult(tool.name, await Promise.race([work, timedOut]), tool.imageFields);
  } catch (error) {
    return encodeToolError(error);
  } finally {
    if (timer) clearTimeout(timer);
    requestSignal.removeEventListener('abort', onRequestAbort);
  }
}
