import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FakeDesktop } from '@ufo-ts/testkit';
import { describe, expect, it } from 'vitest';
import { bundledFixture, servedFakeDesktop } from './child-sessions.js';
import { spawnFixture, type Line } from '../../../test-support/processes.js';
import { stepLines, perTestCleanup } from './helpers.js';
import { seededRandom } from '../../../test-support/seeded-random.js';

const fixture = bundledFixture('ufo-sessions-journal', 'journal-session.ts');

const { dirs, defer } = perTestCleanup();

const desktopServer = () => servedFakeDesktop(defer);

/**
 * Runs the session child to its end (or its death) and returns what it printed and how it exited. With `killAfterMs`,
 * the child is SIGKILLed that long after it printed its log folder (its session starts right after), wherever it is.
 */
async function runChild(
  config: Record<string, unknown>,
  killAfterMs?: number,
): Promise<{ lines: Line[]; stderr: Line[]; code: number | null; signal: NodeJS.Signals | null; sessionMs: number }> {
  const handle = spawnFixture(fixture.path(), config);
  const closed = once(handle.child, 'close');
  let sessionStart = Date.now();
  void handle
    .waitFor('stdout', (line) => line.folder !== undefined, 60_000, 'the log folder')
    .then(
      () => {
        sessionStart = Date.now();
        if (killAfterMs !== undefined) setTimeout(() => handle.child.kill('SIGKILL'), killAfterMs);
      },
      () => undefined,
    );
  const [code, signal] = (await closed) as [number | null, NodeJS.Signals | null];
  return { lines: handle.stdout, stderr: handle.stderr, code, signal, sessionMs: Date.now() - sessionStart };
}

/** How many times each desktop-changing tool ran. */
function counts(actions: string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const action of actions) out[action] = (out[action] ?? 0) + 1;
  return out;
}

/** What must be the same after an uninterrupted run and after a killed-then-resumed one. */
function finalState(done: Line, desktop: FakeDesktop, folder: string) {
  const responseLog = readFileSync(join(folder, 'response.log'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  return {
    outcome: done.outcome,
    context: done.context,
    desktop: { display: desktop.state.display, sentEmails: desktop.state.sentEmails, selected: desktop.state.selected },
    // every action that changes the desktop, counted on the tool-server side
    actions: desktop.state.calls.filter((c) => c === 'click_input' || c === 'send_email'),
    steps: stepLines(folder).map((l) => [
      l.agent,
      l.state,
      l.status,
      l.session_step,
      l.round_step,
      l.round_num,
      l.thought,
      l.actions.map((a: any) => `${a.function}:${a.result?.status ?? 'held'}`),
    ]),
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

  it('killed at random moments (seeded, UFO_KILL_SEED) and resumed, no action runs twice; without an unknown outcome the run ends as an uninterrupted one', async () => {
    const base = await desktopServer();
    const logRoot = dirs.make();
    const whole = await runChild({ url: base.url, logRoot, task: 'journal' });
    expect(whole.code, JSON.stringify(whole.stderr.slice(-5))).toBe(0);
    const expected = finalState(
      whole.lines.find((l) => l.done)!,
      base.desktop,
      String(whole.lines[0]!.folder),
    );
    // a second, warm run times the session as the killed runs will see it
    const warm = await runChild({ url: (await desktopServer()).url, logRoot: dirs.make(), task: 'journal' });
    const sessionMs = Math.min(whole.sessionMs, warm.sessionMs);
    const seed = Number(process.env.UFO_KILL_SEED ?? Date.now() % 1_000_000);
    const random = seededRandom(seed);
    let killedMidRun = 0;
    for (let round = 0; round < 6; round += 1) {
      // anywhere in the run: a moment inside a step, a command, a model call or a log write
      const delayMs = Math.round(random() * sessionMs * 0.9);
      const at = { seed, round, delayMs };
      const { desktop, url } = await desktopServer();
      const root = dirs.make();
      const killed = await runChild({ url, logRoot: root, task: 'journal' }, delayMs);
      if (killed.signal === 'SIGKILL') killedMidRun += 1;
      const resumed = await runChild({ url, logRoot: root, task: 'journal', resume: true });
      expect({ ...at, code: resumed.code, stderr: resumed.code === 0 ? [] : resumed.stderr.slice(-5) }).toEqual({ ...at, code: 0, stderr: [] });
      const folder = String(resumed.lines[0]!.folder);
      const state = finalState(
        resumed.lines.find((l) => l.done)!,
        desktop,
        folder,
      );
      // counted on the tool server: no action ran more often than in the uninterrupted run
      const ran = counts(state.actions);
      for (const [tool, times] of Object.entries(ran))
        expect({ ...at, tool, times: Math.min(times, counts(expected.actions)[tool] ?? 0) }).toEqual({ ...at, tool, times });
      const unknown = readFileSync(join(folder, 'journal.jsonl'), 'utf8').includes('OUTCOME_UNKNOWN');
      if (!unknown) {
        expect({ ...at, ...state }).toEqual({ ...at, ...expected });
        continue;
      }
      // the documented exception: an action in flight at the kill is not sent again, response.log shows it failed
      // with OUTCOME_UNKNOWN, and the next prompt says so (the scripted model answers by step without looking, so
      // what follows may differ from the uninterrupted run)
      const failedUnknown = readFileSync(join(folder, 'response.log'), 'utf8').includes('OUTCOME_UNKNOWN');
      const prompt = readFileSync(join(folder, 'request.log'), 'utf8').includes('OUTCOME_UNKNOWN');
      expect({ ...at, failedUnknown, prompt }).toEqual({ ...at, failedUnknown: true, prompt: true });
    }
    process.stdout.write(`random SIGKILLs (seed ${seed}, session ${sessionMs} ms): ${killedMidRun} of 6 landed mid-run\n`);
  }, 300_000);
});
