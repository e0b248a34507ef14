import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalCommandDispatcher } from '../src/index.js';
import { ToolServerListenError, serveHttp, type HttpToolServer } from '../src/server.js';
import { createFixtureServer } from './fixtures/fixture-tools.js';
import { command, runOne } from './helpers/dispatcher-setup.js';

const servers: HttpToolServer[] = [];
const dispatchers: LocalCommandDispatcher[] = [];
afterEach(async () => {
  await Promise.all(dispatchers.splice(0).map((d) => d.close()));
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function start(options: Parameters<typeof serveHttp>[1] = {}): Promise<HttpToolServer> {
  const server = await serveHttp(() => createFixtureServer('http'), options);
  servers.push(server);
  return server;
}

const initialize = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});

/** A raw POST with full control over the headers (fetch would not let us forge Host). */
function post(url: string, headers: Record<string, string>, body = initialize): Promise<{ status: number; body: string; challenge: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      const challenge = res.headers['www-authenticate'];
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, challenge }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

function dispatcherFor(url: string, headers?: Record<string, string>): LocalCommandDispatcher {
  const dispatcher = new LocalCommandDispatcher({
    config: { LinuxAgent: { default: { action: [{ namespace: 'linux', transport: 'http', url, ...(headers ? { headers } : {}) }] } } },
  });
  dispatchers.push(dispatcher);
  return dispatcher;
}

describe('serveHttp', () => {
  it('binds 127.0.0.1 on a free port and serves one MCP server per session', async () => {
    const server = await start();
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/mcp`);
    expect(server.port).toBeGreaterThan(0);
    const a = dispatcherFor(server.url);
    const b = dispatcherFor(server.url);
    const fromA = await runOne(a, command('echo', { text: 'a' }), { agent: 'LinuxAgent' });
    const fromB = await runOne(b, command('echo', { text: 'b' }), { agent: 'LinuxAgent' });
    expect(server.sessionCount()).toBe(2);
    expect((fromA.result as { instance: string }).instance).not.toBe((fromB.result as { instance: string }).instance);
  });

  it('rejects a non-local Host header (DNS rebinding) unless it is listed', async () => {
    const server = await start();
    const rebound = await post(server.url, { host: `evil.example:${server.port}` });
    expect(rebound.status).toBe(403);
    expect(JSON.parse(rebound.body).error.message).toBe(`Host "evil.example:${server.port}" is not allowed`);
    const local = await post(server.url, { host: `localhost:${server.port}` });
    expect(local.status).toBe(200);

    const listed = await start({ allowedHosts: ['tools.lan'] });
    expect((await post(listed.url, { host: `tools.lan:${listed.port}` })).status).toBe(200);
  });

  it('rejects a non-local Origin unless it is listed; requests without Origin pass', async () => {
    const server = await start({ allowedOrigins: ['https://console.example'] });
    expect((await post(server.url, { origin: 'https://attacker.example' })).status).toBe(403);
    expect((await post(server.url, { origin: `http://localhost:${server.port}` })).status).toBe(200);
    expect((await post(server.url, { origin: 'https://console.example' })).status).toBe(200);
    expect((await post(server.url, {})).status).toBe(200);
  });

  it('requires the bearer token when one is set, and the dispatcher sends it from the config headers', async () => {
    const server = await start({ token: 's3cret-token' });
    // A 401 carries a Bearer challenge, so OAuth-capable clients say the token is missing instead of starting OAuth.
    expect(await post(server.url, {})).toMatchObject({ status: 401, challenge: 'Bearer realm="ufo-ts"' });
    expect(await post(server.url, { authorization: 'Bearer wrong' })).toMatchObject({
      status: 401,
      challenge: expect.stringMatching(/^Bearer realm="ufo-ts", error="invalid_token"/),
    });
    expect((await post(server.url, { authorization: 'Bearer s3cret-token' })).status).toBe(200);

    const denied = await runOne(dispatcherFor(server.url), command('noop'), { agent: 'LinuxAgent' });
    expect(denied.error).toMatch(/^SERVER_START_FAILED: .*could not start: HTTP 401: .*Missing bearer token/s);
    const allowed = await runOne(dispatcherFor(server.url, { Authorization: 'Bearer s3cret-token' }), command('add', { a: 1, b: 2 }), { agent: 'LinuxAgent' });
    expect(allowed).toMatchObject({ status: 'success', result: 3 });
  });

  it('answers unknown sessions, paths and non-initialize first requests with errors', async () => {
    const server = await start();
    expect((await post(server.url, { 'mcp-session-id': 'no-such-session' })).status).toBe(404);
    expect((await post(server.url.replace('/mcp', '/other'), {})).status).toBe(404);
    const notInit = await post(server.url, {}, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
    expect(notInit.status).toBe(400);
    expect((await post(server.url, {}, '{not json')).status).toBe(400);
  });

  it('throws ToolServerListenError when the port is taken', async () => {
    const server = await start();
    await expect(serveHttp(() => createFixtureServer('x'), { port: server.port })).rejects.toBeInstanceOf(ToolServerListenError);
  });

  it('close() ends every session and stops listening', async () => {
    const server = await start();
    await runOne(dispatcherFor(server.url), command('noop'), { agent: 'LinuxAgent' });
    expect(server.sessionCount()).toBe(1);
    await server.close();
    expect(server.sessionCount()).toBe(0);
    await expect(post(server.url, {})).rejects.toThrow(/ECONNREFUSED/);
  });
});
