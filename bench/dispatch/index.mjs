// bench/dispatch: latency (median, p99) and throughput of a no-op tool call through LocalCommandDispatcher,
// per transport (in-process, stdio, streamable HTTP), next to the raw MCP SDK client on the same server so the
// dispatcher's own overhead is visible. Writes bench/results/dispatch.json.
// Run after `corepack pnpm --filter @ufo-ts/dispatchers build`: `node bench/dispatch/index.mjs`.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { LocalCommandDispatcher } from '@ufo-ts/dispatchers';
import { sample, summarize, writeResult } from '../stats.mjs';
import { interleavedInProcess } from './interleaved.mjs';
import { createNoopServer } from './noop-server.mjs';

const N = Number(process.env.BENCH_N ?? 5000);
const WARMUP = 1000;
const CONCURRENCY = 32;
const CONCURRENT_CALLS = Number(process.env.BENCH_CONCURRENT_CALLS ?? 6000);
const serverScript = fileURLToPath(new URL('./noop-server.mjs', import.meta.url));
const target = { agent: 'AppAgent', root: 'bench' };

async function startHttpChild() {
  const child = spawn(process.execPath, [serverScript, '--http'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout });
  const [line] = await once(lines, 'line');
  lines.close();
  return {
    url: JSON.parse(line).url,
    stop: async () => {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Calls per second with `CONCURRENCY` calls in flight. */
async function throughput(call) {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < CONCURRENT_CALLS) {
        next += 1;
        await call();
      }
    }),
  );
  return Math.round(CONCURRENT_CALLS / ((performance.now() - started) / 1000));
}

async function measure(call) {
  const samples = await sample(call, { n: N, warmup: WARMUP });
  const summary = summarize(samples);
  return {
    ...summary,
    calls_per_second_sequential: Math.round(1000 / summary.mean),
    [`calls_per_second_${CONCURRENCY}_in_flight`]: await throughput(call),
  };
}

async function benchDispatcher(server) {
  const dispatcher = new LocalCommandDispatcher({
    config: { AppAgent: { bench: { action: [server] } } },
    factories: { noop: () => createNoopServer() },
  });
  try {
    let i = 0;
    const call = async () => {
      i += 1;
      const [result] = await dispatcher.execute([{ tool_name: 'noop', parameters: {}, tool_type: 'action', call_id: `b${i}` }], { target });
      if (result.status !== 'success') throw new Error(`call failed: ${result.error}`);
    };
    const coldStart = performance.now();
    await call();
    const firstCallMs = performance.now() - coldStart;
    return { ...(await measure(call)), first_call_ms_including_start: Math.round(firstCallMs * 10) / 10 };
  } finally {
    await dispatcher.close();
  }
}

async function benchRawSdk(transport, cleanup = async () => undefined) {
  const client = new Client({ name: 'bench-raw', version: '1.0.0' });
  await client.connect(transport);
  try {
    return await measure(() => client.callTool({ name: 'noop', arguments: {} }));
  } finally {
    await client.close();
    await cleanup();
  }
}

/** Same signal-dropping fetch as the dispatcher uses, so the raw baseline is not slowed by the SDK's listener pile-up. */
const plainFetch = (url, init) => fetch(url, init && init.method === 'POST' ? { ...init, signal: undefined } : init);

const results = {};
{
  results['in-process'] = {
    dispatcher: await benchDispatcher({ namespace: 'noop', transport: 'in-process', factory: 'noop' }),
    raw_sdk: await (async () => {
      const server = createNoopServer();
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      await server.connect(serverSide);
      return benchRawSdk(clientSide, () => server.close());
    })(),
  };
}
{
  results.stdio = {
    dispatcher: await benchDispatcher({ namespace: 'noop', transport: 'stdio', command: process.execPath, args: [serverScript] }),
    raw_sdk: await benchRawSdk(new StdioClientTransport({ command: process.execPath, args: [serverScript] })),
  };
}
{
  const http = await startHttpChild();
  try {
    results.http = {
      dispatcher: await benchDispatcher({ namespace: 'noop', transport: 'http', url: http.url }),
      raw_sdk: await benchRawSdk(new StreamableHTTPClientTransport(new URL(http.url), { fetch: plainFetch })),
    };
  } finally {
    await http.stop();
  }
}

// The in-process ratio is taken with both paths alternated call by call in one loop, so load shifts cannot favour
// either (the sequential runs above can differ by more than the overhead itself on a busy machine).
results['in-process'].interleaved = await interleavedInProcess({ n: N, warmup: WARMUP });
for (const [transport, r] of Object.entries(results)) {
  r.dispatcher_overhead_median_ms = Math.round((r.dispatcher.median - r.raw_sdk.median) * 1000) / 1000;
}
const file = writeResult('dispatch', {
  description:
    'No-op MCP tool call through LocalCommandDispatcher.execute (one command per batch) vs the raw SDK client, ' +
    'per transport. Latency in ms, one call at a time; throughput also with 32 calls in flight.',
  config: { n: N, warmup: WARMUP, concurrency: CONCURRENCY, concurrent_calls: CONCURRENT_CALLS },
  transports: results,
});
for (const [transport, r] of Object.entries(results)) {
  console.log(
    `${transport.padEnd(10)} dispatcher median ${r.dispatcher.median} ms p99 ${r.dispatcher.p99} ms ` +
      `${r.dispatcher.calls_per_second_sequential}/s seq, ${r.dispatcher[`calls_per_second_${CONCURRENCY}_in_flight`]}/s x${CONCURRENCY} | ` +
      `raw sdk median ${r.raw_sdk.median} ms p99 ${r.raw_sdk.p99} ms`,
  );
}
const side = results['in-process'].interleaved;
console.log(
  `in-process, alternated: dispatcher median ${side.dispatcher.median} ms vs raw sdk ${side.raw_sdk.median} ms = ${side.ratio_median}x (goal <= 1.3x)`,
);
console.log(`wrote ${file}`);
