import { afterEach, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../src/testing.js';

describe('startFixtureServer with a responder', () => {
  let server: FixtureServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('answers each request with what the responder computes from it', async () => {
    server = await startFixtureServer({
      routes: [{ path: '/v1/echo', responses: [], respond: (request) => ({ json: { got: (request.body as { n: number }).n * 2 } }) }],
    });
    const post = async (n: number) => (await fetch(`${server!.url}/v1/echo`, { method: 'POST', body: JSON.stringify({ n }) })).json();
    expect(await post(2)).toEqual({ got: 4 });
    expect(await post(21)).toEqual({ got: 42 });
    expect(server.requests).toHaveLength(2);
  });

  it('turns a responder that throws into a 500 naming the error', async () => {
    server = await startFixtureServer({ routes: [{ path: '/v1/echo', responses: [], respond: () => Promise.reject(new Error('no step left')) }] });
    const res = await fetch(`${server.url}/v1/echo`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: { message: 'no step left', type: 'server_error' } });
  });
});
