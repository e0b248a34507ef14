/** Resolves after `ms` milliseconds. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Options of {@link waitFor}. */
export interface WaitForOptions {
  /** Give up after this many milliseconds. */
  timeoutMs: number;
  /** Pause between two probes, in milliseconds. Default 20. */
  intervalMs?: number;
  /** What is awaited, for the timeout message. */
  what: string;
  /** Errors from the probe for which waiting stops at once (rethrown); others count as "not yet". */
  fatal?: (error: unknown) => boolean;
}

/** Thrown by {@link waitFor} when the condition did not hold in time. */
export class WaitTimeoutError extends Error {
  /** The last error the probe threw, if any. */
  readonly lastError: unknown;
  constructor(message: string, lastError: unknown) {
    super(message);
    this.name = 'WaitTimeoutError';
    this.lastError = lastError;
  }
}

/**
 * Polls `probe` until it returns a truthy value and returns that value. A probe that throws counts as "not yet".
 * Throws {@link WaitTimeoutError} after `timeoutMs`.
 */
export async function waitFor<T>(probe: () => Promise<T | undefined | null | false> | T | undefined | null | false, options: WaitForOptions): Promise<T> {
  const start = performance.now();
  const interval = options.intervalMs ?? 20;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value) return value;
    } catch (error) {
      if (options.fatal?.(error)) throw error;
      lastError = error;
    }
    if (performance.now() - start > options.timeoutMs) {
      const suffix = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
      throw new WaitTimeoutError(`timed out after ${options.timeoutMs} ms waiting for ${options.what}${suffix}`, lastError);
    }
    await sleep(interval);
  }
}
