import { afterEach, describe, expect, it } from 'vitest';
import { ServerStartError } from '../src/index.js';
import { command, dispatcherFactory, runOne, stdioFixture } from './helpers/dispatcher-setup.js';

const dispatchers = dispatcherFactory();
afterEach(() => dispatchers.closeAll());

const target = { agent: 'LinuxAgent' };

describe('warmUp: servers start before the first command', () => {
  it('spawns and connects the route of each target once; the first command then uses that same server', async () => {
    const dispatcher = dispatchers.create({
      config: {
        LinuxAgent: { default: { data_collection: [stdioFixture('bash')], action: [stdioFixture('bash')] } },
        HostAgent: { default: { action: [stdioFixture('host')] } },
      },
    });
    expect(dispatcher.serverPids()).toEqual([]);
    await dispatcher.warmUp([target]);
    const pids = dispatcher.serverPids();
    expect(pids).toHaveLength(1); // one pooled instance for both lists, and no HostAgent server: it was not asked for
    expect(dispatchers.events.filter((e) => e.type === 'server-started')).toHaveLength(1);
    const result = await runOne(dispatcher, command('whoami', {}, 'data_collection'), target);
    expect((result.result as { pid: number }).pid).toBe(pids[0]);
    expect(dispatchers.events.filter((e) => e.type === 'server-started')).toHaveLength(1);
  });

  it('does not wait to be awaited: a command issued while the warm-up runs shares the start in flight', async () => {
    const dispatcher = dispatchers.create({ config: { LinuxAgent: { default: { action: [stdioFixture('bash')] } } } });
    const warming = dispatcher.warmUp([target]);
    const result = await runOne(dispatcher, command('add', { a: 2, b: 3 }), target);
    await warming;
    expect(result).toMatchObject({ status: 'success', result: 5 });
    expect(dispatchers.events.filter((e) => e.type === 'server-started')).toHaveLength(1);
    expect(dispatcher.serverPids()).toHaveLength(1);
  });

  it('never rejects: a server that cannot start, or an unknown agent, is reported by the next use as without it', async () => {
    const dispatcher = dispatchers.create({
      config: { LinuxAgent: { default: { action: [{ namespace: 'broken', transport: 'stdio', command: '/nonexistent/tool-server' }] } } },
      retryStartAfterMs: 60_000,
    });
    await expect(dispatcher.warmUp([target, { agent: 'NoSuchAgent' }])).resolves.toBeUndefined();
    await expect(dispatcher.listTools({ target })).rejects.toBeInstanceOf(ServerStartError);
    const [result] = await dispatcher.execute([command('add', { a: 1, b: 1 })], { target });
    expect(result?.error).toMatch(/^SERVER_START_FAILED: /);
  });

  it('does nothing after close()', async () => {
    const dispatcher = dispatchers.create({ config: { LinuxAgent: { default: { action: [stdioFixture('bash')] } } } });
    await dispatcher.close();
    await dispatcher.warmUp([target]);
    expect(dispatcher.serverPids()).toEqual([]);
    expect(dispatchers.events.filter((e) => e.type === 'server-started')).toHaveLength(0);
  });
});
