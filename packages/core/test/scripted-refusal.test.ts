import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorResult, UFO_ERROR_CODES, UfoError } from '../src/index.js';
import { ScriptedModel } from '../src/testing.js';

describe('a scripted refusal', () => {
  const schema = z.object({ done: z.boolean() });
  const messages = [{ role: 'user' as const, content: 'do it' }];

  it('comes back as a refusal, not parsed against the schema, as a model that reports refusals rather than throwing', async () => {
    const model = new ScriptedModel({
      replies: [
        { content: '', refusal: "I can't help with that." },
        { content: "I can't.", finishReason: 'refusal' },
      ],
    });
    const first = await model.complete({ messages, schema });
    expect(first).toMatchObject({ refusal: "I can't help with that.", finishReason: 'refusal' });
    expect(first.parsed).toBeUndefined();
    const second = await model.complete({ messages, schema });
    expect(second).toMatchObject({ content: "I can't.", finishReason: 'refusal' });
    expect(second.parsed).toBeUndefined();
  });
});

describe('MODEL_REFUSED', () => {
  it('is a well-known code, and reaches a round result', () => {
    expect(UFO_ERROR_CODES).toContain('MODEL_REFUSED');
    expect(errorResult(new UfoError('MODEL_REFUSED', 'The model refused to answer: no'))).toEqual({
      error: 'The model refused to answer: no',
      code: 'MODEL_REFUSED',
    });
  });
});
