// The server of bench/server-events in its own process, driven over IPC: it reports its address, publishes events
// through the same path the engine's events take (the server's event listener → the live stream), and measures its
// own memory after a full garbage collection (run with --expose-gc).
import { createUfoServer } from '@ufo-ts/server';

const server = createUfoServer({
  port: 0,
  apiKey: 'bench-server-events-key',
  logRoot: process.env.BENCH_LOG_ROOT,
  createModel: () => {
    throw new Error('bench/server-events runs no task');
  },
  events: { heartbeatMs: 15_000 },
});
const address = await server.start();

function measure() {
  for (let i = 0; i < 3; i += 1) globalThis.gc?.();
  const memory = process.memoryUsage();
  return {
    heapUsed: memory.heapUsed,
    external: memory.external,
    arrayBuffers: memory.arrayBuffers,
    rss: memory.rss,
    subscribers: server.stream.hub.subscriberCount,
  };
}

process.on('message', (message) => {
  if (message.type === 'measure') process.send({ type: 'measured', ...measure() });
  else if (message.type === 'broadcast') {
    // an engine step-start event, as the session manager forwards it, stamped with the wall clock
    server.stream.publishServerEvent({
      type: 'engine',
      taskName: 'bench',
      event: { type: 'warning', message: String(performance.timeOrigin + performance.now()) },
    });
    process.send({ type: 'broadcasted' });
  } else if (message.type === 'stop') void server.stop().then(() => process.exit(0));
});
process.send({ type: 'address', httpUrl: address.httpUrl });
