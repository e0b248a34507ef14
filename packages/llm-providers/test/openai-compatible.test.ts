import { afterEach, describe, expect, it } from 'vitest';
import { createOpenAICompatibleModel, EndpointConfigError, UnsupportedRequestError, type ProviderMetadata } from '../src/index.js';
import { startFixtureServer, type FixtureServer } from '../src/testing.js';
import { clickTool, jsonFixture, PNG_BASE64, screenshotMessages, simpleMessages, typeTool } from './helpers.js';

let server: FixtureServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve() {
  server = await startFixtureServer({
    routes: [{ path: '/v1/chat/completions', responses: [{ json: jsonFixture('ollama-chat-completion.json') }] }],
  });
  return server;
}

describe('OpenAI-compatible servers', () => {
  it('ollama preset: adds /v1 to a bare host URL, sends a placeholder key, reports unknown cost as null', async () => {
    const srv = await serve();
    const model = createOpenAICompatibleModel({ preset: 'ollama', baseUrl: srv.url, model: 'llama3.2-vision:11b', maxTokens: 64 });
    expect(model.capabilities.vision).toBe(true);
    const response = await model.complete({ messages: simpleMessages() });
    expect(response.provider).toBe('ollama');
    expect(response.content).toBe('The Notepad window is open and focused.');
    expect(response.usage).toEqual({ inputTokens: 640, outputTokens: 11 });
    expect(response.cost).toBeNull();
    expect(srv.requests[0]!.path).toBe('/v1/chat/completions');
    expect(srv.requests[0]!.headers['authorization']).toBe('Bearer ollama');
    expect((srv.requests[0]!.body as Record<string, unknown>)['max_tokens']).toBe(64);
  });

  it('sends images as data URLs to a vision model', async () => {
    const srv = await serve();
    const model = createOpenAICompatibleModel({ preset: 'vllm', baseUrl: `${srv.url}/v1`, model: 'Qwen/Qwen2.5-VL-7B-Instruct' });
    await model.complete({ messages: screenshotMessages() });
    const body = srv.requests[0]!.body as { messages: Array<{ content: Array<{ image_url?: { url: string } }> }> };
    expect(body.messages[1]!.content[2]!.image_url!.url).toBe(`data:image/png;base64,${PNG_BASE64}`);
  });

  it('refuses images to a text-only model by default, sending nothing', async () => {
    const srv = await serve();
    const model = createOpenAICompatibleModel({ preset: 'ollama', baseUrl: srv.url, model: 'llama3.1:8b' });
    const error = await model.complete({ messages: screenshotMessages() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnsupportedRequestError);
    expect((error as UnsupportedRequestError).code).toBe('MODEL_UNSUPPORTED_REQUEST');
    expect((error as Error).message).toMatch(/no vision capability .* 1 image/);
    expect(srv.requests).toHaveLength(0);
  });

  it("drops images with a warning under imagePolicy: 'drop'", async () => {
    const srv = await serve();
    const warnings: string[] = [];
    const model = createOpenAICompatibleModel({
      preset: 'ollama',
      baseUrl: srv.url,
      model: 'llama3.1:8b',
      imagePolicy: 'drop',
      onWarning: (w) => warnings.push(w),
    });
    const response = await model.complete({ messages: screenshotMessages() });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/dropped 1 image/);
    expect((response.providerMetadata as unknown as ProviderMetadata).warnings).toEqual(warnings);
    const body = srv.requests[0]!.body as { messages: Array<{ content: unknown }> };
    expect(body.messages[1]!.content).toBe('What is on screen?');
  });

  it('flattens content arrays to strings and folds the system prompt for servers without them', async () => {
    const srv = await serve();
    const model = createOpenAICompatibleModel({
      baseUrl: `${srv.url}/v1`,
      model: 'old-server-model',
      capabilities: { arrayContent: false, systemRole: false },
    });
    await model.complete({
      messages: [
        { role: 'system', content: 'Be brief.' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Part one.' },
            { type: 'text', text: 'Part two.' },
          ],
        },
      ],
    });
    expect((srv.requests[0]!.body as { messages: unknown }).messages).toEqual([{ role: 'user', content: 'Be brief.\n\nPart one.\n\nPart two.' }]);
  });

  it('hosted presets need a key; a generic server needs a base URL', () => {
    expect(() => createOpenAICompatibleModel({ preset: 'deepseek', model: 'deepseek-chat' })).toThrow(/DEEPSEEK_API_KEY/);
    expect(() => createOpenAICompatibleModel({ model: 'x' })).toThrow(EndpointConfigError);
    const qwen = createOpenAICompatibleModel({ preset: 'qwen', apiKey: 'k', model: 'qwen-vl-max' });
    expect(qwen.provider).toBe('qwen');
    expect(qwen.capabilities.vision).toBe(true);
    const gemini = createOpenAICompatibleModel({ preset: 'gemini', apiKey: 'k', model: 'gemini-2.5-flash' });
    expect(gemini.capabilities).toMatchObject({ vision: true, jsonSchema: true });
  });
});

describe('OpenAI-compatible servers: tool-call quirks', () => {
  async function serveBody(responses: Array<{ json?: unknown; sse?: string }>) {
    server = await startFixtureServer({ routes: [{ path: '/v1/chat/completions', responses }] });
    return server;
  }

  it('ollama: arguments sent as an object and missing ids give call_<index> ids, the same on every decode', async () => {
    const srv = await serveBody([{ json: jsonFixture('ollama-tool-call.json') }]);
    const model = createOpenAICompatibleModel({ preset: 'ollama', baseUrl: srv.url, model: 'qwen2.5:7b' });
    expect(model.features).toEqual({ toolCalls: true, parallelToolCalls: true, strictSchema: false });
    const request = { messages: simpleMessages(), tools: [clickTool, typeTool] };
    const first = await model.complete(request);
    const second = await model.complete(request);
    expect(first.toolCalls).toEqual([
      { id: 'call_0', type: 'function', name: 'click_input', arguments: { id: 'edit-name' } },
      { id: 'call_1', type: 'function', name: 'set_edit_text', arguments: { id: 'edit-name', text: 'report.txt' } },
    ]);
    expect(second.toolCalls).toEqual(first.toolCalls);
    expect(first.finishReason).toBe('tool-calls');
  });

  it('ollama: streamed tool calls without an index, each whole in one chunk, stay separate calls', async () => {
    const chunk = (delta: unknown, finish: string | null = null) =>
      `data: ${JSON.stringify({ id: 'chatcmpl-9', object: 'chat.completion.chunk', created: 1, model: 'qwen2.5:7b', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    const sse =
      chunk({ role: 'assistant', content: '' }) +
      chunk({ tool_calls: [{ id: 'call_a', type: 'function', function: { name: 'click_input', arguments: '{"id":"edit-name"}' } }] }) +
      chunk({ tool_calls: [{ id: 'call_b', type: 'function', function: { name: 'set_edit_text', arguments: '{"id":"edit-name","text":"x"}' } }] }) +
      chunk({}, 'tool_calls') +
      'data: [DONE]\n\n';
    const srv = await serveBody([{ sse }]);
    const model = createOpenAICompatibleModel({ preset: 'ollama', baseUrl: srv.url, model: 'qwen2.5:7b' });
    const response = await model.complete({ messages: simpleMessages(), tools: [clickTool, typeTool], onDelta: () => {} });
    expect(response.toolCalls?.map((call) => [call.id, call.name])).toEqual([
      ['call_a', 'click_input'],
      ['call_b', 'set_edit_text'],
    ]);
  });

  it('vllm without a tool-call parser: <tool_call> blocks in the text become tool calls when tools were requested', async () => {
    const srv = await serveBody([{ json: jsonFixture('vllm-hermes-text-tool-call.json') }]);
    const model = createOpenAICompatibleModel({ preset: 'vllm', baseUrl: `${srv.url}/v1`, model: 'Qwen/Qwen2.5-VL-7B-Instruct' });
    const response = await model.complete({ messages: simpleMessages(), tools: [clickTool, typeTool] });
    expect(response.content).toBe("I'll name the file first.");
    expect(response.toolCalls).toEqual([
      { id: 'call_0', type: 'function', name: 'click_input', arguments: { id: 'edit-name' } },
      { id: 'call_1', type: 'function', name: 'set_edit_text', arguments: { id: 'edit-name', text: 'report.txt' } },
    ]);
    expect(response.finishReason).toBe('tool-calls');
    const withoutTools = await model.complete({ messages: simpleMessages() });
    expect(withoutTools.toolCalls).toBeUndefined();
    expect(withoutTools.content).toContain('<tool_call>');
  });

  it('deepseek-reasoner has no tools: a request with tools is refused before sending', async () => {
    const srv = await serveBody([{ json: jsonFixture('ollama-tool-call.json') }]);
    const model = createOpenAICompatibleModel({ preset: 'deepseek', apiKey: 'k', baseUrl: `${srv.url}/v1`, model: 'deepseek-reasoner' });
    expect(model.features?.toolCalls).toBe(false);
    const error = await model.complete({ messages: simpleMessages(), tools: [clickTool] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnsupportedRequestError);
    expect(srv.requests).toHaveLength(0);
    const chat = createOpenAICompatibleModel({ preset: 'deepseek', apiKey: 'k', baseUrl: `${srv.url}/v1`, model: 'deepseek-chat' });
    expect(chat.features?.toolCalls).toBe(true);
  });
});
