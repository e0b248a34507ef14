import type { LanguageModelV3CallOptions, LanguageModelV3GenerateResult, LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { APICallError } from '@ai-sdk/provider';
import { MockLanguageModelV3, simulateReadableStream } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AiSdkChatModel, AiSdkModelError } from '../src/index.js';

const PNG = 'iVBORw0KGgo=';

function usage(input: number, output: number, cacheRead?: number): LanguageModelV3GenerateResult['usage'] {
  return {
    inputTokens: { total: input, noCache: input - (cacheRead ?? 0), cacheRead, cacheWrite: undefined },
    outputTokens: { total: output, text: output, reasoning: undefined },
  };
}

function generated(content: LanguageModelV3GenerateResult['content'], unified: 'stop' | 'tool-calls' = 'stop'): LanguageModelV3GenerateResult {
  return { content, finishReason: { unified, raw: unified }, usage: usage(12, 5, 4), warnings: [] };
}

describe('AiSdkChatModel with the AI SDK mock model', () => {
  it('maps messages, images, assistant tool calls and tool results into the v3 prompt', async () => {
    const mock = new MockLanguageModelV3({ doGenerate: generated([{ type: 'text', text: 'done' }]) });
    const model = new AiSdkChatModel({ model: mock });
    const reply = await model.complete({
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: [{ type: 'text', text: 'Look' }, { type: 'image', image: `data:image/png;base64,${PNG}`, mediaType: 'image/png' }] },
        { role: 'assistant', content: 'Clicking', toolCalls: [{ id: 'c1', type: 'function', name: 'click', arguments: { id: '7' } }] },
        { role: 'tool', toolCallId: 'c1', content: [{ type: 'text', text: 'clicked' }, { type: 'image', image: PNG, mediaType: 'image/png' }] },
        { role: 'assistant', content: '', toolCalls: [{ id: 'c2', type: 'function', name: 'type_text', arguments: { text: 'x' } }] },
        { role: 'tool', toolCallId: 'c2', isError: true, content: 'no focus' },
      ],
      temperature: 0,
      maxTokens: 50,
    });
    expect(reply.content).toBe('done');
    expect(reply.usage).toEqual({ inputTokens: 12, outputTokens: 5, cachedInputTokens: 4 });
    expect(reply.finishReason).toBe('stop');
    expect(reply.cost).toBeNull();
    const call = mock.doGenerateCalls[0]!;
    expect(call.temperature).toBe(0);
    expect(call.maxOutputTokens).toBe(50);
    expect(call.prompt).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: [{ type: 'text', text: 'Look' }, { type: 'file', mediaType: 'image/png', data: PNG }] },
      { role: 'assistant', content: [{ type: 'text', text: 'Clicking' }, { type: 'tool-call', toolCallId: 'c1', toolName: 'click', input: { id: '7' } }] },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'c1',
            toolName: 'click',
            output: { type: 'content', value: [{ type: 'text', text: 'clicked' }, { type: 'image-data', data: PNG, mediaType: 'image/png' }] },
          },
        ],
      },
      { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c2', toolName: 'type_text', input: { text: 'x' } }] },
      { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'c2', toolName: 'type_text', output: { type: 'error-text', value: 'no focus' } }] },
    ]);
  });

  it('sends function tools and tool choice, and returns the tool calls with their ids', async () => {
    const mock = new MockLanguageModelV3({
      doGenerate: generated(
        [
          { type: 'tool-call', toolCallId: 'call_a', toolName: 'click', input: '{"id":"3"}' },
          { type: 'tool-call', toolCallId: 'call_b', toolName: 'type_text', input: '{"text":"hi"}' },
        ],
        'tool-calls',
      ),
    });
    const model = new AiSdkChatModel({ model: mock, features: { toolCalls: true, parallelToolCalls: true } });
    expect(model.features).toEqual({ toolCalls: true, parallelToolCalls: true, strictSchema: false });
    const reply = await model.complete({
      messages: [{ role: 'user', content: 'go' }],
      tools: [{ type: 'function', name: 'click', description: 'Click', inputSchema: { type: 'object', properties: { id: { type: 'string' } } }, strict: true }],
      toolChoice: 'required',
      parallelToolCalls: true,
    });
    expect(reply.toolCalls).toEqual([
      { id: 'call_a', type: 'function', name: 'click', arguments: { id: '3' } },
      { id: 'call_b', type: 'function', name: 'type_text', arguments: { text: 'hi' } },
    ]);
    expect(reply.finishReason).toBe('tool-calls');
    const call = mock.doGenerateCalls[0]!;
    expect(call.tools).toEqual([{ type: 'function', name: 'click', description: 'Click', inputSchema: { type: 'object', properties: { id: { type: 'string' } } }, strict: true }]);
    expect(call.toolChoice).toEqual({ type: 'required' });
    expect(call.providerOptions).toEqual({ openai: { parallelToolCalls: true }, anthropic: { disableParallelToolUse: false } });
  });

  it('declares the Anthropic computer tool as a provider tool and marks its calls as computer calls', async () => {
    const mock = new MockLanguageModelV3({
      doGenerate: generated([{ type: 'tool-call', toolCallId: 'toolu_1', toolName: 'computer', input: '{"action":"left_click","coordinate":[10,20]}' }], 'tool-calls'),
    });
    const model = new AiSdkChatModel({ model: mock, features: { toolCalls: true, computerTool: 'anthropic' } });
    const reply = await model.complete({ messages: [{ role: 'user', content: 'click' }], tools: [{ type: 'computer', displayWidth: 1280, displayHeight: 800 }] });
    expect(mock.doGenerateCalls[0]!.tools).toEqual([
      { type: 'provider', id: 'anthropic.computer_20250124', name: 'computer', args: { displayWidthPx: 1280, displayHeightPx: 800 } },
    ]);
    expect(reply.toolCalls).toEqual([{ id: 'toolu_1', type: 'computer', name: 'computer', arguments: { action: 'left_click', coordinate: [10, 20] } }]);
    const textOnly = new AiSdkChatModel({ model: new MockLanguageModelV3({}) });
    await expect(textOnly.complete({ messages: [], tools: [{ type: 'computer', displayWidth: 1, displayHeight: 1 }] })).rejects.toMatchObject({
      code: 'MODEL_UNSUPPORTED_REQUEST',
    });
  });

  it('asks for JSON with the schema and returns the validated value, or MODEL_REPLY_INVALID', async () => {
    const schema = z.object({ status: z.enum(['CONTINUE', 'FINISH']), steps: z.number() });
    const mock = new MockLanguageModelV3({
      doGenerate: [generated([{ type: 'text', text: '{"status":"FINISH","steps":2}' }]), generated([{ type: 'text', text: '{"status":"MAYBE"}' }])],
    });
    const model = new AiSdkChatModel({ model: mock, price: { inputPerMillion: 2, outputPerMillion: 10, cachedInputPerMillion: 1 } });
    const reply = await model.complete({ messages: [{ role: 'user', content: 'status?' }], schema, schemaName: 'status' });
    expect(reply.parsed).toEqual({ status: 'FINISH', steps: 2 });
    expect(reply.cost).toBeCloseTo((8 * 2 + 4 * 1 + 5 * 10) / 1e6, 12);
    const format = mock.doGenerateCalls[0]!.responseFormat;
    expect(format).toMatchObject({ type: 'json', name: 'status', schema: { type: 'object', required: ['status', 'steps'] } });
    const error = await model.complete({ messages: [{ role: 'user', content: 'status?' }], schema }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AiSdkModelError);
    expect(error).toMatchObject({ code: 'MODEL_REPLY_INVALID' });
  });

  it('streams text and tool-call deltas, passing text to onDelta and assembling the calls', async () => {
    const chunks: LanguageModelV3StreamPart[] = [
      { type: 'stream-start', warnings: [] },
      { type: 'response-metadata', modelId: 'mock-2' },
      { type: 'text-start', id: 't' },
      { type: 'text-delta', id: 't', delta: 'Hel' },
      { type: 'text-delta', id: 't', delta: 'lo' },
      { type: 'text-end', id: 't' },
      { type: 'tool-input-start', id: 'call_1', toolName: 'click' },
      { type: 'tool-input-delta', id: 'call_1', delta: '{"id":' },
      { type: 'tool-input-delta', id: 'call_1', delta: '"9"}' },
      { type: 'tool-input-end', id: 'call_1' },
      { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage: usage(3, 4) },
    ];
    const mock = new MockLanguageModelV3({ doStream: { stream: simulateReadableStream({ chunks }) } });
    const deltas: string[] = [];
    const reply = await new AiSdkChatModel({ model: mock }).complete({ messages: [{ role: 'user', content: 'x' }], onDelta: (d) => deltas.push(d) });
    expect(deltas).toEqual(['Hel', 'lo']);
    expect(reply.content).toBe('Hello');
    expect(reply.model).toBe('mock-2');
    expect(reply.toolCalls).toEqual([{ id: 'call_1', type: 'function', name: 'click', arguments: { id: '9' } }]);
    expect(reply.usage).toEqual({ inputTokens: 3, outputTokens: 4 });
    expect(mock.doGenerateCalls).toHaveLength(0);
  });

  it('retries retryable API errors, not others, and reports MODEL_CALL_FAILED with the cause', async () => {
    const apiError = (status: number) =>
      new APICallError({ message: `HTTP ${status}`, url: 'http://x', requestBodyValues: {}, statusCode: status, isRetryable: status === 429 || status >= 500 });
    let calls = 0;
    const flaky = new MockLanguageModelV3({
      doGenerate: async (_options: LanguageModelV3CallOptions) => {
        calls += 1;
        if (calls < 3) throw apiError(429);
        return generated([{ type: 'text', text: 'ok' }]);
      },
    });
    const reply = await new AiSdkChatModel({ model: flaky, retryDelayMs: 1 }).complete({ messages: [] });
    expect(reply.content).toBe('ok');
    expect(reply.providerMetadata).toEqual({ attempts: 3 });

    let badCalls = 0;
    const bad = new MockLanguageModelV3({
      doGenerate: async () => {
        badCalls += 1;
        throw apiError(400);
      },
    });
    const error = await new AiSdkChatModel({ model: bad, retryDelayMs: 1 }).complete({ messages: [] }).catch((e: unknown) => e);
    expect(badCalls).toBe(1);
    expect(error).toMatchObject({ code: 'MODEL_CALL_FAILED', status: 400, retryable: false, aborted: false, attempts: 1 });
    expect((error as Error).cause).toBeInstanceOf(APICallError);

    const down = new MockLanguageModelV3({ doGenerate: async () => { throw apiError(503); } });
    const exhausted = await new AiSdkChatModel({ model: down, maxRetries: 1, retryDelayMs: 1 }).complete({ messages: [] }).catch((e: unknown) => e);
    expect(exhausted).toMatchObject({ code: 'MODEL_CALL_FAILED', status: 503, retryable: true, attempts: 2 });
  });

  it('passes the abort signal and reports a cancellation as aborted, not retryable', async () => {
    const controller = new AbortController();
    const mock = new MockLanguageModelV3({
      doGenerate: (options) =>
        new Promise((_resolve, reject) => {
          options.abortSignal?.addEventListener('abort', () => reject(Object.assign(new Error('aborted'), { name: 'AbortError' })));
          controller.abort();
        }),
    });
    const error = await new AiSdkChatModel({ model: mock }).complete({ messages: [], signal: controller.signal }).catch((e: unknown) => e);
    expect(mock.doGenerateCalls[0]!.abortSignal).toBe(controller.signal);
    expect(error).toMatchObject({ code: 'MODEL_CALL_FAILED', aborted: true, retryable: false, attempts: 1 });
  });
});
