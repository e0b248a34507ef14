import { ScriptedModel } from '@ufo-ts/core/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createAnthropicModel } from './anthropic/anthropic-model.js';
import { streamCompletion } from './streaming.js';
import { anthropicMessageSse, startFixtureServer, type FixtureServer } from './testing.js';

let server: FixtureServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('streamCompletion', () => {
  it('yields deltas as an async iterator and resolves the same final response', async () => {
    server = await startFixtureServer({
      routes: [{ path: '/v1/messages', responses: [{ sse: anthropicMessageSse({ content: 'abc', pieces: ['a', 'b', 'c'] }), eventDelayMs: 2 }] }],
    });
    const model = createAnthropicModel({ apiKey: 'k', baseUrl: server.url, model: 'claude-haiku-4-5' });
    const stream = streamCompletion(model, { messages: [{ role: 'user', content: 'hi' }] });
    const seen: string[] = [];
    for await (const delta of stream) seen.push(delta);
    expect(seen).toEqual(['a', 'b', 'c']);
    const response = await stream.response;
    expect(response.content).toBe('abc');
    expect(response.usage).toEqual({ inputTokens: 10, outputTokens: 5, cachedInputTokens: 0 });
  });

  it('throws from the iterator when the call fails', async () => {
    const model = new ScriptedModel({ replies: [{ content: '', error: new Error('boom') }] });
    const stream = streamCompletion(model, { messages: [{ role: 'user', content: 'hi' }] });
    await expect(
      (async () => {
        for await (const _ of stream) void _;
      })(),
    ).rejects.toThrow('boom');
    await expect(stream.response).rejects.toThrow('boom');
  });
});
