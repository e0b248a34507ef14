import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ChatMessage } from '@ufo-ts/core';
import { createOpenAIModel, ModelRefusalError } from '../src/index.js';
import { openAIResponsesBody, startFixtureServer, type FixtureServer } from '../src/testing.js';
import { clickTool, fastRetry, jsonFixture, PNG_BASE64, simpleMessages, textFixture, typeTool } from './helpers.js';

let server: FixtureServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(responses: Parameters<typeof startFixtureServer>[0]['routes'][number]['responses']) {
  server = await startFixtureServer({ routes: [{ path: '/v1/responses', responses }] });
  return server;
}

function model(url: string, extra: Partial<Parameters<typeof createOpenAIModel>[0]> = {}) {
  return createOpenAIModel({ apiKey: 'sk-test', baseUrl: `${url}/v1`, model: 'gpt-4.1', api: 'responses', retry: fastRetry, ...extra });
}

describe('OpenAI Responses API tools', () => {
  it('sends function tools (strict stated) and decodes function_call items by call_id', async () => {
    const srv = await serve([{ json: jsonFixture('openai-responses-function-calls.json') }]);
    const response = await model(srv.url).complete({
      messages: simpleMessages('Name the file report.txt.'),
      tools: [clickTool, { ...typeTool, strict: true }],
      toolChoice: { name: 'set_edit_text' },
      parallelToolCalls: true,
    });
    expect(response.toolCalls).toEqual([
      { id: 'call_Xy7zQ1wE2rT3yU4iO5pA6sD7', type: 'function', name: 'click_input', arguments: { id: 'edit-name' } },
      { id: 'call_Fg8hJ9kL0zX1cV2bN3mQ4wE5', type: 'function', name: 'set_edit_text', arguments: { id: 'edit-name', text: 'report.txt' } },
    ]);
    expect(response.finishReason).toBe('tool-calls');
    const body = srv.requests[0]!.body as Record<string, unknown>;
    expect(body['tools']).toEqual([
      { type: 'function', name: 'click_input', description: 'Click a control by its id.', parameters: clickTool.inputSchema, strict: false },
      {
        type: 'function',
        name: 'set_edit_text',
        description: 'Type text into an edit control.',
        parameters: { ...typeTool.inputSchema, additionalProperties: false },
        strict: true,
      },
    ]);
    expect(body['tool_choice']).toEqual({ type: 'function', name: 'set_edit_text' });
    expect(body['parallel_tool_calls']).toBe(true);
    expect(body).not.toHaveProperty('truncation');
  });

  it('assembles response.function_call_arguments.delta streams into the same tool calls', async () => {
    const srv = await serve([{ sse: textFixture('openai-responses-function-calls.sse.txt') }, { json: jsonFixture('openai-responses-function-calls.json') }]);
    const m = model(srv.url);
    const request = { messages: simpleMessages(), tools: [clickTool, typeTool] };
    const deltas: string[] = [];
    const streamed = await m.complete({ ...request, onDelta: (delta) => deltas.push(delta) });
    const plain = await m.complete(request);
    expect(streamed.toolCalls).toEqual(plain.toolCalls);
    expect(streamed.toolCalls).toHaveLength(2);
    expect(streamed.usage).toEqual(plain.usage);
    expect(deltas).toEqual([]);
  });

  it('assembles tool calls from output items and argument deltas when the stream ends without response.completed', async () => {
    const sse = textFixture('openai-responses-function-calls.sse.txt')
      .split('\n\n')
      .filter((event) => !event.includes('response.output_item.done') && !event.includes('response.completed'))
      .join('\n\n');
    const srv = await serve([{ sse }]);
    const response = await model(srv.url).complete({ messages: simpleMessages(), tools: [clickTool, typeTool], onDelta: () => {} });
    expect(response.toolCalls?.map((call) => call.arguments)).toEqual([{ id: 'edit-name' }, { id: 'edit-name', text: 'report.txt' }]);
  });

  it('sends function_call history and function_call_output items (exact input)', async () => {
    const srv = await serve([{ json: openAIResponsesBody({ content: 'Saved.' }) }]);
    const messages: ChatMessage[] = [
      { role: 'user', content: 'Name the file.' },
      { role: 'assistant', content: '', toolCalls: [{ id: 'call_1', type: 'function', name: 'set_edit_text', arguments: { id: 'e', text: 'r.txt' } }] },
      {
        role: 'tool',
        toolCallId: 'call_1',
        content: [
          { type: 'text', text: 'typed' },
          { type: 'image', image: PNG_BASE64, mediaType: 'image/png' },
        ],
      },
    ];
    await model(srv.url).complete({ messages, tools: [typeTool] });
    expect((srv.requests[0]!.body as { input: unknown }).input).toEqual([
      { role: 'user', content: 'Name the file.' },
      { type: 'function_call', call_id: 'call_1', name: 'set_edit_text', arguments: '{"id":"e","text":"r.txt"}' },
      {
        type: 'function_call_output',
        call_id: 'call_1',
        output: [
          { type: 'input_text', text: 'typed' },
          { type: 'input_image', image_url: `data:image/png;base64,${PNG_BASE64}`, detail: 'auto' },
        ],
      },
    ]);
  });

  it('runs a computer-use turn: computer_use_preview with truncation auto, computer_call out, computer_call_output back', async () => {
    const srv = await serve([{ json: jsonFixture('openai-responses-computer-call.json') }, { json: openAIResponsesBody({ content: 'Done.' }) }]);
    const m = model(srv.url, { model: 'computer-use-preview' });
    expect(m.features).toEqual({ toolCalls: true, parallelToolCalls: false, strictSchema: false, computerTool: 'openai' });
    const tools = [{ type: 'computer' as const, displayWidth: 1280, displayHeight: 800, environment: 'linux' as const }];
    const messages: ChatMessage[] = [{ role: 'user', content: 'Save the document.' }];
    const first = await m.complete({ messages, tools, temperature: 0.5 });
    const call = first.toolCalls![0]!;
    expect(call).toMatchObject({
      id: 'call_Cu1aB2cD3eF4gH5iJ6kL7mN8',
      type: 'computer',
      name: 'computer',
      arguments: { type: 'click', button: 'left', x: 412, y: 318 },
    });
    expect(call.providerData?.['id']).toBe('cu_68f1d2b4a5b68190c7d8e9f0a1b2c3d4');
    expect(call.providerData?.['pending_safety_checks']).toEqual([expect.objectContaining({ id: 'cu_sc_68f1d2b4e5f6', code: 'malicious_instructions' })]);
    const firstBody = srv.requests[0]!.body as Record<string, unknown>;
    expect(firstBody['tools']).toEqual([{ type: 'computer_use_preview', display_width: 1280, display_height: 800, environment: 'linux' }]);
    expect(firstBody['truncation']).toBe('auto');
    expect(firstBody['include']).toEqual(['reasoning.encrypted_content']);
    expect(firstBody).not.toHaveProperty('temperature');

    await m.complete({
      messages: [
        ...messages,
        { role: 'assistant', content: first.content, toolCalls: first.toolCalls! },
        { role: 'tool', toolCallId: call.id, content: [{ type: 'image', image: PNG_BASE64, mediaType: 'image/png' }] },
      ],
      tools,
    });
    const input = (srv.requests[1]!.body as { input: unknown[] }).input;
    expect(input.slice(1)).toEqual([
      { type: 'reasoning', id: 'rs_68f1d2b3c4d58190e6f7a8b9c0d1e2f3', summary: [], encrypted_content: 'gAAAAABo8dKzEncryptedReasoningFixture==' },
      {
        type: 'computer_call',
        id: 'cu_68f1d2b4a5b68190c7d8e9f0a1b2c3d4',
        call_id: 'call_Cu1aB2cD3eF4gH5iJ6kL7mN8',
        action: { type: 'click', button: 'left', x: 412, y: 318 },
        pending_safety_checks: [expect.objectContaining({ id: 'cu_sc_68f1d2b4e5f6' })],
        status: 'completed',
      },
      {
        type: 'computer_call_output',
        call_id: 'call_Cu1aB2cD3eF4gH5iJ6kL7mN8',
        output: { type: 'computer_screenshot', image_url: `data:image/png;base64,${PNG_BASE64}` },
        acknowledged_safety_checks: [expect.objectContaining({ id: 'cu_sc_68f1d2b4e5f6', code: 'malicious_instructions' })],
      },
    ]);
  });

  it('reports a refusal content part: finishReason refusal, and ModelRefusalError with a strict schema', async () => {
    const srv = await serve([{ json: jsonFixture('openai-responses-refusal.json') }]);
    const m = model(srv.url);
    const plain = await m.complete({ messages: simpleMessages() });
    expect(plain.finishReason).toBe('refusal');
    expect(plain.refusal).toBe("I'm sorry, I can't assist with that.");
    const error = await m.complete({ messages: simpleMessages(), schema: z.object({ ok: z.boolean() }) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelRefusalError);
    const format = (srv.requests[1]!.body as { text: { format: Record<string, unknown> } }).text.format;
    expect(format).toMatchObject({ type: 'json_schema', strict: true, schema: { additionalProperties: false, required: ['ok'] } });
  });
});
