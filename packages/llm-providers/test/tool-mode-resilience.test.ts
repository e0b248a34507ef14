import { afterEach, describe, expect, it } from 'vitest';
import { createFallbackModel, createOpenAIModel, ModelCallError, type ProviderMetadata } from '../src/index.js';
import { openAIErrorBody, startFixtureServer, type FixtureServer } from '../src/testing.js';
import { clickTool, fastRetry, jsonFixture, simpleMessages, textFixture, typeTool } from './helpers.js';

let server: FixtureServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function openAI(responses: Parameters<typeof startFixtureServer>[0]['routes'][number]['responses'], timeoutMs = 60_000) {
  server = await startFixtureServer({ routes: [{ path: '/v1/chat/completions', responses }] });
  return createOpenAIModel({ apiKey: 'sk-test', baseUrl: `${server.url}/v1`, model: 'gpt-4o', retry: fastRetry, timeoutMs });
}

const tools = [clickTool, typeTool];

describe('retry, cancellation, fallback and cost in tool mode', () => {
  it('retries a 429 and a stream that hangs after partial tool-call deltas (no text reached the caller), then returns the tool calls', async () => {
    const model = await openAI(
      [
        { status: 429, headers: { 'retry-after-ms': '1' }, json: openAIErrorBody('Rate limit reached', 'rate_limit_exceeded') },
        { sse: textFixture('openai-chat-tool-call.sse.txt'), stallAfterEvents: 4 },
        { sse: textFixture('openai-chat-tool-call.sse.txt') },
      ],
      2_000,
    );
    const response = await model.complete({ messages: simpleMessages(), tools, onDelta: () => {} });
    expect(response.toolCalls?.map((call) => call.name)).toEqual(['click_input', 'set_edit_text']);
    expect(response.usage).toEqual({ inputTokens: 420, outputTokens: 48, cachedInputTokens: 0 });
    expect(response.cost).toBeCloseTo((420 * 2.5 + 48 * 10) / 1e6, 12);
    const metadata = response.providerMetadata as unknown as ProviderMetadata;
    expect(metadata.retries.map((retry) => retry.kind)).toEqual(['rate-limit', 'timeout']);
    expect(server!.requests).toHaveLength(3);
  }, 20_000);

  it('cancels a streamed tool call: the server sees the connection close and the call rejects as aborted', async () => {
    const model = await openAI([{ sse: textFixture('openai-chat-tool-call.sse.txt'), stallAfterEvents: 4 }]);
    const controller = new AbortController();
    const pending = model.complete({ messages: simpleMessages(), tools, onDelta: () => {}, signal: controller.signal });
    const settled = pending.catch((e: unknown) => e);
    while (server!.requests.length === 0) await new Promise((resolve) => setImmediate(resolve));
    controller.abort();
    const error = await settled;
    expect(error).toBeInstanceOf(ModelCallError);
    expect((error as ModelCallError).aborted).toBe(true);
    await server!.waitForAbort(1);
  });

  it('a fallback chain moves past a model without tools (refused before sending) to one with them', async () => {
    const withTools = await openAI([{ json: jsonFixture('openai-chat-parallel-tool-calls.json') }]);
    const withoutTools = createOpenAIModel({ apiKey: 'sk-test', baseUrl: `${server!.url}/v1`, model: 'o1-mini' });
    const chain = createFallbackModel({ models: [withoutTools, withTools] });
    expect(chain.features?.toolCalls).toBe(false);
    const response = await chain.complete({ messages: simpleMessages(), tools });
    expect(response.toolCalls).toHaveLength(2);
    const fallback = (response.providerMetadata as { fallback: { skipped: Array<{ code: string }> } }).fallback;
    expect(fallback.skipped).toEqual([expect.objectContaining({ code: 'MODEL_UNSUPPORTED_REQUEST', model: 'o1-mini' })]);
    expect(server!.requests).toHaveLength(1);
  });
});
