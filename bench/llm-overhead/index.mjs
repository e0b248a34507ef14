// bench/llm-overhead: latency our provider layer adds over the raw SDK call, against the local fixture server.
// For each provider, calls alternate between the raw SDK (`maxRetries: 0`) and our model wrapping the same SDK,
// and the overhead is the median of the paired differences (target ≤ 1 ms per call). The tool-mode cases send the
// same call with two function tools and get tool calls back. What tool mode adds over text mode is measured in one
// loop per provider: each iteration times raw text, ours text, raw tools and ours tools (in a rotating order), and
// the result is the median of (ours tools − raw tools) − (ours text − raw text) (target ≤ 0.1 ms per call).
import OpenAI from 'openai';
import Anthropic from '@anthropic-ai/sdk';
import { z } from 'zod';
import { createAnthropicModel, createOpenAIModel } from '@ufo-ts/llm-providers';
import { anthropicMessageBody, openAIChatCompletionBody, startFixtureServer } from '@ufo-ts/llm-providers/testing';
import { percentile, summarize, writeResult } from '../stats.mjs';

const N = Number(process.env.BENCH_N ?? 1500);
const WARMUP = 200;
const TARGET_MS = 1;
const TOOL_MODE_TARGET_MS = 0.1;

const reply = '{"observation": "Notepad is open", "status": "CONTINUE", "plan": ["type the text", "save"]}';
const server = await startFixtureServer({
  routes: [
    { path: '/v1/chat/completions', responses: [{ json: openAIChatCompletionBody({ content: reply }) }] },
    { path: '/v1/messages', responses: [{ json: anthropicMessageBody({ content: reply }) }] },
  ],
});
const toolCalls = [
  { id: 'call_1', name: 'click_input', arguments: { id: 'edit-name' } },
  { id: 'call_2', name: 'set_edit_text', arguments: { id: 'edit-name', text: 'report.txt' } },
];
const toolServer = await startFixtureServer({
  routes: [
    { path: '/v1/chat/completions', responses: [{ json: openAIChatCompletionBody({ content: '', toolCalls }) }] },
    { path: '/v1/messages', responses: [{ json: anthropicMessageBody({ content: '', toolCalls }) }] },
  ],
});
// The fixture servers record every request; drop them as we go so memory stays flat.
const trim = () => {
  server.requests.splice(0, server.requests.length);
  toolServer.requests.splice(0, toolServer.requests.length);
};

const messages = [
  { role: 'system', content: 'You operate a Linux desktop. Reply in JSON.' },
  { role: 'user', content: 'Is Notepad open? What next?' },
];
const Reply = z.object({ observation: z.string(), status: z.enum(['CONTINUE', 'FINISH']), plan: z.array(z.string()) });

const rawOpenAI = new OpenAI({ apiKey: 'bench', baseURL: `${server.url}/v1`, maxRetries: 0 });
const rawAnthropic = new Anthropic({ apiKey: 'bench', baseURL: server.url, maxRetries: 0, openTelemetry: false });
const ourOpenAI = createOpenAIModel({ apiKey: 'bench', baseUrl: `${server.url}/v1`, model: 'gpt-4o' });
const ourAnthropic = createAnthropicModel({ apiKey: 'bench', baseUrl: server.url, model: 'claude-haiku-4-5' });

const tools = [
  {
    type: 'function',
    name: 'click_input',
    description: 'Click a control by its id.',
    inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
  },
  {
    type: 'function',
    name: 'set_edit_text',
    description: 'Type text into an edit control.',
    inputSchema: { type: 'object', properties: { id: { type: 'string' }, text: { type: 'string' } }, required: ['id', 'text'] },
  },
];
const openAITools = tools.map((tool) => ({ type: 'function', function: { name: tool.name, description: tool.description, parameters: tool.inputSchema } }));
const anthropicTools = tools.map((tool) => ({ name: tool.name, description: tool.description, input_schema: tool.inputSchema }));
const rawOpenAITools = new OpenAI({ apiKey: 'bench', baseURL: `${toolServer.url}/v1`, maxRetries: 0 });
const rawAnthropicTools = new Anthropic({ apiKey: 'bench', baseURL: toolServer.url, maxRetries: 0, openTelemetry: false });
const ourOpenAITools = createOpenAIModel({ apiKey: 'bench', baseUrl: `${toolServer.url}/v1`, model: 'gpt-4o' });
const ourAnthropicTools = createAnthropicModel({ apiKey: 'bench', baseUrl: toolServer.url, model: 'claude-haiku-4-5' });

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
    raw: () =>
      rawAnthropic.post('/v1/messages', { body: { model: 'claude-haiku-4-5', max_tokens: 4096, system: messages[0].content, messages: [messages[1]] } }),
    ours: () => ourAnthropic.complete({ messages }),
  },
  'openai-tools': {
    raw: () => rawOpenAITools.chat.completions.create({ model: 'gpt-4o', messages, tools: openAITools }),
    ours: () => ourOpenAITools.complete({ messages, tools }),
  },
  'anthropic-tools': {
    raw: () =>
      rawAnthropicTools.post('/v1/messages', {
        body: { model: 'claude-haiku-4-5', max_tokens: 4096, system: messages[0].content, messages: [messages[1]], tools: anthropicTools },
      }),
    ours: () => ourAnthropicTools.complete({ messages, tools }),
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
// Tool mode against text mode, four calls per iteration in a rotating order.
const toolMode = {};
for (const provider of ['openai', 'anthropic']) {
  const variants = [cases[provider].raw, cases[provider].ours, cases[`${provider}-tools`].raw, cases[`${provider}-tools`].ours];
  const added = [];
  const textOverhead = [];
  const toolOverhead = [];
  for (let i = 0; i < WARMUP + N; i += 1) {
    const times = [0, 0, 0, 0];
    for (let k = 0; k < 4; k += 1) {
      const v = (i + k) % 4;
      times[v] = await time(variants[v]);
    }
    if (i % 200 === 0) trim();
    if (i < WARMUP) continue;
    const text = times[1] - times[0];
    const withTools = times[3] - times[2];
    textOverhead.push(text);
    toolOverhead.push(withTools);
    added.push(withTools - text);
  }
  const median = Math.round(percentile(added, 50) * 1000) / 1000;
  toolMode[provider] = {
    addedMs: { median, p95: Math.round(percentile(added, 95) * 1000) / 1000 },
    textOverheadMedianMs: Math.round(percentile(textOverhead, 50) * 1000) / 1000,
    toolOverheadMedianMs: Math.round(percentile(toolOverhead, 50) * 1000) / 1000,
    withinTarget: median <= TOOL_MODE_TARGET_MS,
  };
  process.stdout.write(
    `${`${provider} tool mode`.padEnd(18)} adds ${median} ms per call over text mode ` +
      `(overhead text ${toolMode[provider].textOverheadMedianMs} ms, tools ${toolMode[provider].toolOverheadMedianMs} ms)\n`,
  );
}
await server.close();
await toolServer.close();

const file = writeResult('llm-overhead', {
  description:
    'Added latency of @ufo-ts/llm-providers over the raw SDK call (maxRetries 0) against a local fixture server on 127.0.0.1; ' +
    'median of paired per-call differences, calls alternating raw/ours.',
  targetMs: TARGET_MS,
  toolModeTargetMs: TOOL_MODE_TARGET_MS,
  samplesPerVariant: N,
  results,
  toolModeDescription:
    'What native tool mode (two function tools in, two tool calls out) adds per call over text mode: median over N iterations of ' +
    '(ours tools - raw SDK tools) - (ours text - raw SDK text), the four calls of an iteration in a rotating order.',
  toolMode,
});
process.stdout.write(`wrote ${file}\n`);
const failed = [...Object.values(results), ...Object.values(toolMode)].some((r) => !r.withinTarget);
process.exit(failed ? 1 : 0);
