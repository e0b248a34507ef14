/** `performance.timeOrigin`, read once (it is fixed for the life of the process, and Node reads it through a getter). */
let timeOrigin: number | undefined;

/**
 * The one clock every span of this package is timed with: milliseconds since the epoch with sub-millisecond
 * precision, monotonic within the process. Spans timed by the SDK's default clock are anchored to `Date.now()` at
 * their start (millisecond steps), so a child ended at an explicit time could end after its parent by a fraction
 * of a millisecond; with one clock for starts and ends, a parent that ends after its children is timed so.
 */
export function spanTime(): number {
  timeOrigin ??= performance.timeOrigin;
  return timeOrigin + performance.now();
}
