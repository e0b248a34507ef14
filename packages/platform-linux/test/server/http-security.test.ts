import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServerConfigError } from '../../src/errors.js';
import { createLinuxToolServer } from '../../src/server/create-linux-tool-server.js';
import { createDefaultShellPolicy } from '../../src/shell/default-shell-policy.js';
import { startLinuxServer, type LinuxServerFixture } from '../helpers/linux-dispatcher.js';

let fixture: LinuxServerFixture;
beforeAll(async () => {
  fixture = await startLinuxServer({ groups: ['shell'], shell: createDefaultShellPolicy() });
});
afterAll(async () => {
  await fixture?.close();
});

const INIT = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
});

/** A raw POST to the MCP endpoint with chosen headers. */
function post(headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const url = new URL(fixture.http.url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      },
      (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end(INIT);
  });
}

describe('HTTP tool server security', () => {
  it('binds 127.0.0.1 only', () => {
    expect(new URL(fixture.http.url).hostname).toBe('127.0.0.1');
  });

  it('accepts a local request with the token', async () => {
    const res = await post({ authorization: `Bearer ${fixture.token}` });
    expect(res.status).toBe(200);
    expect(res.body).toContain('"serverInfo"');
  });

  it('rejects a missing or wrong token', async () => {
    expect((await post({})).status).toBe(401);
    expect((await post({ authorization: 'Bearer nope' })).status).toBe(401);
  });

  it('rejects a non-local Host header (DNS rebinding) even with the token', async () => {
    const res = await post({ authorization: `Bearer ${fixture.token}`, host: 'evil.example:80' });
    expect(res.status).toBe(403);
    expect(res.body).toMatch(/Host/);
  });

  it('rejects a non-local Origin even with the token', async () => {
    const res = await post({ authorization: `Bearer ${fixture.token}`, origin: 'http://evil.example' });
    expect(res.status).toBe(403);
    expect(res.body).toMatch(/Origin/);
  });

  it('refuses to serve HTTP without a token unless told to', async () => {
    const server = await createLinuxToolServer({ groups: ['shell'], serverEnv: {} });
    try {
      await expect(server.serveHttp()).rejects.toThrow(ServerConfigError);
      const open = await server.serveHttp({ token: null });
      expect(open.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    } finally {
      await server.close();
    }
  });

  it('takes the token from UFO_MCP_TOKEN in the server environment', async () => {
    const server = await createLinuxToolServer({ groups: ['shell'], serverEnv: { UFO_MCP_TOKEN: 'env-token' } });
    try {
      const http = await server.serveHttp();
      const url = new URL(http.url);
      const status = await new Promise<number>((resolve, reject) => {
        const req = request(
          {
            host: url.hostname,
            port: url.port,
            path: url.pathname,
            method: 'POST',
            headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: 'Bearer env-token' },
          },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on('error', reject);
        req.end(INIT);
      });
      expect(status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
