import { renderToolsForPrompt } from '@ufo-ts/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DispatcherEvent, LocalCommandDispatcher } from '../src/index.js';
import { command, dispatcherFactory, runOne } from './helpers/dispatcher-setup.js';
import { everythingStdio } from './helpers/outside-servers.js';
import { waitFor } from './helpers/processes.js';

// @modelcontextprotocol/server-everything, the MCP reference server, spawned over stdio as any user would.
const dispatchers = dispatcherFactory();
const target = { agent: 'AppAgent' };
let dispatcher: LocalCommandDispatcher;

beforeAll(() => {
  dispatcher = dispatchers.create({ config: { AppAgent: { default: { action: [everythingStdio()] } } } });
});
afterAll(() => dispatchers.closeAll());

const ofType = <T extends DispatcherEvent['type']>(type: T, callId?: string) =>
  dispatchers.events.filter(
    (e): e is Extract<DispatcherEvent, { type: T }> => e.type === type && (callId === undefined || (e as { call_id?: string }).call_id === callId),
  );

describe('server-everything over stdio', () => {
  it('lists and renders every callable tool; the task-required one is left out with a logged reason', async () => {
    const tools = await dispatcher.listTools({ target });
    const names = tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['echo', 'get-sum', 'get-tiny-image', 'get-structured-content', 'trigger-long-running-operation']));
    expect(names).not.toContain('simulate-research-query');
    expect(ofType('warning').map((w) => w.message)).toContainEqual(
      expect.stringMatching(/"simulate-research-query" of server "everything" is not offered: it requires task-based execution/),
    );
    const prompt = renderToolsForPrompt(tools);
    for (const name of names) expect(prompt).toContain(name);
    const refused = await runOne(dispatcher, command('simulate-research-query', { topic: 'x' }), target);
    expect(refused.error).toMatch(
      /^TOOL_UNKNOWN: .*The tool "simulate-research-query" of server "everything" is not offered: it requires task-based execution/,
    );
  });

  it('passes text, image, resource and structured results through unchanged', async () => {
    const echo = await runOne(dispatcher, command('echo', { message: 'héllo' }), target);
    expect(echo).toMatchObject({ status: 'success', result: [{ type: 'text', text: 'Echo: héllo' }] });
    const image = await runOne(dispatcher, command('get-tiny-image'), target);
    expect(image.status).toBe('success');
    expect(image.result).toContainEqual({ type: 'image', data: expect.stringMatching(/^[A-Za-z0-9+/]+=*$/), mimeType: 'image/png' });
    const resource = await runOne(dispatcher, command('get-resource-reference', { resourceType: 'Text', resourceId: 2 }), target);
    expect(resource.result).toContainEqual(expect.objectContaining({ type: 'resource', resource: expect.objectContaining({ uri: expect.any(String) }) }));
    const links = await runOne(dispatcher, command('get-resource-links', { count: 2 }), target);
    expect((links.result as Array<{ type: string }>).filter((p) => p.type === 'resource_link')).toHaveLength(2);
    const structured = await runOne(dispatcher, command('get-structured-content', { location: 'Chicago' }), target);
    expect(structured).toMatchObject({ status: 'success', result: expect.objectContaining({ temperature: expect.any(Number) }) });
  });

  it('refuses bad arguments before the call, naming the field (bounds and enums of draft-07 schemas too)', async () => {
    const sum = await runOne(dispatcher, command('get-sum', { a: 'one', b: 2 }), target);
    expect(sum.error).toBe('TOOL_ARGUMENTS_INVALID: tool "get-sum" rejected its arguments: argument "a" must be number (got string)');
    const links = await runOne(dispatcher, command('get-resource-links', { count: 11 }), target);
    expect(links.error).toBe('TOOL_ARGUMENTS_INVALID: tool "get-resource-links" rejected its arguments: argument "count" must be <= 10');
    const city = await runOne(dispatcher, command('get-structured-content', { location: 'Paris' }), target);
    expect(city.error).toMatch(/argument "location" must be one of \["New York","Chicago","Los Angeles"\]/);
    const format = await runOne(dispatcher, command('gzip-file-as-resource', { data: 'not a uri' }), target);
    expect(format.error).toMatch(/argument "data" must be a valid uri/);
  });

  it('carries a progress token and surfaces each progress notification as a command-progress event', async () => {
    const call = command('trigger-long-running-operation', { duration: 0.2, steps: 4 });
    const result = await runOne(dispatcher, call, target);
    expect(result.status).toBe('success');
    // The SDK hands notifications on a tick later than responses, so the last one may arrive after the result.
    const seen = ofType('command-progress', call.call_id).map((e) => [e.progress, e.total]);
    expect(seen.length).toBeGreaterThanOrEqual(3);
    expect(seen).toEqual(
      [
        [1, 4],
        [2, 4],
        [3, 4],
        [4, 4],
      ].slice(0, seen.length),
    );
  });

  it('relays progress to the caller of execute (ExecuteOptions.onProgress), as the engine uses it', async () => {
    const quiet = dispatchers.create({ config: { AppAgent: { default: { action: [everythingStdio('quiet')] } } } });
    const seen: Array<[string, number, number | undefined]> = [];
    const call = command('trigger-long-running-operation', { duration: 0.2, steps: 4 });
    const [result] = await quiet.execute([call], { target, onProgress: (p) => seen.push([p.tool, p.progress, p.total]) });
    expect(result?.status).toBe('success');
    expect(seen.length).toBeGreaterThanOrEqual(3);
    expect(seen[0]).toEqual(['trigger-long-running-operation', 1, 4]);
  });

  it('times out a long call and cancels it; with resetTimeoutOnProgress a call that keeps reporting finishes', async () => {
    const timedOut = await runOne(dispatcher, command('trigger-long-running-operation', { duration: 30, steps: 2 }, 'action', { timeout_ms: 300 }), target);
    expect(timedOut.error).toMatch(/^TOOL_TIMEOUT: tool "trigger-long-running-operation" on server "everything" did not answer within 300 ms/);

    const patient = dispatchers.create({ config: { AppAgent: { default: { action: [everythingStdio()] } } }, resetTimeoutOnProgress: true });
    // 8 steps of 0.5 s: 4 s in total against a 2 s timeout that each progress notification starts anew.
    const call = command('trigger-long-running-operation', { duration: 4, steps: 8 }, 'action', { timeout_ms: 2000 });
    const finished = await runOne(patient, call, target);
    expect(finished).toMatchObject({ status: 'success' });
    expect(ofType('command-progress', call.call_id).length).toBeGreaterThanOrEqual(7);
  });

  it('fails the call in flight as SERVER_CRASHED when the server is killed, and restarts it on next use', async () => {
    const victim = dispatchers.create({ config: { AppAgent: { default: { action: [everythingStdio('victim')] } } } });
    const call = command('trigger-long-running-operation', { duration: 20, steps: 20 });
    const pending = runOne(victim, call, target);
    await waitFor(() => ofType('command-progress', call.call_id).length > 0, 20_000, 'first progress');
    const [pid] = victim.serverPids();
    process.kill(pid!, 'SIGKILL');
    const crashed = await pending;
    expect(crashed.error).toMatch(
      /^SERVER_CRASHED: server "victim" stopped during the call to "trigger-long-running-operation" \(the process was killed by SIGKILL/,
    );
    expect(await runOne(victim, command('get-sum', { a: 2, b: 3 }), target)).toMatchObject({ status: 'success' });
    expect(victim.serverPids()).not.toContain(pid);
  });

  it('runs 50 calls in parallel on one server, each answered with its own result', async () => {
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => runOne(dispatcher, command('get-sum', { a: i, b: 1000 }), target)));
    expect(results.map((r) => r.status)).toEqual(Array(50).fill('success'));
    expect(results.map((r) => (r.result as Array<{ text: string }>)[0]!.text)).toEqual(
      Array.from({ length: 50 }, (_, i) => `The sum of ${i} and 1000 is ${i + 1000}.`),
    );
  });
});
