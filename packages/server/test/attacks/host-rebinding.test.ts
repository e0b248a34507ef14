import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { isHostAllowed } from '../../src/auth/host-policy.js';
import { isOriginAllowed } from '../../src/auth/origin-policy.js';
import { startInProcessServer, type InProcessServer } from '../helpers/in-process-server.js';
import { RawClient } from '../helpers/raw-client.js';

// Attack: a DNS-rebinding page (attacker.example resolving to 127.0.0.1) could read /api/health, and a page on any
// localhost port passed the Origin check. Now the Host must name this server (IP literal, localhost or an allowed
// name) and a local Origin must be on the server's own port.

let srv: InProcessServer | undefined;

afterEach(async () => {
  await srv?.close();
  srv = undefined;
});

/** A raw HTTP GET with the given Host header (fetch does not let a page choose it; a rebinding browser sends it). */
function get(url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('attack: DNS rebinding and other local pages', () => {
  it('a request naming another host is refused on the API and the WebSocket; IP literals and localhost pass', async () => {
    const server = (srv = await startInProcessServer({ allowedHosts: ['ufo.internal'] }));
    const { port } = new URL(server.httpUrl);
    const rebound = await get(`${server.httpUrl}/api/health`, { host: `attacker.example:${port}` });
    expect(rebound.status).toBe(403);
    expect(JSON.parse(rebound.body)).toMatchObject({ code: 'HOST_FORBIDDEN' });
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `ufo.internal:${port}`]) {
      expect((await get(`${server.httpUrl}/api/health`, { host })).status).toBe(200);
    }
    const upgrade = await get(`${server.wsUrl.replace('ws:', 'http:')}`, {
      host: `attacker.example:${port}`,
      connection: 'Upgrade',
      upgrade: 'websocket',
      'sec-websocket-version': '13',
      'sec-websocket-key': Buffer.from('0123456789abcdef').toString('base64'),
      'x-api-key': server.apiKey,
    });
    expect(upgrade.status).toBe(403);
    const device = await RawClient.connect(server.wsUrl, { apiKey: server.apiKey });
    expect(await device.register('through-ip')).toMatchObject({ type: 'heartbeat' });
    device.close();
  });

  it('a page on another localhost port is refused; the server’s own origin passes', async () => {
    const server = (srv = await startInProcessServer());
    const { port } = new URL(server.httpUrl);
    const headers = (origin: string) => ({ 'x-api-key': server.apiKey, origin });
    expect((await server.api('GET', '/api/clients', undefined, headers('http://localhost:3000'))).status).toBe(403);
    expect((await server.api('GET', '/api/clients', undefined, headers(`http://127.0.0.1:${port}`))).status).toBe(200);
    expect(isOriginAllowed('http://localhost', [], 80)).toBe(true);
    expect(isOriginAllowed('http://localhost:8080', [], 5000)).toBe(false);
    expect(isOriginAllowed('http://localhost:8080', ['http://localhost:8080'], 5000)).toBe(true);
    expect(isHostAllowed('[::1]:5000', [])).toBe(true);
    expect(isHostAllowed('a.ufo.example', ['.ufo.example'])).toBe(true);
    expect(isHostAllowed('evilufo.example', ['.ufo.example'])).toBe(false);
    expect(isHostAllowed('bad host', [])).toBe(false);
  });
});
