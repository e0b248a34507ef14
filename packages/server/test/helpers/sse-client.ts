// Test helper: a Server-Sent Events client over fetch that parses frames (id, event, data, comments) and collects them.
import { sseFrames } from '../../../../test-support/sse-frames.js';

/** One parsed SSE frame. */
export interface SseFrame {
  id: string | undefined;
  event: string | undefined;
  data: any;
  comment: string | undefined;
}

/** A live SSE connection and what it received. */
export interface SseClient {
  status: number;
  frames: SseFrame[];
  /** Frames carrying data (events), in order. */
  events(): any[];
  /** Waits until a frame matches (checks those already received first). */
  waitFor(predicate: (frame: SseFrame) => boolean, what: string, timeoutMs?: number): Promise<SseFrame>;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Opens `url` with the headers and parses the stream until closed. */
export async function openSse(url: string, headers: Record<string, string>): Promise<SseClient> {
  const abort = new AbortController();
  const response = await fetch(url, { headers, signal: abort.signal });
  const frames: SseFrame[] = [];
  const waiters = new Set<() => void>();
  const notify = () => {
    for (const waiter of [...waiters]) waiter();
  };
  const ended = (async () => {
    if (!response.body) return;
    try {
      for await (const frame of sseFrames(response.body as unknown as AsyncIterable<Uint8Array>)) {
        frames.push({ ...frame, data: frame.data === undefined ? undefined : JSON.parse(frame.data) });
        notify();
      }
    } catch {
      // aborted by the test
    }
    notify();
  })();
  let done = false;
  void ended.then(() => (done = true));
  return {
    status: response.status,
    frames,
    events: () => frames.filter((f) => f.data !== undefined).map((f) => f.data),
    ended,
    waitFor(predicate, what, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = frames.find(predicate);
          if (found) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found);
          } else if (done) {
            waiters.delete(check);
            clearTimeout(timer);
            reject(new Error(`the stream ended before ${what}`));
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`timed out waiting for ${what}; got ${frames.map((f) => f.event ?? `:${f.comment}`).join(', ')}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => abort.abort(),
  };
}
