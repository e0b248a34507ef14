import { clockTimeout, systemClock, type Clock, type StopTimer } from '@ufo-ts/core';

/** Settles like `promise`, or rejects with `onTimeout()` after `ms` milliseconds on `clock`, whichever comes first. */
export function withDeadline<T>(promise: Promise<T>, ms: number, onTimeout: () => Error, clock: Clock = systemClock): Promise<T> {
  let stop: StopTimer | undefined;
  const deadline = new Promise<never>((_, reject) => {
    stop = clockTimeout(clock, ms, () => reject(onTimeout()));
  });
  promise.catch(() => undefined); // if the deadline wins, a late rejection must not go unhandled
  return Promise.race([promise, deadline]).finally(() => stop?.());
}

/** Settles like `promise`, or rejects with the signal's reason as soon as `signal` aborts. */
export function raceAbort<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(abortReason(signal));
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(abortReason(signal));
    signal.addEventListener('abort', onAbort, { once: true });
  });
  promise.catch(() => undefined);
  return Promise.race([promise, aborted]).finally(() => {
    if (onAbort) signal.removeEventListener('abort', onAbort);
  });
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new Error('aborted');
}
