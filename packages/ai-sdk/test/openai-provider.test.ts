/**
 * `AiSdkChatModel` over the real `@ai-sdk/openai` of each major (3.x: `LanguageModelV3`; 4.x, installed as
 * `@ai-sdk/openai-v4`: `LanguageModelV4`) against the local OpenAI Chat Completions wire-format server in
 * ./openai-wire-server.ts. The same cases run for both; the v4 suite is skipped on Node < 22 (see ./spec-versions.ts).
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AiSdkChatModel } from '../src/index.js';
import { chunk, completion, startOpenAiWireServer, type OpenAiWireServer, type WireReply } from './openai-wire-server.js';
import { SPEC_VERSIONS, type SpecPackages } from './spec-versions.js';

let server: OpenAiWireServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

for (const spec of SPEC_VERSIONS) {
  describe.skipIf(spec.skip)(`AiSdkChatModel over @ai-sdk/openai and a local OpenAI wire-format server: ${spec.title}`, () => {
    let sdk: SpecPackages;
    beforeAll(async () => {
      sdk = await spec.load();
    });

    async function modelFor(replies: WireReply[], options: { maxRetries?: number } = {}): Promise<AiSdkChatModel> {
      server = await startOpenAiWireServer(replies);
      const model = new AiSdkChatModel({
        model: sdk.openaiChat(server.baseURL, 'gpt-4o'),
        features: { toolCalls: true, parallelToolCalls: true, strictSchema: true },
        retryDelayMs: 1,
        ...options,
      });
      expect(model.specificationVersion).toBe(spec.version);
      return model;
    }

    it('text: sends the messages, image as image_url, and reads text, usage with cached tokens and finish reason', async () => {
      const model = await modelFor([{ kind: 'json', body: completion({ content: 'The display shows 408.' }, 'stop') }]);
      const reply = await model.complete({
        messages: [
          { role: 'system', content: 'You read calculators.' },
          {
            role: 'user',
            content: [
              { type: 'text', text: 'What does it show?' },
              { type: 'image', image: 'data:image/png;base64,iVBORw0KGgo=', mediaType: 'image/png' },
            ],
          },
        ],
      });
      expect(reply).toMatchObject({
        content: 'The display shows 408.',
        finishReason: 'stop',
        usage: { inputTokens: 20, outputTokens: 7, cachedInputTokens: 8 },
        model: 'gpt-4o-2024-08-06',
        provider: 'openai.chat',
      });
      const body = server!.requests[0]!;
      expect(body.model).toBe('gpt-4o');
      expect(body.messages).toEqual([
        { role: 'system', content: 'You read calculators.' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What does it show?' },
            { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
          ],
        },
      ]);
    });

    it('tool calls: sends tools and tool_choice, reads parallel tool calls, and sends tool results back by id', async () => {
      const model = await modelFor([
        {
          kind: 'json',
          body: completion(
            {
              content: null,
              tool_calls: [
                { id: 'call_1', type: 'function', function: { name: 'click_input', arguments: '{"id":"5"}' } },
                { id: 'call_2', type: 'function', function: { name: 'click_input', arguments: '{"id":"equals"}' } },
              ],
            },
            'tool_calls',
          ),
        },
        { kind: 'json', body: completion({ content: 'Done.' }, 'stop') },
      ]);
      const tools = [
        {
          type: 'function' as const,
          name: 'click_input',
          description: 'Click a control.',
          inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'], additionalProperties: false },
          strict: true,
        },
      ];
      const first = await model.complete({ messages: [{ role: 'user', content: 'Press 5 then =' }], tools, toolChoice: 'required', parallelToolCalls: true });
      expect(first.finishReason).toBe('tool-calls');
      expect(first.toolCalls).toEqual([
        { id: 'call_1', type: 'function', name: 'click_input', arguments: { id: '5' } },
        { id: 'call_2', type: 'function', name: 'click_input', arguments: { id: 'equals' } },
      ]);
      const sent = server!.requests[0]!;
      expect(sent.tools).toEqual([
        { type: 'function', function: { name: 'click_input', description: 'Click a control.', parameters: tools[0]!.inputSchema, strict: true } },
      ]);
      expect(sent.tool_choice).toBe('required');
      expect(sent.parallel_tool_calls).toBe(true);

      await model.complete({
        messages: [
          { role: 'user', content: 'Press 5 then =' },
          { role: 'assistant', content: '', toolCalls: first.toolCalls! },
          { role: 'tool', toolCallId: 'call_1', content: 'clicked 5' },
          { role: 'tool', toolCallId: 'call_2', content: 'no such control', isError: true },
        ],
        tools,
      });
      const followUp = server!.requests[1]!.messages as Array<Record<string, unknown>>;
      expect(followUp.slice(1)).toEqual([
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'call_1', type: 'function', function: { name: 'click_input', arguments: '{"id":"5"}' } },
            { id: 'call_2', type: 'function', function: { name: 'click_input', arguments: '{"id":"equals"}' } },
          ],
        },
        { role: 'tool', tool_call_id: 'call_1', content: 'clicked 5' },
        // @ai-sdk/openai 4.x wraps an error-text result as {"error": ...} (convertToOpenAIChatMessages); 3.x sends the text.
        { role: 'tool', tool_call_id: 'call_2', content: spec.version === 'v4' ? JSON.stringify({ error: 'no such control' }) : 'no such control' },
      ]);
    });

    it('structured output: sends response_format json_schema strict and parses the reply', async () => {
      const schema = z.object({ result: z.string(), confident: z.boolean() });
      const model = await modelFor([{ kind: 'json', body: completion({ content: '{"result":"408","confident":true}' }, 'stop') }]);
      const reply = await model.complete({ messages: [{ role: 'user', content: 'Read it' }], schema, schemaName: 'reading' });
      expect(reply.parsed).toEqual({ result: '408', confident: true });
      const format = server!.requests[0]!.response_format as Record<string, unknown>;
      expect(format).toMatchObject({
        type: 'json_schema',
        json_schema: { name: 'reading', strict: true, schema: { type: 'object', required: ['result', 'confident'] } },
      });
    });

    it('streaming: text deltas reach onDelta and a streamed tool call is assembled from its argument pieces', async () => {
      const model = await modelFor([
        {
          kind: 'sse',
          chunks: [
            chunk({ role: 'assistant', content: '' }),
            chunk({ content: 'Pressing ' }),
            chunk({ content: 'keys.' }),
            chunk({ tool_calls: [{ index: 0, id: 'call_s', type: 'function', function: { name: 'type_text', arguments: '' } }] }),
            chunk({ tool_calls: [{ index: 0, function: { arguments: '{"text":' } }] }),
            chunk({ tool_calls: [{ index: 0, function: { arguments: '"12*34"}' } }] }),
            chunk({}, 'tool_calls'),
            chunk({}, null, { prompt_tokens: 11, completion_tokens: 9, total_tokens: 20 }),
          ],
        },
      ]);
      const deltas: string[] = [];
      const reply = await model.complete({
        messages: [{ role: 'user', content: 'type 12*34' }],
        tools: [{ type: 'function', name: 'type_text', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } }],
        onDelta: (delta) => deltas.push(delta),
      });
      expect(deltas.join('')).toBe('Pressing keys.');
      expect(reply.content).toBe('Pressing keys.');
      expect(reply.toolCalls).toEqual([{ id: 'call_s', type: 'function', name: 'type_text', arguments: { text: '12*34' } }]);
      expect(reply.finishReason).toBe('tool-calls');
      expect(reply.usage).toMatchObject({ inputTokens: 11, outputTokens: 9 });
      expect(server!.requests[0]!.stream).toBe(true);
    });

    it('errors: a 429 is retried, a 400 is not, both as MODEL_CALL_FAILED with the HTTP status', async () => {
      const rateLimited = { error: { message: 'Rate limit reached', type: 'rate_limit_error', param: null, code: 'rate_limit_exceeded' } };
      const model = await modelFor(
        [
          { kind: 'error', status: 429, body: rateLimited },
          { kind: 'json', body: completion({ content: 'ok' }, 'stop') },
          { kind: 'error', status: 400, body: { error: { message: 'Invalid schema', type: 'invalid_request_error', param: null, code: null } } },
        ],
        { maxRetries: 2 },
      );
      const ok = await model.complete({ messages: [{ role: 'user', content: 'x' }] });
      expect(ok.content).toBe('ok');
      expect(ok.providerMetadata).toEqual({ attempts: 2 });
      const error = await model.complete({ messages: [{ role: 'user', content: 'x' }] }).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'MODEL_CALL_FAILED', status: 400, retryable: false, attempts: 1 });
      expect(String((error as Error).message)).toContain('Invalid schema');
      expect(server!.requests).toHaveLength(3);
    });

    it('abort: cancelling the signal closes the HTTP request and rejects as aborted', async () => {
      const model = await modelFor([{ kind: 'hang' }]);
      const controller = new AbortController();
      const pending = model
        .complete({ messages: [{ role: 'user', content: 'x' }], signal: controller.signal, onDelta: () => undefined })
        .catch((e: unknown) => e);
      await waitFor(() => server!.requests.length === 1);
      controller.abort();
      const error = await pending;
      expect(error).toMatchObject({ code: 'MODEL_CALL_FAILED', aborted: true, retryable: false });
      await server!.clientClosed;
    });

    it('refusal: message.refusal becomes the response refusal, with finish reason refusal and nothing parsed', async () => {
      const model = await modelFor([
        { kind: 'json', body: completion({ content: null, refusal: "I'm sorry, I can't help with that." }, 'stop') },
        {
          kind: 'sse',
          chunks: [
            chunk({ role: 'assistant', content: null, refusal: '' }),
            chunk({ refusal: "I'm sorry, " }),
            chunk({ refusal: "I can't." }),
            chunk({}, 'stop'),
            chunk({}, null, { prompt_tokens: 5, completion_tokens: 4, total_tokens: 9 }),
          ],
        },
      ]);
      const schema = z.object({ result: z.string() });
      const reply = await model.complete({ messages: [{ role: 'user', content: 'x' }], schema, schemaName: 'reading' });
      expect(reply).toMatchObject({ finishReason: 'refusal', refusal: "I'm sorry, I can't help with that." });
      expect(reply.parsed).toBeUndefined();
      const streamed = await model.complete({ messages: [{ role: 'user', content: 'x' }], schema, onDelta: () => undefined });
      expect(streamed).toMatchObject({ finishReason: 'refusal', refusal: "I'm sorry, I can't." });
      expect(streamed.parsed).toBeUndefined();
    });

    it('content filter: finish_reason content_filter is content-filter, not a refusal', async () => {
      const model = await modelFor([{ kind: 'json', body: completion({ content: 'Here is part' }, 'content_filter') }]);
      const reply = await model.complete({ messages: [{ role: 'user', content: 'x' }] });
      expect(reply).toMatchObject({ finishReason: 'content-filter', content: 'Here is part' });
      expect(reply.refusal).toBeUndefined();
    });
  });
}

async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}
