import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChatMessage, ChatModel, ChatResponse } from '@ufo-ts/core';
import {
  canonicalRequest,
  createAnthropicModel,
  createFallbackModel,
  createOpenAIModel,
  RecordingModel,
  ReplayMissError,
  ReplayModel,
  requestKey,
} from '../src/index.js';
import { openAIChatCompletionBody, startFixtureServer, type FixtureServer } from '../src/testing.js';
import { clickTool, jsonFixture, PNG_BASE64, simpleMessages, textFixture, typeTool } from './helpers.js';

let server: FixtureServer | undefined;
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ufo-cassette-tools-'));
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  await rm(dir, { recursive: true, force: true });
});

const tools = [clickTool, typeTool];

/** A three-call tool-mode session: parallel tool calls, a streamed repeat, then the results and a final answer. */
async function session(model: ChatModel): Promise<ChatResponse[]> {
  const messages: ChatMessage[] = simpleMessages('Name the file report.txt and save it.');
  const first = await model.complete({ messages, tools, toolChoice: 'required' });
  const streamed = await model.complete({ messages, tools, toolChoice: 'auto', onDelta: () => {} });
  const history: ChatMessage[] = [
    ...messages,
    { role: 'assistant', content: first.content, toolCalls: first.toolCalls! },
    ...first.toolCalls!.map((call): ChatMessage => ({
      role: 'tool',
      toolCallId: call.id,
      content: [
        { type: 'text', text: `${call.name} done` },
        { type: 'image', image: PNG_BASE64, mediaType: 'image/png' },
      ],
    })),
  ];
  const last = await model.complete({ messages: history, tools });
  return [first, streamed, last];
}

function withoutTiming(responses: ChatResponse[]): string {
  return JSON.stringify(responses.map(({ latencyMs: _latency, ...rest }) => rest));
}

describe('cassettes in tool mode', () => {
  it('records a tool-mode session and replays it byte-identically, twice', async () => {
    server = await startFixtureServer({
      routes: [
        {
          path: '/v1/chat/completions',
          responses: [
            { json: jsonFixture('openai-chat-parallel-tool-calls.json') },
            { sse: textFixture('openai-chat-tool-call.sse.txt') },
            { json: openAIChatCompletionBody({ content: 'Saved as report.txt.' }) },
          ],
        },
      ],
    });
    const live = createOpenAIModel({ apiKey: 'sk-test', baseUrl: `${server.url}/v1`, model: 'gpt-4o' });
    const recorded = join(dir, 'session.jsonl');
    const liveResponses = await session(new RecordingModel({ model: live, path: recorded }));
    expect(liveResponses[0]!.toolCalls).toHaveLength(2);
    expect(liveResponses[1]!.toolCalls).toEqual(liveResponses[0]!.toolCalls);
    expect(liveResponses[2]!.content).toBe('Saved as report.txt.');

    const replays: string[] = [];
    const files: string[] = [];
    for (const run of [1, 2]) {
      const replay = await ReplayModel.fromFile(recorded, { strict: true });
      expect(replay.features).toEqual(live.features);
      const path = join(dir, `replay-${run}.jsonl`);
      const responses = await session(new RecordingModel({ model: replay, path }));
      expect(responses.map((r) => r.providerMetadata)).toEqual([1, 2, 3].map((line) => ({ replay: { line, matchedBy: 'key' } })));
      replays.push(withoutTiming(responses));
      files.push(await readFile(path, 'utf8'));
    }
    expect(replays[0]).toBe(replays[1]);
    expect(files[0]).toBe(files[1]);
    expect(files[0]).toBe(await readFile(recorded, 'utf8'));
    const strip = (responses: ChatResponse[]) =>
      responses.map(({ content, toolCalls, finishReason, usage, cost, model, provider }) => ({
        content,
        toolCalls,
        finishReason,
        usage,
        cost,
        model,
        provider,
      }));
    expect(JSON.parse(replays[0]!).map((r: ChatResponse) => strip([r])[0])).toEqual(strip(liveResponses));
  });

  it('keys tools, tool choice, tool calls and tool results; requests without them key as before', () => {
    const messages = simpleMessages();
    const plain = canonicalRequest({ messages }, 'gpt-4o');
    expect(plain).toEqual({ messages, model: 'gpt-4o' });
    const withTools = requestKey(canonicalRequest({ messages, tools }, 'gpt-4o'));
    expect(withTools).not.toBe(requestKey(plain));
    expect(requestKey(canonicalRequest({ messages, tools, toolChoice: 'required' }, 'gpt-4o'))).not.toBe(withTools);
    expect(requestKey(canonicalRequest({ messages, tools: [clickTool] }, 'gpt-4o'))).not.toBe(withTools);
    const result = (id: string): ChatMessage[] => [...messages, { role: 'tool', toolCallId: id, content: 'ok' }];
    expect(requestKey(canonicalRequest({ messages: result('call_1'), tools }, 'gpt-4o'))).not.toBe(
      requestKey(canonicalRequest({ messages: result('call_2'), tools }, 'gpt-4o')),
    );
  });

  it('misses in strict mode when the same messages come with other tools', async () => {
    const line = {
      key: requestKey(canonicalRequest({ messages: simpleMessages(), tools }, 'gpt-4o')),
      request: canonicalRequest({ messages: simpleMessages(), tools }, 'gpt-4o'),
      response: {
        content: '',
        usage: { inputTokens: 1, outputTokens: 1 },
        cost: null,
        model: 'gpt-4o',
        provider: 'openai',
        toolCalls: [{ id: 'c', type: 'function' as const, name: 'click_input', arguments: { id: '1' } }],
        finishReason: 'tool-calls' as const,
      },
    };
    const replay = new ReplayModel({ cassette: [line], strict: true });
    await expect(replay.complete({ messages: simpleMessages(), tools: [clickTool] })).rejects.toBeInstanceOf(ReplayMissError);
    const hit = await replay.complete({ messages: simpleMessages(), tools });
    expect(hit.toolCalls).toEqual(line.response.toolCalls);
    expect(hit.finishReason).toBe('tool-calls');
  });

  it('replays hand-written wire lines with tool calls (OpenAI and Anthropic bodies)', async () => {
    const cassette = [
      JSON.stringify({ wire: { provider: 'openai', body: jsonFixture('openai-chat-tool-call.json') } }),
      JSON.stringify({ wire: { provider: 'anthropic', body: jsonFixture('anthropic-computer-use.json') } }),
    ].join('\n');
    const replay = new ReplayModel({ cassette, features: { toolCalls: true, parallelToolCalls: true, strictSchema: false } });
    expect(replay.features?.toolCalls).toBe(true);
    const openai = await replay.complete({ messages: simpleMessages(), tools });
    expect(openai.toolCalls?.[0]).toMatchObject({ name: 'click_input', arguments: { id: 'btn-save', button: 'left' } });
    expect(openai.finishReason).toBe('tool-calls');
    const anthropic = await replay.complete({ messages: simpleMessages(), tools: [{ type: 'computer', displayWidth: 1280, displayHeight: 800 }] });
    expect(anthropic.toolCalls?.[0]).toMatchObject({ type: 'computer', arguments: { action: 'left_click', coordinate: [412, 318] } });
  });
});

describe('features of wrapping models', () => {
  it('a fallback chain offers what all its members support', () => {
    const openai = createOpenAIModel({ apiKey: 'k', model: 'gpt-4o' });
    const claude = createAnthropicModel({ apiKey: 'k', model: 'claude-sonnet-4-5' });
    const o1mini = createOpenAIModel({ apiKey: 'k', model: 'o1-mini' });
    expect(createFallbackModel({ models: [openai, claude] }).features).toEqual({ toolCalls: true, parallelToolCalls: true, strictSchema: false });
    expect(createFallbackModel({ models: [claude, createAnthropicModel({ apiKey: 'k', model: 'claude-opus-4-1' })] }).features).toEqual({
      toolCalls: true,
      parallelToolCalls: true,
      strictSchema: false,
      computerTool: 'anthropic',
    });
    expect(createFallbackModel({ models: [openai, o1mini] }).features?.toolCalls).toBe(false);
    expect(new RecordingModel({ model: claude, path: join(dir, 'x.jsonl') }).features).toEqual(claude.features);
  });
});
