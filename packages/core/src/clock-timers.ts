import type { Clock } from './ports/clock.js';

/** Stops a timer started by {@link clockTimeout} or {@link clockInterval}; stopping twice is harmless. */
export type StopTimer = () => void;

/**
 * Calls `fire` once, `ms` from now on `clock` (a `setTimeout` that follows the {@link Clock} port, so code under
 * test runs on a simulated clock). Returns the function that stops it; once stopped, `fire` is never called.
 */
export function clockTimeout(clock: Clock, ms: number, fire: () => void): StopTimer {
  const controller = new AbortController();
  clock.sleep(Math.max(0, ms), controller.signal).then(
    () => {
      if (!controller.signal.aborted) fire();
    },
    () => undefined,
  );
  return () => controller.abort();
}

/**
 * Calls `tick` every `ms` on `clock` until stopped (a `setInterval` that follows the {@link Clock} port). Each
 * period starts after the previous tick returned.
 */
export function clockInterval(clock: Clock, ms: number, tick: () => void): StopTimer {
  const controller = new AbortController();
  const loop = async () => {
    for (;;) {
      await clock.sleep(ms, controller.signal);
      if (controller.signal.aborted) return;
      tick();
    }
  };
  loop().catch(() => undefined);
  return () => controller.abort();
}
