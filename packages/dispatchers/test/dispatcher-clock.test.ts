import { ManualClock } from '@ufo-ts/core/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { command, dispatcherFactory, runOne } from './helpers/dispatcher-setup.js';

const dispatchers = dispatcherFactory();
afterEach(() => dispatchers.closeAll());

const realWait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the dispatcher times server starts on its Clock', () => {
  it('a server that never finishes starting fails after startTimeoutMs on the clock, not in real time', async () => {
    const clock = new ManualClock();
    const dispatcher = dispatchers.create({
      config: { AppAgent: { default: { action: [{ namespace: 'stuck', transport: 'in-process', factory: 'stuck' }] } } },
      factories: { stuck: () => new Promise(() => undefined) },
      startTimeoutMs: 50,
      clock,
    });
    let settled = false;
    const pending = runOne(dispatcher, command('noop'), { agent: 'AppAgent' }).finally(() => (settled = true));
    await realWait(200);
    clock.advance(49);
    await realWait(20);
    expect(settled).toBe(false);
    clock.advance(1);
    expect((await pending).error).toMatch(/^SERVER_START_FAILED: .*no MCP handshake within 50 ms/s);
  });

  it('after a failed start, commands fail fast until retryStartAfterMs passed on the clock, then the start is retried', async () => {
    const clock = new ManualClock();
    let attempts = 0;
    const dispatcher = dispatchers.create({
      config: { AppAgent: { default: { action: [{ namespace: 'broken', transport: 'in-process', factory: 'broken' }] } } },
      factories: {
        broken: () => {
          attempts += 1;
          throw new Error('COM object not registered');
        },
      },
      retryStartAfterMs: 50,
      clock,
    });
    const target = { agent: 'AppAgent' };
    expect((await runOne(dispatcher, command('noop'), target)).error).toMatch(/^SERVER_START_FAILED/);
    expect(attempts).toBe(1);
    await realWait(150);
    expect((await runOne(dispatcher, command('noop'), target)).error).toMatch(/^SERVER_START_FAILED/);
    expect(attempts).toBe(1);
    clock.advance(50);
    expect((await runOne(dispatcher, command('noop'), target)).error).toMatch(/^SERVER_START_FAILED/);
    expect(attempts).toBe(2);
  });
});
