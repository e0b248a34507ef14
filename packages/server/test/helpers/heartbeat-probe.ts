import type { RawClient } from './raw-client.js';

/** Round-trip times of a registered client's heartbeats, sent every `everyMs` until stopped. */
export interface HeartbeatProbe {
  /** Stops sending and resolves with every round trip (ms), unanswered ones counted up to the stop. */
  stop(): Promise<number[]>;
}

/** Starts sending heartbeats on `client` (already registered) and timing their answers. */
export function startHeartbeatProbe(client: RawClient, everyMs = 20): HeartbeatProbe {
  const sentAt = new Map<string, number>();
  const rtts: number[] = [];
  let sequence = 0;
  const onMessage = (data: Buffer) => {
    const message = JSON.parse(data.toString()) as { type?: string; response_id?: string };
    const started = message.response_id === undefined ? undefined : sentAt.get(message.response_id);
    if (message.type !== 'heartbeat' || started === undefined) return;
    sentAt.delete(message.response_id!);
    rtts.push(performance.now() - started);
  };
  client.socket.on('message', onMessage);
  const timer = setInterval(() => {
    const id = `probe-hb-${(sequence += 1)}`;
    sentAt.set(id, performance.now());
    client.send({ type: 'heartbeat', request_id: id });
  }, everyMs);
  return {
    async stop() {
      clearInterval(timer);
      // the last ones in flight get their answers (a live server answers within a few ms)
      const deadline = performance.now() + 5_000;
      while (sentAt.size > 0 && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
      client.socket.off('message', onMessage);
      const now = performance.now();
      return [...rtts, ...[...sentAt.values()].map((started) => now - started)];
    },
  };
}

/** The p-th percentile (0–100) of `values`. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Blocks this process's event loop for `ms` (a deliberate stall, as a huge frame caused before the limits). */
export function stallEventLoop(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // busy on purpose
  }
}

/** A JSON text frame of `bytes` bytes whose `payload` is nested arrays (the parse-stall attack). */
export function nestedArrayFrame(type: string, bytes: number): string {
  const head = `{"type":"${type}","session_id":"s","prev_response_id":"r","action_results":[],"payload":`;
  const depth = Math.floor((bytes - head.length - 1) / 2);
  return `${head}${'['.repeat(depth)}${']'.repeat(depth)}}`;
}
