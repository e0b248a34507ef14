// A model that refuses, in each tool mode, through a session on the testkit's fake desktop (the set-up of
// engine-failures.test.ts): text, native tool calls without strict output, native with strict output
// (`features.strictSchema`). The refusal comes as a reply that says so (`refusal`, or finishReason `refusal` with the
// text as content), as a model that reports refusals instead of throwing gives it, and through the real OpenAI and
// Anthropic adapters against a local server (the wire fixtures' `refusal` bodies; OpenAI's adapter throws its
// ModelRefusalError for a request with a schema, Anthropic's returns the refusal for a request without one).
import { EventBus, MemoryLogSink, ProgrammaticInteractor, Session, type ChatModel, type ChatResponse, type ModelFeatures } from '@ufo-ts/core';
import { ScriptedModel, type ScriptedReply } from '@ufo-ts/core/testing';
import { createAnthropicModel, createOpenAIModel } from '@ufo-ts/llm-providers';
import { anthropicMessageBody, fixturePaths, openAIChatCompletionBody, startFixtureServer, type FixtureServer } from '@ufo-ts/llm-providers/testing';
import { createFakeDesktopDispatcher } from '@ufo-ts/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { createHostAgentStack, NATIVE_TOOL_FEATURES, RefusedReplyError, refusalOf } from '../src/index.js';

const REFUSAL = "I'm sorry, but I can't help with that.";

async function runSession(model: ChatModel) {
  const { dispatcher } = createFakeDesktopDispatcher();
  const interactor = new ProgrammaticInteractor();
  const logSink = new MemoryLogSink();
  const events = new EventBus();
  const agent = createHostAgentStack({ model, dispatcher, interactor, events, logSink, toolMode: 'auto' });
  const outcome = await new Session({ task: 't', request: 'do it', logSink, interactor, events, dispatcher, startAgent: () => (agent.reset(), agent) }).run();
  await dispatcher.close();
  return { outcome, logSink };
}

/** The round ends in ERROR at the first step, with MODEL_REFUSED and the refusal text in the round result and response.log. */
function expectRefused({ outcome, logSink }: Awaited<ReturnType<typeof runSession>>): void {
  expect(outcome.error).toBe(true);
  expect(outcome.steps).toBe(1);
  expect(outcome.rounds).toHaveLength(1);
  expect(outcome.rounds[0]).toMatchObject({ finalState: 'ERROR', result: { code: 'MODEL_REFUSED', error: expect.stringContaining(REFUSAL) } });
  const steps = logSink.lines.response.filter((line) => line.type === 'step');
  expect(steps).toEqual([
    expect.objectContaining({
      agent: 'HostAgent',
      status: 'ERROR',
      error: expect.objectContaining({ code: 'MODEL_REFUSED', phase: 'LLM_INTERACTION', message: expect.stringContaining(REFUSAL) }),
    }),
  ]);
}

const MODES: Array<{ mode: string; features?: ModelFeatures }> = [
  { mode: 'text' },
  { mode: 'native without strict output', features: NATIVE_TOOL_FEATURES },
  { mode: 'native with strict output', features: { ...NATIVE_TOOL_FEATURES, strictSchema: true } },
];
const REPLIES: Array<{ form: string; reply: ScriptedReply }> = [
  { form: 'refusal set', reply: { content: '', refusal: REFUSAL, cost: 0.02 } },
  { form: "finishReason 'refusal' with the text as content", reply: { content: REFUSAL, finishReason: 'refusal', cost: 0.02 } },
];

describe.each(MODES)('a refusal in $mode tool mode', ({ features }) => {
  it.each(REPLIES)('($form) ends the round in ERROR with MODEL_REFUSED after one model call, never re-asked', async ({ reply }) => {
    // a second reply is there so that a re-ask would show as a second call rather than an exhausted script
    const model = new ScriptedModel({ replies: [reply, reply], ...(features ? { features } : {}) });
    const run = await runSession(model);
    expect(model.calls).toHaveLength(1);
    expectRefused(run);
    // the refused call is billed, so its cost counts
    expect(run.outcome.cost).toBeCloseTo(0.02);
  });
});

let server: FixtureServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const retry = { initialDelayMs: 1, maxDelayMs: 5, jitter: 0 };
const PROVIDERS = [
  {
    mode: 'text (OpenAI Chat Completions, message.refusal)',
    path: fixturePaths.openAIChat,
    body: () => openAIChatCompletionBody({ content: '', refusal: REFUSAL }),
    model: (url: string) => createOpenAIModel({ apiKey: 'sk-test', baseUrl: `${url}/v1`, model: 'gpt-4o', retry, capabilities: { tools: false } }),
    features: { toolCalls: false },
  },
  {
    mode: 'native with strict output (OpenAI Chat Completions, message.refusal)',
    path: fixturePaths.openAIChat,
    body: () => openAIChatCompletionBody({ content: '', refusal: REFUSAL }),
    model: (url: string) => createOpenAIModel({ apiKey: 'sk-test', baseUrl: `${url}/v1`, model: 'gpt-4o', retry }),
    features: { toolCalls: true, strictSchema: true },
  },
  {
    mode: 'native without strict output (Anthropic Messages, stop_reason refusal)',
    path: fixturePaths.anthropicMessages,
    body: () => anthropicMessageBody({ content: '', refusal: REFUSAL }),
    model: (url: string) => createAnthropicModel({ apiKey: 'sk-ant-test', baseUrl: url, model: 'claude-sonnet-4-5', retry }),
    features: { toolCalls: true, strictSchema: false },
  },
] as const;

describe.each(PROVIDERS)('a refusal in $mode', ({ path, body, model, features }) => {
  it('ends the round in ERROR with MODEL_REFUSED after one HTTP call', async () => {
    server = await startFixtureServer({ routes: [{ path, responses: [{ json: body() }, { json: body() }] }] });
    const chat = model(server.url);
    expect(chat.features).toMatchObject(features);
    const run = await runSession(chat);
    expect(server.requests).toHaveLength(1);
    expectRefused(run);
  });
});

describe('refusalOf and RefusedReplyError', () => {
  const response = (extra: Partial<ChatResponse>): ChatResponse => ({
    content: '',
    usage: { inputTokens: 1, outputTokens: 1 },
    cost: 0,
    latencyMs: 0,
    model: 'm',
    provider: 'p',
    ...extra,
  });

  it('a reply is a refusal when it has `refusal`, or finishReason refusal (its content is the text)', () => {
    expect(refusalOf(response({ refusal: REFUSAL, finishReason: 'stop' }))).toBe(REFUSAL);
    expect(refusalOf(response({ content: REFUSAL, finishReason: 'refusal' }))).toBe(REFUSAL);
    expect(refusalOf(response({ content: '', finishReason: 'refusal' }))).toBeTruthy();
    expect(refusalOf(response({ content: REFUSAL, finishReason: 'stop' }))).toBeUndefined();
    expect(refusalOf(response({ content: '{}', finishReason: 'content-filter' }))).toBeUndefined();
  });

  it('RefusedReplyError has code MODEL_REFUSED and carries the text in its message and details.refusal', () => {
    const error = new RefusedReplyError(REFUSAL);
    expect(error.code).toBe('MODEL_REFUSED');
    expect(error.refusal).toBe(REFUSAL);
    expect(error.details).toMatchObject({ refusal: REFUSAL });
    expect(error.message).toContain(REFUSAL);
  });
});
