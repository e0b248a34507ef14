import { createOpenAI } from '@ai-sdk/openai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AiSdkChatModel } from '../src/index.js';

const key = process.env.OPENAI_API_KEY;

// A live run against OpenAI through @ai-sdk/openai: skipped without OPENAI_API_KEY.
describe.skipIf(!key)('AiSdkChatModel against OpenAI (live key)', () => {
  const model = new AiSdkChatModel({
    model: createOpenAI({ apiKey: key })(process.env.OPENAI_MODEL ?? 'gpt-4o-mini'),
    features: { toolCalls: true, parallelToolCalls: true, strictSchema: true },
  });

  it('answers in the schema, and calls a tool when required', async () => {
    const reply = await model.complete({
      messages: [{ role: 'user', content: 'What is 12*34? Answer as JSON.' }],
      schema: z.object({ result: z.number() }),
      schemaName: 'product',
    });
    expect(reply.parsed).toEqual({ result: 408 });
    expect(reply.usage.inputTokens).toBeGreaterThan(0);
    const tools = await model.complete({
      messages: [{ role: 'user', content: 'Press the equals button.' }],
      tools: [
        {
          type: 'function',
          name: 'click_button',
          inputSchema: { type: 'object', properties: { label: { type: 'string' } }, required: ['label'], additionalProperties: false },
          strict: true,
        },
      ],
      toolChoice: 'required',
    });
    expect(tools.toolCalls?.[0]).toMatchObject({ type: 'function', name: 'click_button', arguments: { label: expect.any(String) } });
  }, 60_000);
});
