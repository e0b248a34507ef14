import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ChatMessage } from '@ufo-ts/core';
import { createAnthropicModel, ModelRefusalError } from '../src/index.js';
import { anthropicMessageBody, startFixtureServer, type FixtureServer } from '../src/testing.js';
import { clickTool, fastRetry, jsonFixture, PNG_BASE64, simpleMessages, textFixture, typeTool } from './helpers.js';

let server: FixtureServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(responses: Parameters<typeof startFixtureServer>[0]['routes'][number]['responses']) {
  server = await startFixtureServer({ routes: [{ path: '/v1/messages', responses }] });
  return server;
}

function model(url: string, extra: Partial<Parameters<typeof createAnthropicModel>[0]> = {}) {
  return createAnthropicModel({ apiKey: 'sk-ant-test', baseUrl: url, model: 'claude-sonnet-4-5', retry: fastRetry, ...extra });
}

describe('Anthropic Messages tools', () => {
  it('sends tools with input_schema and tool_choice, and decodes parallel tool_use blocks', async () => {
    const srv = await serve([{ json: jsonFixture('anthropic-tool-use.json') }]);
    const m = model(srv.url);
    expect(m.features).toEqual({ toolCalls: true, parallelToolCalls: true, strictSchema: false, computerTool: 'anthropic' });
    const response = await m.complete({
      messages: simpleMessages('Name the file report.txt and save it.'),
      tools: [clickTool, typeTool],
      toolChoice: 'required',
    });
    expect(response.content).toBe("I'll name the file, then save it.");
    expect(response.toolCalls).toEqual([
      { id: 'toolu_01A09q90qw90lq917835lq9', type: 'function', name: 'set_edit_text', arguments: { id: 'edit-name', text: 'report.txt' } },
      { id: 'toolu_01B19r91rx91mr918946mr0', type: 'function', name: 'click_input', arguments: { id: 'btn-save' } },
    ]);
    expect(response.finishReason).toBe('tool-calls');
    expect(response.usage).toEqual({ inputTokens: 512, outputTokens: 96, cachedInputTokens: 0 });
    const request = srv.requests[0]!;
    expect(request.headers['anthropic-beta']).toBeUndefined();
    const body = request.body as Record<string, unknown>;
    expect(body['tools']).toEqual([
      { name: 'click_input', description: 'Click a control by its id.', input_schema: clickTool.inputSchema },
      { name: 'set_edit_text', description: 'Type text into an edit control.', input_schema: typeTool.inputSchema },
    ]);
    expect(body['tool_choice']).toEqual({ type: 'any' });
  });

  it('maps a named tool choice with parallel calls off', async () => {
    const srv = await serve([{ json: jsonFixture('anthropic-tool-use.json') }]);
    await model(srv.url).complete({
      messages: simpleMessages(),
      tools: [clickTool, typeTool],
      toolChoice: { name: 'click_input' },
      parallelToolCalls: false,
    });
    expect((srv.requests[0]!.body as Record<string, unknown>)['tool_choice']).toEqual({
      type: 'tool',
      name: 'click_input',
      disable_parallel_tool_use: true,
    });
  });

  it('assembles streamed input_json_delta pieces into the same tool calls as without streaming', async () => {
    const srv = await serve([{ sse: textFixture('anthropic-tool-use.sse.txt') }, { json: jsonFixture('anthropic-tool-use.json') }]);
    const m = model(srv.url);
    const request = { messages: simpleMessages(), tools: [clickTool, typeTool] };
    const deltas: string[] = [];
    const streamed = await m.complete({ ...request, onDelta: (delta) => deltas.push(delta) });
    const plain = await m.complete(request);
    expect(deltas).toEqual(["I'll name the file, ", 'then save it.']);
    expect(streamed.toolCalls).toEqual(plain.toolCalls);
    expect(streamed.content).toBe(plain.content);
    expect(streamed.usage).toEqual(plain.usage);
    expect(streamed.finishReason).toBe('tool-calls');
  });

  it('sends tool_use history and tool_result blocks (text, image, is_error) first in the user turn (exact body)', async () => {
    const srv = await serve([{ json: anthropicMessageBody({ content: 'Saved.' }) }]);
    const messages: ChatMessage[] = [
      { role: 'system', content: 'You operate a Linux desktop.' },
      { role: 'user', content: 'Name the file and save it.' },
      {
        role: 'assistant',
        content: 'Naming it.',
        toolCalls: [
          { id: 'toolu_1', type: 'function', name: 'set_edit_text', arguments: { id: 'edit-name', text: 'report.txt' } },
          { id: 'toolu_2', type: 'function', name: 'click_input', arguments: { id: 'btn-save' } },
        ],
      },
      { role: 'tool', toolCallId: 'toolu_1', content: 'ok' },
      {
        role: 'tool',
        toolCallId: 'toolu_2',
        isError: true,
        content: [
          { type: 'text', text: 'no such control' },
          { type: 'image', image: PNG_BASE64, mediaType: 'image/png' },
        ],
      },
      { role: 'user', content: 'Go on.' },
    ];
    const response = await model(srv.url).complete({ messages, tools: [clickTool, typeTool], maxTokens: 1000 });
    expect(response.content).toBe('Saved.');
    expect(srv.requests[0]!.body).toEqual({
      model: 'claude-sonnet-4-5',
      max_tokens: 1000,
      system: 'You operate a Linux desktop.',
      messages: [
        { role: 'user', content: 'Name the file and save it.' },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'Naming it.' },
            { type: 'tool_use', id: 'toolu_1', name: 'set_edit_text', input: { id: 'edit-name', text: 'report.txt' } },
            { type: 'tool_use', id: 'toolu_2', name: 'click_input', input: { id: 'btn-save' } },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'toolu_1', content: 'ok' },
            {
              type: 'tool_result',
              tool_use_id: 'toolu_2',
              content: [
                { type: 'text', text: 'no such control' },
                { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG_BASE64 } },
              ],
              is_error: true,
            },
            { type: 'text', text: 'Go on.' },
          ],
        },
      ],
      tools: [
        { name: 'click_input', description: 'Click a control by its id.', input_schema: clickTool.inputSchema },
        { name: 'set_edit_text', description: 'Type text into an edit control.', input_schema: typeTool.inputSchema },
      ],
    });
  });

  it('runs a computer-tool turn: the beta header, the computer tool, its action as arguments, a screenshot result', async () => {
    const srv = await serve([{ json: jsonFixture('anthropic-computer-use.json') }, { json: anthropicMessageBody({ content: 'Done.' }) }]);
    const m = model(srv.url);
    const tools = [{ type: 'computer' as const, displayWidth: 1280, displayHeight: 800 }];
    const messages: ChatMessage[] = [{ role: 'user', content: 'Save the document.' }];
    const first = await m.complete({ messages, tools });
    expect(first.toolCalls).toEqual([
      { id: 'toolu_01Cq2w3e4r5t6y7u8i9o0p1', type: 'computer', name: 'computer', arguments: { action: 'left_click', coordinate: [412, 318] } },
    ]);
    expect(srv.requests[0]!.headers['anthropic-beta']).toBe('computer-use-2025-01-24');
    expect((srv.requests[0]!.body as Record<string, unknown>)['tools']).toEqual([
      { type: 'computer_20250124', name: 'computer', display_width_px: 1280, display_height_px: 800 },
    ]);
    await m.complete({
      messages: [
        ...messages,
        { role: 'assistant', content: first.content, toolCalls: first.toolCalls! },
        { role: 'tool', toolCallId: first.toolCalls![0]!.id, content: [{ type: 'image', image: PNG_BASE64, mediaType: 'image/png' }] },
      ],
      tools,
    });
    const second = srv.requests[1]!.body as { messages: unknown[] };
    expect(second.messages.slice(1)).toEqual([
      {
        role: 'assistant',
        content: [
          { type: 'text', text: "I'll click the Save button." },
          { type: 'tool_use', id: 'toolu_01Cq2w3e4r5t6y7u8i9o0p1', name: 'computer', input: { action: 'left_click', coordinate: [412, 318] } },
        ],
      },
      {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: 'toolu_01Cq2w3e4r5t6y7u8i9o0p1',
            content: [{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG_BASE64 } }],
          },
        ],
      },
    ]);
  });

  it('uses computer_20251124 with its beta header on Claude Opus 4.5', async () => {
    const srv = await serve([{ json: jsonFixture('anthropic-computer-use.json') }]);
    await model(srv.url, { model: 'claude-opus-4-5' }).complete({
      messages: simpleMessages(),
      tools: [{ type: 'computer', displayWidth: 1024, displayHeight: 768 }],
    });
    expect(srv.requests[0]!.headers['anthropic-beta']).toBe('computer-use-2025-11-24');
    expect((srv.requests[0]!.body as { tools: Array<{ type: string }> }).tools[0]!.type).toBe('computer_20251124');
  });

  it('maps stop_reason refusal: finishReason refusal without a schema, ModelRefusalError with one', async () => {
    const srv = await serve([{ json: jsonFixture('anthropic-refusal.json') }]);
    const m = model(srv.url);
    const plain = await m.complete({ messages: simpleMessages() });
    expect(plain.finishReason).toBe('refusal');
    expect(plain.refusal).toBe("I can't help with that.");
    const error = await m.complete({ messages: simpleMessages(), schema: z.object({ ok: z.boolean() }) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelRefusalError);
    expect(srv.requests).toHaveLength(2);
  });

  it('maps stop_reason max_tokens to finishReason length', async () => {
    const body = anthropicMessageBody({ content: 'partial' });
    body['stop_reason'] = 'max_tokens';
    const srv = await serve([{ json: body }]);
    expect((await model(srv.url).complete({ messages: simpleMessages() })).finishReason).toBe('length');
  });
});
