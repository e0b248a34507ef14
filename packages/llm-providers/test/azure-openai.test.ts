import { afterEach, describe, expect, it } from 'vitest';
import { createAzureOpenAIModel, EndpointConfigError } from '../src/index.js';
import { startFixtureServer, type FixtureServer } from '../src/testing.js';
import { clickTool, jsonFixture, PNG_BASE64, screenshotMessages, simpleMessages } from './helpers.js';

let server: FixtureServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve() {
  server = await startFixtureServer({
    routes: [{ path: '/openai/deployments/ufo-gpt4o/chat/completions', responses: [{ json: jsonFixture('azure-chat-completion.json') }] }],
  });
  return server;
}

describe('Azure OpenAI', () => {
  it('calls the deployment with api-version and the api-key header; prices by the underlying model', async () => {
    const srv = await serve();
    const model = createAzureOpenAIModel({
      endpoint: `${srv.url}/`,
      deployment: 'ufo-gpt4o',
      model: 'gpt-4o',
      apiVersion: '2024-10-21',
      apiKey: 'azure-key',
    });
    const response = await model.complete({ messages: simpleMessages() });
    expect(response.content).toBe('The Notepad window is open and focused.');
    expect(response.provider).toBe('azure-openai');
    expect(response.model).toBe('ufo-gpt4o');
    expect(response.cost).toBeCloseTo((800 * 2.5 + 9 * 10) / 1e6, 12);
    const request = srv.requests[0]!;
    expect(request.path).toBe('/openai/deployments/ufo-gpt4o/chat/completions');
    expect(request.query).toEqual({ 'api-version': '2024-10-21' });
    expect(request.headers['api-key']).toBe('azure-key');
    expect((request.body as { model: string }).model).toBe('ufo-gpt4o');
  });

  it('uses an Azure AD token provider as a bearer token, and sends images as data URLs', async () => {
    const srv = await serve();
    let calls = 0;
    const model = createAzureOpenAIModel({
      endpoint: srv.url,
      deployment: 'ufo-gpt4o',
      model: 'gpt-4o',
      azureADTokenProvider: async () => `aad-token-${++calls}`,
    });
    await model.complete({ messages: screenshotMessages() });
    expect(srv.requests[0]!.headers['authorization']).toBe('Bearer aad-token-1');
    expect(srv.requests[0]!.headers['api-key']).toBeUndefined();
    const body = srv.requests[0]!.body as { messages: Array<{ content: Array<{ type: string; image_url?: { url: string } }> }> };
    expect(body.messages[1]!.content[2]!.image_url!.url).toBe(`data:image/png;base64,${PNG_BASE64}`);
  });

  it('reads deployment and api-version from a pasted operation URL', async () => {
    const srv = await serve();
    const model = createAzureOpenAIModel({
      endpoint: `${srv.url}/openai/deployments/ufo-gpt4o/chat/completions?api-version=2025-01-01-preview`,
      apiKey: 'azure-key',
    });
    await model.complete({ messages: simpleMessages() });
    expect(srv.requests[0]!.path).toBe('/openai/deployments/ufo-gpt4o/chat/completions');
    expect(srv.requests[0]!.query['api-version']).toBe('2025-01-01-preview');
  });

  it('calls the Responses API with the deployment as model', async () => {
    server = await startFixtureServer({
      routes: [{ path: '/openai/responses', responses: [{ json: jsonFixture('openai-responses.json') }] }],
    });
    const model = createAzureOpenAIModel({
      endpoint: server.url,
      deployment: 'ufo-gpt41',
      model: 'gpt-4.1',
      apiVersion: '2025-04-01-preview',
      apiKey: 'azure-key',
      api: 'responses',
    });
    const response = await model.complete({ messages: simpleMessages() });
    expect(response.content).toBe('The Notepad window is open and focused.');
    expect(response.cost).toBeCloseTo((1500 * 2 + 10 * 8) / 1e6, 12);
    expect(server.requests[0]!.query).toEqual({ 'api-version': '2025-04-01-preview' });
    expect((server.requests[0]!.body as { model: string }).model).toBe('ufo-gpt41');
  });

  it('rejects conflicting or missing settings with EndpointConfigError', () => {
    expect(() =>
      createAzureOpenAIModel({ endpoint: 'https://r.openai.azure.com/openai/deployments/a/chat/completions', deployment: 'b', apiKey: 'k' }),
    ).toThrow(EndpointConfigError);
    expect(() => createAzureOpenAIModel({ endpoint: 'https://r.openai.azure.com', apiKey: 'k' })).toThrow(/deployment is required/);
    expect(() => createAzureOpenAIModel({ endpoint: 'https://r.openai.azure.com', deployment: 'd' })).toThrow(/apiKey or azureADTokenProvider/);
    expect(() => createAzureOpenAIModel({ endpoint: 'r.openai.azure.com', deployment: 'd', apiKey: 'k' })).toThrow(/not an absolute URL/);
  });
});

describe('Azure OpenAI tools', () => {
  it('sends tools and decodes tool calls through the deployment, with the underlying model’s features', async () => {
    server = await startFixtureServer({
      routes: [{ path: '/openai/deployments/ufo-gpt4o/chat/completions', responses: [{ json: jsonFixture('openai-chat-tool-call.json') }] }],
    });
    const model = createAzureOpenAIModel({ endpoint: server.url, deployment: 'ufo-gpt4o', model: 'gpt-4o', apiKey: 'azure-key' });
    expect(model.features).toEqual({ toolCalls: true, parallelToolCalls: true, strictSchema: true });
    const response = await model.complete({ messages: simpleMessages(), tools: [clickTool], toolChoice: 'auto' });
    expect(response.toolCalls).toEqual([
      { id: 'call_Qm3vX8kT2nB5yR7wL1pJ4sHd', type: 'function', name: 'click_input', arguments: { id: 'btn-save', button: 'left' } },
    ]);
    const body = server.requests[0]!.body as Record<string, unknown>;
    expect(body['tools']).toEqual([
      { type: 'function', function: { name: 'click_input', description: 'Click a control by its id.', parameters: clickTool.inputSchema } },
    ]);
    expect(body['tool_choice']).toBe('auto');
  });
});
