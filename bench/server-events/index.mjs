// bench/server-events: the live event stream (Server-Sent Events) of @ufo-ts/server on loopback.
// 1. Delivery latency, engine to SSE client: an engine event handed to the server's event path (as a session's
//    EventBus forwards it) until an SSE client over real HTTP has parsed it; one event at a time, server and client in
//    this process (one clock). Target p50 ≤ 5 ms.
// 2. 1,000 concurrent SSE subscribers on one server process (the subscribers in this process, the server in its
//    own): the server's memory per subscriber after a full GC (heap + external, and RSS) — target ≤ 20 KB each —
//    and one event's fan-out to all of them (wall clock across the two processes).
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createUfoServer } from '@ufo-ts/server';
import { summarize, writeResult } from '../stats.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const LATENCY_SAMPLES = Number(process.env.BENCH_SSE_SAMPLES ?? 3000);
const SUBSCRIBERS = Number(process.env.BENCH_SSE_SUBSCRIBERS ?? 1000);
const FANOUTS = Number(process.env.BENCH_SSE_FANOUTS ?? 20);
const KEY = 'bench-server-events-key';
const logRoot = mkdtempSync(join(tmpdir(), 'ufo-bench-events-'));

/** An SSE subscriber over node:http that calls `onEvent(data, receivedAt)` for each data line. */
function subscribe(url, onEvent) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { 'x-api-key': KEY }, agent: false }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`status ${response.statusCode}`));
      response.setEncoding('utf8');
      let buffer = '';
      response.on('data', (chunk) => {
        buffer += chunk;
        let cut;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const line = frame.split('\n').find((l) => l.startsWith('data: '));
          if (line) onEvent(line.slice(6), performance.timeOrigin + performance.now());
        }
      });
      resolve({ close: () => request.destroy() });
    });
    request.on('error', reject);
  });
}

// ---- 1. latency, one process
const latency = await (async () => {
  const server = createUfoServer({
    port: 0,
    apiKey: KEY,
    logRoot,
    createModel: () => {
      throw new Error('no task');
    },
  });
  const address = await server.start();
  let waiting;
  const client = await subscribe(`${address.httpUrl}/api/events`, (data) => waiting?.(data));
  const samples = [];
  for (let i = 0; i < LATENCY_SAMPLES + 200; i += 1) {
    const received = new Promise((resolve) => (waiting = resolve));
    const t0 = performance.now();
    server.stream.publishServerEvent({
      type: 'engine',
      taskName: 'bench',
      event: { type: 'step-start', agent: 'LinuxAgent', state: 'CONTINUE', step: i, round: 0 },
    });
    await received;
    if (i >= 200) samples.push(performance.now() - t0);
  }
  client.close();
  await server.stop();
  return summarize(samples);
})();
console.log('delivery latency (ms):', latency);

// ---- 2. 1,000 subscribers on a server process
const child = fork(join(here, 'server-process.mjs'), [], {
  execArgv: ['--expose-gc'],
  env: { ...process.env, BENCH_LOG_ROOT: logRoot },
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const replies = [];
const waiters = [];
child.on('message', (message) => (waiters.length ? waiters.shift()(message) : replies.push(message)));
const next = () => (replies.length ? Promise.resolve(replies.shift()) : new Promise((resolve) => waiters.push(resolve)));
const ask = (type) => (child.send({ type }), next());
const { httpUrl } = await next();
// one subscriber first, so the stream's code paths are warm before the baseline
const warm = await subscribe(`${httpUrl}/api/events`, () => undefined);
await new Promise((resolve) => setTimeout(resolve, 200));
const before = await ask('measure');
const received = new Array(SUBSCRIBERS).fill(0);
let lastArrival = [];
const subscribers = [];
for (let i = 0; i < SUBSCRIBERS; i += 1) {
  subscribers.push(
    await subscribe(`${httpUrl}/api/events`, (data, at) => {
      received[i] += 1;
      lastArrival[i] = at - Number(JSON.parse(data).message);
    }),
  );
}
await new Promise((resolve) => setTimeout(resolve, 500));
const after = await ask('measure');
const fanout = [];
for (let f = 0; f < FANOUTS; f += 1) {
  lastArrival = [];
  await ask('broadcast');
  const deadline = Date.now() + 10_000;
  while (received.some((n) => n < f + 1) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
  fanout.push(Math.max(...lastArrival));
}
const delivered = received.filter((n) => n === FANOUTS).length;
const held = await ask('measure');
for (const s of subscribers) s.close();
warm.close();
const exited = new Promise((resolve) => child.once('exit', resolve));
child.send({ type: 'stop' });
await exited;
rmSync(logRoot, { recursive: true, force: true });

const perSubscriber = (key) => Math.round(((after[key] - before[key]) / SUBSCRIBERS / 1024) * 100) / 100;
const heapPlusExternalKb = Math.round(((after.heapUsed + after.external - (before.heapUsed + before.external)) / SUBSCRIBERS / 1024) * 100) / 100;
const result = {
  latencyMs: latency,
  latencyTarget: { p50: 5, met: latency.median <= 5 },
  subscribers: {
    n: SUBSCRIBERS,
    connected: after.subscribers - before.subscribers,
    perSubscriberKb: { heapPlusExternal: heapPlusExternalKb, heapUsed: perSubscriber('heapUsed'), rss: perSubscriber('rss') },
    target: { kbEach: 20, met: heapPlusExternalKb <= 20 },
    serverHeapMb: {
      before: Math.round(before.heapUsed / 1e5) / 10,
      with: Math.round(after.heapUsed / 1e5) / 10,
      afterFanouts: Math.round(held.heapUsed / 1e5) / 10,
    },
    serverRssMb: { before: Math.round(before.rss / 1e5) / 10, with: Math.round(after.rss / 1e5) / 10 },
    fanoutMs: summarize(fanout),
    deliveredToAll: delivered === SUBSCRIBERS,
  },
  notes:
    'latency: engine event handed to the server event path until parsed by an SSE client over HTTP (same process); memory: server process after full GC, 1,000 SSE subscribers over node:http from another process; fan-out: wall clock from publish to the last subscriber parsing it',
};
console.log(JSON.stringify(result, null, 2));
console.log('wrote', writeResult('server-events', result));
process.exit(0);
