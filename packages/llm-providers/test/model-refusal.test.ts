// A model's refusal through the real SDK adapters against a local HTTP server. The bodies come from the wire fixtures
// (`refusal` option): an OpenAI Chat Completions body with `message.refusal` and `content: null`, a Responses API
// body with a `refusal` content part, and an Anthropic Messages body with `stop_reason: "refusal"` (the shapes of the
// openai SDK's `ChatCompletionMessage.refusal` / `ResponseOutputRefusal` and `@anthropic-ai/sdk`'s `StopReason`).
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAnthropicModel, createOpenAIModel, MODEL_ERROR_CODES, ModelRefusalError, ModelReplyInvalidError, ReplayModel } from '../src/index.js';
import { anthropicMessageBody, fixturePaths, openAIChatCompletionBody, openAIResponsesBody } from '../src/testing.js';
import { fastRetry, fixtureServers, simpleMessages } from './helpers.js';

const servers = fixtureServers();
const REFUSAL = "I'm sorry, I can't help with that request.";
const schema = z.object({ done: z.boolean() });

const providers = [
  {
    name: 'OpenAI Chat Completions (message.refusal)',
    path: fixturePaths.openAIChat,
    body: () => openAIChatCompletionBody({ content: '', refusal: REFUSAL }),
    model: (url: string) => createOpenAIModel({ apiKey: 'sk-test', baseUrl: `${url}/v1`, model: 'gpt-4o', retry: fastRetry }),
  },
  {
    name: 'OpenAI Responses (refusal content part)',
    path: fixturePaths.openAIResponses,
    body: () => openAIResponsesBody({ content: '', refusal: REFUSAL }),
    model: (url: string) => createOpenAIModel({ apiKey: 'sk-test', baseUrl: `${url}/v1`, model: 'gpt-4o', api: 'responses', retry: fastRetry }),
  },
  {
    name: 'Anthropic Messages (stop_reason refusal)',
    path: fixturePaths.anthropicMessages,
    body: () => anthropicMessageBody({ content: '', refusal: REFUSAL }),
    model: (url: string) => createAnthropicModel({ apiKey: 'sk-ant-test', baseUrl: url, model: 'claude-sonnet-4-5', retry: fastRetry }),
  },
] as const;

describe.each(providers)('a refusal through $name', ({ path, body, model }) => {
  it('asked for a schema: ModelRefusalError with code MODEL_REFUSED and the refusal text, still a ModelReplyInvalidError, after one call', async () => {
    const server = await servers.start({ routes: [{ path, responses: [{ json: body() }, { json: body() }] }] });
    const error = await model(server.url)
      .complete({ messages: simpleMessages(), schema })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelRefusalError);
    expect(error).toBeInstanceOf(ModelReplyInvalidError);
    const refusal = error as ModelRefusalError;
    expect(refusal.code).toBe('MODEL_REFUSED');
    expect(refusal.refusal).toBe(REFUSAL);
    expect(refusal.details).toMatchObject({ refusal: REFUSAL });
    expect(refusal.message).toContain(REFUSAL);
    expect(server.requests).toHaveLength(1);
  });

  it('without a schema: a ChatResponse with refusal set and finishReason refusal', async () => {
    const server = await servers.start({ routes: [{ path, responses: [{ json: body() }] }] });
    const response = await model(server.url).complete({ messages: simpleMessages() });
    expect(response.refusal).toBe(REFUSAL);
    expect(response.finishReason).toBe('refusal');
    expect(server.requests).toHaveLength(1);
  });
});

describe('a refusal replayed from a hand-written cassette (the same wire bodies)', () => {
  const lines = () => [
    { wire: { provider: 'openai' as const, body: openAIChatCompletionBody({ content: '', refusal: REFUSAL }) } },
    { wire: { provider: 'anthropic' as const, body: anthropicMessageBody({ content: '', refusal: REFUSAL }) } },
  ];

  it('asked for a schema: ModelRefusalError with code MODEL_REFUSED, as the live model throws', async () => {
    const replay = new ReplayModel({ cassette: lines() });
    for (let line = 0; line < 2; line += 1) {
      const error = await replay.complete({ messages: simpleMessages(), schema }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ModelRefusalError);
      expect(error).toMatchObject({ code: 'MODEL_REFUSED', refusal: REFUSAL });
    }
  });

  it('without a schema: the response has refusal set', async () => {
    const replay = new ReplayModel({ cassette: lines() });
    for (let line = 0; line < 2; line += 1) {
      expect(await replay.complete({ messages: simpleMessages() })).toMatchObject({ refusal: REFUSAL, finishReason: 'refusal' });
    }
  });
});

describe('MODEL_REFUSED', () => {
  it('is one of the codes the package throws', () => {
    expect(MODEL_ERROR_CODES).toContain('MODEL_REFUSED');
  });
});
