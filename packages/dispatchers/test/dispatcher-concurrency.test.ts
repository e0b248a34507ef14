import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ServerConfigInput } from '../src/index.js';
import { serveHttp, type HttpToolServer } from '../src/server.js';
import { createFixtureServer } from './fixtures/fixture-tools.js';
import { command, dispatcherFactory, runOne, stdioFixture } from './helpers/dispatcher-setup.js';

const dispatchers = dispatcherFactory();
afterEach(() => dispatchers.closeAll());

let http: HttpToolServer;
beforeAll(async () => {
  http = await serveHttp(() => createFixtureServer('http'));
});
afterAll(() => http.close());

const transports: Array<[string, () => ServerConfigInput]> = [
  ['in-process', () => ({ namespace: 'srv', transport: 'in-process', factory: 'srv' })],
  ['stdio', () => stdioFixture('srv')],
  ['http', () => ({ namespace: 'srv', transport: 'http', url: http.url })],
];

describe('50 concurrent commands (the original shared one mutable call object per tool)', () => {
  for (const [name, server] of transports) {
    it(`50 concurrent commands over ${name} each get their own arguments back, on one server start`, async () => {
      const dispatcher = dispatchers.create({
        config: { AppAgent: { default: { action: [server()] } } },
        factories: { srv: () => createFixtureServer('mem') },
      });
      const target = { agent: 'AppAgent', root: 'gnome-calculator' };
      // All 50 start before any server exists: the pool must start it exactly once.
      const results = await Promise.all(Array.from({ length: 50 }, (_, i) => runOne(dispatcher, command('echo', { text: `msg-${i}`, n: i }), target)));
      expect(results.map((r) => r.status)).toEqual(Array(50).fill('success'));
      expect(results.map((r) => (r.result as { text: string; n: number }).text)).toEqual(Array.from({ length: 50 }, (_, i) => `msg-${i}`));
      expect(results.map((r) => (r.result as { n: number }).n)).toEqual(Array.from({ length: 50 }, (_, i) => i));
      expect(new Set(results.map((r) => r.call_id)).size).toBe(50);
      expect(new Set(results.map((r) => (r.result as { instance: string }).instance)).size).toBe(1);
      expect(dispatchers.events.filter((e) => e.type === 'server-started')).toHaveLength(1);
    });
  }

  it('concurrent slow and fast calls on one server do not block or mix up each other', async () => {
    const dispatcher = dispatchers.create({ config: { AppAgent: { default: { action: [stdioFixture('srv')] } } } });
    const target = { agent: 'AppAgent' };
    await runOne(dispatcher, command('noop'), target);
    const slow = runOne(dispatcher, command('sleep', { ms: 400 }), target);
    const fast = await Promise.all(Array.from({ length: 10 }, (_, i) => runOne(dispatcher, command('add', { a: i, b: 100 }), target)));
    expect(fast.map((r) => r.result)).toEqual(Array.from({ length: 10 }, (_, i) => i + 100));
    expect(await slow).toMatchObject({ status: 'success', result: { slept: 400 } });
  });
});
