// bench/llm-overhead: latency our provider layer adds over the raw SDK call, against the local fixture server.
// For each provider, calls alternate between the raw SDK (`maxRetries: 0`) and our model wrapping the same SDK,
// and the overhead is the median of the paired differences (target ≤ 1 ms per call).
import OpenAI from 'openai';
import Anthropic from '@anthropic-ai/sdk';
import { z } from 'zod';
import { createAnthropicModel, createOpenAIModel } from '@ufo-ts/llm-providers';
import { anthropicMessageBody, openAIChatCompletionBody, startFixtureServer } from '@ufo-ts/llm-providers/testing';
import { percentile, summarize, writeResult } from '../stats.mjs';

const N = Number(process.env.BENCH_N ?? 1500);
const WARMUP = 200;
const TARGET_MS = 1;

const reply = '{"observation": "Notepad is open", "status": "CONTINUE", "plan": ["type the text", "save"]}';
const server = await startFixtureServer({
  routes: [
    { path: '/v1/chat/completions', responses: [{ json: openAIChatCompletionBody({ content: reply }) }] },
    { path: '/v1/messages', responses: [{ json: anthropicMessageBody({ content: reply }) }] },
  ],
});
// The fixture server records every request; drop them as we go so memory stays flat.
const trim = () => server.requests.splice(0, server.requests.length);

const messages = [
  { role: 'system', content: 'You operate a Linux desktop. Reply in JSON.' },
  { role: 'user', content: 'Is Notepad open? What next?' },
];
const Reply = z.object({ observation: z.string(), status: z.enum(['CONTINUE', 'FINISH']), plan: z.array(z.string()) });

const rawOpenAI = new OpenAI({ apiKey: 'bench', baseURL: `${server.url}/v1`, maxRetries: 0 });
const rawAnthropic = new Anthropic({ apiKey: 'bench', baseURL: server.url, maxRetries: 0, openTelemetry: false });
const ourOpenAI = createOpenAIModel({ apiKey: 'bench', baseUrl: `${server.url}/v1`, model: 'gpt-4o' });
const ourAnthropic = createAnthropicModel({ apiKey: 'bench', baseUrl: server.url, model: 'claude-haiku-4-5' });

const cases = {
  openai: {
    raw: () => rawOpenAI.chat.completions.create({ model: 'gpt-4o', messages }),
    ours: () => ourOpenAI.complete({ messages }),
  },
  'openai-structured': {
    raw: () => rawOpenAI.chat.completions.create({ model: 'gpt-4o', messages }),
    ours: () => ourOpenAI.complete({ messages, schema: Reply, schemaName: 'reply' }),
  },
  anthropic: {
    raw: () => rawAnthropic.post('/v1/messages', { body: { model: 'claude-haiku-4-5', max_tokens: 4096, system: messages[0].content, messages: [messages[1]] } }),
    ours: () => ourAnthropic.complete({ messages }),
  },
};

async function time(fn) {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

const results = {};
for (const [name, { raw, ours }] of Object.entries(cases)) {
  for (let i = 0; i < WARMUP; i += 1) {
    await raw();
    await ours();
  }
  trim();
  const rawSamples = [];
  const ourSamples = [];
  const diffs = [];
  for (let i = 0; i < N; i += 1) {
    // Alternate which goes first so drift and connection reuse favour neither.
    let r;
    let o;
    if (i % 2 === 0) {
      r = await time(raw);
      o = await time(ours);
    } else {
      o = await time(ours);
      r = await time(raw);
    }
    rawSamples.push(r);
    ourSamples.push(o);
    diffs.push(o - r);
    if (i % 200 === 0) trim();
  }
  const overheadMedian = Math.round(percentile(diffs, 50) * 1000) / 1000;
  results[name] = {
    rawSdk: summarize(rawSamples),
    ours: summarize(ourSamples),
    overheadMs: { median: overheadMedian, p95: Math.round(percentile(diffs, 95) * 1000) / 1000 },
    medianDifferenceMs: Math.round((percentile(ourSamples, 50) - percentile(rawSamples, 50)) * 1000) / 1000,
    withinTarget: overheadMedian <= TARGET_MS,
  };
  process.stdout.write(
    `${name.padEnd(18)} raw median ${results[name].rawSdk.median} ms, ours ${results[name].ours.median} ms, ` +
      `overhead median ${overheadMedian} ms (p95 ${results[name].overheadMs.p95} ms)\n`,
  );
}
await server.close();

const file = writeResult('llm-overhead', {
  description:
    'Added latency of @ufo-ts/llm-providers over the raw SDK call (maxRetries 0) against a local fixture server on 127.0.0.1; ' +
    'median of paired per-call differences, calls alternating raw/ours.',
  targetMs: TARGET_MS,
  samplesPerVariant: N,
  results,
});
process.stdout.write(`wrote ${file}\n`);
const failed = Object.values(results).some((r) => !r.withinTarget);
process.exit(failed ? 1 : 0);
