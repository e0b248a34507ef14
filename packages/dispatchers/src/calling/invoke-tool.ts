import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { errorMessage } from '@ufo-ts/core';
import type { CatalogEntry } from '../routing/tool-catalog.js';
import { isConnectionClosedError, isMcpError, isStreamableHttpError } from '../connection/mcp-sdk.js';
import { raceAbort } from '../shared/with-deadline.js';

/** How one tool call ended, before it is turned into a Result. */
export type CallOutcome =
  | { kind: 'returned'; result: CallToolResult }
  | { kind: 'timeout' }
  | { kind: 'aborted'; reason: string }
  /** The server process exited or the connection dropped during the call. */
  | { kind: 'crashed'; reason: string }
  /** An HTTP server no longer knows our session (it restarted): the call never ran. */
  | { kind: 'session-lost'; reason: string }
  | { kind: 'failed'; reason: string };

/** Extra time given to the SDK's own request timeout so that ours (with its clear message) always fires first. */
const SDK_TIMEOUT_SLACK_MS = 5_000;

/**
 * Calls a tool on its live server with a deadline and the caller's AbortSignal (either one cancels the request,
 * which the SDK forwards to the server as `notifications/cancelled`). Always settles, never throws.
 */
export async function invokeTool(
  entry: CatalogEntry,
  args: Record<string, unknown>,
  options: { timeoutMs: number; signal: AbortSignal | undefined },
): Promise<CallOutcome> {
  const { timeoutMs, signal } = options;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new Error(`timed out after ${timeoutMs} ms`));
  }, timeoutMs);
  const onAbort = (): void => controller.abort(signal?.reason ?? new Error('aborted'));
  if (signal?.aborted) onAbort();
  else signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const call = entry.live.client.callTool({ name: entry.tool.name, arguments: args }, undefined, {
      signal: controller.signal,
      timeout: timeoutMs + SDK_TIMEOUT_SLACK_MS,
    });
    const result = await raceAbort(call, controller.signal);
    return { kind: 'returned', result: result as CallToolResult };
  } catch (error) {
    if (timedOut) return { kind: 'timeout' };
    if (signal?.aborted) return { kind: 'aborted', reason: errorMessage(signal.reason ?? 'aborted') };
    if (!entry.live.alive) return { kind: 'crashed', reason: entry.live.stopReason ?? errorMessage(error) };
    if (isConnectionClosedError(error)) {
      return { kind: 'crashed', reason: 'the connection closed' };
    }
    if (isStreamableHttpError(error) && error.code === 404) {
      return { kind: 'session-lost', reason: error.message };
    }
    if (entry.connection.config.transport === 'http' && !isMcpError(error)) {
      return { kind: 'crashed', reason: describeNetworkError(error) };
    }
    return { kind: 'failed', reason: errorMessage(error) };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

function describeNetworkError(error: unknown): string {
  const cause = (error as { cause?: unknown }).cause;
  const code = (cause as { code?: unknown } | undefined)?.code;
  const message = errorMessage(error);
  return typeof code === 'string' ? `${message} (${code})` : cause ? `${message}: ${errorMessage(cause)}` : message;
}
