import { afterEach, describe, expect, it } from 'vitest';
import {
  AgentModelsConfigSchema,
  createAgentModels,
  createModelFromConfig,
  EndpointConfigError,
  ModelConfigSchema,
  resolveApiKey,
  type FallbackTrail,
} from '../src/index.js';
import { startFixtureServer, type FixtureServer } from '../src/testing.js';
import { jsonFixture, simpleMessages } from './helpers.js';

let server: FixtureServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('ModelConfigSchema and createModelFromConfig', () => {
  it('applies documented defaults and rejects unknown fields', () => {
    const config = ModelConfigSchema.parse({ provider: 'openai', model: 'gpt-4o' });
    expect(config).toEqual({
      provider: 'openai',
      model: 'gpt-4o',
      api: 'chat',
      timeoutMs: 60_000,
      maxRetries: 4,
      structuredOutputRetries: 3,
      imagePolicy: 'error',
    });
    expect(ModelConfigSchema.safeParse({ provider: 'openai', model: 'gpt-4o', API_BASE: 'x' }).success).toBe(false);
    expect(ModelConfigSchema.safeParse({ provider: 'claude', model: 'x' }).success).toBe(false);
  });

  it('reads the key from the environment and calls the configured endpoint', async () => {
    server = await startFixtureServer({
      routes: [{ path: '/v1/chat/completions', responses: [{ json: jsonFixture('openai-chat-completion.json') }] }],
    });
    const model = createModelFromConfig(
      { provider: 'openai', model: 'gpt-4o', baseUrl: `${server.url}/v1/chat/completions`, maxRetries: 0 },
      { env: { OPENAI_API_KEY: 'sk-from-env' } },
    );
    const response = await model.complete({ messages: simpleMessages() });
    expect(response.content).toBe('The Notepad window is open and focused.');
    expect(server.requests[0]!.headers['authorization']).toBe('Bearer sk-from-env');
  });

  it('builds every provider kind from config', () => {
    const env = { ANTHROPIC_API_KEY: 'a', AZURE_OPENAI_API_KEY: 'z', MY_KEY: 'm', DEEPSEEK_API_KEY: 'd' };
    expect(createModelFromConfig({ provider: 'anthropic', model: 'claude-haiku-4-5' }, { env }).provider).toBe('anthropic');
    const azure = createModelFromConfig(
      { provider: 'azure', model: 'gpt-4o', deployment: 'dep', baseUrl: 'https://r.openai.azure.com', apiVersion: '2024-10-21' },
      { env },
    );
    expect([azure.provider, azure.modelId]).toEqual(['azure-openai', 'dep']);
    expect(createModelFromConfig({ provider: 'ollama', model: 'llava:7b' }, { env: {} }).capabilities.vision).toBe(true);
    expect(createModelFromConfig({ provider: 'deepseek', model: 'deepseek-chat' }, { env }).provider).toBe('deepseek');
    expect(createModelFromConfig({ provider: 'openai-compatible', model: 'x', baseUrl: 'http://127.0.0.1:9/v1', apiKeyEnv: 'MY_KEY' }, { env }).provider).toBe(
      'openai-compatible',
    );
    expect(resolveApiKey({ provider: 'gemini' }, { GEMINI_API_KEY: ' g ' })).toBe('g');
  });

  it('fails with CONFIG_INVALID naming the missing key or bad URL', () => {
    const missing = (() => {
      try {
        createModelFromConfig({ provider: 'anthropic', model: 'claude-haiku-4-5' }, { env: {} });
      } catch (error) {
        return error;
      }
    })();
    expect(missing).toBeInstanceOf(EndpointConfigError);
    expect((missing as EndpointConfigError).code).toBe('CONFIG_INVALID');
    expect((missing as Error).message).toMatch(/ANTHROPIC_API_KEY/);
    expect(() => createModelFromConfig({ provider: 'openai', model: 'gpt-4o', apiKey: 'k', baseUrl: 'api.openai.com' })).toThrow(/not an absolute URL/);
    expect(() => createModelFromConfig({ provider: 'openai', model: '', apiKey: 'k' })).toThrow(/Invalid model config: model/);
    expect(() => createModelFromConfig({ provider: 'qwen', model: 'qwen-max' }, { env: {} })).toThrow(/DASHSCOPE_API_KEY/);
  });
});

describe('agent roles', () => {
  it('maps roles to models, borrowing missing roles and using BACKUP as fallback', async () => {
    server = await startFixtureServer({
      routes: [
        { path: '/v1/chat/completions', responses: [{ status: 500, json: jsonFixture('openai-error-server.json') }] },
        { path: '/v1/messages', responses: [{ json: jsonFixture('anthropic-message.json') }] },
      ],
    });
    const models = createAgentModels(
      {
        HOST_AGENT: { provider: 'openai', model: 'gpt-4o', baseUrl: `${server.url}/v1`, maxRetries: 0 },
        BACKUP: { provider: 'anthropic', model: 'claude-sonnet-4-5', baseUrl: server.url },
      },
      { env: { OPENAI_API_KEY: 'o', ANTHROPIC_API_KEY: 'a' } },
    );
    expect(Object.keys(models).sort()).toEqual(['APP_AGENT', 'BACKUP', 'EVALUATION_AGENT', 'HOST_AGENT', 'LINUX_AGENT']);
    expect(models.BACKUP!.provider).toBe('anthropic');
    const response = await models.APP_AGENT!.complete({ messages: simpleMessages() });
    expect(response.provider).toBe('anthropic');
    const trail = response.providerMetadata?.['fallback'] as FallbackTrail;
    expect(trail.skipped[0]).toMatchObject({ provider: 'openai', status: 500 });
  });

  it('EVALUATION_AGENT borrows APP_AGENT before HOST_AGENT; no BACKUP means no wrapping', () => {
    const env = { OPENAI_API_KEY: 'o' };
    const models = createAgentModels(
      {
        HOST_AGENT: { provider: 'openai', model: 'gpt-4o' },
        APP_AGENT: { provider: 'openai', model: 'gpt-4.1-mini' },
      },
      { env },
    );
    expect(models.EVALUATION_AGENT).toBe(models.APP_AGENT);
    expect(models.LINUX_AGENT).toBe(models.HOST_AGENT);
    expect(models.APP_AGENT!.modelId).toBe('gpt-4.1-mini');
    expect(models.BACKUP).toBeUndefined();
  });

  it('requires at least one agent role', () => {
    expect(AgentModelsConfigSchema.safeParse({ BACKUP: { provider: 'openai', model: 'gpt-4o' } }).success).toBe(false);
    expect(() => createAgentModels({})).toThrow(EndpointConfigError);
  });
});
