import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChatMessage, FunctionTool } from '@ufo-ts/core';
import { afterEach } from 'vitest';
import { createOpenAIModel } from '../src/index.js';
import { startFixtureServer, type FixtureServer } from '../src/testing.js';

const fixturesDir = join(dirname(fileURLToPath(import.meta.url)), '__fixtures__');

/** A recorded JSON response body from `__fixtures__/` (leading `//` lines say where its shape comes from). */
export function jsonFixture(name: string): Record<string, unknown> {
  const text = readFileSync(join(fixturesDir, name), 'utf8').replace(/^(\s*\/\/[^\n]*\n)+/, '');
  return JSON.parse(text) as Record<string, unknown>;
}

/** A recorded SSE stream from `__fixtures__/`. */
export function textFixture(name: string): string {
  return readFileSync(join(fixturesDir, name), 'utf8');
}

/** A 1×1 PNG, base64 (no data-URL prefix). */
export const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** A request with a system prompt and a user turn. */
export function simpleMessages(text = 'Is Notepad open?'): ChatMessage[] {
  return [
    { role: 'system', content: 'You operate a Linux desktop.' },
    { role: 'user', content: text },
  ];
}

/** A user turn with a labelled screenshot. */
export function screenshotMessages(): ChatMessage[] {
  return [
    { role: 'system', content: 'You operate a Linux desktop.' },
    {
      role: 'user',
      content: [
        { type: 'text', text: 'What is on screen?' },
        { type: 'image', image: PNG_BASE64, mediaType: 'image/png', label: 'Current screenshot:' },
      ],
    },
  ];
}

/** Fast retry settings for tests (no real backoff waits). */
export const fastRetry = { initialDelayMs: 1, maxDelayMs: 5, jitter: 0 } as const;

/** A function tool with a required argument, as the dispatcher's catalogue describes `click_input`. */
export const clickTool: FunctionTool = {
  type: 'function',
  name: 'click_input',
  description: 'Click a control by its id.',
  inputSchema: {
    type: 'object',
    properties: { id: { type: 'string' }, button: { type: 'string', enum: ['left', 'right'] } },
    required: ['id'],
  },
};

/** A second function tool, for parallel calls. */
export const typeTool: FunctionTool = {
  type: 'function',
  name: 'set_edit_text',
  description: 'Type text into an edit control.',
  inputSchema: {
    type: 'object',
    properties: { id: { type: 'string' }, text: { type: 'string' } },
    required: ['id', 'text'],
  },
};

type ChatResponses = Parameters<typeof startFixtureServer>[0]['routes'][number]['responses'];

/** Fixture servers started by a test, each closed after it. */
export function fixtureServers(): {
  start: (options: Parameters<typeof startFixtureServer>[0]) => Promise<FixtureServer>;
  /** A server answering `/v1/chat/completions` with `responses` in turn. */
  chatCompletions: (responses: ChatResponses) => Promise<FixtureServer>;
} {
  const started: FixtureServer[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((server) => server.close()));
  });
  const start = async (options: Parameters<typeof startFixtureServer>[0]) => {
    const server = await startFixtureServer(options);
    started.push(server);
    return server;
  };
  return { start, chatCompletions: (responses) => start({ routes: [{ path: '/v1/chat/completions', responses }] }) };
}

/** A gpt-4o model of the OpenAI adapter talking to a fixture server at `url`, with fast retries. */
export function openAIModelAt(url: string, extra: Partial<Parameters<typeof createOpenAIModel>[0]> = {}) {
  return createOpenAIModel({ apiKey: 'sk-test', baseUrl: `${url}/v1`, model: 'gpt-4o', retry: fastRetry, ...extra });
}
