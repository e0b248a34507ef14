import { afterEach, describe, expect, it } from 'vitest';
import { LOCAL_SERVER_PRESETS, localServerModelOptions, type LocalServerName } from '../src/config/local-server-presets.js';
import { createOpenAICompatibleModel, openAICompatiblePresets } from '../src/index.js';
import { openAIChatCompletionBody, startFixtureServer, type FixtureServer } from '../src/testing.js';
import { PNG_BASE64 } from './helpers.js';

let server: FixtureServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('local server presets', () => {
  it.each([
    ['vllm', 'http://127.0.0.1:8000/v1', 'with-flag', 999],
    ['ollama', 'http://127.0.0.1:11434/v1', 'yes', null],
    ['llamacpp', 'http://127.0.0.1:8080/v1', 'with-flag', null],
    ['lmstudio', 'http://127.0.0.1:1234/v1', 'yes', null],
  ] as const)('%s listens on %s, tool calls %s, images per request %s', (name, baseUrl, toolCalls, maxImages) => {
    const preset = LOCAL_SERVER_PRESETS[name];
    expect(preset).toMatchObject({ name, baseUrl, toolCalls, maxImagesPerRequest: maxImages, systemRole: true });
    if (toolCalls === 'with-flag') expect(preset.toolCallsFlag).toMatch(/^--/);
    if (preset.compatiblePreset) expect(openAICompatiblePresets[preset.compatiblePreset].baseUrl).toBe(preset.baseUrl);
  });

  it.each([
    ['vllm', false, false],
    ['vllm', true, true],
    ['llamacpp', false, false],
    ['ollama', false, true],
    ['lmstudio', false, true],
  ] as Array<[LocalServerName, boolean, boolean]>)('%s started with the tool option: %s → native tool calls %s', (name, enabled, expected) => {
    const model = createOpenAICompatibleModel(localServerModelOptions(name, { model: 'qwen2.5-vl-7b', toolCallsEnabled: enabled }));
    expect(model.features?.toolCalls).toBe(expected);
  });

  it("llama.cpp: a bare host gets /v1, the provider is llamacpp, a vision model's screenshot and system message reach the server", async () => {
    server = await startFixtureServer({
      routes: [
        { path: '/v1/chat/completions', responses: [{ json: openAIChatCompletionBody({ content: "Action: click(start_box='(1,2)')", model: 'ui-tars' }) }] },
      ],
    });
    const model = createOpenAICompatibleModel(localServerModelOptions('llamacpp', { model: 'ui-tars-1.5-7b', baseUrl: server.url, vision: true }));
    const reply = await model.complete({
      messages: [
        { role: 'system', content: 'You are a GUI agent.' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Task: press 7' },
            { type: 'image', image: PNG_BASE64, mediaType: 'image/png' },
          ],
        },
      ],
    });
    expect(reply.provider).toBe('llamacpp');
    expect(server.requests[0]!.path).toBe('/v1/chat/completions');
    const body = server.requests[0]!.body as { messages: Array<{ role: string; content: unknown }>; tools?: unknown };
    expect(body.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(JSON.stringify(body.messages[1]!.content)).toContain(`data:image/png;base64,${PNG_BASE64}`);
    expect(body.tools).toBeUndefined();
  });
});
