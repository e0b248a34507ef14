import type { HrTime } from '@opentelemetry/api';

const NANOS_PER_SECOND = 1_000_000_000;

/** `performance.timeOrigin` in whole seconds since the epoch and the nanoseconds beyond them, split once (-1: not yet). */
let originSeconds = -1;
let originNanos = 0;

/**
 * The one clock every span and span event of this package is timed with: milliseconds since the process's time
 * origin (`performance.now()`), monotonic within the process. Times are handed to the SDK with {@link toHrTime}.
 * Spans and events timed by the SDK's default clock are anchored to the wall clock's whole milliseconds, so a child
 * ended at an explicit time could end after its parent, or an event fall before its span's start, by a fraction of
 * a millisecond; with one clock for every start, end and event, they nest as they happened.
 */
export function spanTime(): number {
  return performance.now();
}

/**
 * A {@link spanTime} as the SDK's `HrTime` (`[seconds, nanoseconds]` since the epoch), which the SDK keeps as it is:
 * a number would be compared with `performance.now()` and converted on every start, end and event. Monotonic: a
 * later time never converts to an earlier `HrTime`; the nanoseconds stay below one second.
 */
export function toHrTime(time: number): HrTime {
  if (originSeconds < 0) splitOrigin();
  const seconds = Math.trunc(time / 1000);
  // below 2e9: the origin's nanoseconds are below one second, the time's at most one second (rounded up)
  const nanos = originNanos + Math.round((time - seconds * 1000) * 1_000_000);
  return nanos >= NANOS_PER_SECOND ? [originSeconds + seconds + 1, nanos - NANOS_PER_SECOND] : [originSeconds + seconds, nanos];
}

/** The current {@link spanTime} as an `HrTime`. */
export function hrNow(): HrTime {
  return toHrTime(performance.now());
}

/** Reads `performance.timeOrigin` once (Node reads it through a validating getter) and splits it. */
function splitOrigin(): void {
  const origin = performance.timeOrigin;
  const seconds = Math.trunc(origin / 1000);
  const nanos = Math.round((origin - seconds * 1000) * 1_000_000);
  originSeconds = nanos >= NANOS_PER_SECOND ? seconds + 1 : seconds;
  originNanos = nanos >= NANOS_PER_SECOND ? nanos - NANOS_PER_SECOND : nanos;
}
