import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isUfoError } from '../src/index.js';
import { ScriptedModel, type ScriptedResponder } from '../src/testing.js';

describe('ScriptedModel responders, frozen calls and the completeness check', () => {
  it('a responder computes its reply from the request it answers, and its call number', async () => {
    const responder: ScriptedResponder = (request, call) => ({ content: `call ${call}: ${request.messages.at(-1)?.content as string}` });
    const model = new ScriptedModel({ replies: ['fixed', responder, async (request) => ({ answer: request.messages.length })] });
    expect((await model.complete({ messages: [{ role: 'user', content: 'a' }] })).content).toBe('fixed');
    expect((await model.complete({ messages: [{ role: 'user', content: 'hello' }] })).content).toBe('call 2: hello');
    const third = await model.complete({
      messages: [
        { role: 'user', content: 'x' },
        { role: 'user', content: 'y' },
      ],
      schema: z.object({ answer: z.number() }),
    });
    expect(third.parsed).toEqual({ answer: 2 });
  });

  it('keeps a frozen copy of each request: a later change to the engine’s messages does not rewrite history', async () => {
    const model = new ScriptedModel({ replies: ['one', 'two'] });
    const messages = [{ role: 'user' as const, content: 'first' }];
    await model.complete({ messages, metadata: { step: 1 } });
    messages.push({ role: 'user', content: 'second' });
    messages[0]!.content = 'changed';
    expect(model.calls[0]!.messages).toEqual([{ role: 'user', content: 'first' }]);
    expect(Object.isFrozen(model.calls[0])).toBe(true);
    expect(Object.isFrozen(model.calls[0]!.messages[0])).toBe(true);
    expect(() => ((model.calls[0]!.metadata as Record<string, unknown>).step = 2)).toThrow(TypeError);
  });

  it('assertAllUsed throws MODEL_SCRIPT_UNUSED while replies are left, and passes once all were used', async () => {
    const model = new ScriptedModel({ replies: ['one', () => 'two'] });
    await model.complete({ messages: [] });
    let error: unknown;
    try {
      model.assertAllUsed();
    } catch (e) {
      error = e;
    }
    expect(isUfoError(error) && error.code).toBe('MODEL_SCRIPT_UNUSED');
    expect((error as Error).message).toContain('1 of its 2 replies were never used');
    await model.complete({ messages: [] });
    expect(() => model.assertAllUsed()).not.toThrow();
    await expect(model.complete({ messages: [] })).rejects.toMatchObject({ code: 'MODEL_SCRIPT_EXHAUSTED' });
  });
});
