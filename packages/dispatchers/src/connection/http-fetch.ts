import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';

/** A `fetch` for the streamable-HTTP client, plus a way to abort whatever it still has in flight. */
export interface TrackedFetch {
  fetch: FetchLike;
  /** Aborts every request still waiting for its response headers. */
  abortAll(): void;
}

/**
 * The SDK's streamable-HTTP client passes one shared AbortSignal to every POST, which piles listeners onto it
 * (MaxListenersExceededWarning) and slows calls. This fetch gives each POST its own controller instead (tracked
 * so closing the connection still aborts them) and keeps the SDK's signal for the single long-lived GET stream
 * and the DELETE.
 */
export function createTrackedFetch(base: FetchLike = fetch): TrackedFetch {
  const inFlight = new Set<AbortController>();
  return {
    fetch: async (url, init) => {
      if (!init || init.method !== 'POST') return base(url, init);
      const controller = new AbortController();
      inFlight.add(controller);
      try {
        return await base(url, { ...init, signal: controller.signal });
      } finally {
        inFlight.delete(controller);
      }
    },
    abortAll: () => {
      for (const controller of inFlight) controller.abort(new Error('connection closed'));
      inFlight.clear();
    },
  };
}
