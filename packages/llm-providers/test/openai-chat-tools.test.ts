import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ChatMessage } from '@ufo-ts/core';
import { ModelRefusalError, ModelReplyInvalidError, UnsupportedRequestError, type ProviderMetadata } from '../src/index.js';
import { openAIChatCompletionBody } from '../src/testing.js';
import { clickTool, fixtureServers, jsonFixture, openAIModelAt, PNG_BASE64, simpleMessages, textFixture, typeTool } from './helpers.js';

const serve = fixtureServers().chatCompletions;
const model = openAIModelAt;

function toolCallBody(calls: Array<{ id?: string; name: string; arguments: unknown }>): Record<string, unknown> {
  const body = openAIChatCompletionBody({ content: '' }) as { choices: Array<Record<string, unknown>> };
  body.choices[0] = {
    index: 0,
    message: {
      role: 'assistant',
      content: null,
      tool_calls: calls.map((call) => ({ ...(call.id ? { id: call.id } : {}), type: 'function', function: { name: call.name, arguments: call.arguments } })),
    },
    finish_reason: 'tool_calls',
  };
  return body;
}

describe('OpenAI Chat Completions tools', () => {
  it('sends function tools, tool_choice and parallel_tool_calls, and decodes a tool call', async () => {
    const srv = await serve([{ json: jsonFixture('openai-chat-tool-call.json') }]);
    const m = model(srv.url);
    expect(m.features).toEqual({ toolCalls: true, parallelToolCalls: true, strictSchema: true });
    const response = await m.complete({
      messages: simpleMessages('Save the file.'),
      tools: [clickTool],
      toolChoice: 'required',
      parallelToolCalls: false,
    });
    expect(response.toolCalls).toEqual([
      { id: 'call_Qm3vX8kT2nB5yR7wL1pJ4sHd', type: 'function', name: 'click_input', arguments: { id: 'btn-save', button: 'left' } },
    ]);
    expect(response.finishReason).toBe('tool-calls');
    expect(response.content).toBe('');
    expect(response.usage).toEqual({ inputTokens: 310, outputTokens: 22, cachedInputTokens: 0 });
    expect(response.cost).toBeCloseTo((310 * 2.5 + 22 * 10) / 1e6, 12);
    const body = srv.requests[0]!.body as Record<string, unknown>;
    expect(body['tools']).toEqual([
      { type: 'function', function: { name: 'click_input', description: 'Click a control by its id.', parameters: clickTool.inputSchema } },
    ]);
    expect(body['tool_choice']).toBe('required');
    expect(body['parallel_tool_calls']).toBe(false);
  });

  it('names a forced tool in tool_choice and returns parallel tool calls in order', async () => {
    const srv = await serve([{ json: jsonFixture('openai-chat-parallel-tool-calls.json') }]);
    const response = await model(srv.url).complete({
      messages: simpleMessages('Name the file report.txt.'),
      tools: [clickTool, typeTool],
      toolChoice: { name: 'set_edit_text' },
    });
    expect(response.toolCalls?.map((call) => [call.name, call.arguments])).toEqual([
      ['click_input', { id: 'edit-name' }],
      ['set_edit_text', { id: 'edit-name', text: 'report.txt' }],
    ]);
    expect((srv.requests[0]!.body as Record<string, unknown>)['tool_choice']).toEqual({
      type: 'function',
      function: { name: 'set_edit_text' },
    });
  });

  it('assembles streamed tool-call argument deltas into the same tool calls as without streaming', async () => {
    const srv = await serve([{ sse: textFixture('openai-chat-tool-call.sse.txt') }, { json: jsonFixture('openai-chat-parallel-tool-calls.json') }]);
    const m = model(srv.url);
    const deltas: string[] = [];
    const request = { messages: simpleMessages('Name the file report.txt.'), tools: [clickTool, typeTool] };
    const streamed = await m.complete({ ...request, onDelta: (delta) => deltas.push(delta) });
    const plain = await m.complete(request);
    expect(streamed.toolCalls).toEqual(plain.toolCalls);
    expect(streamed.toolCalls).toHaveLength(2);
    expect(streamed.finishReason).toBe('tool-calls');
    expect(streamed.usage).toEqual(plain.usage);
    expect(deltas).toEqual([]);
    expect((srv.requests[0]!.body as Record<string, unknown>)['stream']).toBe(true);
  });

  it('sends assistant tool calls and tool results back in the Chat Completions shape (exact request body)', async () => {
    const srv = await serve([{ json: openAIChatCompletionBody({ content: 'Saved.' }) }]);
    const messages: ChatMessage[] = [
      { role: 'system', content: 'You operate a Linux desktop.' },
      { role: 'user', content: 'Name the file and look.' },
      {
        role: 'assistant',
        content: '',
        toolCalls: [
          { id: 'call_1', type: 'function', name: 'set_edit_text', arguments: { id: 'edit-name', text: 'report.txt' } },
          { id: 'call_2', type: 'function', name: 'click_input', arguments: { id: 'btn-save' } },
        ],
      },
      { role: 'tool', toolCallId: 'call_1', content: 'ok' },
      {
        role: 'tool',
        toolCallId: 'call_2',
        isError: true,
        content: [
          { type: 'text', text: 'no such control' },
          { type: 'image', image: PNG_BASE64, mediaType: 'image/png' },
        ],
      },
    ];
    const response = await model(srv.url).complete({ messages, tools: [clickTool, typeTool], temperature: 0 });
    expect(response.content).toBe('Saved.');
    expect(response.finishReason).toBe('stop');
    expect(srv.requests[0]!.body).toEqual({
      model: 'gpt-4o',
      messages: [
        { role: 'system', content: 'You operate a Linux desktop.' },
        { role: 'user', content: 'Name the file and look.' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'call_1', type: 'function', function: { name: 'set_edit_text', arguments: '{"id":"edit-name","text":"report.txt"}' } },
            { id: 'call_2', type: 'function', function: { name: 'click_input', arguments: '{"id":"btn-save"}' } },
          ],
        },
        { role: 'tool', tool_call_id: 'call_1', content: 'ok' },
        {
          role: 'tool',
          tool_call_id: 'call_2',
          content: 'Error: no such control\n(1 image(s) of this result follow in the next user message)',
        },
        { role: 'user', content: [{ type: 'image_url', image_url: { url: `data:image/png;base64,${PNG_BASE64}` } }] },
      ],
      temperature: 0,
      tools: [
        { type: 'function', function: { name: 'click_input', description: 'Click a control by its id.', parameters: clickTool.inputSchema } },
        { type: 'function', function: { name: 'set_edit_text', description: 'Type text into an edit control.', parameters: typeTool.inputSchema } },
      ],
    });
  });

  it('re-asks after malformed tool-call arguments, like an invalid reply, and bills both replies', async () => {
    const srv = await serve([
      { json: toolCallBody([{ id: 'call_bad', name: 'click_input', arguments: '{"id": "btn-save"' }]) },
      { json: jsonFixture('openai-chat-tool-call.json') },
    ]);
    const response = await model(srv.url).complete({ messages: simpleMessages('Save.'), tools: [clickTool] });
    expect(response.toolCalls?.[0]?.arguments).toEqual({ id: 'btn-save', button: 'left' });
    expect(srv.requests).toHaveLength(2);
    const second = srv.requests[1]!.body as { messages: Array<{ role: string; content: string }> };
    expect(second.messages.at(-2)).toEqual({ role: 'assistant', content: 'click_input({"id": "btn-save")' });
    expect(second.messages.at(-1)!.content).toContain('click_input: arguments are not valid JSON');
    expect(response.usage.inputTokens).toBe(10 + 310);
    expect((response.providerMetadata as unknown as ProviderMetadata).rejectedReplies).toHaveLength(1);
  });

  it('fails with ModelReplyInvalidError when tool arguments stay malformed; a call to a tool not offered is passed on', async () => {
    const srv = await serve([
      { json: toolCallBody([{ id: 'c', name: 'click_input', arguments: '["btn-save"]' }]) },
      { json: toolCallBody([{ id: 'c', name: 'click_input', arguments: '["btn-save"]' }]) },
      { json: toolCallBody([{ id: 'd', name: 'drag_mouse', arguments: '{}' }]) },
    ]);
    const m = model(srv.url, { structuredOutputRetries: 1 });
    const error = await m.complete({ messages: simpleMessages(), tools: [clickTool] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelReplyInvalidError);
    expect((error as ModelReplyInvalidError).attempts.map((a) => a.issues)).toEqual([
      ['click_input: arguments must be a JSON object, got an array'],
      ['click_input: arguments must be a JSON object, got an array'],
    ]);
    expect(srv.requests).toHaveLength(2);
    const unknown = await m.complete({ messages: simpleMessages(), tools: [clickTool] });
    expect(unknown.toolCalls).toEqual([{ id: 'd', type: 'function', name: 'drag_mouse', arguments: {} }]);
  });

  it('uses a strict json_schema (all properties required, optional ones nullable) and drops the nulls before validation', async () => {
    const srv = await serve([{ json: openAIChatCompletionBody({ content: '{"status":"CONTINUE","note":null,"args":{"id":"7","x":null}}' }) }]);
    const schema = z.object({
      status: z.enum(['CONTINUE', 'FINISH']),
      note: z.string().optional(),
      args: z.object({ id: z.string(), x: z.number().optional() }),
    });
    const response = await model(srv.url).complete({ messages: simpleMessages(), schema, schemaName: 'reply' });
    expect(response.parsed).toEqual({ status: 'CONTINUE', args: { id: '7' } });
    const format = (srv.requests[0]!.body as { response_format: { json_schema: Record<string, unknown> } }).response_format;
    expect(format.json_schema).toEqual({
      name: 'reply',
      strict: true,
      schema: {
        type: 'object',
        properties: {
          status: { type: 'string', enum: ['CONTINUE', 'FINISH'] },
          note: { anyOf: [{ type: 'string' }, { type: 'null' }] },
          args: {
            type: 'object',
            properties: { id: { type: 'string' }, x: { anyOf: [{ type: 'number' }, { type: 'null' }] } },
            required: ['id', 'x'],
            additionalProperties: false,
          },
        },
        required: ['status', 'note', 'args'],
        additionalProperties: false,
      },
    });
  });

  it('sends a strict function tool in strict form and drops the nulls of its optional arguments', async () => {
    const srv = await serve([{ json: toolCallBody([{ id: 'call_s', name: 'click_input', arguments: '{"id":"btn-save","button":null}' }]) }]);
    const response = await model(srv.url).complete({ messages: simpleMessages(), tools: [{ ...clickTool, strict: true }] });
    expect(response.toolCalls?.[0]?.arguments).toEqual({ id: 'btn-save' });
    const tool = (srv.requests[0]!.body as { tools: Array<{ function: Record<string, unknown> }> }).tools[0]!.function;
    expect(tool['strict']).toBe(true);
    expect(tool['parameters']).toEqual({
      type: 'object',
      properties: { id: { type: 'string' }, button: { anyOf: [{ type: 'string', enum: ['left', 'right'] }, { type: 'null' }] } },
      required: ['id', 'button'],
      additionalProperties: false,
    });
  });

  it('keeps strict: false for a schema strict mode cannot express (an open record)', async () => {
    const srv = await serve([{ json: openAIChatCompletionBody({ content: '{"args":{"a":1}}' }) }]);
    const schema = z.object({ args: z.record(z.string(), z.unknown()) });
    const response = await model(srv.url).complete({ messages: simpleMessages(), schema });
    expect(response.parsed).toEqual({ args: { a: 1 } });
    const format = (srv.requests[0]!.body as { response_format: { json_schema: { strict: boolean } } }).response_format;
    expect(format.json_schema.strict).toBe(false);
  });

  it('reports a strict-schema refusal as ModelRefusalError, without re-asking', async () => {
    const srv = await serve([{ json: jsonFixture('openai-chat-refusal.json') }]);
    const error = await model(srv.url)
      .complete({ messages: simpleMessages(), schema: z.object({ done: z.boolean() }) })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelRefusalError);
    expect(error).toBeInstanceOf(ModelReplyInvalidError);
    const refusal = error as ModelRefusalError;
    expect(refusal.code).toBe('MODEL_REFUSED');
    expect(refusal.refusal).toBe("I'm sorry, I can't help with that request.");
    expect(refusal.usage).toEqual({ inputTokens: 280, outputTokens: 11, cachedInputTokens: 0 });
    expect(srv.requests).toHaveLength(1);
  });

  it('returns a refusal without a schema as finishReason refusal with its text', async () => {
    const srv = await serve([{ json: jsonFixture('openai-chat-refusal.json') }]);
    const response = await model(srv.url).complete({ messages: simpleMessages() });
    expect(response.finishReason).toBe('refusal');
    expect(response.refusal).toBe("I'm sorry, I can't help with that request.");
    expect(response.content).toBe('');
  });

  it('refuses tools to a model without tool calls before sending anything', async () => {
    const srv = await serve([{ json: jsonFixture('openai-chat-tool-call.json') }]);
    const m = model(srv.url, { model: 'o1-mini' });
    expect(m.features?.toolCalls).toBe(false);
    const error = await m.complete({ messages: simpleMessages(), tools: [clickTool] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnsupportedRequestError);
    expect((error as UnsupportedRequestError).code).toBe('MODEL_UNSUPPORTED_REQUEST');
    expect((error as Error).message).toMatch(/text-JSON mode/);
    const computer = await model(srv.url)
      .complete({
        messages: simpleMessages(),
        tools: [{ type: 'computer', displayWidth: 1024, displayHeight: 768 }],
      })
      .catch((e: unknown) => e);
    expect(computer).toBeInstanceOf(UnsupportedRequestError);
    expect(srv.requests).toHaveLength(0);
  });
});
