// One real tool call per provider family, against the hosted APIs. Each block runs only when its key is set, so
// the default test run never leaves this machine; model ids can be changed with the UFO_LIVE_* variables.
import { describe, expect, it } from 'vitest';
import type { ChatModel, ChatRequest } from '@ufo-ts/core';
import { createAnthropicModel, createAzureOpenAIModel, createOpenAICompatibleModel, createOpenAIModel } from '../src/index.js';
import { clickTool } from './helpers.js';

const env = process.env;
const request: ChatRequest = {
  messages: [
    { role: 'system', content: 'You operate a desktop. Act only through the tools.' },
    { role: 'user', content: 'Click the control with id "btn-save".' },
  ],
  tools: [clickTool],
  toolChoice: 'required',
  maxTokens: 200,
};

async function expectClick(model: ChatModel): Promise<void> {
  const response = await model.complete(request);
  expect(response.finishReason).toBe('tool-calls');
  expect(response.toolCalls?.[0]).toMatchObject({ type: 'function', name: 'click_input', arguments: { id: 'btn-save' } });
  expect(response.usage.inputTokens).toBeGreaterThan(0);
}

describe.skipIf(!env['OPENAI_API_KEY'])('live: OpenAI', () => {
  const model = env['UFO_LIVE_OPENAI_MODEL'] ?? 'gpt-4o-mini';
  it('makes a tool call through Chat Completions', { timeout: 60_000 }, async () => {
    await expectClick(createOpenAIModel({ apiKey: env['OPENAI_API_KEY']!, model }));
  });
  it('makes a tool call through the Responses API', { timeout: 60_000 }, async () => {
    await expectClick(createOpenAIModel({ apiKey: env['OPENAI_API_KEY']!, model, api: 'responses' }));
  });
});

describe.skipIf(!env['ANTHROPIC_API_KEY'])('live: Anthropic', () => {
  it('makes a tool call through the Messages API', { timeout: 60_000 }, async () => {
    await expectClick(createAnthropicModel({ apiKey: env['ANTHROPIC_API_KEY']!, model: env['UFO_LIVE_ANTHROPIC_MODEL'] ?? 'claude-haiku-4-5' }));
  });
});

describe.skipIf(!(env['AZURE_OPENAI_API_KEY'] && env['AZURE_OPENAI_ENDPOINT'] && env['AZURE_OPENAI_DEPLOYMENT']))('live: Azure OpenAI', () => {
  it('makes a tool call through the deployment', { timeout: 60_000 }, async () => {
    await expectClick(
      createAzureOpenAIModel({
        endpoint: env['AZURE_OPENAI_ENDPOINT']!,
        deployment: env['AZURE_OPENAI_DEPLOYMENT']!,
        ...(env['UFO_LIVE_AZURE_MODEL'] ? { model: env['UFO_LIVE_AZURE_MODEL'] } : {}),
        apiKey: env['AZURE_OPENAI_API_KEY']!,
      }),
    );
  });
});

describe.skipIf(!env['UFO_LIVE_OLLAMA_MODEL'])('live: OpenAI-compatible (Ollama)', () => {
  it('makes a tool call through the OpenAI endpoint of a local Ollama', { timeout: 120_000 }, async () => {
    await expectClick(
      createOpenAICompatibleModel({
        preset: 'ollama',
        model: env['UFO_LIVE_OLLAMA_MODEL']!,
        ...(env['OLLAMA_BASE_URL'] ? { baseUrl: env['OLLAMA_BASE_URL'] } : {}),
      }),
    );
  });
});
