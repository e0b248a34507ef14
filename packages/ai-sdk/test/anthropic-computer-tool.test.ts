/**
 * The real `@ai-sdk/anthropic` provider against a local HTTP server on 127.0.0.1 speaking Anthropic's Messages
 * wire format. The request and reply shapes follow Anthropic's API reference (Messages, "Computer use tool":
 * `computer_20250124` with `display_width_px`/`display_height_px`, the `computer-use-2025-01-24` beta header,
 * `tool_use` content blocks and `tool_result` blocks holding a base64 image).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAnthropic } from '@ai-sdk/anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AiSdkChatModel } from '../src/index.js';

const SCREENSHOT = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGNgYGAAAAAEAAH2FzhVAAAAAElFTkSuQmCC';

interface Received {
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function startAnthropicServer(replies: Array<Record<string, unknown>>): Promise<{ baseURL: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body: JSON.parse(raw) as Record<string, unknown> });
      const reply = replies.shift();
      if (!reply || req.url !== '/v1/messages') {
        res
          .writeHead(400, { 'content-type': 'application/json' })
          .end(JSON.stringify({ type: 'error', error: { type: 'invalid_request_error', message: 'unexpected request' } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return { baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, received };
}

const message = (content: Array<Record<string, unknown>>, stopReason: string) => ({
  id: 'msg_local_1',
  type: 'message',
  role: 'assistant',
  model: 'claude-sonnet-4-5-20250929',
  content,
  stop_reason: stopReason,
  stop_sequence: null,
  usage: { input_tokens: 1500, output_tokens: 40, cache_read_input_tokens: 1000, cache_creation_input_tokens: 0 },
});

describe('AiSdkChatModel over @ai-sdk/anthropic: the computer tool', () => {
  it('declares computer_20250124 with the display size and beta header, reads tool_use, and sends the screenshot back as tool_result', async () => {
    const { baseURL, received } = await startAnthropicServer([
      message(
        [
          { type: 'text', text: 'I will click the button.' },
          { type: 'tool_use', id: 'toolu_01', name: 'computer', input: { action: 'left_click', coordinate: [640, 400] } },
        ],
        'tool_use',
      ),
      message([{ type: 'text', text: 'Done: the display shows 408.' }], 'end_turn'),
    ]);
    const model = new AiSdkChatModel({
      model: createAnthropic({ baseURL, apiKey: 'test-key' })('claude-sonnet-4-5'),
      features: { toolCalls: true, parallelToolCalls: true, strictSchema: false, computerTool: 'anthropic' },
    });
    const tools = [{ type: 'computer' as const, displayWidth: 1280, displayHeight: 800 }];
    const first = await model.complete({ messages: [{ role: 'user', content: 'Press the button.' }], tools, maxTokens: 1024 });
    expect(first.toolCalls).toEqual([{ id: 'toolu_01', type: 'computer', name: 'computer', arguments: { action: 'left_click', coordinate: [640, 400] } }]);
    expect(first.finishReason).toBe('tool-calls');
    expect(first.usage).toMatchObject({ outputTokens: 40, cachedInputTokens: 1000 });
    expect(String(received[0]!.headers['anthropic-beta'])).toContain('computer-use-2025-01-24');
    expect(received[0]!.body.tools).toEqual([{ name: 'computer', type: 'computer_20250124', display_width_px: 1280, display_height_px: 800 }]);

    const second = await model.complete({
      messages: [
        { role: 'user', content: 'Press the button.' },
        { role: 'assistant', content: first.content, toolCalls: first.toolCalls! },
        { role: 'tool', toolCallId: 'toolu_01', content: [{ type: 'image', image: `data:image/png;base64,${SCREENSHOT}`, mediaType: 'image/png' }] },
      ],
      tools,
      maxTokens: 1024,
    });
    expect(second.content).toBe('Done: the display shows 408.');
    expect(second.toolCalls).toBeUndefined();
    const sent = received[1]!.body.messages as Array<{ role: string; content: Array<Record<string, unknown>> }>;
    expect(sent[1]).toMatchObject({
      role: 'assistant',
      content: [
        { type: 'text', text: 'I will click the button.' },
        { type: 'tool_use', id: 'toolu_01', name: 'computer', input: { action: 'left_click', coordinate: [640, 400] } },
      ],
    });
    expect(sent[2]).toMatchObject({
      role: 'user',
      content: [
        { type: 'tool_result', tool_use_id: 'toolu_01', content: [{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: SCREENSHOT } }] },
      ],
    });
  });
});

describe('AiSdkChatModel over @ai-sdk/anthropic: a refusal', () => {
  // The provider reports Anthropic's stop_reason "refusal" as the unified `content-filter`, keeping the raw reason.
  it('stop_reason refusal comes back as a refusal (finishReason refusal, refusal set), not as a reply that fails the schema', async () => {
    const { baseURL, received } = await startAnthropicServer([message([{ type: 'text', text: "I can't help with that." }], 'refusal')]);
    const model = new AiSdkChatModel({ model: createAnthropic({ baseURL, apiKey: 'test-key' })('claude-sonnet-4-5') });
    const reply = await model.complete({ messages: [{ role: 'user', content: 'Do it.' }], schema: z.object({ done: z.boolean() }) });
    expect(reply).toMatchObject({ finishReason: 'refusal', refusal: "I can't help with that." });
    expect(reply.parsed).toBeUndefined();
    expect(received).toHaveLength(1);
  });
});
