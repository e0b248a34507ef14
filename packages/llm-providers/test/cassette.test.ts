import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  canonicalRequest,
  CassetteLineSchema,
  createOpenAIModel,
  EndpointConfigError,
  ModelReplyInvalidError,
  parseCassette,
  RecordedCassetteLineSchema,
  RecordingModel,
  ReplayMissError,
  ReplayModel,
  requestKey,
} from '../src/index.js';
import { openAIChatCompletionBody, startFixtureServer, type FixtureServer } from '../src/testing.js';
import { PNG_BASE64, screenshotMessages, simpleMessages, textFixture } from './helpers.js';

let server: FixtureServer | undefined;
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ufo-cassette-'));
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  await rm(dir, { recursive: true, force: true });
});

const Step = z.object({ step: z.number() });

describe('RecordingModel → ReplayModel', () => {
  it('records real provider calls and replays them deterministically, without the network', async () => {
    server = await startFixtureServer({
      routes: [
        {
          path: '/v1/chat/completions',
          responses: [
            { json: openAIChatCompletionBody({ content: 'first answer', usage: { inputTokens: 100, outputTokens: 3 } }) },
            { json: openAIChatCompletionBody({ content: '{"step": 2}', usage: { inputTokens: 120, outputTokens: 4 } }) },
          ],
        },
      ],
    });
    const path = join(dir, 'sub', 'session.jsonl');
    const live = createOpenAIModel({ apiKey: 'k', baseUrl: `${server.url}/v1`, model: 'gpt-4o' });
    const recorder = new RecordingModel({ model: live, path });
    const a = await recorder.complete({ messages: screenshotMessages() });
    const b = await recorder.complete({ messages: simpleMessages('next?'), schema: Step, schemaName: 'step' });
    expect(b.parsed).toEqual({ step: 2 });

    const text = await readFile(path, 'utf8');
    const lines = text
      .trim()
      .split('\n')
      .map((line) => RecordedCassetteLineSchema.parse(JSON.parse(line)));
    expect(lines).toHaveLength(2);
    expect(lines[0]!.response).toEqual({ content: 'first answer', usage: a.usage, cost: a.cost, model: 'gpt-4o', provider: 'openai', finishReason: 'stop' });
    expect(lines[1]!.request.schemaName).toBe('step');
    // Images are stored as their hash and size, not their data.
    expect(text).not.toContain(PNG_BASE64);
    const image = (lines[0]!.request.messages[1]!.content as Array<Record<string, unknown>>)[1]!;
    expect(image).toMatchObject({ type: 'image', bytes: Buffer.from(PNG_BASE64, 'base64').length, mediaType: 'image/png' });
    expect(lines[0]!.key).toBe(requestKey(canonicalRequest({ messages: screenshotMessages() }, 'gpt-4o')));

    await server.close();
    server = undefined;
    const replay = await ReplayModel.fromFile(path);
    expect(replay.modelId).toBe('gpt-4o');
    // Asked in the opposite order: matched by key, not by position.
    const rb = await replay.complete({ messages: simpleMessages('next?'), schema: Step, schemaName: 'step' });
    const ra = await replay.complete({ messages: screenshotMessages() });
    expect(rb.parsed).toEqual({ step: 2 });
    expect(rb.providerMetadata).toEqual({ replay: { line: 2, matchedBy: 'key' } });
    expect(ra.content).toBe(a.content);
    expect(ra.usage).toEqual(a.usage);
    expect(ra.cost).toBe(a.cost);
    expect(replay.remaining).toBe(0);
    const miss = await replay.complete({ messages: simpleMessages('never recorded') }).catch((e: unknown) => e);
    expect(miss).toBeInstanceOf(ReplayMissError);
    expect((miss as ReplayMissError).code).toBe('REPLAY_MISS');
    expect((miss as Error).message).toMatch(/2\/2 lines used.*never recorded/);
  });

  it('falls back to order for unmatched requests, unless strict', async () => {
    const line = (content: string, text: string) => ({
      key: requestKey(canonicalRequest({ messages: simpleMessages(text) }, 'm')),
      request: canonicalRequest({ messages: simpleMessages(text) }, 'm'),
      response: { content, usage: { inputTokens: 1, outputTokens: 1 }, cost: null, model: 'm', provider: 'p' },
    });
    const cassette = [line('one', 'a'), line('two', 'b')];
    const loose = new ReplayModel({ cassette });
    expect((await loose.complete({ messages: simpleMessages('changed prompt') })).content).toBe('one');
    expect((await loose.complete({ messages: simpleMessages('b') })).content).toBe('two');
    const strict = new ReplayModel({ cassette, strict: true });
    await expect(strict.complete({ messages: simpleMessages('changed prompt') })).rejects.toBeInstanceOf(ReplayMissError);
    expect((await strict.complete({ messages: simpleMessages('b') })).content).toBe('two');
  });
});

describe('hand-written wire cassettes', () => {
  it("decodes OpenAI and Anthropic response bodies with the adapters' mapping, in order", async () => {
    const replay = new ReplayModel({ cassette: textFixture('hand-written-cassette.jsonl'), modelId: 'demo' });
    const deltas: string[] = [];
    const first = await replay.complete({
      messages: simpleMessages(),
      schema: z.object({ status: z.string(), app: z.string() }),
      onDelta: (d) => deltas.push(d),
    });
    expect(first.parsed).toEqual({ status: 'CONTINUE', app: 'mousepad' });
    expect(deltas.join('')).toBe(first.content);
    expect(first.provider).toBe('openai');
    expect(first.model).toBe('gpt-4o-2024-08-06');
    expect(first.usage).toEqual({ inputTokens: 1200, outputTokens: 9, cachedInputTokens: 1024 });
    expect(first.cost).toBeCloseTo((176 * 2.5 + 1024 * 1.25 + 9 * 10) / 1e6, 12);

    const second = await replay.complete({ messages: simpleMessages('again') });
    expect(second.provider).toBe('anthropic');
    expect(second.content).toBe('{"status": "FINISH", "app": "mousepad"}');
    expect(second.usage).toEqual({ inputTokens: 3000, outputTokens: 12, cachedInputTokens: 2000 });

    const third = await replay.complete({ messages: simpleMessages('third') });
    expect(third.content).toBe('The Notepad window is open and focused.');
    expect(third.usage.inputTokens).toBe(1500);
    await expect(replay.complete({ messages: simpleMessages() })).rejects.toBeInstanceOf(ReplayMissError);
  });

  it('matches wire lines by key when given', async () => {
    const key = requestKey(canonicalRequest({ messages: simpleMessages('wanted') }, 'demo'));
    const cassette = [
      JSON.stringify({ wire: { provider: 'openai', body: openAIChatCompletionBody({ content: 'in order' }) } }),
      JSON.stringify({ key, wire: { provider: 'openai', body: openAIChatCompletionBody({ content: 'by key' }) } }),
    ].join('\n');
    const replay = new ReplayModel({ cassette, modelId: 'demo' });
    expect((await replay.complete({ messages: simpleMessages('wanted') })).content).toBe('by key');
    expect((await replay.complete({ messages: simpleMessages('other') })).content).toBe('in order');
  });

  it('throws ModelReplyInvalidError when a replayed reply fails the schema', async () => {
    const cassette = JSON.stringify({ wire: { provider: 'openai', body: openAIChatCompletionBody({ content: '{"step": "x"}' }) } });
    const error = await new ReplayModel({ cassette }).complete({ messages: simpleMessages(), schema: Step }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelReplyInvalidError);
    expect((error as ModelReplyInvalidError).attempts[0]!.issues[0]).toMatch(/^step: /);
  });

  it('rejects malformed cassettes with the line number', () => {
    expect(() => parseCassette('{"wire": {"provider": "openai", "body": {"choices": []}}}')).toThrow(
      /line 1: the openai wire body is not a valid response body/,
    );
    expect(() => parseCassette('\n\nnot json')).toThrow(/line 3 is not JSON/);
    expect(() => parseCassette('{"key": "x"}')).toThrow(EndpointConfigError);
    expect(CassetteLineSchema.safeParse({ wire: { provider: 'anthropic', body: {} } }).success).toBe(true);
  });
});
