import { once } from 'node:events';
import { FakeDesktop } from '@ufo-ts/testkit';
import { describe, expect, it } from 'vitest';
import { bundledFixture, servedFakeDesktop } from './child-sessions.js';
import { spawnFixture, type Line } from '../../../test-support/processes.js';
import { perTestCleanup } from './helpers.js';

const fixture = bundledFixture('ufo-sessions-cache', 'cache-session.ts');

const { dirs, defer } = perTestCleanup();

const desktopServer = () => servedFakeDesktop(defer);

async function runChild(config: Record<string, unknown>): Promise<{ lines: Line[]; stderr: Line[]; code: number | null; signal: NodeJS.Signals | null }> {
  const handle = spawnFixture(fixture.path(), config);
  const [code, signal] = (await once(handle.child, 'close')) as [number | null, NodeJS.Signals | null];
  return { lines: handle.stdout, stderr: handle.stderr, code, signal };
}

const clicks = (desktop: FakeDesktop) => desktop.state.calls.filter((c) => c === 'click_input').length;

describe('an action-cache replay across SIGKILL and resume', () => {
  it('killed at event boundaries all through a replay and resumed: no cached step is sent twice, the model is never called, the task is done', async () => {
    const cacheDir = dirs.make();
    const recording = await desktopServer();
    const recorded = await runChild({ url: recording.url, logRoot: dirs.make(), cacheDir, task: 'cache', record: true });
    expect(recorded.code, JSON.stringify(recorded.stderr.slice(-5))).toBe(0);
    expect(recorded.lines.find((l) => l.done)!.outcome).toMatchObject({ status: 'completed', cache: { outcome: 'miss', saved: true } });

    const base = await desktopServer();
    const whole = await runChild({ url: base.url, logRoot: dirs.make(), cacheDir, task: 'cache' });
    expect(whole.code, JSON.stringify(whole.stderr.slice(-5))).toBe(0);
    const done = whole.lines.find((l) => l.done)!;
    expect(done).toMatchObject({ modelCalls: 0, outcome: { status: 'completed', rounds: [{ finalState: 'FINISH' }], cache: { outcome: 'hit', hits: 7 } } });
    expect([base.desktop.state.display, clicks(base.desktop)]).toEqual(['408', 6]);
    const events = Number(done.events);
    expect(events).toBeGreaterThan(20);

    // every third boundary (each kind of boundary is hit: a step has more than three events); all with UFO_CACHE_KILL_ALL=1
    const stride = process.env.UFO_CACHE_KILL_ALL === '1' ? 1 : 3;
    for (let killAt = 1; killAt <= events; killAt += stride) {
      const { desktop, url } = await desktopServer();
      const root = dirs.make();
      const killed = await runChild({ url, logRoot: root, cacheDir, task: 'cache', killAt });
      expect({ killAt, signal: killed.signal }).toEqual({ killAt, signal: 'SIGKILL' });
      const resumed = await runChild({ url, logRoot: root, cacheDir, task: 'cache', resume: true });
      expect({ killAt, code: resumed.code, stderr: resumed.code === 0 ? [] : resumed.stderr.slice(-5) }).toEqual({ killAt, code: 0, stderr: [] });
      const end = resumed.lines.find((l) => l.done)!;
      // counted on the tool server: each click once over both processes, the product on the display, no model call
      expect({
        killAt,
        display: desktop.state.display,
        clicks: clicks(desktop),
        modelCalls: end.modelCalls,
        status: (end.outcome as { status: string }).status,
      }).toEqual({
        killAt,
        display: '408',
        clicks: 6,
        modelCalls: 0,
        status: 'completed',
      });
    }
  }, 900_000);
});
