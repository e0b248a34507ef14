import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, createDispatcher, createEmbeddingModel, createModels, parseConfigText } from '../src/index.js';

let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

describe('runtime from the configuration', () => {
  it('builds the models of every role (borrowing as UFO does) and the operator model', () => {
    const { config } = parseConfigText(
      'agents:\n  HOST_AGENT: { provider: openai, model: gpt-4o, apiKeyEnv: MY_KEY }\n  EVALUATION_AGENT: { provider: anthropic, model: claude-sonnet-4-5, apiKey: k }\noperator:\n  model: { provider: ollama, model: qwen2.5vl }\n',
      'ufo.yaml',
      { env: {} },
    );
    const models = createModels(config, { env: { MY_KEY: 'sk-x' } });
    expect(Object.fromEntries(Object.entries(models).map(([role, m]) => [role, `${m!.provider}/${m!.modelId}`]))).toEqual({
      HOST_AGENT: 'openai/gpt-4o',
      APP_AGENT: 'openai/gpt-4o',
      LINUX_AGENT: 'openai/gpt-4o',
      EVALUATION_AGENT: 'anthropic/claude-sonnet-4-5',
      OPERATOR: 'ollama/qwen2.5vl',
    });
    expect(() => createModels(config, { env: {} })).toThrow(/No API key for openai\/gpt-4o: set MY_KEY/);
    expect(() => createModels(parseConfigText('session: { maxSteps: 3 }\n', 'x.yaml', { env: {} }).config)).toThrow(ConfigError);
  });

  it('builds the local dispatcher over the configured tool servers', async () => {
    const { config } = parseConfigText(
      'toolServers:\n  LinuxAgent:\n    default:\n      action: [{ namespace: none, transport: stdio, command: /bin/false }]\n',
      'ufo.yaml',
      { env: {} },
    );
    const dispatcher = createDispatcher(config, { startTimeoutMs: 5_000 });
    expect(dispatcher.config.LinuxAgent?.default?.action[0]).toMatchObject({ namespace: 'none', transport: 'stdio' });
    await dispatcher.close();
  });

  it('the embedding client speaks the OpenAI embeddings API and reports failures with the status', async () => {
    const seen: Array<{ auth?: string; body: any }> = [];
    server = createServer((req, res) => {
      let text = '';
      req.on('data', (c) => (text += c));
      req.on('end', () => {
        const body = JSON.parse(text);
        seen.push({ auth: req.headers.authorization, body });
        if (body.input.includes('fail')) {
          res.writeHead(429, { 'content-type': 'application/json' }).end('{"error":{"message":"slow down"}}');
          return;
        }
        const data = body.input.map((t: string, index: number) => ({ index, embedding: [t.length, 1] })).reverse();
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data }));
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const { config } = parseConfigText(`embedding: { model: emb-1, baseUrl: "http://127.0.0.1:${port}/v1", apiKeyEnv: EMB_KEY }\n`, 'ufo.yaml', { env: {} });
    const model = createEmbeddingModel({ config: config.embedding!, env: { EMB_KEY: 'secret' } });
    expect(await model.embed(['ab', 'abcd'])).toEqual([
      [2, 1],
      [4, 1],
    ]);
    expect(seen[0]).toEqual({ auth: 'Bearer secret', body: { model: 'emb-1', input: ['ab', 'abcd'] } });
    await expect(model.embed(['fail'])).rejects.toMatchObject({ code: 'EMBEDDING_FAILED', message: expect.stringContaining('HTTP 429') });
  });
});
