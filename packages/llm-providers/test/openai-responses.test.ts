import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createOpenAIModel } from '../src/index.js';
import { openAIResponsesBody, startFixtureServer, type FixtureServer } from '../src/testing.js';
import { jsonFixture, PNG_BASE64, screenshotMessages, simpleMessages, textFixture } from './helpers.js';

let server: FixtureServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function setup(responses: Parameters<typeof startFixtureServer>[0]['routes'][number]['responses']) {
  server = await startFixtureServer({ routes: [{ path: '/v1/responses', responses }] });
  const model = createOpenAIModel({ apiKey: 'sk-test', baseUrl: `${server.url}/v1`, model: 'gpt-4.1', api: 'responses' });
  return { srv: server, model };
}

describe('OpenAI Responses API', () => {
  it('completes a plain request from the recorded fixture', async () => {
    const { srv, model } = await setup([{ json: jsonFixture('openai-responses.json') }]);
    const response = await model.complete({ messages: simpleMessages(), maxTokens: 200, temperature: 0 });
    expect(response.content).toBe('The Notepad window is open and focused.');
    expect(response.usage).toEqual({ inputTokens: 1500, outputTokens: 10, cachedInputTokens: 0 });
    expect(response.cost).toBeCloseTo((1500 * 2 + 10 * 8) / 1e6, 12);
    expect(srv.requests[0]!.body).toEqual({
      model: 'gpt-4.1',
      input: [
        { role: 'system', content: 'You operate a Linux desktop.' },
        { role: 'user', content: 'Is Notepad open?' },
      ],
      store: false,
      temperature: 0,
      max_output_tokens: 200,
    });
  });

  it('sends images as input_image data URLs', async () => {
    const { srv, model } = await setup([{ json: jsonFixture('openai-responses.json') }]);
    await model.complete({ messages: screenshotMessages() });
    const body = srv.requests[0]!.body as { input: Array<{ content: unknown }> };
    expect(body.input[1]!.content).toEqual([
      { type: 'input_text', text: 'What is on screen?' },
      { type: 'input_text', text: 'Current screenshot:' },
      { type: 'input_image', image_url: `data:image/png;base64,${PNG_BASE64}`, detail: 'auto' },
    ]);
  });

  it('streams output_text deltas and takes usage from response.completed', async () => {
    const { model } = await setup([{ sse: textFixture('openai-responses.sse.txt') }]);
    const deltas: string[] = [];
    const response = await model.complete({ messages: simpleMessages(), onDelta: (d) => deltas.push(d) });
    expect(deltas.join('')).toBe('The Notepad window is open and focused.');
    expect(deltas).toHaveLength(3);
    expect(response.content).toBe('The Notepad window is open and focused.');
    expect(response.usage.inputTokens).toBe(1500);
  });

  it('puts the JSON schema in text.format and re-asks on a bad reply', async () => {
    const { srv, model } = await setup([
      { json: openAIResponsesBody({ content: '{"x": "not a number"}' }) },
      { json: openAIResponsesBody({ content: '{"x": 3}' }) },
    ]);
    const response = await model.complete({ messages: simpleMessages(), schema: z.object({ x: z.number() }), schemaName: 'point' });
    expect(response.parsed).toEqual({ x: 3 });
    const first = srv.requests[0]!.body as { text: { format: Record<string, unknown> } };
    expect(first.text.format).toMatchObject({ type: 'json_schema', name: 'point', strict: true });
    const second = srv.requests[1]!.body as { input: Array<{ role: string; content: string }> };
    expect(second.input.at(-1)!.content).toContain('x: expected number, got "not a number"');
  });
});
