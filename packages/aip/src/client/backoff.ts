/** Reconnection delays: exponential growth with a cap and random jitter. */
export interface BackoffOptions {
  /** Delay before the first retry, in ms (default 500). */
  initialDelayMs?: number;
  /** Longest delay, in ms (default 30 000). */
  maxDelayMs?: number;
  /** Growth factor per attempt (default 2). */
  factor?: number;
  /**
   * Share of the delay that is random, 0..1 (default 0.5): the delay is drawn uniformly from
   * `[d × (1 − jitter), d]`, so many devices restarting together do not reconnect in lockstep.
   */
  jitter?: number;
}

/** The delay before retry number `attempt` (0-based), given a random source in [0, 1). */
export function backoffDelay(attempt: number, options: BackoffOptions = {}, random: () => number = Math.random): number {
  const initial = options.initialDelayMs ?? 500;
  const max = options.maxDelayMs ?? 30_000;
  const factor = options.factor ?? 2;
  const jitter = Math.min(1, Math.max(0, options.jitter ?? 0.5));
  const base = Math.min(max, initial * factor ** Math.max(0, attempt));
  return Math.round(base * (1 - jitter * random()));
}
