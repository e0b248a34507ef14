import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveHttp } from '@ufo-ts/dispatchers/server';
import { FakeDesktop } from '@ufo-ts/testkit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bundlePrograms } from '../../../test-support/bundle-programs.js';
import { spawnFixture, type Line } from '../../../test-support/processes.js';
import { stepLines, TempDirs } from './helpers.js';

const here = dirname(fileURLToPath(import.meta.url));
let program = '';
let removeBundle = () => {};
beforeAll(async () => {
  const bundled = await bundlePrograms('ufo-sessions-journal', { session: join(here, 'fixtures/journal-session.ts') });
  program = bundled.paths.session;
  removeBundle = bundled.cleanup;
}, 120_000);
afterAll(() => removeBundle());

const dirs = new TempDirs();
let cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0)) await fn();
  dirs.cleanup();
});

/** A fresh fake desktop served over HTTP from this process: its tool calls are counted here, not in the child. */
async function desktopServer() {
  const desktop = new FakeDesktop();
  const server = await serveHttp(() => desktop.createServer());
  cleanup.push(() => server.close());
  return { desktop, url: server.url };
}

/** Runs the session child to its end (or its death) and returns what it printed and how it exited. */
async function runChild(config: Record<string, unknown>): Promise<{ lines: Line[]; stderr: Line[]; code: number | null; signal: NodeJS.Signals | null }> {
  const handle = spawnFixture(program, config);
  const [code, signal] = (await once(handle.child, 'close')) as [number | null, NodeJS.Signals | null];
  return { lines: handle.stdout, stderr: handle.stderr, code, signal };
}

/** What must be the same after an uninterrupted run and after a killed-then-resumed one. */
function finalState(done: Line, desktop: FakeDesktop, folder: string) {
  const responseLog = readFileSync(join(folder, 'response.log'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
  return {
    outcome: done.outcome,
    context: done.context,
    desktop: { display: desktop.state.display, sentEmails: desktop.state.sentEmails, selected: desktop.state.selected },
    // every action that changes the desktop, counted on the tool-server side
    actions: desktop.state.calls.filter((c) => c === 'click_input' || c === 'send_email'),
    steps: stepLines(folder).map((l) => [l.agent, l.state, l.status, l.session_step, l.round_step, l.round_num, l.thought, l.actions.map((a: any) => `${a.function}:${a.result?.status ?? 'held'}`)]),
    confirmations: responseLog.filter((l) => l.type === 'confirmation').map((l) => [l.session_step, l.approved]),
  };
}

describe('the action journal across SIGKILL and resume', () => {
  it('killed at every event boundary and resumed, the session sends each action once and ends as an uninterrupted run', async () => {
    const base = await desktopServer();
    const logRoot = dirs.make();
    const whole = await runChild({ url: base.url, logRoot, task: 'journal' });
    expect(whole.code, JSON.stringify(whole.stderr.slice(-5))).toBe(0);
    const folder = String(whole.lines[0]!.folder);
    const done = whole.lines.find((l) => l.done)!;
    const expected = finalState(done, base.desktop, folder);
    expect(expected.outcome).toMatchObject({ status: 'completed', steps: 9 });
    expect(expected.desktop).toMatchObject({ display: '123', sentEmails: [{ to: 'john', body: '12' }] });
    const events = Number(done.events);
    expect(events).toBeGreaterThan(40);

    for (let killAt = 1; killAt <= events; killAt += 1) {
      const { desktop, url } = await desktopServer();
      const root = dirs.make();
      const killed = await runChild({ url, logRoot: root, task: 'journal', killAt });
      expect({ killAt, signal: killed.signal }).toEqual({ killAt, signal: 'SIGKILL' });
      const resumed = await runChild({ url, logRoot: root, task: 'journal', resume: true });
      expect({ killAt, code: resumed.code, stderr: resumed.code === 0 ? [] : resumed.stderr.slice(-5) }).toEqual({ killAt, code: 0, stderr: [] });
      const end = resumed.lines.find((l) => l.done)!;
      expect({ killAt, ...finalState(end, desktop, String(resumed.lines[0]!.folder)) }).toEqual({ killAt, ...expected });
    }
  }, 900_000);
});
