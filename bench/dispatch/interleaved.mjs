// Side by side in one run: a no-op in-process tool call through LocalCommandDispatcher and through the raw MCP
// SDK client on the same kind of server, alternated call by call so both see the same machine load. Used by
// index.mjs; `node bench/dispatch/interleaved.mjs` prints the in-process ratio alone.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { LocalCommandDispatcher } from '@ufo-ts/dispatchers';
import { summarize } from '../stats.mjs';
import { createNoopServer } from './noop-server.mjs';

/**
 * Median latency of both paths, measured alternately (dispatcher, raw, dispatcher, raw, ...), and their ratio.
 * `n` timed pairs after `warmup` untimed pairs.
 */
export async function interleavedInProcess({ n, warmup }) {
  const dispatcher = new LocalCommandDispatcher({
    config: { AppAgent: { bench: { action: [{ namespace: 'noop', transport: 'in-process', factory: 'noop' }] } } },
    factories: { noop: () => createNoopServer() },
  });
  const server = createNoopServer();
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'bench-raw', version: '1.0.0' });
  await client.connect(clientSide);
  const target = { agent: 'AppAgent', root: 'bench' };
  let i = 0;
  const viaDispatcher = async () => {
    i += 1;
    const [result] = await dispatcher.execute([{ tool_name: 'noop', parameters: {}, tool_type: 'action', call_id: `b${i}` }], { target });
    if (result.status !== 'success') throw new Error(`call failed: ${result.error}`);
  };
  const raw = () => client.callTool({ name: 'noop', arguments: {} });
  try {
    const dispatched = [];
    const direct = [];
    for (let k = 0; k < warmup + n; k += 1) {
      const first = k % 2 === 0; // alternate which path goes first in each pair
      for (const [fn, out] of first
        ? [
            [viaDispatcher, dispatched],
            [raw, direct],
          ]
        : [
            [raw, direct],
            [viaDispatcher, dispatched],
          ]) {
        const t0 = performance.now();
        await fn();
        if (k >= warmup) out.push(performance.now() - t0);
      }
    }
    const dispatcherSummary = summarize(dispatched);
    const rawSummary = summarize(direct);
    return {
      dispatcher: dispatcherSummary,
      raw_sdk: rawSummary,
      ratio_median: Math.round((dispatcherSummary.median / rawSummary.median) * 100) / 100,
    };
  } finally {
    await client.close();
    await server.close();
    await dispatcher.close();
  }
}

const isMain = process.argv[1] && new URL(import.meta.url).pathname === process.argv[1];
if (isMain) {
  const result = await interleavedInProcess({ n: Number(process.env.BENCH_N ?? 5000), warmup: 1000 });
  console.log(JSON.stringify(result, null, 1));
}
