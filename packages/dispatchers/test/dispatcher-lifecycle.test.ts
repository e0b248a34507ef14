import { once } from 'node:events';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { Result } from '@ufo-ts/core';
import { serveHttp } from '../src/server.js';
import { createFixtureServer } from './fixtures/fixture-tools.js';
import { command, dispatcherFactory, runOne, stdioFixture } from './helpers/dispatcher-setup.js';
import { pidAlive, spawnFixture, waitFor, type FixtureProcess } from './helpers/processes.js';

const dispatchers = dispatcherFactory();
const children: Array<FixtureProcess<unknown>> = [];
afterEach(async () => {
  await dispatchers.closeAll();
  await Promise.all(children.splice(0).map((c) => c.kill()));
});

const target = { agent: 'LinuxAgent' };
const pidOf = (result: Result): number => (result.result as { pid: number }).pid;

describe('crashes and restarts', () => {
  it('a stdio server killed mid-call gives SERVER_CRASHED, and is restarted on next use', async () => {
    const dispatcher = dispatchers.create({ config: { LinuxAgent: { default: { action: [stdioFixture('bash')] } } } });
    const firstPid = pidOf(await runOne(dispatcher, command('whoami', {}, 'data_collection'), target));
    const inFlight = dispatchers.waitForStderr('sleep-started');
    const pending = runOne(dispatcher, command('sleep', { ms: 20_000 }), target);
    await inFlight; // the server is running the call
    process.kill(firstPid, 'SIGKILL');
    const crashed = await pending;
    expect(crashed).toMatchObject({ status: 'failure', namespace: 'bash' });
    expect(crashed.error).toMatch(
      /^SERVER_CRASHED: server "bash" stopped during the call to "sleep" \((the process was killed by SIGKILL|the connection closed)\); it will be restarted on next use/,
    );
    const again = await runOne(dispatcher, command('whoami', {}, 'data_collection'), target);
    expect(again.status).toBe('success');
    expect(pidOf(again)).not.toBe(firstPid);
    expect(pidAlive(firstPid)).toBe(false);
    expect(dispatchers.events.filter((e) => e.type === 'server-started')).toHaveLength(2);
  });

  it('restarts a stdio server that died while idle', async () => {
    const dispatcher = dispatchers.create({ config: { LinuxAgent: { default: { action: [stdioFixture('bash')] } } } });
    const firstPid = pidOf(await runOne(dispatcher, command('whoami', {}, 'data_collection'), target));
    process.kill(firstPid, 'SIGTERM');
    await waitFor(() => dispatchers.events.some((e) => e.type === 'server-stopped' && !e.expected), 10_000, 'server-stopped');
    const again = await runOne(dispatcher, command('add', { a: 20, b: 22 }), target);
    expect(again).toMatchObject({ status: 'success', result: 42 });
  });

  it('an HTTP server killed mid-call gives SERVER_CRASHED; once it is back, the next call reconnects', async () => {
    const { httpServer } = inject('fixtures');
    const first = await spawnFixture<{ url: string; port: number }>(httpServer);
    children.push(first);
    const dispatcher = dispatchers.create({
      config: { LinuxAgent: { default: { action: [{ namespace: 'web', transport: 'http', url: first.info.url }] } } },
    });
    expect(await runOne(dispatcher, command('add', { a: 1, b: 1 }), target)).toMatchObject({ status: 'success', result: 2 });
    const inFlight = first.waitForStderr('sleep-started');
    const pending = runOne(dispatcher, command('sleep', { ms: 20_000 }), target);
    await inFlight;
    await first.kill();
    const crashed = await pending;
    expect(crashed.status).toBe('failure');
    expect(crashed.error).toMatch(/^SERVER_CRASHED: server "web" stopped during the call to "sleep"/);
    const second = await spawnFixture<{ url: string; port: number }>(httpServer, [], { PORT: String(first.info.port) });
    children.push(second);
    const after = await runOne(dispatcher, command('whoami', {}, 'data_collection'), target);
    expect(after.status).toBe('success');
    expect(pidOf(after)).toBe(second.pid);
  });

  it('reconnects transparently when an HTTP server restarted while idle and forgot the session', async () => {
    const { httpServer } = inject('fixtures');
    const first = await spawnFixture<{ url: string; port: number }>(httpServer);
    children.push(first);
    const dispatcher = dispatchers.create({
      config: { LinuxAgent: { default: { action: [{ namespace: 'web', transport: 'http', url: first.info.url }] } } },
    });
    expect((await runOne(dispatcher, command('noop'), target)).status).toBe('success');
    await first.kill();
    const second = await spawnFixture<{ url: string; port: number }>(httpServer, [], { PORT: String(first.info.port) });
    children.push(second);
    const result = await runOne(dispatcher, command('echo', { text: 'still here' }), target);
    expect(result).toMatchObject({ status: 'success', result: { text: 'still here' } });
  });
});

describe('one persistent MCP session per server (the original opened a client per call)', () => {
  it('reuses one stdio process and one session for every call', async () => {
    const dispatcher = dispatchers.create({ config: { LinuxAgent: { default: { action: [stdioFixture('bash')] } } } });
    for (let i = 0; i < 10; i += 1) await runOne(dispatcher, command('echo', { text: String(i) }), target);
    const info = (await runOne(dispatcher, command('whoami', {}, 'data_collection'), target)).result as { calls: number };
    expect(info.calls).toBe(10);
    expect(dispatcher.serverPids()).toHaveLength(1);
    expect(dispatchers.events.filter((e) => e.type === 'server-started')).toHaveLength(1);
  });

  it('reuses one HTTP session for every call and ends it on close', async () => {
    const http = await serveHttp(() => createFixtureServer('http'));
    try {
      const dispatcher = dispatchers.create({
        config: { LinuxAgent: { default: { action: [{ namespace: 'web', transport: 'http', url: http.url }] } } },
      });
      for (let i = 0; i < 10; i += 1) await runOne(dispatcher, command('echo', { text: String(i) }), target);
      expect(http.sessionCount()).toBe(1);
      const info = (await runOne(dispatcher, command('whoami', {}, 'data_collection'), target)).result as { calls: number };
      expect(info.calls).toBe(10);
      await dispatcher.close();
      expect(http.sessionCount()).toBe(0);
    } finally {
      await http.close();
    }
  });
});

describe('clean shutdown', () => {
  it('close() stops every server, leaves no child process, and later calls fail with DISPATCHER_CLOSED', async () => {
    const exitListeners = process.listenerCount('exit');
    const dispatcher = dispatchers.create({
      config: {
        AppAgent: {
          default: { data_collection: [stdioFixture('a')], action: [stdioFixture('b'), stdioFixture('c', { reset: true })] },
        },
      },
    });
    await runOne(dispatcher, command('noop'), { agent: 'AppAgent', process: 'one' });
    await runOne(dispatcher, command('noop'), { agent: 'AppAgent', process: 'two' });
    const pids = dispatcher.serverPids();
    expect(pids).toHaveLength(4);
    expect(pids.every(pidAlive)).toBe(true);
    expect(process.listenerCount('exit')).toBe(exitListeners + 1); // the kill-children-on-exit hook
    await dispatcher.close();
    expect(process.listenerCount('exit')).toBe(exitListeners);
    expect(pids.filter(pidAlive)).toEqual([]);
    expect(dispatcher.serverPids()).toEqual([]);
    const [late] = await dispatcher.execute([command('noop')], { target: { agent: 'AppAgent' } });
    expect(late!.error).toBe('DISPATCHER_CLOSED: The dispatcher is closed');
    await expect(dispatcher.listTools({ target: { agent: 'AppAgent' } })).rejects.toThrow(/closed/);
    await dispatcher.close(); // idempotent
  });

  it('kills its servers when the process exits without close(), even servers that ignore stdin closing', async () => {
    const { exitProbe, stdioServer } = inject('fixtures');
    const probe = await spawnFixture<{ serverPid: number | null; error?: string }>(exitProbe, [stdioServer, 'exit', 'stubborn']);
    children.push(probe);
    expect(probe.info.error ?? null).toBeNull();
    const serverPid = probe.info.serverPid!;
    expect(serverPid).toBeGreaterThan(0);
    if (probe.child.exitCode === null) await once(probe.child, 'exit');
    await waitFor(() => !pidAlive(serverPid), 10_000, 'server exit');
  });

  it('(control) without the exit hook, a server that ignores stdin closing outlives its client', async () => {
    const { exitProbe, stdioServer } = inject('fixtures');
    const probe = await spawnFixture<{ serverPid: number | null }>(exitProbe, [stdioServer, 'exit', 'stubborn', 'no-kill']);
    children.push(probe);
    const serverPid = probe.info.serverPid!;
    if (probe.child.exitCode === null) await once(probe.child, 'exit');
    try {
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(pidAlive(serverPid)).toBe(true);
    } finally {
      process.kill(serverPid, 'SIGKILL');
    }
  });

  it('servers made with serveStdio exit when their client dies without any cleanup (SIGKILL)', async () => {
    const { exitProbe, stdioServer } = inject('fixtures');
    const probe = await spawnFixture<{ serverPid: number | null }>(exitProbe, [stdioServer, 'hang']);
    children.push(probe);
    const serverPid = probe.info.serverPid!;
    expect(pidAlive(serverPid)).toBe(true);
    await probe.kill(); // no exit handler runs on SIGKILL: the server must notice its stdin closed
    await waitFor(() => !pidAlive(serverPid), 10_000, 'server exit after stdin closed');
  });
});
