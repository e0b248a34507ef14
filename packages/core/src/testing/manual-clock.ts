import type { Clock } from '../ports/clock.js';

interface Sleeper {
  until: number;
  resolve: () => void;
}

/**
 * A {@link Clock} that moves only when told (`advance`), for deterministic tests of code that measures or waits:
 * `now()` and `monotonic()` move together, and a `sleep` resolves once the clock was advanced past its end.
 */
export class ManualClock implements Clock {
  private wall: number;
  private mono = 0;
  private sleepers: Sleeper[] = [];

  /** @param startMs The wall-clock time `now()` starts at (default 0). */
  constructor(startMs = 0) {
    this.wall = startMs;
  }

  now(): number {
    return this.wall;
  }

  monotonic(): number {
    return this.mono;
  }

  /** Moves the clock forward and wakes the sleeps that ended, in the order they end. */
  advance(ms: number): void {
    this.wall += ms;
    this.mono += ms;
    const due = this.sleepers.filter((s) => s.until <= this.mono).sort((a, b) => a.until - b.until);
    this.sleepers = this.sleepers.filter((s) => s.until > this.mono);
    for (const sleeper of due) sleeper.resolve();
  }

  /** Sleeps still waiting. */
  get pending(): number {
    return this.sleepers.length;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (ms <= 0) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const sleeper: Sleeper = {
        until: this.mono + ms,
        resolve: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      const onAbort = () => {
        this.sleepers = this.sleepers.filter((s) => s !== sleeper);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.sleepers.push(sleeper);
    });
  }
}
