import { ModelCallError } from './errors.js';
import { classifyFailure, type Failure } from './failure-classification.js';

/** Retry behaviour of one model. */
export interface RetryOptions {
  /** Retries after the first attempt (default 4). 0 disables retrying. */
  maxRetries?: number;
  /** Delay before the first retry, in ms (default 500); doubles each retry. */
  initialDelayMs?: number;
  /** Upper bound of the exponential delay, in ms (default 8000). */
  maxDelayMs?: number;
  /** Upper bound of a server-requested `Retry-After` wait, in ms (default 60000). */
  maxRetryAfterMs?: number;
  /** Fraction of each exponential delay removed at random (0..1, default 0.25): spreads clients apart. */
  jitter?: number;
  /** Random source in [0, 1) for the jitter (default `Math.random`). */
  random?: () => number;
  /** Called before each retry sleep, for progress display and logging. */
  onRetry?: (event: RetryEvent) => void;
}

/** One retry decision: which attempt failed, why, and how long we wait before the next. */
export interface RetryEvent {
  /** The attempt that failed (1-based). */
  attempt: number;
  /** The wait before the next attempt, in ms. */
  delayMs: number;
  /** The classified failure. */
  failure: Failure;
}

/** What one attempt receives. */
export interface AttemptContext {
  /** 1-based attempt number. */
  attempt: number;
  /** Aborts when the caller aborts or this attempt's timeout expires; pass it to the HTTP call. */
  signal: AbortSignal;
}

/** Options of {@link withRetry}. */
export interface WithRetryOptions extends RetryOptions {
  /** The caller's signal: cancels the current attempt and any retry sleep. */
  signal?: AbortSignal;
  /** Time limit of each attempt, in ms (the whole attempt, including reading a streamed body). */
  timeoutMs?: number;
  /** Classifies an attempt's error (default: {@link classifyFailure} for the openai and Anthropic SDKs). */
  classify?: (error: unknown) => Failure;
  /** Whether a retryable failure may be retried now (e.g. false once streamed text reached the caller). */
  canRetry?: () => boolean;
  /** Provider and model named in errors. */
  label?: { provider: string; model: string };
}

/** The outcome of {@link withRetry}. */
export interface RetryResult<T> {
  value: T;
  /** Attempts made (1 + retries). */
  attempts: number;
  /** Each retry taken. */
  retries: RetryEvent[];
}

/** Default retry settings. */
export const defaultRetryOptions = {
  maxRetries: 4,
  initialDelayMs: 500,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
  jitter: 0.25,
} as const;

class AttemptTimeout extends Error {
  constructor(ms: number) {
    super(`The attempt timed out after ${ms} ms`);
    this.name = 'TimeoutError';
  }
}

/**
 * Runs `operation` with retries: exponential backoff with jitter on 429, 5xx, timeouts and connection failures,
 * honouring the server's `Retry-After`; no retry on other 4xx. Each attempt gets its own timeout and a signal
 * that also follows the caller's. Final failures are {@link ModelCallError}s carrying the attempt count.
 *
 * @example
 * ```ts
 * // `sendRequest` rejects with the SDK's error (its HTTP status decides whether to retry)
 * const { value, attempts } = await withRetry(({ signal }) => sendRequest(body, { signal }), { maxRetries: 2, signal: callerSignal });
 * ```
 */
export async function withRetry<T>(operation: (context: AttemptContext) => Promise<T>, options: WithRetryOptions = {}): Promise<RetryResult<T>> {
  const maxRetries = options.maxRetries ?? defaultRetryOptions.maxRetries;
  const classify = options.classify ?? classifyFailure;
  const label = options.label ?? { provider: 'unknown', model: 'unknown' };
  const retries: RetryEvent[] = [];
  const outer = options.signal;
  for (let attempt = 1; ; attempt += 1) {
    if (outer?.aborted) throw abortedError(label, attempt - 1, retries, outer.reason);
    const controller = new AbortController();
    const onAbort = (): void => controller.abort(outer?.reason);
    outer?.addEventListener('abort', onAbort, { once: true });
    let timedOut = false;
    const timer =
      options.timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            controller.abort(new AttemptTimeout(options.timeoutMs!));
          }, options.timeoutMs);
    let failure: Failure;
    let cause: unknown;
    try {
      const value = await operation({ attempt, signal: controller.signal });
      if (!controller.signal.aborted) return { value, attempts: attempt, retries };
      cause = controller.signal.reason;
      failure = { kind: 'aborted', retryable: false, message: 'aborted' };
    } catch (error) {
      cause = error;
      failure = classify(error);
    } finally {
      if (timer) clearTimeout(timer);
      outer?.removeEventListener('abort', onAbort);
    }
    if (outer?.aborted) throw abortedError(label, attempt, retries, cause);
    if (timedOut) {
      failure = { kind: 'timeout', retryable: true, message: `timed out after ${options.timeoutMs} ms` };
    }
    const mayRetry = failure.retryable && attempt <= maxRetries && (options.canRetry?.() ?? true);
    if (!mayRetry) {
      throw new ModelCallError(`${label.provider}/${label.model} failed after ${attempt} attempt${attempt === 1 ? '' : 's'}: ${failure.message}`, {
        ...label,
        ...(failure.status === undefined ? {} : { status: failure.status }),
        attempts: attempt,
        retryable: failure.retryable,
        timedOut: failure.kind === 'timeout',
        cause,
        details: { kind: failure.kind, retries },
      });
    }
    const delayMs = retryDelay(attempt, failure, options);
    const event: RetryEvent = { attempt, delayMs, failure };
    retries.push(event);
    options.onRetry?.(event);
    await sleep(delayMs, outer).catch((reason: unknown) => {
      throw abortedError(label, attempt, retries, reason);
    });
  }
}

/** The wait before retrying after failed attempt `attempt` (1-based). */
export function retryDelay(attempt: number, failure: Failure, options: RetryOptions = {}): number {
  if (failure.retryAfterMs !== undefined) {
    return Math.min(failure.retryAfterMs, options.maxRetryAfterMs ?? defaultRetryOptions.maxRetryAfterMs);
  }
  const initial = options.initialDelayMs ?? defaultRetryOptions.initialDelayMs;
  const max = options.maxDelayMs ?? defaultRetryOptions.maxDelayMs;
  const jitter = Math.min(1, Math.max(0, options.jitter ?? defaultRetryOptions.jitter));
  const base = Math.min(max, initial * 2 ** (attempt - 1));
  return Math.round(base * (1 - jitter * (options.random ?? Math.random)()));
}

function abortedError(label: { provider: string; model: string }, attempts: number, retries: RetryEvent[], cause: unknown): ModelCallError {
  return new ModelCallError(`${label.provider}/${label.model} call was aborted`, {
    ...label,
    attempts,
    retryable: false,
    aborted: true,
    cause,
    details: { kind: 'aborted', retries },
  });
}

/** Sleeps `ms`, rejecting early with the signal's reason when it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
