// The server of bench/stream-ceiling in its own process, driven over IPC: it reports its address, publishes large
// events to every subscriber of the live stream, and measures its own memory after a full garbage collection (run
// with --expose-gc), with the bytes it holds queued for readers and the subscribers it still has.
import { createUfoServer } from '@ufo-ts/server';

const server = createUfoServer({
  port: 0,
  apiKey: 'bench-stream-ceiling-key',
  logRoot: process.env.BENCH_LOG_ROOT,
  createModel: () => {
    throw new Error('bench/stream-ceiling runs no task');
  },
  events: { heartbeatMs: 60_000 },
});
const address = await server.start();

function measure() {
  for (let i = 0; i < 3; i += 1) globalThis.gc?.();
  const memory = process.memoryUsage();
  return {
    rss: memory.rss,
    heapUsed: memory.heapUsed,
    external: memory.external,
    queuedOutputBytes: server.queuedOutputBytes,
    subscribers: server.stream.hub.subscriberCount,
  };
}

const big = 'x'.repeat(16 * 1024);
process.on('message', async (message) => {
  if (message.type === 'measure') process.send({ type: 'measured', ...measure() });
  else if (message.type === 'publish') {
    let peakQueued = 0;
    for (let i = 0; i < message.count; i += 1) {
      server.stream.publish({ type: 'warning', time: new Date().toISOString(), task_name: 'bench', message: big });
      peakQueued = Math.max(peakQueued, server.queuedOutputBytes);
      // let the sockets take what they can between events
      if (i % 10 === 9) await new Promise((resolve) => setImmediate(resolve));
    }
    process.send({ type: 'published', peakQueued });
  } else if (message.type === 'stop') {
    await server.stop();
    process.exit(0);
  }
});
process.send({ type: 'ready', httpUrl: address.httpUrl });
