import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createOpenAIModel, ModelReplyInvalidError, type ProviderMetadata } from '../src/index.js';
import { openAIChatCompletionBody } from '../src/testing.js';
import { fixtureServers, jsonFixture, openAIModelAt, PNG_BASE64, screenshotMessages, simpleMessages, textFixture } from './helpers.js';

const serve = fixtureServers().chatCompletions;
const model = openAIModelAt;

describe('OpenAI Chat Completions', () => {
  it('completes a plain request from the recorded fixture, with usage and cost', async () => {
    const srv = await serve([{ json: jsonFixture('openai-chat-completion.json') }]);
    const response = await model(srv.url).complete({ messages: simpleMessages(), temperature: 0.2, maxTokens: 300 });
    expect(response.content).toBe('The Notepad window is open and focused.');
    expect(response.usage).toEqual({ inputTokens: 1200, outputTokens: 9, cachedInputTokens: 1024 });
    // gpt-4o: 176 fresh × $2.50 + 1024 cached × $1.25 + 9 × $10, per 1M tokens.
    expect(response.cost).toBeCloseTo((176 * 2.5 + 1024 * 1.25 + 9 * 10) / 1e6, 12);
    expect(response.model).toBe('gpt-4o');
    expect(response.provider).toBe('openai');
    expect((response.providerMetadata as unknown as ProviderMetadata).responseModel).toBe('gpt-4o-2024-08-06');
    expect(srv.requests).toHaveLength(1);
    const request = srv.requests[0]!;
    expect(request.headers['authorization']).toBe('Bearer sk-test');
    expect(request.body).toEqual({
      model: 'gpt-4o',
      messages: [
        { role: 'system', content: 'You operate a Linux desktop.' },
        { role: 'user', content: 'Is Notepad open?' },
      ],
      temperature: 0.2,
      max_completion_tokens: 300,
    });
  });

  it('sends images as data URLs in image_url parts, with the label before the image', async () => {
    const srv = await serve([{ json: jsonFixture('openai-chat-completion.json') }]);
    await model(srv.url).complete({ messages: screenshotMessages() });
    const body = srv.requests[0]!.body as { messages: Array<{ content: unknown }> };
    expect(body.messages[1]!.content).toEqual([
      { type: 'text', text: 'What is on screen?' },
      { type: 'text', text: 'Current screenshot:' },
      { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG_BASE64}` } },
    ]);
  });

  it('streams deltas and returns the same result as without streaming', async () => {
    const srv = await serve([{ sse: textFixture('openai-chat-completion.sse.txt') }, { json: jsonFixture('openai-chat-completion.json') }]);
    const m = model(srv.url);
    const deltas: string[] = [];
    const streamed = await m.complete({ messages: simpleMessages(), onDelta: (d) => deltas.push(d) });
    const plain = await m.complete({ messages: simpleMessages() });
    expect(deltas).toEqual(['The Notepad', ' window is open', ' and focused.']);
    expect(streamed.content).toBe(plain.content);
    expect(streamed.usage).toEqual(plain.usage);
    expect(streamed.cost).toBe(plain.cost);
    const body = srv.requests[0]!.body as Record<string, unknown>;
    expect(body['stream']).toBe(true);
    expect(body['stream_options']).toEqual({ include_usage: true });
  });

  it('uses the json_schema response format and re-asks with the zod issues after a bad reply', async () => {
    const srv = await serve([
      { json: openAIChatCompletionBody({ content: '```json\n{"action": "click",}\n```', usage: { inputTokens: 100, outputTokens: 10 } }) },
      { json: openAIChatCompletionBody({ content: 'Sure! {"action": "click", "target": "OK button",}', usage: { inputTokens: 150, outputTokens: 12 } }) },
    ]);
    const schema = z.object({ action: z.enum(['click', 'type']), target: z.string() });
    const response = await model(srv.url).complete({ messages: simpleMessages(), schema, schemaName: 'app action' });
    expect(response.parsed).toEqual({ action: 'click', target: 'OK button' });
    expect(srv.requests).toHaveLength(2);
    const first = srv.requests[0]!.body as Record<string, unknown>;
    expect(first['response_format']).toMatchObject({
      type: 'json_schema',
      json_schema: {
        name: 'app_action',
        strict: true,
        schema: { type: 'object', required: ['action', 'target'], additionalProperties: false },
      },
    });
    const second = srv.requests[1]!.body as { messages: Array<{ role: string; content: string }> };
    expect(second.messages.at(-2)).toEqual({ role: 'assistant', content: '```json\n{"action": "click",}\n```' });
    expect(second.messages.at(-1)!.role).toBe('user');
    expect(second.messages.at(-1)!.content).toContain('target: Invalid input: expected string, received undefined');
    // Both attempts are billed.
    expect(response.usage).toEqual({ inputTokens: 250, outputTokens: 22, cachedInputTokens: 0 });
    expect(response.cost).toBeCloseTo((250 * 2.5 + 22 * 10) / 1e6, 12);
    const metadata = response.providerMetadata as unknown as ProviderMetadata;
    expect(metadata.structuredAttempts).toBe(2);
    expect(metadata.rejectedReplies?.[0]?.issues).toEqual(['target: Invalid input: expected string, received undefined']);
  });

  it('fails with ModelReplyInvalidError carrying every attempt after the configured re-asks', async () => {
    const srv = await serve([{ json: openAIChatCompletionBody({ content: 'I cannot answer in JSON.' }) }]);
    const schema = z.object({ done: z.boolean() });
    const error = await model(srv.url, { structuredOutputRetries: 2 })
      .complete({ messages: simpleMessages(), schema })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelReplyInvalidError);
    const invalid = error as ModelReplyInvalidError;
    expect(invalid.code).toBe('MODEL_REPLY_INVALID');
    expect(invalid.attempts).toHaveLength(3);
    expect(invalid.attempts.every((a) => a.content === 'I cannot answer in JSON.')).toBe(true);
    expect(invalid.attempts[0]!.issues[0]).toMatch(/no parseable JSON/);
    expect(invalid.usage).toEqual({ inputTokens: 30, outputTokens: 15, cachedInputTokens: 0 });
    expect(invalid.cost).toBeCloseTo((30 * 2.5 + 15 * 10) / 1e6, 12);
    expect(srv.requests).toHaveLength(3);
  });

  it('omits temperature for reasoning models', async () => {
    const srv = await serve([{ json: jsonFixture('openai-chat-completion.json') }]);
    await model(srv.url, { model: 'o4-mini' }).complete({ messages: simpleMessages(), temperature: 0.7 });
    expect(srv.requests[0]!.body).not.toHaveProperty('temperature');
  });

  it('uses JSON mode plus a schema instruction when the model has no json_schema support', async () => {
    const srv = await serve([{ json: openAIChatCompletionBody({ content: '{"done": true}' }) }]);
    const response = await model(srv.url, { capabilities: { jsonSchema: false } }).complete({
      messages: simpleMessages(),
      schema: z.object({ done: z.boolean() }),
    });
    expect(response.parsed).toEqual({ done: true });
    const body = srv.requests[0]!.body as { response_format: unknown; messages: Array<{ content: string }> };
    expect(body.response_format).toEqual({ type: 'json_object' });
    expect(body.messages[0]!.content).toContain('You operate a Linux desktop.');
    expect(body.messages[0]!.content).toContain('matches this JSON Schema');
    expect(body.messages[0]!.content).toContain('"done"');
  });

  it('accepts a pasted …/v1/chat/completions base URL', async () => {
    const srv = await serve([{ json: jsonFixture('openai-chat-completion.json') }]);
    const m = createOpenAIModel({ apiKey: 'k', baseUrl: `${srv.url}/v1/chat/completions/`, model: 'gpt-4o' });
    await m.complete({ messages: simpleMessages() });
    expect(srv.requests[0]!.path).toBe('/v1/chat/completions');
  });
});
