import { afterEach, describe, expect, it } from 'vitest';
import type { ChatMessage, ComputerTool } from '@ufo-ts/core';
import { createAnthropicModel, createOpenAIModel, UnsupportedRequestError } from '../src/index.js';
import { anthropicMessageBody, openAIResponsesBody, startFixtureServer, type FixtureServer } from '../src/testing.js';
import { clickTool, fastRetry, jsonFixture, PNG_BASE64, simpleMessages, textFixture } from './helpers.js';

let server: FixtureServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

type Responses = Parameters<typeof startFixtureServer>[0]['routes'][number]['responses'];

async function serve(path: string, responses: Responses): Promise<FixtureServer> {
  server = await startFixtureServer({ routes: [{ path, responses }] });
  return server;
}

const computer: ComputerTool = { type: 'computer', displayWidth: 1280, displayHeight: 800 };
const screenshot = [{ type: 'image' as const, image: PNG_BASE64, mediaType: 'image/png' }];

function claude(url: string, model: string, extra: Partial<Parameters<typeof createAnthropicModel>[0]> = {}) {
  return createAnthropicModel({ apiKey: 'sk-ant-test', baseUrl: url, model, retry: fastRetry, ...extra });
}

function gpt(url: string, model: string, extra: Partial<Parameters<typeof createOpenAIModel>[0]> = {}) {
  return createOpenAIModel({ apiKey: 'sk-test', baseUrl: `${url}/v1`, model, api: 'responses', retry: fastRetry, ...extra });
}

describe('the computer tool each Claude model gets', () => {
  it.each([
    ['claude-sonnet-4-5', 'computer_20250124', 'computer-use-2025-01-24'],
    ['claude-haiku-4-5-20251001', 'computer_20250124', 'computer-use-2025-01-24'],
    ['claude-opus-4-5-20251101', 'computer_20251124', 'computer-use-2025-11-24'],
    ['claude-sonnet-4-6', 'computer_20251124', 'computer-use-2025-11-24'],
    ['claude-opus-4-7', 'computer_20251124', 'computer-use-2025-11-24'],
  ])('%s: %s behind the %s beta header, with the display size', async (model, type, beta) => {
    const srv = await serve('/v1/messages', [{ json: anthropicMessageBody({ content: 'Done.' }) }]);
    await claude(srv.url, model).complete({ messages: simpleMessages(), tools: [computer] });
    expect(srv.requests[0]!.headers['anthropic-beta']).toBe(beta);
    expect((srv.requests[0]!.body as { tools: unknown[] }).tools).toEqual([{ type, name: 'computer', display_width_px: 1280, display_height_px: 800 }]);
  });

  it.each(['claude-opus-4-8', 'claude-opus-5', 'claude-sonnet-5', 'claude-opus-5-5', 'claude-opus-6'])(
    '%s: the computer_toolset_20260801 toolset, no beta header, zoom off',
    async (model) => {
      const srv = await serve('/v1/messages', [{ json: anthropicMessageBody({ content: 'Done.' }) }]);
      await claude(srv.url, model).complete({ messages: simpleMessages(), tools: [computer, clickTool] });
      expect(srv.requests[0]!.headers['anthropic-beta']).toBeUndefined();
      const tools = (srv.requests[0]!.body as { tools: Array<Record<string, unknown>> }).tools;
      expect(tools[0]).toEqual({ type: 'computer_toolset_20260801', configs: { zoom: { enabled: false } } });
      expect(tools[1]).toMatchObject({ name: 'click_input' });
    },
  );

  it('refuses the computer tool to a Claude model without one, before sending', async () => {
    const srv = await serve('/v1/messages', [{ json: anthropicMessageBody({ content: 'Done.' }) }]);
    const error = await claude(srv.url, 'claude-3-5-haiku-latest')
      .complete({ messages: simpleMessages(), tools: [computer] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnsupportedRequestError);
    expect(srv.requests).toHaveLength(0);
  });

  it('runs a toolset turn: member calls as computer calls, replayed with toolset_name on calls and results', async () => {
    const srv = await serve('/v1/messages', [{ json: jsonFixture('anthropic-computer-toolset.json') }, { json: anthropicMessageBody({ content: 'Saved.' }) }]);
    const m = claude(srv.url, 'claude-opus-5');
    const messages: ChatMessage[] = [{ role: 'user', content: 'Save the document.' }];
    const first = await m.complete({ messages, tools: [computer] });
    expect(first.toolCalls).toEqual([
      {
        id: 'toolu_01Lc4v5b6n7m8q9w0e1r2t3',
        type: 'computer',
        name: 'computer',
        arguments: { action: 'left_click', coordinate: [412, 318] },
        providerData: { toolset_name: 'computer' },
      },
      {
        id: 'toolu_01Sc9o8i7u6y5t4r3e2w1q0',
        type: 'computer',
        name: 'computer',
        arguments: { action: 'screenshot' },
        providerData: { toolset_name: 'computer' },
      },
    ]);
    await m.complete({
      messages: [
        ...messages,
        { role: 'assistant', content: first.content, toolCalls: first.toolCalls! },
        { role: 'tool', toolCallId: first.toolCalls![0]!.id, content: 'OK' },
        { role: 'tool', toolCallId: first.toolCalls![1]!.id, content: screenshot },
      ],
      tools: [computer],
    });
    expect((srv.requests[1]!.body as { messages: unknown[] }).messages.slice(1)).toEqual([
      {
        role: 'assistant',
        content: [
          { type: 'text', text: "I'll click Save, then look again." },
          { type: 'tool_use', id: 'toolu_01Lc4v5b6n7m8q9w0e1r2t3', name: 'left_click', input: { coordinate: [412, 318] }, toolset_name: 'computer' },
          { type: 'tool_use', id: 'toolu_01Sc9o8i7u6y5t4r3e2w1q0', name: 'screenshot', input: {}, toolset_name: 'computer' },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'toolu_01Lc4v5b6n7m8q9w0e1r2t3', content: 'OK', toolset_name: 'computer' },
          {
            type: 'tool_result',
            tool_use_id: 'toolu_01Sc9o8i7u6y5t4r3e2w1q0',
            content: [{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG_BASE64 } }],
            toolset_name: 'computer',
          },
        ],
      },
    ]);
  });

  it('assembles streamed toolset calls into the same computer calls', async () => {
    const srv = await serve('/v1/messages', [
      { sse: textFixture('anthropic-computer-toolset.sse.txt') },
      { json: jsonFixture('anthropic-computer-toolset.json') },
    ]);
    const m = claude(srv.url, 'claude-opus-5');
    const streamed = await m.complete({ messages: simpleMessages(), tools: [computer], onDelta: () => {} });
    const plain = await m.complete({ messages: simpleMessages(), tools: [computer] });
    expect(streamed.toolCalls).toEqual(plain.toolCalls);
    expect(streamed.toolCalls).toHaveLength(2);
  });

  it('forces the toolset with tool_choice any (it has no tool named computer)', async () => {
    const srv = await serve('/v1/messages', [{ json: anthropicMessageBody({ content: 'Done.' }) }, { json: anthropicMessageBody({ content: 'Done.' }) }]);
    await claude(srv.url, 'claude-opus-5').complete({ messages: simpleMessages(), tools: [computer], toolChoice: { name: 'computer' } });
    expect((srv.requests[0]!.body as Record<string, unknown>)['tool_choice']).toEqual({ type: 'any' });
    await claude(srv.url, 'claude-sonnet-4-6').complete({ messages: simpleMessages(), tools: [computer], toolChoice: { name: 'computer' } });
    expect((srv.requests[1]!.body as Record<string, unknown>)['tool_choice']).toEqual({ type: 'tool', name: 'computer' });
  });

  it('takes a computer tool, and its version, forced in config for a model the table does not know', async () => {
    const srv = await serve('/v1/messages', [{ json: anthropicMessageBody({ content: 'Done.' }) }, { json: anthropicMessageBody({ content: 'Done.' }) }]);
    await claude(srv.url, 'my-claude-proxy', { capabilities: { computerTool: 'anthropic' } }).complete({ messages: simpleMessages(), tools: [computer] });
    expect((srv.requests[0]!.body as { tools: Array<{ type: string }> }).tools[0]!.type).toBe('computer_toolset_20260801');
    const forced = { computerTool: 'anthropic', computerToolType: 'computer_20250124' } as const;
    await claude(srv.url, 'my-claude-proxy', { capabilities: forced }).complete({ messages: simpleMessages(), tools: [computer] });
    expect(srv.requests[1]!.headers['anthropic-beta']).toBe('computer-use-2025-01-24');
    expect((srv.requests[1]!.body as { tools: Array<{ type: string }> }).tools[0]!.type).toBe('computer_20250124');
  });
});

describe('the computer tool each OpenAI model gets (Responses API)', () => {
  it('computer-use-preview: computer_use_preview with display and environment, truncation auto', async () => {
    const srv = await serve('/v1/responses', [{ json: openAIResponsesBody({ content: 'Done.' }) }]);
    await gpt(srv.url, 'computer-use-preview-2025-03-11').complete({ messages: simpleMessages(), tools: [computer], toolChoice: { name: 'computer' } });
    const body = srv.requests[0]!.body as Record<string, unknown>;
    expect(body['tools']).toEqual([{ type: 'computer_use_preview', display_width: 1280, display_height: 800, environment: 'linux' }]);
    expect(body['tool_choice']).toEqual({ type: 'computer_use_preview' });
    expect(body['truncation']).toBe('auto');
  });

  it.each(['gpt-5.4', 'gpt-5.4-mini', 'gpt-5.4-mini-2026-03-17', 'gpt-5.5'])('%s: the GA computer tool, nothing else on it', async (model) => {
    const srv = await serve('/v1/responses', [{ json: openAIResponsesBody({ content: 'Done.' }) }]);
    await gpt(srv.url, model).complete({ messages: simpleMessages(), tools: [computer], toolChoice: { name: 'computer' } });
    const body = srv.requests[0]!.body as Record<string, unknown>;
    expect(body['tools']).toEqual([{ type: 'computer' }]);
    expect(body['tool_choice']).toEqual({ type: 'computer' });
    expect(body).not.toHaveProperty('truncation');
    expect(body['include']).toEqual(['reasoning.encrypted_content']);
  });

  it.each(['gpt-5.4-nano', 'gpt-5.3-chat-latest', 'gpt-4o'])('%s: refused before sending (no computer tool)', async (model) => {
    const srv = await serve('/v1/responses', [{ json: openAIResponsesBody({ content: 'Done.' }) }]);
    const error = await gpt(srv.url, model)
      .complete({ messages: simpleMessages(), tools: [computer] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnsupportedRequestError);
    expect(srv.requests).toHaveLength(0);
  });

  it('decodes a batch of actions, and sends the call back as it came', async () => {
    const srv = await serve('/v1/responses', [
      { json: jsonFixture('openai-responses-computer-actions.json') },
      { json: openAIResponsesBody({ content: 'Done.' }) },
    ]);
    const m = gpt(srv.url, 'gpt-5.4');
    const messages: ChatMessage[] = [{ role: 'user', content: 'Name the file report.txt.' }];
    const first = await m.complete({ messages, tools: [computer] });
    const call = first.toolCalls![0]!;
    expect(call).toMatchObject({
      id: 'call_Ga1bC2dE3fG4hI5jK6lM7nO8',
      type: 'computer',
      name: 'computer',
      arguments: {
        actions: [
          { type: 'click', button: 'left', x: 412, y: 318 },
          { type: 'type', text: 'report.txt' },
        ],
      },
    });
    await m.complete({
      messages: [
        ...messages,
        { role: 'assistant', content: first.content, toolCalls: first.toolCalls! },
        { role: 'tool', toolCallId: call.id, content: screenshot },
      ],
      tools: [computer],
    });
    const input = (srv.requests[1]!.body as { input: unknown[] }).input;
    expect(input.slice(1)).toEqual([
      { type: 'reasoning', id: 'rs_69a1b2c3e4f58190b2c3d4e5f6a7b8c9', summary: [], encrypted_content: 'gAAAAABpoBLcEncryptedReasoningFixture==' },
      {
        type: 'computer_call',
        id: 'cu_69a1b2c3f5a68190c3d4e5f6a7b8c9d0',
        call_id: 'call_Ga1bC2dE3fG4hI5jK6lM7nO8',
        actions: [
          { type: 'click', button: 'left', x: 412, y: 318 },
          { type: 'type', text: 'report.txt' },
        ],
        status: 'completed',
      },
      {
        type: 'computer_call_output',
        call_id: 'call_Ga1bC2dE3fG4hI5jK6lM7nO8',
        output: { type: 'computer_screenshot', image_url: `data:image/png;base64,${PNG_BASE64}` },
      },
    ]);
  });

  it('gives a batch of one action as that action, and sends it back as a batch', async () => {
    const fixture = jsonFixture('openai-responses-computer-actions.json') as { output: Array<Record<string, unknown>> };
    const one = {
      ...fixture,
      output: fixture.output.map((item) => (item['type'] === 'computer_call' ? { ...item, actions: [{ type: 'screenshot' }] } : item)),
    };
    const srv = await serve('/v1/responses', [{ json: one }, { json: openAIResponsesBody({ content: 'Done.' }) }]);
    const m = gpt(srv.url, 'gpt-5.4');
    const first = await m.complete({ messages: simpleMessages(), tools: [computer] });
    expect(first.toolCalls![0]!.arguments).toEqual({ type: 'screenshot' });
    await m.complete({
      messages: [
        ...simpleMessages(),
        { role: 'assistant', content: '', toolCalls: first.toolCalls! },
        { role: 'tool', toolCallId: first.toolCalls![0]!.id, content: screenshot },
      ],
      tools: [computer],
    });
    const input = (srv.requests[1]!.body as { input: Array<Record<string, unknown>> }).input;
    expect(input.find((item) => item['type'] === 'computer_call')).toMatchObject({ actions: [{ type: 'screenshot' }] });
    expect(input.find((item) => item['type'] === 'computer_call')).not.toHaveProperty('action');
  });

  it('takes the GA computer tool forced in config for a model the table does not know', async () => {
    const srv = await serve('/v1/responses', [{ json: openAIResponsesBody({ content: 'Done.' }) }]);
    await gpt(srv.url, 'my-finetune', { capabilities: { computerTool: 'openai' } }).complete({ messages: simpleMessages(), tools: [computer] });
    expect((srv.requests[0]!.body as Record<string, unknown>)['tools']).toEqual([{ type: 'computer' }]);
  });
});
