import { afterEach, describe, expect, it, vi } from 'vitest';

// Records which provider SDKs get imported. The factories run only when a module imports the SDK, so a static
// `import ... from '@anthropic-ai/sdk'` anywhere in the package graph makes the first test fail.
const loaded = vi.hoisted(() => new Set<string>());
vi.mock('openai', async (importOriginal) => {
  loaded.add('openai');
  return importOriginal();
});
vi.mock('@anthropic-ai/sdk', async (importOriginal) => {
  loaded.add('@anthropic-ai/sdk');
  return importOriginal();
});

describe('provider SDKs load on first use', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('importing the package loads neither SDK; an OpenAI-compatible model loads only openai', async () => {
    const providers = await import('../src/index.js');
    const { startFixtureServer } = await import('../src/testing.js');
    expect([...loaded]).toEqual([]);
    // Classifying an error must not load an SDK either.
    expect(providers.classifyFailure(new Error('boom')).kind).toBe('other');
    expect([...loaded]).toEqual([]);

    const server = await startFixtureServer({
      routes: [
        {
          path: '/v1/chat/completions',
          responses: [
            {
              json: {
                id: 'x',
                object: 'chat.completion',
                created: 1,
                model: 'm',
                choices: [{ index: 0, message: { role: 'assistant', content: 'hi' }, finish_reason: 'stop' }],
              },
            },
          ],
        },
      ],
    });
    close = () => server.close();
    const model = providers.createModelFromConfig({ provider: 'openai-compatible', model: 'm', baseUrl: `${server.url}/v1` });
    const response = await model.complete({ messages: [{ role: 'user', content: 'hello' }] });
    expect(response.content).toBe('hi');
    expect(loaded.has('openai')).toBe(true);
    expect(loaded.has('@anthropic-ai/sdk')).toBe(false);
  });

  it('classifies SDK errors by class without the SDKs (and with them loaded)', async () => {
    const { classifyFailure } = await import('../src/index.js');
    const OpenAISdk = await import('openai');
    const AnthropicSdk = await import('@anthropic-ai/sdk');
    for (const sdk of [OpenAISdk, AnthropicSdk]) {
      expect(classifyFailure(new sdk.APIUserAbortError()).kind).toBe('aborted');
      expect(classifyFailure(new sdk.APIConnectionTimeoutError()).kind).toBe('timeout');
      expect(classifyFailure(new sdk.APIConnectionError({ message: 'reset' })).kind).toBe('connection');
      expect(classifyFailure(sdk.APIError.generate(503, undefined, 'down', new Headers())).kind).toBe('server');
      expect(classifyFailure(sdk.APIError.generate(400, undefined, 'bad', new Headers())).kind).toBe('client');
    }
    // A look-alike class outside the SDKs is not an SDK error.
    class APIError extends Error {
      status = 503;
    }
    expect(classifyFailure(new APIError('x')).kind).toBe('other');
  });
});
