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

/** Extra time given to the SDK's own request timeout so that ours (with its clear message) always fires first. */
const SDK_TIMEOUT_SLACK_MS = 5_000;

/**
 * Calls a tool on its live server with a deadline and the caller's AbortSignal (either one cancels the request,
 * which the SDK forwards to the server as `notifications/cancelled`). A call whose server is found dead meanwhile
 * (`live.lost`: a stdio child exited, an HTTP transport gave up reconnecting) settles at once as crashed.
 * Always settles, never throws.
 */
export async function invokeTool(entry: CatalogEntry, args: Record<string, unknown>, options: InvokeToolOptions): Promise<CallOutcome> {
  const { timeoutMs, signal, onProgress } = options;
  const controller = new AbortController();
  const startedAt = performance.now();
  const maxTotal = options.maxTotalTimeoutMs ?? Number.POSITIVE_INFINITY;
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  const arm = (ms: number): void => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new Error(`timed out after ${Math.round(performance.now() - startedAt)} ms`));
    }, ms);
  };
  arm(Math.min(timeoutMs, maxTotal));
  const onAbort = (): void => controller.abort(signal?.reason ?? new Error('aborted'));
  if (signal?.aborted) onAbort();
  else signal?.addEventListener('abort', onAbort, { once: true });
  const lost = entry.live.lost;
  const onLost = (): void => controller.abort(lost.reason ?? new Error('the server stopped'));
  if (lost.aborted) onLost();
  else lost.addEventListener('abort', onLost, { once: true });
  const handleProgress = (progress: { progress: number; total?: number; message?: string }): void => {
    if (options.resetTimeoutOnProgress && !controller.signal.aborted) {
      arm(Math.max(0, Math.min(timeoutMs, maxTotal - (performance.now() - startedAt))));
    }
    onProgress?.({ progress: progress.progress, total: progress.total, message: progress.message });
  };
  try {
    const wantsProgress = onProgress !== undefined || options.resetTimeoutOnProgress === true;
    const sdkTimeout = (options.resetTimeoutOnProgress ? maxTotal : timeoutMs) + SDK_TIMEOUT_SLACK_MS;
    const call = entry.live.client.callTool({ name: entry.tool.name, arguments: args }, undefined, {
      signal: controller.signal,
      timeout: Number.isFinite(sdkTimeout) ? sdkTimeout : 2 ** 31 - 1,
      ...(wantsProgress ? { onprogress: handleProgress } : {}),
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
    if (isStreamableHttpError(error) && isStaleSession(error)) {
      return { kind: 'session-lost', reason: error.message };
    }
    if (entry.connection.config.transport === 'http' && !isMcpError(error)) {
      return { kind: 'crashed', reason: describeNetworkError(error) };
    }
    return { kind: 'failed', reason: errorMessage(error) };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
    lost.removeEventListener('abort', onLost);
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
