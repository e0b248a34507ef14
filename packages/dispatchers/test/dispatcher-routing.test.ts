import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AgentUnknownError, type ServerConfigInput } from '../src/index.js';
import { serveHttp, type HttpToolServer } from '../src/server.js';
import { createFixtureServer } from './fixtures/fixture-tools.js';
import { command, dispatcherFactory, runOne, stdioFixture } from './helpers/dispatcher-setup.js';

const dispatchers = dispatcherFactory();
afterEach(() => dispatchers.closeAll());

interface WhoAmI {
  label: string;
  instance: string;
  pid: number;
  calls: number;
  context: unknown;
  env_target_process: string | null;
  env_target_root: string | null;
}

function whoami(result: { status: string; result?: unknown; error?: string | null | undefined }): WhoAmI {
  expect(result.error ?? null).toBeNull();
  expect(result.status).toBe('success');
  return result.result as WhoAmI;
}

describe('routing by agent kind and application root', () => {
  const inProcess = (namespace: string, reset = false): ServerConfigInput => ({
    namespace,
    transport: 'in-process',
    factory: namespace,
    reset,
  });
  const factories = {
    host: () => createFixtureServer('host'),
    calc: () => createFixtureServer('calc'),
    word: () => createFixtureServer('word'),
    fallback: () => createFixtureServer('fallback'),
  };
  const config = {
    HostAgent: { default: { data_collection: [inProcess('host')] } },
    AppAgent: {
      'gnome-calculator': { action: [inProcess('calc')] },
      'WINWORD.EXE': { action: [inProcess('word')] },
      default: { action: [inProcess('fallback')] },
    },
  };

  it('sends a command to the servers of its agent kind and application root', async () => {
    const dispatcher = dispatchers.create({ config, factories });
    const ask = (target: { agent: string; root?: string }) => runOne(dispatcher, command('whoami', {}, 'data_collection'), target);
    const host = await ask({ agent: 'HostAgent' });
    const calc = await ask({ agent: 'AppAgent', root: 'gnome-calculator' });
    const word = await ask({ agent: 'AppAgent', root: 'WINWORD.EXE' });
    expect([host.namespace, calc.namespace, word.namespace]).toEqual(['host', 'calc', 'word']);
    expect([whoami(host).label, whoami(calc).label, whoami(word).label]).toEqual(['host', 'calc', 'word']);
  });

  it('falls back to the "default" root entry for an unlisted application', async () => {
    const dispatcher = dispatchers.create({ config, factories });
    const result = await runOne(dispatcher, command('echo', { text: 'hi' }), { agent: 'AppAgent', root: 'mousepad' });
    expect(result).toMatchObject({ status: 'success', namespace: 'fallback', result: { text: 'hi', label: 'fallback' } });
  });

  it('fails (without throwing) for an agent kind with no servers, and listTools throws AgentUnknownError', async () => {
    const dispatcher = dispatchers.create({ config, factories });
    const result = await runOne(dispatcher, command('echo', { text: 'x' }), { agent: 'MobileAgent' });
    expect(result.status).toBe('failure');
    expect(result.error).toMatch(/^AGENT_UNKNOWN: .*"MobileAgent".*HostAgent, AppAgent/);
    await expect(dispatcher.listTools({ target: { agent: 'MobileAgent' } })).rejects.toBeInstanceOf(AgentUnknownError);
  });

  it('lists each target its own tools, typed by _meta over the configured list', async () => {
    const dispatcher = dispatchers.create({ config, factories });
    const tools = await dispatcher.listTools({ target: { agent: 'AppAgent', root: 'gnome-calculator' } });
    // The calc server is configured under `action`, but `whoami` declares itself data_collection in _meta.
    expect(tools.find((t) => t.name === 'whoami')).toMatchObject({ tool_type: 'data_collection', namespace: 'calc' });
    expect(tools.find((t) => t.name === 'echo')).toMatchObject({ tool_type: 'action', namespace: 'calc' });
    const actions = await dispatcher.listTools({ target: { agent: 'AppAgent', root: 'gnome-calculator' }, toolType: 'action' });
    expect(actions.map((t) => t.name)).toEqual(['add', 'echo', 'fail', 'noop', 'sleep', 'slow_with_own_timeout']);
  });
});

describe('server instances per application (the original pooled servers by namespace only)', () => {
  it('two applications whose servers share a namespace get separate server instances', async () => {
    // Same namespace "ui" for both roots, different configuration: the original would have reused one server.
    const dispatcher = dispatchers.create({
      config: {
        AppAgent: {
          'gnome-calculator': { action: [stdioFixture('ui', { label: 'for-calculator' })] },
          mousepad: { action: [stdioFixture('ui', { label: 'for-mousepad' })] },
        },
      },
    });
    const calc = whoami(await runOne(dispatcher, command('whoami', {}, 'data_collection'), { agent: 'AppAgent', root: 'gnome-calculator' }));
    const pad = whoami(await runOne(dispatcher, command('whoami', {}, 'data_collection'), { agent: 'AppAgent', root: 'mousepad' }));
    expect(calc.label).toBe('for-calculator');
    expect(pad.label).toBe('for-mousepad');
    expect(calc.pid).not.toBe(pad.pid);
    expect(dispatcher.serverPids().sort()).toEqual([calc.pid, pad.pid].sort());
  });

  it('reset: true gives each application process a fresh instance; shared servers stay shared', async () => {
    const dispatcher = dispatchers.create({
      config: {
        AppAgent: {
          default: {
            data_collection: [stdioFixture('collector', { label: 'shared' })],
            action: [stdioFixture('com', { label: 'per-document', reset: true })],
          },
        },
      },
    });
    const doc1 = { agent: 'AppAgent', root: 'WINWORD.EXE', process: 'report.docx - Word' };
    const doc2 = { agent: 'AppAgent', root: 'WINWORD.EXE', process: 'letter.docx - Word' };
    const echo1 = await runOne(dispatcher, command('echo', { text: 'a' }), doc1);
    const echo2 = await runOne(dispatcher, command('echo', { text: 'b' }), doc2);
    const again1 = await runOne(dispatcher, command('echo', { text: 'c' }), doc1);
    const instanceOf = (r: { result?: unknown }) => (r.result as { instance: string }).instance;
    expect(instanceOf(echo1)).not.toBe(instanceOf(echo2));
    expect(instanceOf(again1)).toBe(instanceOf(echo1));
    // The reset instance was told which application it serves.
    const tools = await dispatcher.listTools({ target: doc2 });
    expect(tools.filter((t) => t.name === 'whoami').map((t) => t.namespace)).toEqual(['collector']);
    const shared1 = whoami(await runOne(dispatcher, command('whoami', {}, 'data_collection'), doc1));
    const shared2 = whoami(await runOne(dispatcher, command('whoami', {}, 'data_collection'), doc2));
    expect(shared1.pid).toBe(shared2.pid);
    expect(shared1.env_target_process).toBeNull();
    expect(dispatcher.serverPids()).toHaveLength(3); // one collector + one "com" per document
  });

  it('reset in-process servers are built per application and told which one', async () => {
    const contexts: unknown[] = [];
    const dispatcher = dispatchers.create({
      config: { AppAgent: { default: { action: [{ namespace: 'pdf', transport: 'in-process', factory: 'pdf', reset: true }] } } },
      factories: {
        pdf: (context) => {
          contexts.push(context);
          return createFixtureServer('pdf', context);
        },
      },
    });
    const a = whoami(await runOne(dispatcher, command('whoami', {}, 'data_collection'), { agent: 'AppAgent', root: 'explorer.exe', process: 'a.pdf' }));
    const b = whoami(await runOne(dispatcher, command('whoami', {}, 'data_collection'), { agent: 'AppAgent', root: 'explorer.exe', process: 'b.pdf' }));
    expect(a.instance).not.toBe(b.instance);
    expect(contexts).toEqual([
      { namespace: 'pdf', target: { agent: 'AppAgent', root: 'explorer.exe', process: 'a.pdf' } },
      { namespace: 'pdf', target: { agent: 'AppAgent', root: 'explorer.exe', process: 'b.pdf' } },
    ]);
  });

  it('passes the application to reset stdio servers in UFO_TARGET_* variables', async () => {
    const dispatcher = dispatchers.create({
      config: { AppAgent: { default: { action: [stdioFixture('com', { reset: true })] } } },
    });
    const info = whoami(await runOne(dispatcher, command('whoami', {}, 'data_collection'), { agent: 'AppAgent', root: 'EXCEL.EXE', process: 'budget.xlsx' }));
    expect(info).toMatchObject({ env_target_process: 'budget.xlsx', env_target_root: 'EXCEL.EXE' });
  });
});

describe('the three transports behave the same', () => {
  let http: HttpToolServer;
  beforeAll(async () => {
    http = await serveHttp(() => createFixtureServer('http'));
  });
  afterAll(() => http.close());

  it('runs the same batch with the same results over in-process, stdio and HTTP', async () => {
    const dispatcher = dispatchers.create({
      config: {
        AppAgent: {
          'in-process': { action: [{ namespace: 'mem', transport: 'in-process', factory: 'mem' }] },
          stdio: { action: [stdioFixture('pipe')] },
          http: { action: [{ namespace: 'web', transport: 'http', url: http.url }] },
        },
      },
      factories: { mem: () => createFixtureServer('mem') },
    });
    const batch = () => [command('add', { a: 2, b: 3 }), command('echo', { text: 'héllo', n: 7 }), command('noop'), command('fail', { message: 'nope' })];
    const strip = (results: Array<{ status: string; result?: unknown; error?: string | null | undefined }>) =>
      results.map((r) => ({
        status: r.status,
        error: r.error ?? null,
        result: r.result && typeof r.result === 'object' ? { ...(r.result as object), label: undefined, instance: undefined } : r.result,
      }));
    const expected = [
      { status: 'success', error: null, result: 5 },
      { status: 'success', error: null, result: { text: 'héllo', n: 7, label: undefined, instance: undefined } },
      { status: 'success', error: null, result: null },
      { status: 'failure', error: 'TOOL_FAILED: nope', result: undefined },
    ];
    for (const root of ['in-process', 'stdio', 'http']) {
      const results = await dispatcher.execute(batch(), { target: { agent: 'AppAgent', root } });
      expect(strip(results), root).toEqual(expected);
      expect(results.map((r) => r.namespace)).toEqual(Array(4).fill({ 'in-process': 'mem', stdio: 'pipe', http: 'web' }[root]));
      for (const r of results) expect(r.duration_ms).toBeGreaterThanOrEqual(0);
    }
  });
});
