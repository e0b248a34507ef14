import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DispatcherEvent, LocalCommandDispatcher } from '../src/index.js';
import { command, dispatcherFactory, runOne } from './helpers/dispatcher-setup.js';
import { startEverythingHttp, type EverythingHttp } from './helpers/outside-servers.js';
import { startSessionForgettingProxy } from './helpers/session-forgetting-proxy.js';
import { waitFor } from './helpers/processes.js';

// @modelcontextprotocol/server-everything serving streamable HTTP: SSE replies with resumable streams (event ids),
// a server this repository did not write.
const dispatchers = dispatcherFactory();
const target = { agent: 'AppAgent' };
const servers: EverythingHttp[] = [];
let shared: EverythingHttp;
let dispatcher: LocalCommandDispatcher;

const httpConfig = (url: string) => ({ AppAgent: { default: { action: [{ namespace: 'everything', transport: 'http' as const, url }] } } });

beforeAll(async () => {
  shared = await startEverythingHttp();
  servers.push(shared);
  dispatcher = dispatchers.create({ config: httpConfig(shared.url) });
});
afterEach(async () => {
  await Promise.all(servers.filter((s) => s !== shared).map((s) => s.kill()));
});
afterAll(async () => {
  await dispatchers.closeAll();
  await Promise.all(servers.map((s) => s.kill()));
});

const progressOf = (callId: string) =>
  dispatchers.events.filter((e): e is Extract<DispatcherEvent, { type: 'command-progress' }> => e.type === 'command-progress' && e.call_id === callId);

describe('server-everything over streamable HTTP', () => {
  it('lists every callable tool and passes results through; the task-required tool is left out', async () => {
    const names = (await dispatcher.listTools({ target })).map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['echo', 'get-sum', 'get-tiny-image', 'trigger-long-running-operation']));
    expect(names).not.toContain('simulate-research-query');
    expect(await runOne(dispatcher, command('echo', { message: 'over http' }), target)).toMatchObject({
      status: 'success',
      result: [{ type: 'text', text: 'Echo: over http' }],
    });
    const image = await runOne(dispatcher, command('get-tiny-image'), target);
    expect(image.result).toContainEqual(expect.objectContaining({ type: 'image', mimeType: 'image/png' }));
    const bad = await runOne(dispatcher, command('get-sum', { a: 1 }), target);
    expect(bad.error).toBe('TOOL_ARGUMENTS_INVALID: tool "get-sum" rejected its arguments: argument "b" is required');
  });

  it('surfaces progress and times out a long call', async () => {
    const call = command('trigger-long-running-operation', { duration: 0.2, steps: 4 });
    expect(await runOne(dispatcher, call, target)).toMatchObject({ status: 'success' });
    expect(progressOf(call.call_id).length).toBeGreaterThanOrEqual(3);
    const slow = await runOne(dispatcher, command('trigger-long-running-operation', { duration: 30, steps: 2 }, 'action', { timeout_ms: 300 }), target);
    expect(slow.error).toMatch(/^TOOL_TIMEOUT: /);
  });

  it('runs 50 calls in parallel', async () => {
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => runOne(dispatcher, command('get-sum', { a: i, b: 1 }), target)));
    expect(results.map((r) => r.status)).toEqual(Array(50).fill('success'));
    expect(results.map((r) => (r.result as Array<{ text: string }>)[0]!.text)).toEqual(
      Array.from({ length: 50 }, (_, i) => `The sum of ${i} and 1 is ${i + 1}.`),
    );
  });

  it('fails the call in flight as SERVER_CRASHED when the server dies, long before the timeout; a restarted server is used next', async () => {
    const server = await startEverythingHttp();
    servers.push(server);
    const victim = dispatchers.create({ config: httpConfig(server.url) });
    // A 10-minute timeout: only the crash detection can end this call in a test's time.
    const call = command('trigger-long-running-operation', { duration: 30, steps: 30 }, 'action', { timeout_ms: 600_000 });
    const pending = runOne(victim, call, target);
    await waitFor(() => progressOf(call.call_id).length > 0, 20_000, 'first progress');
    await server.kill();
    const crashed = await pending;
    expect(crashed.error).toMatch(/^SERVER_CRASHED: server "everything" stopped during the call to "trigger-long-running-operation"/);

    const again = await startEverythingHttp(server.port);
    servers.push(again);
    expect(await runOne(victim, command('get-sum', { a: 2, b: 3 }), target)).toMatchObject({ status: 'success' });
  });

  it('uses a server restarted while idle on the next call', async () => {
    const server = await startEverythingHttp();
    servers.push(server);
    const client = dispatchers.create({ config: httpConfig(server.url) });
    expect(await runOne(client, command('get-sum', { a: 1, b: 1 }), target)).toMatchObject({ status: 'success' });
    await server.kill();
    const again = await startEverythingHttp(server.port);
    servers.push(again);
    expect(await runOne(client, command('get-sum', { a: 2, b: 2 }), target)).toMatchObject({
      status: 'success',
      result: [{ type: 'text', text: 'The sum of 2 and 2 is 4.' }],
    });
  });

  it('initialises again, once, when the server answers 400 to a session it no longer knows, and runs the call', async () => {
    const proxy = await startSessionForgettingProxy(shared.url);
    try {
      const client = dispatchers.create({ config: httpConfig(proxy.url) });
      expect(await runOne(client, command('get-sum', { a: 1, b: 1 }), target)).toMatchObject({ status: 'success' });
      const startsBefore = dispatchers.events.filter((e) => e.type === 'server-started').length;
      proxy.forgetSession();
      expect(await runOne(client, command('get-sum', { a: 3, b: 4 }), target)).toMatchObject({
        status: 'success',
        result: [{ type: 'text', text: 'The sum of 3 and 4 is 7.' }],
      });
      expect(dispatchers.events.filter((e) => e.type === 'server-started').length).toBe(startsBefore + 1);
      expect(dispatchers.events).toContainEqual(
        expect.objectContaining({ type: 'server-stopped', reason: expect.stringMatching(/^session lost: .*No valid session ID provided/) }),
      );
    } finally {
      await proxy.close();
    }
  });
});
