/**
 * `AiSdkChatModel` against each AI SDK's own mock language model: `MockLanguageModelV3` from `ai@6` and
 * `MockLanguageModelV4` from `ai@7` (see ./spec-versions.ts; the v4 suite is skipped on Node < 22). The same cases
 * run for both; only the prompt encodings of images differ, and the v4 suite adds what only v4 has.
 */
import type { LanguageModelV3GenerateResult, LanguageModelV3StreamPart } from '@ai-sdk/provider';
import type { LanguageModelV4GenerateResult, LanguageModelV4StreamPart } from '@ai-sdk/provider-v4';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AiSdkChatModel, AiSdkModelError } from '../src/index.js';
import { SPEC_VERSIONS, V4, type SpecPackages } from './spec-versions.js';

const PNG = 'iVBORw0KGgo=';

// Results and stream parts below use the shapes v3 and v4 share (text, tool-call, usage, finish reason); they are
// typed with v3's declarations and handed to either mock.
type Result = LanguageModelV3GenerateResult;
type Unified = Result['finishReason']['unified'];

function usage(input: number, output: number, cacheRead?: number): Result['usage'] {
  return {
    inputTokens: { total: input, noCache: input - (cacheRead ?? 0), cacheRead, cacheWrite: undefined },
    outputTokens: { total: output, text: output, reasoning: undefined },
  };
}

function generated(content: Result['content'], unified: Unified = 'stop', raw: string | undefined = unified): Result {
  return { content, finishReason: { unified, raw }, usage: usage(12, 5, 4), warnings: [] };
}

for (const spec of SPEC_VERSIONS) {
  describe.skipIf(spec.skip)(`AiSdkChatModel with the AI SDK mock model: ${spec.title}`, () => {
    let sdk: SpecPackages;
    beforeAll(async () => {
      sdk = await spec.load();
    });

    it(`maps messages, images, assistant tool calls and tool results into the ${spec.version} prompt`, async () => {
      const mock = sdk.mock({ doGenerate: generated([{ type: 'text', text: 'done' }]) });
      const model = new AiSdkChatModel({ model: mock });
      expect(model.specificationVersion).toBe(spec.version);
      const reply = await model.complete({
        messages: [
          { role: 'system', content: 'Be brief.' },
          {
            role: 'user',
            content: [
              { type: 'text', text: 'Look' },
              { type: 'image', image: `data:image/png;base64,${PNG}`, mediaType: 'image/png' },
              { type: 'image', image: 'https://example.test/shot.png', mediaType: 'image/png' },
            ],
          },
          { role: 'assistant', content: 'Clicking', toolCalls: [{ id: 'c1', type: 'function', name: 'click', arguments: { id: '7' } }] },
          {
            role: 'tool',
            toolCallId: 'c1',
            content: [
              { type: 'text', text: 'clicked' },
              { type: 'image', image: PNG, mediaType: 'image/png' },
            ],
          },
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
        {
          role: 'user',
          content: [{ type: 'text', text: 'Look' }, spec.userImage(PNG, 'image/png'), spec.userImage(new URL('https://example.test/shot.png'), 'image/png')],
        },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'Clicking' },
            { type: 'tool-call', toolCallId: 'c1', toolName: 'click', input: { id: '7' } },
          ],
        },
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'c1',
              toolName: 'click',
              output: { type: 'content', value: [{ type: 'text', text: 'clicked' }, spec.toolResultImage(PNG, 'image/png')] },
            },
          ],
        },
        { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c2', toolName: 'type_text', input: { text: 'x' } }] },
        { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'c2', toolName: 'type_text', output: { type: 'error-text', value: 'no focus' } }] },
      ]);
    });

    it('sends function tools and tool choice, and returns the tool calls with their ids', async () => {
      const mock = sdk.mock({
        doGenerate: generated(
          [
            { type: 'tool-call', toolCallId: 'call_a', toolName: 'click', input: '{"id":"3"}' },
            { type: 'tool-call', toolCallId: 'call_b', toolName: 'type_text', input: '{"text":"hi"}' },
            { type: 'tool-call', toolCallId: 'srv_1', toolName: 'web_search', input: '{}', providerExecuted: true },
          ],
          'tool-calls',
        ),
      });
      const model = new AiSdkChatModel({ model: mock, features: { toolCalls: true, parallelToolCalls: true } });
      expect(model.features).toEqual({ toolCalls: true, parallelToolCalls: true, strictSchema: false });
      const reply = await model.complete({
        messages: [{ role: 'user', content: 'go' }],
        tools: [
          { type: 'function', name: 'click', description: 'Click', inputSchema: { type: 'object', properties: { id: { type: 'string' } } }, strict: true },
        ],
        toolChoice: 'required',
        parallelToolCalls: true,
      });
      expect(reply.toolCalls).toEqual([
        { id: 'call_a', type: 'function', name: 'click', arguments: { id: '3' } },
        { id: 'call_b', type: 'function', name: 'type_text', arguments: { text: 'hi' } },
      ]);
      expect(reply.finishReason).toBe('tool-calls');
      const call = mock.doGenerateCalls[0]!;
      expect(call.tools).toEqual([
        { type: 'function', name: 'click', description: 'Click', inputSchema: { type: 'object', properties: { id: { type: 'string' } } }, strict: true },
      ]);
      expect(call.toolChoice).toEqual({ type: 'required' });
      expect(call.providerOptions).toEqual({ openai: { parallelToolCalls: true }, anthropic: { disableParallelToolUse: false } });

      await model.complete({
        messages: [{ role: 'user', content: 'go' }],
        tools: [{ type: 'function', name: 'click', inputSchema: { type: 'object' } }],
        toolChoice: { name: 'click' },
      });
      expect(mock.doGenerateCalls[1]!.toolChoice).toEqual({ type: 'tool', toolName: 'click' });
    });

    it('declares the Anthropic computer tool as a provider tool and marks its calls as computer calls', async () => {
      const mock = sdk.mock({
        doGenerate: generated(
          [{ type: 'tool-call', toolCallId: 'toolu_1', toolName: 'computer', input: '{"action":"left_click","coordinate":[10,20]}' }],
          'tool-calls',
        ),
      });
      const model = new AiSdkChatModel({ model: mock, features: { toolCalls: true, computerTool: 'anthropic' } });
      const reply = await model.complete({
        messages: [{ role: 'user', content: 'click' }],
        tools: [{ type: 'computer', displayWidth: 1280, displayHeight: 800 }],
      });
      expect(mock.doGenerateCalls[0]!.tools).toEqual([
        { type: 'provider', id: 'anthropic.computer_20250124', name: 'computer', args: { displayWidthPx: 1280, displayHeightPx: 800 } },
      ]);
      expect(reply.toolCalls).toEqual([{ id: 'toolu_1', type: 'computer', name: 'computer', arguments: { action: 'left_click', coordinate: [10, 20] } }]);
      const textOnly = new AiSdkChatModel({ model: sdk.mock({}) });
      await expect(textOnly.complete({ messages: [], tools: [{ type: 'computer', displayWidth: 1, displayHeight: 1 }] })).rejects.toMatchObject({
        code: 'MODEL_UNSUPPORTED_REQUEST',
      });
    });

    it('asks for JSON with the schema and returns the validated value, or MODEL_REPLY_INVALID', async () => {
      const schema = z.object({ status: z.enum(['CONTINUE', 'FINISH']), steps: z.number() });
      const mock = sdk.mock({
        doGenerate: [
          generated([{ type: 'text', text: '{"status":"FINISH","steps":2}' }]),
          generated([{ type: 'text', text: '{"status":"MAYBE"}' }]),
          generated([{ type: 'tool-call', toolCallId: 'c', toolName: 'click', input: '{"id":' }], 'tool-calls'),
        ],
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
      const badArguments = await model.complete({ messages: [{ role: 'user', content: 'click' }] }).catch((e: unknown) => e);
      expect(badArguments).toMatchObject({ code: 'MODEL_REPLY_INVALID', message: expect.stringContaining('not JSON') });
    });

    it('reports a refusal (OpenAI: refusal text, raw "stop"; Anthropic: raw "refusal") as refusal, never parsed', async () => {
      const schema = z.object({ ok: z.boolean() });
      const mock = sdk.mock({
        doGenerate: [
          // @ai-sdk/openai turns `message.refusal` into a text part and the finish reason into content-filter / raw "stop".
          generated([{ type: 'text', text: "I can't help with that." }], 'content-filter', 'stop'),
          // @ai-sdk/anthropic maps `stop_reason: "refusal"` to content-filter / raw "refusal".
          generated([{ type: 'text', text: 'I will not do this.' }], 'content-filter', 'refusal'),
          generated([], 'content-filter', 'refusal'),
        ],
      });
      const model = new AiSdkChatModel({ model: mock });
      const openai = await model.complete({ messages: [{ role: 'user', content: 'x' }], schema });
      expect(openai).toMatchObject({ finishReason: 'refusal', refusal: "I can't help with that.", content: "I can't help with that." });
      expect(openai.parsed).toBeUndefined();
      const anthropic = await model.complete({ messages: [{ role: 'user', content: 'x' }], schema });
      expect(anthropic).toMatchObject({ finishReason: 'refusal', refusal: 'I will not do this.' });
      const silent = await model.complete({ messages: [{ role: 'user', content: 'x' }] });
      expect(silent).toMatchObject({ finishReason: 'refusal', refusal: 'The model declined to answer.', content: '' });
    });

    it('reports a content filter as content-filter; with a schema it is MODEL_REPLY_INVALID saying so', async () => {
      const mock = sdk.mock({
        doGenerate: [generated([{ type: 'text', text: 'Partial' }], 'content-filter', 'content_filter'), generated([], 'content-filter', 'SAFETY')],
      });
      const model = new AiSdkChatModel({ model: mock });
      const filtered = await model.complete({ messages: [{ role: 'user', content: 'x' }] });
      expect(filtered).toMatchObject({ finishReason: 'content-filter', content: 'Partial' });
      expect(filtered.refusal).toBeUndefined();
      const error = await model.complete({ messages: [{ role: 'user', content: 'x' }], schema: z.object({ ok: z.boolean() }) }).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'MODEL_REPLY_INVALID', message: expect.stringContaining('content filter') });
      expect((error as AiSdkModelError).details).toMatchObject({ finishReason: 'content-filter', rawFinishReason: 'SAFETY' });
    });

    it('maps the other finish reasons: length, and error as other', async () => {
      const mock = sdk.mock({ doGenerate: [generated([{ type: 'text', text: 'cut' }], 'length'), generated([], 'error'), generated([], 'other', 'weird')] });
      const model = new AiSdkChatModel({ model: mock });
      expect((await model.complete({ messages: [] })).finishReason).toBe('length');
      expect((await model.complete({ messages: [] })).finishReason).toBe('other');
      expect((await model.complete({ messages: [] })).finishReason).toBe('other');
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
      const mock = sdk.mock({ doStream: { stream: sdk.simulateReadableStream({ chunks }) } });
      const deltas: string[] = [];
      const reply = await new AiSdkChatModel({ model: mock }).complete({ messages: [{ role: 'user', content: 'x' }], onDelta: (d) => deltas.push(d) });
      expect(deltas).toEqual(['Hel', 'lo']);
      expect(reply.content).toBe('Hello');
      expect(reply.model).toBe('mock-2');
      expect(reply.toolCalls).toEqual([{ id: 'call_1', type: 'function', name: 'click', arguments: { id: '9' } }]);
      expect(reply.usage).toEqual({ inputTokens: 3, outputTokens: 4 });
      expect(mock.doGenerateCalls).toHaveLength(0);
    });

    it('streams a refusal as refusal, and rejects with the error an error part carries', async () => {
      const refusal: LanguageModelV3StreamPart[] = [
        { type: 'text-start', id: 't' },
        { type: 'text-delta', id: 't', delta: "I can't " },
        { type: 'text-delta', id: 't', delta: 'help.' },
        { type: 'text-end', id: 't' },
        { type: 'finish', finishReason: { unified: 'content-filter', raw: 'stop' }, usage: usage(3, 2) },
      ];
      const failing: LanguageModelV3StreamPart[] = [
        { type: 'error', error: sdk.apiCallError({ message: 'overloaded', url: 'http://x', requestBodyValues: {}, statusCode: 400 }) },
      ];
      const mock = sdk.mock({
        doStream: [{ stream: sdk.simulateReadableStream({ chunks: refusal }) }, { stream: sdk.simulateReadableStream({ chunks: failing }) }],
      });
      const model = new AiSdkChatModel({ model: mock, retryDelayMs: 1 });
      const reply = await model.complete({ messages: [], schema: z.object({ ok: z.boolean() }), onDelta: () => undefined });
      expect(reply).toMatchObject({ finishReason: 'refusal', refusal: "I can't help." });
      expect(reply.parsed).toBeUndefined();
      const error = await model.complete({ messages: [], onDelta: () => undefined }).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'MODEL_CALL_FAILED', status: 400, retryable: false });
    });

    it('retries retryable API errors, not others, and reports MODEL_CALL_FAILED with the cause', async () => {
      const apiError = (status: number): Error =>
        sdk.apiCallError({
          message: `HTTP ${status}`,
          url: 'http://x',
          requestBodyValues: {},
          statusCode: status,
          isRetryable: status === 429 || status >= 500,
        });
      let calls = 0;
      const flaky = sdk.mock({
        doGenerate: async () => {
          calls += 1;
          if (calls < 3) throw apiError(429);
          return generated([{ type: 'text', text: 'ok' }]);
        },
      });
      const reply = await new AiSdkChatModel({ model: flaky, retryDelayMs: 1 }).complete({ messages: [] });
      expect(reply.content).toBe('ok');
      expect(reply.providerMetadata).toEqual({ attempts: 3 });

      let badCalls = 0;
      const bad = sdk.mock({
        doGenerate: async () => {
          badCalls += 1;
          throw apiError(400);
        },
      });
      const error = await new AiSdkChatModel({ model: bad, retryDelayMs: 1 }).complete({ messages: [] }).catch((e: unknown) => e);
      expect(badCalls).toBe(1);
      expect(error).toMatchObject({ code: 'MODEL_CALL_FAILED', status: 400, retryable: false, aborted: false, attempts: 1 });
      expect((error as Error).cause).toBeInstanceOf(sdk.ApiCallError);

      const down = sdk.mock({
        doGenerate: async () => {
          throw apiError(503);
        },
      });
      const exhausted = await new AiSdkChatModel({ model: down, maxRetries: 1, retryDelayMs: 1 }).complete({ messages: [] }).catch((e: unknown) => e);
      expect(exhausted).toMatchObject({ code: 'MODEL_CALL_FAILED', status: 503, retryable: true, attempts: 2 });
    });

    it('passes the abort signal and reports a cancellation as aborted, not retryable', async () => {
      const controller = new AbortController();
      const mock = sdk.mock({
        doGenerate: (options: { abortSignal?: AbortSignal }) =>
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
}

describe.skipIf(V4.skip)(`AiSdkChatModel with what only v4 has: ${V4.title}`, () => {
  let sdk: SpecPackages;
  beforeAll(async () => {
    sdk = await V4.load();
  });

  it('parses structuredOutputText when the model sets it, ignores custom and reasoning-file content, and reads "interrupted" as other', async () => {
    const base = { usage: usage(12, 5), warnings: [] };
    const results: LanguageModelV4GenerateResult[] = [
      {
        ...base,
        content: [
          { type: 'text', text: 'Draft: maybe CONTINUE. ' },
          { type: 'custom', kind: 'openai.compaction' },
          { type: 'reasoning-file', mediaType: 'image/png', data: { type: 'data', data: PNG } },
          { type: 'text', text: '{"status":"FINISH"}' },
        ],
        structuredOutputText: '{"status":"FINISH"}',
        finishReason: { unified: 'stop', raw: 'completed' },
      },
      { ...base, content: [{ type: 'text', text: 'The stream was cut' }], finishReason: { unified: 'interrupted', raw: undefined } },
    ];
    const mock = sdk.mock({ doGenerate: results });
    const model = new AiSdkChatModel({ model: mock });
    const reply = await model.complete({ messages: [], schema: z.object({ status: z.enum(['CONTINUE', 'FINISH']) }) });
    expect(reply.parsed).toEqual({ status: 'FINISH' });
    expect(reply.content).toBe('Draft: maybe CONTINUE. {"status":"FINISH"}');
    const interrupted = await model.complete({ messages: [] });
    expect(interrupted).toMatchObject({ finishReason: 'other', content: 'The stream was cut' });
  });

  it('streams past ping, custom and reasoning-file parts, and reads an interrupted stream as other', async () => {
    const chunks: LanguageModelV4StreamPart[] = [
      { type: 'stream-start', warnings: [] },
      { type: 'ping' },
      { type: 'text-start', id: 't' },
      { type: 'text-delta', id: 't', delta: 'Part' },
      { type: 'custom', kind: 'openai.compaction' },
      { type: 'reasoning-file', mediaType: 'image/png', data: { type: 'data', data: PNG } },
      { type: 'text-end', id: 't', citations: [] },
      { type: 'finish', finishReason: { unified: 'interrupted', raw: undefined }, usage: usage(1, 1) },
    ];
    const mock = sdk.mock({ doStream: { stream: sdk.simulateReadableStream({ chunks }) } });
    const deltas: string[] = [];
    const reply = await new AiSdkChatModel({ model: mock }).complete({ messages: [], onDelta: (d) => deltas.push(d) });
    expect(deltas).toEqual(['Part']);
    expect(reply).toMatchObject({ content: 'Part', finishReason: 'other' });
  });
});

describe('AiSdkChatModel and specification versions', () => {
  it('refuses a model of another specification version with MODEL_UNSUPPORTED_REQUEST', () => {
    const v2 = { specificationVersion: 'v2', provider: 'old', modelId: 'm', doGenerate: async () => ({}), doStream: async () => ({}) };
    expect(() => new AiSdkChatModel({ model: v2 as never })).toThrow(/specification v3 or v4.*v2/);
    try {
      new AiSdkChatModel({ model: v2 as never });
    } catch (error) {
      expect(error).toMatchObject({ code: 'MODEL_UNSUPPORTED_REQUEST', provider: 'old', model: 'm' });
    }
  });
});
