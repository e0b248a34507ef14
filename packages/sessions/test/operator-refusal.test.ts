// An operator model that refuses: with the provider's computer tool (Anthropic's and OpenAI's; a reply without tool
// calls would otherwise finish the round with the refusal as its result) and with JSON text replies. The refusal
// comes as the reply says it (`refusal`, or finishReason `refusal` with the text as content).
import { ProgrammaticInteractor, type ModelFeatures } from '@ufo-ts/core';
import { ScriptedModel, type ScriptedReply } from '@ufo-ts/core/testing';
import { describe, expect, it } from 'vitest';
import { OperatorSession } from '../src/index.js';
import { FakeScreen } from './fake-screen.js';
import { perTestCleanup, stepLines } from './helpers.js';

const { dirs, defer } = perTestCleanup();

const REFUSAL = "I can't help with that.";
const computerFeatures = (computerTool: 'anthropic' | 'openai'): ModelFeatures => ({
  toolCalls: true,
  parallelToolCalls: true,
  strictSchema: false,
  computerTool,
});

const CASES: Array<{ mode: string; features?: ModelFeatures; reply: ScriptedReply }> = [
  { mode: 'the Anthropic computer tool (stop_reason refusal)', features: computerFeatures('anthropic'), reply: { content: REFUSAL, finishReason: 'refusal' } },
  { mode: 'the OpenAI computer tool (a refusal part)', features: computerFeatures('openai'), reply: { content: '', refusal: REFUSAL } },
  { mode: 'JSON text replies', reply: { content: '', refusal: REFUSAL } },
];

describe.each(CASES)('an operator refusal with $mode', ({ features, reply }) => {
  it('ends the round in ERROR with MODEL_REFUSED after one model call: no FINISH, no re-ask', async () => {
    const screen = new FakeScreen();
    const dispatcher = screen.dispatcher();
    defer(() => dispatcher.close());
    // a second reply is there so that a re-ask would show as a second call rather than an exhausted script
    const model = new ScriptedModel({ replies: [reply, reply], ...(features ? { features } : {}) });
    const outcome = await new OperatorSession({
      task: 'refused',
      logRoot: dirs.make(),
      request: 'save the file',
      models: { OPERATOR: model },
      dispatcher,
      interactor: new ProgrammaticInteractor(),
      platform: 'linux',
    }).run();

    expect(model.calls).toHaveLength(1);
    expect(features ? model.calls[0]!.tools : model.calls[0]!.schema).toBeDefined();
    expect(outcome.rounds).toMatchObject([{ finalState: 'ERROR', result: { code: 'MODEL_REFUSED', error: expect.stringContaining(REFUSAL) } }]);
    expect(screen.calls).toEqual([]);
    expect(stepLines(outcome.logFolder!)).toEqual([
      expect.objectContaining({
        status: 'ERROR',
        error: expect.objectContaining({ code: 'MODEL_REFUSED', phase: 'LLM_INTERACTION', message: expect.stringContaining(REFUSAL) }),
      }),
    ]);
  });
});
