import { afterEach, describe, expect, it } from 'vitest';
import { createAnthropicModel, createOpenAIModel, ModelCallError, type ProviderMetadata, type RetryEvent } from '../src/index.js';
import { startFixtureServer, type FixtureResponse, type FixtureServer } from '../src/testing.js';
import { fastRetry, jsonFixture, simpleMessages, textFixture } from './helpers.js';

let server: FixtureServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function openAI(responses: FixtureResponse[], extra: Partial<Parameters<typeof createOpenAIModel>[0]> = {}) {
  server = await startFixtureServer({ routes: [{ path: '/v1/chat/completions', responses }] });
  const model = createOpenAIModel({ apiKey: 'k', baseUrl: `${server.url}/v1`, model: 'gpt-4o', retry: fastRetry, ...extra });
  return { srv: server, model };
}

const ok: FixtureResponse = { json: jsonFixture('openai-chat-completion.json') };

describe('retries', () => {
  it('honours Retry-After on 429, then succeeds', async () => {
    const events: RetryEvent[] = [];
    const { srv, model } = await openAI([{ status: 429, headers: { 'retry-after': '1' }, json: jsonFixture('openai-error-rate-limit.json') }, ok], {
      retry: { ...fastRetry, onRetry: (e) => events.push(e) },
    });
    const started = performance.now();
    const response = await model.complete({ messages: simpleMessages() });
    const elapsed = performance.now() - started;
    expect(response.content).toBe('The Notepad window is open and focused.');
    expect(srv.requests).toHaveLength(2);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ attempt: 1, delayMs: 1000, failure: { kind: 'rate-limit', status: 429, retryAfterMs: 1000 } });
    expect(elapsed).toBeGreaterThanOrEqual(950);
    const metadata = response.providerMetadata as unknown as ProviderMetadata;
    expect(metadata.attempts).toBe(2);
    expect(metadata.retries).toEqual([{ attempt: 1, delayMs: 1000, kind: 'rate-limit', status: 429 }]);
  });

  it('retries 500 twice, then succeeds', async () => {
    const error = { status: 500, json: jsonFixture('openai-error-server.json') };
    const { srv, model } = await openAI([error, error, ok]);
    const response = await model.complete({ messages: simpleMessages() });
    expect(response.content).toBe('The Notepad window is open and focused.');
    expect(srv.requests).toHaveLength(3);
    expect((response.providerMetadata as unknown as ProviderMetadata).retries.map((r) => r.status)).toEqual([500, 500]);
  });

  it('does not retry a 400', async () => {
    const { srv, model } = await openAI([{ status: 400, json: jsonFixture('openai-error-bad-request.json') }, ok]);
    const error = await model.complete({ messages: simpleMessages() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelCallError);
    const failure = error as ModelCallError;
    expect(failure.code).toBe('MODEL_CALL_FAILED');
    expect(failure.status).toBe(400);
    expect(failure.retryable).toBe(false);
    expect(failure.attempts).toBe(1);
    expect(failure.message).toMatch(/Invalid value: 'input_imag'/);
    expect(srv.requests).toHaveLength(1);
  });

  it('gives up after maxRetries with a retryable ModelCallError', async () => {
    const { srv, model } = await openAI([{ status: 503, json: jsonFixture('openai-error-server.json') }], {
      retry: { ...fastRetry, maxRetries: 2 },
    });
    const error = (await model.complete({ messages: simpleMessages() }).catch((e: unknown) => e)) as ModelCallError;
    expect(error).toBeInstanceOf(ModelCallError);
    expect(error).toMatchObject({ status: 503, retryable: true, attempts: 3 });
    expect(srv.requests).toHaveLength(3);
  });

  it('retries a connection reset', async () => {
    const { srv, model } = await openAI([{ reset: true }, ok]);
    const response = await model.complete({ messages: simpleMessages() });
    expect(response.content).toBe('The Notepad window is open and focused.');
    expect(srv.requests).toHaveLength(2);
    expect((response.providerMetadata as unknown as ProviderMetadata).retries[0]!.kind).toBe('connection');
  });

  it('times out a slow attempt and retries it', async () => {
    const { srv, model } = await openAI([{ ...ok, delayMs: 5_000 }, ok], { timeoutMs: 200 });
    const response = await model.complete({ messages: simpleMessages() });
    expect(response.content).toBe('The Notepad window is open and focused.');
    expect(srv.requests).toHaveLength(2);
    expect((response.providerMetadata as unknown as ProviderMetadata).retries[0]!.kind).toBe('timeout');
    expect(response.latencyMs).toBeLessThan(4_000);
  });

  it('reports a timeout when every attempt is too slow', async () => {
    const { srv, model } = await openAI([{ ...ok, delayMs: 5_000 }], { timeoutMs: 150, retry: { ...fastRetry, maxRetries: 1 } });
    const error = (await model.complete({ messages: simpleMessages() }).catch((e: unknown) => e)) as ModelCallError;
    expect(error).toBeInstanceOf(ModelCallError);
    expect(error.timedOut).toBe(true);
    expect(error.attempts).toBe(2);
    expect(srv.requests).toHaveLength(2);
  });

  it('retries an Anthropic 529 overload: two requests in all, one billed completion', async () => {
    server = await startFixtureServer({
      routes: [
        {
          path: '/v1/messages',
          responses: [{ status: 529, json: jsonFixture('anthropic-error-overloaded.json') }, { json: jsonFixture('anthropic-message.json') }],
        },
      ],
    });
    const model = createAnthropicModel({ apiKey: 'k', baseUrl: server.url, model: 'claude-haiku-4-5', retry: fastRetry });
    const response = await model.complete({ messages: simpleMessages() });
    expect(server.requests).toHaveLength(2);
    expect(response.usage.outputTokens).toBe(12);
    // The retry was ours (observable), not the SDK's hidden one.
    expect((response.providerMetadata as unknown as ProviderMetadata).retries).toEqual([
      { attempt: 1, delayMs: expect.any(Number), kind: 'server', status: 529 },
    ]);
  });

  it('leaves no retries to the SDKs: with maxRetries 0 a failure is exactly one request', async () => {
    server = await startFixtureServer({
      routes: [
        { path: '/v1/messages', responses: [{ status: 529, json: jsonFixture('anthropic-error-overloaded.json') }] },
        { path: '/v1/chat/completions', responses: [{ status: 503, json: jsonFixture('openai-error-server.json') }] },
      ],
    });
    const noRetry = { ...fastRetry, maxRetries: 0 };
    const claude = createAnthropicModel({ apiKey: 'k', baseUrl: server.url, model: 'claude-haiku-4-5', retry: noRetry });
    const gpt = createOpenAIModel({ apiKey: 'k', baseUrl: `${server.url}/v1`, model: 'gpt-4o', retry: noRetry });
    const claudeError = (await claude.complete({ messages: simpleMessages() }).catch((e: unknown) => e)) as ModelCallError;
    const gptError = (await gpt.complete({ messages: simpleMessages() }).catch((e: unknown) => e)) as ModelCallError;
    expect([claudeError.status, gptError.status]).toEqual([529, 503]);
    expect([claudeError.retryable, gptError.retryable]).toEqual([true, true]);
    expect(server.requests.map((r) => r.path)).toEqual(['/v1/messages', '/v1/chat/completions']);
  });
});

describe('cancellation', () => {
  it('aborts mid-request: the HTTP request is cancelled and nothing is retried', async () => {
    const { srv, model } = await openAI([{ ...ok, delayMs: 10_000 }]);
    const controller = new AbortController();
    const pending = model.complete({ messages: simpleMessages(), signal: controller.signal }).catch((e: unknown) => e);
    while (srv.requests.length === 0) await new Promise((r) => setTimeout(r, 5));
    controller.abort(new Error('user pressed stop'));
    const error = (await pending) as ModelCallError;
    expect(error).toBeInstanceOf(ModelCallError);
    expect(error.aborted).toBe(true);
    expect(error.retryable).toBe(false);
    await srv.waitForAbort(1);
    expect(srv.requests[0]!.clientAborted).toBe(true);
    expect(srv.requests).toHaveLength(1);
  });

  it('aborts mid-stream: the stream stops and the call rejects', async () => {
    const { srv, model } = await openAI([{ sse: textFixture('openai-chat-completion.sse.txt'), stallAfterEvents: 2 }]);
    const controller = new AbortController();
    const deltas: string[] = [];
    const pending = model
      .complete({
        messages: simpleMessages(),
        signal: controller.signal,
        onDelta: (d) => {
          deltas.push(d);
          controller.abort();
        },
      })
      .catch((e: unknown) => e);
    const error = (await pending) as ModelCallError;
    expect(error).toBeInstanceOf(ModelCallError);
    expect(error.aborted).toBe(true);
    expect(deltas).toEqual(['The Notepad']);
    await srv.waitForAbort(1);
    expect(srv.requests).toHaveLength(1);
  });

  it('an already-aborted signal sends nothing', async () => {
    const { srv, model } = await openAI([ok]);
    const error = (await model.complete({ messages: simpleMessages(), signal: AbortSignal.abort() }).catch((e: unknown) => e)) as ModelCallError;
    expect(error.aborted).toBe(true);
    expect(srv.requests).toHaveLength(0);
  });

  it('does not retry after streamed text reached the caller', async () => {
    const { srv, model } = await openAI([{ sse: textFixture('openai-chat-completion.sse.txt'), stallAfterEvents: 2 }, ok], {
      timeoutMs: 300,
    });
    const deltas: string[] = [];
    const error = (await model.complete({ messages: simpleMessages(), onDelta: (d) => deltas.push(d) }).catch((e: unknown) => e)) as ModelCallError;
    expect(error).toBeInstanceOf(ModelCallError);
    expect(error.timedOut).toBe(true);
    expect(deltas).toEqual(['The Notepad']);
    expect(srv.requests).toHaveLength(1);
  });
});
