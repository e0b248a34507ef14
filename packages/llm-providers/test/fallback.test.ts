import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createAnthropicModel,
  createFallbackModel,
  createOpenAICompatibleModel,
  createOpenAIModel,
  ModelCallError,
  type FallbackTrail,
  type SkippedModel,
} from '../src/index.js';
import { openAIChatCompletionBody, startFixtureServer, type FixtureServer } from '../src/testing.js';
import { fastRetry, jsonFixture, screenshotMessages, simpleMessages } from './helpers.js';

let server: FixtureServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function twoProviders(openAIResponses: Parameters<typeof startFixtureServer>[0]['routes'][number]['responses']) {
  server = await startFixtureServer({
    routes: [
      { path: '/v1/chat/completions', responses: openAIResponses },
      { path: '/v1/messages', responses: [{ json: jsonFixture('anthropic-message.json') }] },
    ],
  });
  const primary = createOpenAIModel({ apiKey: 'k', baseUrl: `${server.url}/v1`, model: 'gpt-4o', retry: { ...fastRetry, maxRetries: 1 } });
  const backup = createAnthropicModel({ apiKey: 'k', baseUrl: server.url, model: 'claude-sonnet-4-5', retry: fastRetry });
  return { srv: server, primary, backup };
}

describe('fallback chain', () => {
  it('falls back to the second model when the first keeps failing, and records why', async () => {
    const { srv, primary, backup } = await twoProviders([{ status: 500, json: jsonFixture('openai-error-server.json') }]);
    const skippedSeen: SkippedModel[] = [];
    const model = createFallbackModel({ models: [primary, backup], onFallback: (s) => skippedSeen.push(s) });
    const response = await model.complete({ messages: simpleMessages() });
    expect(response.provider).toBe('anthropic');
    expect(response.model).toBe('claude-sonnet-4-5');
    const trail = response.providerMetadata?.['fallback'] as FallbackTrail;
    expect(trail.answeredBy).toEqual({ index: 1, provider: 'anthropic', model: 'claude-sonnet-4-5' });
    expect(trail.skipped).toHaveLength(1);
    expect(trail.skipped[0]).toMatchObject({ index: 0, provider: 'openai', model: 'gpt-4o', code: 'MODEL_CALL_FAILED', status: 500 });
    expect(skippedSeen).toEqual(trail.skipped);
    expect(srv.requests.map((r) => r.path)).toEqual(['/v1/chat/completions', '/v1/chat/completions', '/v1/messages']);
  });

  it('skips a text-only model for an image request without calling it', async () => {
    server = await startFixtureServer({
      routes: [{ path: '/v1/chat/completions', responses: [{ json: jsonFixture('openai-chat-completion.json') }] }],
    });
    const textOnly = createOpenAICompatibleModel({ preset: 'ollama', baseUrl: server.url, model: 'llama3.1:8b' });
    const vision = createOpenAIModel({ apiKey: 'k', baseUrl: `${server.url}/v1`, model: 'gpt-4o' });
    const response = await createFallbackModel({ models: [textOnly, vision] }).complete({ messages: screenshotMessages() });
    expect(response.provider).toBe('openai');
    const trail = response.providerMetadata?.['fallback'] as FallbackTrail;
    expect(trail.skipped[0]!.code).toBe('MODEL_UNSUPPORTED_REQUEST');
    expect(server.requests).toHaveLength(1);
  });

  it('moves on after invalid structured replies, and fails with every reason when no model complies', async () => {
    await twoProviders([{ json: openAIChatCompletionBody({ content: 'not json', usage: { inputTokens: 100, outputTokens: 10 } }) }]);
    const first = createOpenAIModel({ apiKey: 'k', baseUrl: `${server!.url}/v1`, model: 'gpt-4o', structuredOutputRetries: 0 });
    // The Anthropic fixture answers in prose, so it cannot satisfy a JSON schema either.
    const second = createAnthropicModel({ apiKey: 'k', baseUrl: server!.url, model: 'claude-sonnet-4-5', structuredOutputRetries: 0 });
    const error = await createFallbackModel({ models: [first, second] })
      .complete({ messages: simpleMessages(), schema: z.object({ ok: z.boolean() }) })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelCallError);
    const skipped = (error as ModelCallError).details?.['skipped'] as SkippedModel[];
    expect(skipped.map((s) => `${s.provider}:${s.code}`)).toEqual(['openai:MODEL_REPLY_INVALID', 'anthropic:MODEL_REPLY_INVALID']);
    expect(server!.requests.map((r) => r.path)).toEqual(['/v1/chat/completions', '/v1/messages']);
  });

  it('adds the usage and cost of skipped models to the answer', async () => {
    server = await startFixtureServer({
      routes: [
        {
          path: '/v1/chat/completions',
          responses: [{ json: openAIChatCompletionBody({ content: 'not json', usage: { inputTokens: 100, outputTokens: 10 } }) }],
        },
        {
          path: '/v2/chat/completions',
          responses: [{ json: openAIChatCompletionBody({ content: '{"ok": true}', usage: { inputTokens: 50, outputTokens: 5 } }) }],
        },
      ],
    });
    const first = createOpenAIModel({ apiKey: 'k', baseUrl: `${server.url}/v1`, model: 'gpt-4o', structuredOutputRetries: 0 });
    const second = createOpenAIModel({ apiKey: 'k', baseUrl: `${server.url}/v2`, model: 'gpt-4o-mini' });
    const response = await createFallbackModel({ models: [first, second] }).complete({
      messages: simpleMessages(),
      schema: z.object({ ok: z.boolean() }),
    });
    expect(response.parsed).toEqual({ ok: true });
    expect(response.usage).toMatchObject({ inputTokens: 150, outputTokens: 15 });
    expect(response.cost).toBeCloseTo((100 * 2.5 + 10 * 10) / 1e6 + (50 * 0.15 + 5 * 0.6) / 1e6, 12);
  });

  it('does not fall back when the caller aborted', async () => {
    const { srv, primary, backup } = await twoProviders([{ json: jsonFixture('openai-chat-completion.json'), delayMs: 10_000 }]);
    const controller = new AbortController();
    const pending = createFallbackModel({ models: [primary, backup] })
      .complete({ messages: simpleMessages(), signal: controller.signal })
      .catch((e: unknown) => e);
    while (srv.requests.length === 0) await new Promise((r) => setTimeout(r, 5));
    controller.abort();
    const error = (await pending) as ModelCallError;
    expect(error.aborted).toBe(true);
    expect(srv.requests.map((r) => r.path)).toEqual(['/v1/chat/completions']);
  });

  it('reports every failure when all models fail', async () => {
    server = await startFixtureServer({
      routes: [
        {
          path: '/v1/chat/completions',
          responses: [{ status: 401, json: { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } } }],
        },
        {
          path: '/v1/messages',
          responses: [{ status: 400, json: { type: 'error', error: { type: 'invalid_request_error', message: 'max_tokens too large' } } }],
        },
      ],
    });
    const model = createFallbackModel({
      models: [
        createOpenAIModel({ apiKey: 'k', baseUrl: `${server.url}/v1`, model: 'gpt-4o' }),
        createAnthropicModel({ apiKey: 'k', baseUrl: server.url, model: 'claude-haiku-4-5' }),
      ],
    });
    const error = (await model.complete({ messages: simpleMessages() }).catch((e: unknown) => e)) as ModelCallError;
    expect(error).toBeInstanceOf(ModelCallError);
    expect(error.message).toMatch(/All 2 models failed: openai\/gpt-4o: .*Incorrect API key.* \| anthropic\/claude-haiku-4-5: .*max_tokens too large/);
    expect((error.details?.['skipped'] as SkippedModel[]).map((s) => s.status)).toEqual([401, 400]);
    expect(error.cause).toBeInstanceOf(AggregateError);
  });
});
