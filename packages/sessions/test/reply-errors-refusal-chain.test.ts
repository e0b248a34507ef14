// A refusal stays a refusal on its way through the session's model wrappers: a fallback chain does not hand the
// refused request to its next model, and the action journal replays a journaled refusal as a refusal (a resumed
// step must not read it as an unreadable reply). The wire bodies come from `@ufo-ts/llm-providers/testing`: an
// OpenAI Chat Completions body with `message.refusal` and `content: null` (the openai SDK's
// `ChatCompletionMessage.refusal`), and an Anthropic Messages body (`stop_reason: "refusal"` / `"end_turn"`).
import { ProgrammaticInteractor } from '@ufo-ts/core';
import { ScriptedModel } from '@ufo-ts/core/testing';
import { createAnthropicModel, createFallbackModel, createOpenAIModel } from '@ufo-ts/llm-providers';
import { anthropicMessageBody, fixturePaths, openAIChatCompletionBody, startFixtureServer } from '@ufo-ts/llm-providers/testing';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FileActionJournal, JournalCursor, JournalingModel, LinuxSession } from '../src/index.js';
import { app, perTestCleanup } from './helpers.js';
import { expectCodeEverywhere, observe } from './reply-errors-harness.js';

const { dirs, defer, fakeDesktop } = perTestCleanup();
const REFUSAL = "I'm sorry, but I can't help with that.";
const noRetry = { maxRetries: 0 } as const;

describe('a refusal in a fallback chain', () => {
  it('ends the round with MODEL_REFUSED: the next model is not asked', async () => {
    const refusing = await startFixtureServer({
      routes: [{ path: fixturePaths.openAIChat, responses: [{ json: openAIChatCompletionBody({ content: '', refusal: REFUSAL }) }] }],
    });
    defer(() => refusing.close());
    const answer = app({ function: 'select_application_window', arguments: { id: '0x3a00004', name: 'Calculator' } }).content;
    const willing = await startFixtureServer({
      routes: [{ path: fixturePaths.anthropicMessages, responses: [{ json: anthropicMessageBody({ content: answer }) }] }],
    });
    defer(() => willing.close());
    const chain = createFallbackModel({
      models: [
        createOpenAIModel({ apiKey: 'sk-test', baseUrl: `${refusing.url}/v1`, model: 'gpt-4o', retry: noRetry }),
        createAnthropicModel({ apiKey: 'sk-ant-test', baseUrl: willing.url, model: 'claude-sonnet-4-5', retry: noRetry }),
      ],
    });
    const { dispatcher, desktop } = fakeDesktop();

    const seen = await observe(
      (events) =>
        new LinuxSession({
          task: 'chain',
          logRoot: dirs.make(),
          request: 'What is 12 times 34?',
          models: { LINUX_AGENT: chain },
          dispatcher,
          interactor: new ProgrammaticInteractor(),
          events,
        }),
    );

    expectCodeEverywhere(seen, 'MODEL_REFUSED', REFUSAL);
    expect(refusing.requests).toHaveLength(1);
    expect(willing.requests).toHaveLength(0);
    expect(desktop.state.selected).toBeUndefined();
  });
});

describe('a journaled refusal replayed in a resumed step', () => {
  it('comes back as a refusal with its text and finish reason, not as a reply that fails its schema', async () => {
    const folder = dirs.make();
    const schema = z.object({ observation: z.string() });
    const live = new JournalCursor(new FileActionJournal({ folder }));
    live.begin(0);
    const refused = await new JournalingModel(new ScriptedModel({ replies: [{ content: '', refusal: REFUSAL }] }), live).complete({ messages: [], schema });
    expect(refused).toMatchObject({ refusal: REFUSAL, finishReason: 'refusal' });
    await live.close();

    const untouched = new ScriptedModel({ replies: [] });
    const resumed = new JournalCursor(new FileActionJournal({ folder }));
    resumed.resumeAt(0);
    resumed.begin(0);
    const replayed = await new JournalingModel(untouched, resumed).complete({ messages: [], schema });
    expect(replayed).toMatchObject({ refusal: REFUSAL, finishReason: 'refusal', content: '' });
    expect(replayed.parsed).toBeUndefined();
    expect(untouched.calls).toHaveLength(0);
  });

  it('an Anthropic refusal (stop_reason refusal, its text as content) keeps its finish reason too', async () => {
    const folder = dirs.make();
    const live = new JournalCursor(new FileActionJournal({ folder }));
    live.begin(0);
    await new JournalingModel(new ScriptedModel({ replies: [{ content: REFUSAL, finishReason: 'refusal' }] }), live).complete({
      messages: [],
      schema: z.object({ a: z.string() }),
    });
    await live.close();

    const resumed = new JournalCursor(new FileActionJournal({ folder }));
    resumed.resumeAt(0);
    resumed.begin(0);
    const replayed = await new JournalingModel(new ScriptedModel({ replies: [] }), resumed).complete({ messages: [], schema: z.object({ a: z.string() }) });
    expect(replayed).toMatchObject({ content: REFUSAL, finishReason: 'refusal' });
  });
});
