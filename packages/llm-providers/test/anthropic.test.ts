import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAnthropicModel, type ProviderMetadata } from '../src/index.js';
import { anthropicMessageBody, startFixtureServer, type FixtureServer } from '../src/testing.js';
import { fastRetry, jsonFixture, PNG_BASE64, screenshotMessages, simpleMessages, textFixture } from './helpers.js';

let server: FixtureServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function setup(responses: Parameters<typeof startFixtureServer>[0]['routes'][number]['responses']) {
  server = await startFixtureServer({ routes: [{ path: '/v1/messages', responses }] });
  const model = createAnthropicModel({ apiKey: 'ant-test', baseUrl: server.url, model: 'claude-sonnet-4-5', retry: fastRetry });
  return { srv: server, model };
}

describe('Anthropic Messages', () => {
  it('makes exactly one HTTP request per completion, with a real system prompt and max_tokens', async () => {
    const { srv, model } = await setup([{ json: jsonFixture('anthropic-message.json') }]);
    const response = await model.complete({ messages: simpleMessages(), temperature: 0.1 });
    expect(srv.requests).toHaveLength(1);
    expect(response.content).toBe('The Notepad window is open and focused.');
    // input_tokens 1000 + cache reads 2000; cache reads billed at $0.30, the rest at $3, output at $15.
    expect(response.usage).toEqual({ inputTokens: 3000, outputTokens: 12, cachedInputTokens: 2000 });
    expect(response.cost).toBeCloseTo((1000 * 3 + 2000 * 0.3 + 12 * 15) / 1e6, 12);
    expect((response.providerMetadata as unknown as ProviderMetadata).attempts).toBe(1);
    expect(srv.requests[0]!.headers['authorization']).toBe('Bearer ant-test');
    expect(srv.requests[0]!.headers['anthropic-version']).toBeTruthy();
    expect(srv.requests[0]!.headers['x-stainless-retry-count']).toBe('0');
    expect(srv.requests[0]!.body).toEqual({
      model: 'claude-sonnet-4-5',
      max_tokens: 4096,
      system: 'You operate a Linux desktop.',
      messages: [{ role: 'user', content: 'Is Notepad open?' }],
      temperature: 0.1,
    });
  });

  it('merges consecutive turns so roles alternate, and joins every system message', async () => {
    const { srv, model } = await setup([{ json: jsonFixture('anthropic-message.json') }]);
    await model.complete({
      messages: [
        { role: 'system', content: 'Rules A.' },
        { role: 'assistant', content: 'Earlier plan.' },
        { role: 'user', content: 'First.' },
        { role: 'user', content: 'Second.' },
        { role: 'system', content: 'Rules B.' },
      ],
    });
    const body = srv.requests[0]!.body as { system: string; messages: unknown[] };
    expect(body.system).toBe('Rules A.\n\nRules B.');
    expect(body.messages).toEqual([
      { role: 'user', content: 'Continue.' },
      { role: 'assistant', content: 'Earlier plan.' },
      { role: 'user', content: 'First.\n\nSecond.' },
    ]);
  });

  it('sends images as base64 image blocks (data URLs decoded)', async () => {
    const { srv, model } = await setup([{ json: jsonFixture('anthropic-message.json') }]);
    const messages = screenshotMessages();
    messages.push({
      role: 'user',
      content: [{ type: 'image', image: `data:image/jpeg;base64,${PNG_BASE64}`, mediaType: 'image/png' }],
    });
    await model.complete({ messages });
    const body = srv.requests[0]!.body as { messages: Array<{ content: unknown }> };
    expect(body.messages).toHaveLength(1);
    expect(body.messages[0]!.content).toEqual([
      { type: 'text', text: 'What is on screen?' },
      { type: 'text', text: 'Current screenshot:' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG_BASE64 } },
      { type: 'image', source: { type: 'base64', media_type: 'image/jpeg', data: PNG_BASE64 } },
    ]);
  });

  it('streams text deltas with the same final result, in one request', async () => {
    const { srv, model } = await setup([{ sse: textFixture('anthropic-message.sse.txt') }, { json: jsonFixture('anthropic-message.json') }]);
    const deltas: string[] = [];
    const streamed = await model.complete({ messages: simpleMessages(), onDelta: (d) => deltas.push(d) });
    expect(srv.requests).toHaveLength(1);
    const plain = await model.complete({ messages: simpleMessages() });
    expect(deltas).toEqual(['The Notepad', ' window is open', ' and focused.']);
    expect(streamed.content).toBe(plain.content);
    expect(streamed.usage).toEqual(plain.usage);
    expect(streamed.cost).toBe(plain.cost);
    expect((srv.requests[0]!.body as { stream: boolean }).stream).toBe(true);
  });

  it('asks for JSON through the system prompt and re-asks with the issues (one request per attempt)', async () => {
    const { srv, model } = await setup([
      { json: anthropicMessageBody({ content: 'Here you go:\n{"status": "FINISH"}' }) },
      { json: anthropicMessageBody({ content: '{"status": "CONTINUE", "plan": ["open menu",]}' }) },
    ]);
    const schema = z.object({ status: z.enum(['CONTINUE', 'FINISH']), plan: z.array(z.string()) });
    const response = await model.complete({ messages: simpleMessages(), schema });
    expect(response.parsed).toEqual({ status: 'CONTINUE', plan: ['open menu'] });
    expect(srv.requests).toHaveLength(2);
    const first = srv.requests[0]!.body as { system: string; output_config?: unknown };
    expect(first.system).toContain('matches this JSON Schema');
    expect(first.output_config).toBeUndefined();
    const second = srv.requests[1]!.body as { messages: Array<{ role: string; content: string }> };
    expect(second.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(second.messages[2]!.content).toContain('plan: Invalid input: expected array, received undefined');
  });

  it('uses output_config.format when jsonSchema is enabled for the model', async () => {
    server = await startFixtureServer({
      routes: [{ path: '/v1/messages', responses: [{ json: anthropicMessageBody({ content: '{"ok": true}' }) }] }],
    });
    const model = createAnthropicModel({
      apiKey: 'k',
      baseUrl: `${server.url}/v1/messages`,
      model: 'claude-opus-4-5',
      capabilities: { jsonSchema: true },
    });
    const response = await model.complete({ messages: simpleMessages(), schema: z.object({ ok: z.boolean() }) });
    expect(response.parsed).toEqual({ ok: true });
    expect(server.requests[0]!.path).toBe('/v1/messages');
    expect((server.requests[0]!.body as { output_config: unknown }).output_config).toMatchObject({
      format: { type: 'json_schema', schema: { type: 'object' } },
    });
  });
});
