// bench/stream-ceiling: memory of a server whose event-stream subscribers never read. 1,000 raw HTTP subscribers
// of `/api/events` on 127.0.0.1 stop reading (paused sockets); the server (its own process) publishes 16 KiB
// events to all of them. Measured in the server after a full GC: RSS before the subscribers, after the events
// (the server-wide ceiling on queued output, default 64 MiB, drops the slowest readers), and after they left; the
// peak of the bytes it held queued; the subscribers still connected. Writes bench/results/stream-ceiling.json.
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeResult } from '../stats.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const SUBSCRIBERS = Number(process.env.BENCH_IDLE_SUBSCRIBERS ?? 1000);
const EVENTS = Number(process.env.BENCH_IDLE_EVENTS ?? 400);
const KEY = 'bench-stream-ceiling-key';
const logRoot = mkdtempSync(join(tmpdir(), 'ufo-bench-ceiling-'));
const child = fork(join(here, 'server-process.mjs'), [], { execArgv: ['--expose-gc'], env: { ...process.env, BENCH_LOG_ROOT: logRoot } });
const next = (type) =>
  new Promise((resolve) =>
    child.on('message', function on(message) {
      if (message.type !== type) return;
      child.off('message', on);
      resolve(message);
    }),
  );
const ask = async (message, reply) => {
  const answer = next(reply);
  child.send(message);
  return answer;
};
const mb = (bytes) => Math.round((bytes / 1024 / 1024) * 10) / 10;

const { httpUrl } = await next('ready');
const port = Number(new URL(httpUrl).port);
const before = await ask({ type: 'measure' }, 'measured');
const sockets = [];
for (let i = 0; i < SUBSCRIBERS; i += 1) {
  const socket = connect(port, '127.0.0.1');
  await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  socket.write(`GET /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-Key: ${KEY}\r\n\r\n`);
  socket.pause();
  socket.on('error', () => {});
  sockets.push(socket);
}
await new Promise((resolve) => setTimeout(resolve, 500));
const subscribed = await ask({ type: 'measure' }, 'measured');
const { peakQueued } = await ask({ type: 'publish', count: EVENTS }, 'published');
const flooded = await ask({ type: 'measure' }, 'measured');
for (const socket of sockets) socket.destroy();
await new Promise((resolve) => setTimeout(resolve, 1_000));
const left = await ask({ type: 'measure' }, 'measured');
child.send({ type: 'stop' });
rmSync(logRoot, { recursive: true, force: true });

const result = {
  subscribers: SUBSCRIBERS,
  events: EVENTS,
  event_bytes: 16 * 1024,
  ceiling_mb: 64,
  rss_mb: { before: mb(before.rss), subscribed: mb(subscribed.rss), flooded: mb(flooded.rss), after_they_left: mb(left.rss) },
  heap_mb: { before: mb(before.heapUsed), flooded: mb(flooded.heapUsed), after_they_left: mb(left.heapUsed) },
  peak_queued_mb: mb(peakQueued),
  queued_after_they_left: left.queuedOutputBytes,
  subscribers_left_connected_after_flood: flooded.subscribers,
  subscribers_after_they_left: left.subscribers,
};
console.log(JSON.stringify(result, null, 2));
console.log('wrote', writeResult('stream-ceiling', result));
