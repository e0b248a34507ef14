import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { errorMessage } from '@ufo-ts/core';
import type { CatalogEntry } from '../routing/tool-catalog.js';
import { isConnectionClosedError, isMcpError, isRequestTimeoutError, isStreamableHttpError } from '../connection/mcp-sdk.js';

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

/** A `notifications/progress` of a running call. */
export interface CallProgress {
  progress: number;
  total: number | undefined;
  message: string | undefined;
}

/** Options of {@link invokeTool}. */
export interface InvokeToolOptions {
  /** The call fails as a timeout after this long without an answer (without progress, with `resetTimeoutOnProgress`). */
  timeoutMs: number;
  signal: AbortSignal | undefined;
  /** Receives the call's progress; when set, the call carries a `progressToken`. */
  onProgress?: ((progress: CallProgress) => void) | undefined;
  /** Each progress notification starts the timeout anew (never past `maxTotalTimeoutMs`). */
  resetTimeoutOnProgress?: boolean;
  /** With `resetTimeoutOnProgress`: the longest a call may run in total. */
  maxTotalTimeoutMs?: number;
}

/**
 * Calls a tool on its live server with a deadline and the caller's AbortSignal. The SDK's request timeout is the
 * deadline (with `resetTimeoutOnProgress` and `maxTotalTimeout` when asked); it and the signal both cancel the
 * request, which the SDK forwards to the server as `notifications/cancelled`. A call whose server is found dead
 * meanwhile settles at once as crashed: the connection closes its client, which rejects every pending request.
 * Always settles, never throws.
 */
export async function invokeTool(entry: CatalogEntry, args: Record<string, unknown>, options: InvokeToolOptions): Promise<CallOutcome> {
  const { timeoutMs, signal, onProgress } = options;
  // The SDK never removes its listener from a request's signal, so a caller's signal (one per step, shared by
  // many calls) is linked through a controller of this call only.
  const controller = signal ? new AbortController() : undefined;
  const onAbort = (): void => controller?.abort(signal?.reason ?? new Error('aborted'));
  if (signal?.aborted) onAbort();
  else signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const request: RequestOptions = { timeout: timeoutMs };
    if (controller) request.signal = controller.signal;
    if (onProgress) request.onprogress = onProgress as NonNullable<RequestOptions['onprogress']>;
    if (options.resetTimeoutOnProgress) {
      request.resetTimeoutOnProgress = true;
      request.maxTotalTimeout = Math.max(timeoutMs, options.maxTotalTimeoutMs ?? timeoutMs);
    }
    const result = await entry.live.client.callTool({ name: entry.tool.name, arguments: args }, undefined, request);
    return { kind: 'returned', result: result as CallToolResult };
  } catch (error) {
    if (signal?.aborted) return { kind: 'aborted', reason: errorMessage(signal.reason ?? 'aborted') };
    if (isRequestTimeoutError(error)) return { kind: 'timeout' };
    if (!entry.live.alive) return { kind: 'crashed', reason: entry.live.stopReason ?? errorMessage(error) };
    if (isConnectionClosedError(error)) {
      return { kind: 'crashed', reason: 'the connection closed' };
    }
    if (isStreamableHttpError(error) && isStaleSession(error)) {
      return { kind: 'session-lost', reason: error.message };
    }
    if (entry.connection.config.transport === 'http' && !isMcpError(error)) {
      return { kind: 'crashed', reason: describeNetworkError(error) };
    }
    return { kind: 'failed', reason: errorMessage(error) };
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * Whether an HTTP error says the server does not know our session: 404 (the spec's answer), or 400 naming the
 * session (what servers built on the SDK's examples, server-everything among them, answer after a restart).
 */
function isStaleSession(error: Error & { code: number | undefined }): boolean {
  return error.code === 404 || (error.code === 400 && /session/i.test(error.message));
}

function describeNetworkError(error: unknown): string {
  const cause = (error as { cause?: unknown }).cause;
  const code = (cause as { code?: unknown } | undefined)?.code;
  const message = errorMessage(error);
  return typeof code === 'string' ? `${message} (${code})` : cause ? `${message}: ${errorMessage(cause)}` : message;
}
