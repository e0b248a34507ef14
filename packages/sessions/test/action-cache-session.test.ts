import { EventBus, ProgrammaticInteractor, type EngineEvent } from '@ufo-ts/core';
import { ScriptedModel } from '@ufo-ts/core/testing';
import { describe, expect, it } from 'vitest';
import { ActionCache, FileActionCacheStore, LinuxSession, type SessionActionCache } from '../src/index.js';
import { app, click, perTestCleanup, stepLines } from './helpers.js';
import { CACHE_REQUEST as REQUEST, CACHE_WINDOW as WINDOW, calculatorPath as solution } from './fixtures/cache-script.js';

const { dirs, fakeDesktop } = perTestCleanup();

const select = { function: 'select_application_window', arguments: { id: '0x3a00004', name: 'Calculator' }, status: 'CONTINUE' };

async function session(options: { cache: ActionCache; model: ScriptedModel; check?: () => Promise<boolean>; retype?: Record<string, string> }) {
  const { desktop, dispatcher } = fakeDesktop();
  // a control whose role changed since the recording (the fake calculator computes by the names)
  for (const [name, type] of Object.entries(options.retype ?? {})) desktop.windows[0]!.controls.find((c) => c.name === name)!.type = type;
  const events = new EventBus();
  const seen: EngineEvent[] = [];
  events.subscribe((e) => seen.push(e));
  const lookup = await options.cache.lookup({ request: REQUEST, window: WINDOW });
  const actionCache: SessionActionCache = { cache: options.cache, lookup, ...(options.check ? { check: options.check } : {}) };
  const outcome = await new LinuxSession({
    task: 'cached',
    logRoot: dirs.make(),
    request: REQUEST,
    models: { LINUX_AGENT: options.model },
    dispatcher,
    interactor: new ProgrammaticInteractor(),
    events,
    reports: false,
    actionCache,
  }).run();
  return { outcome, desktop, events: seen, lines: stepLines(outcome.logFolder!) };
}

describe('a LinuxSession with an action cache', () => {
  it('records a run that finished, then replays it on a fresh desktop with 0 model calls; hit or miss per step in response.log and step-end events', async () => {
    const store = new FileActionCacheStore(dirs.make());
    const cache = new ActionCache({ store });
    const first = await session({ cache, model: new ScriptedModel({ replies: solution() }) });
    expect(first.desktop.state.display).toBe('408');
    expect(first.outcome.cache).toMatchObject({ outcome: 'miss', saved: true, modelCalls: 8 });
    expect(first.lines.map((l) => l.cache?.outcome)).toEqual(Array(8).fill('miss'));
    const [entry] = await store.list();
    // the controls by role and name, the window by its title: no id survives
    expect(entry!.steps.map((s) => [s.function, s.target?.role, s.target?.name, JSON.stringify(s.arguments)])).toEqual([
      ['select_application_window', 'window', 'Calculator', '{"name":"Calculator"}'],
      ...['1', '2', '×', '3', '4', '='].map((name) => ['click_input', 'push button', name, '{}']),
    ]);

    const model = new ScriptedModel({ replies: [] });
    const second = await session({ cache, model });
    expect(second.desktop.state.display).toBe('408');
    expect(model.calls).toHaveLength(0);
    expect(second.outcome).toMatchObject({
      status: 'completed',
      rounds: [{ finalState: 'FINISH' }],
      cache: { outcome: 'hit', modelCalls: 0, hits: 7, healed: 0, saved: true },
    });
    // the prompt lets a reply name later controls: the window and five clicks in one reply, "=" in the next, FINISH
    expect(second.lines.map((l) => l.cache)).toEqual([{ outcome: 'hit', step: 0, count: 6 }, { outcome: 'hit', step: 6 }, { outcome: 'hit' }]);
    expect(second.desktop.state.calls.filter((c) => c === 'click_input')).toHaveLength(6);
    const ends = second.events.filter((e): e is Extract<EngineEvent, { type: 'step-end' }> => e.type === 'step-end');
    expect(ends.map((e) => e.cache)).toEqual(['hit', 'hit', 'hit']);
    expect((await store.list())[0]).toMatchObject({ hits: 1, healed: 0 });
  });

  it("a control changed since the recording goes to the session's own model once, the replay goes on; the healed path replaces the entry", async () => {
    const store = new FileActionCacheStore(dirs.make());
    const cache = new ActionCache({ store });
    await session({ cache, model: new ScriptedModel({ replies: solution() }) });
    // "×" is a toggle button now: the engine stops the cached reply at it (its named control is not listed), the
    // model is asked for that step only (it clicks id 5), then the cache plays 3, 4 and =
    const model = new ScriptedModel({ replies: [app(click('5'))] });
    const healed = await session({ cache, model, retype: { '×': 'toggle button' } });
    expect(healed.desktop.state.display).toBe('408');
    expect(model.calls).toHaveLength(1);
    const note = String(model.calls[0]!.messages[0]!.content);
    expect(note).toContain('no push button "×" is listed');
    expect(healed.outcome.cache).toMatchObject({ outcome: 'healed', modelCalls: 1, healed: 1, saved: true });
    expect(healed.lines.map((l) => l.cache?.outcome)).toEqual(['hit', 'healed', 'hit', 'hit']);
    expect(healed.lines[1]!.cache).toEqual({ outcome: 'healed', step: 3, reason: 'TARGET_NOT_FOUND' });
    // each button clicked once, in order: nothing skipped, repeated or clicked in the wrong place
    expect(healed.desktop.state.calls.filter((c) => c === 'click_input')).toHaveLength(6);
    const [entry] = await store.list();
    expect(entry!.healed).toBe(1);
    expect(entry!.steps[3]!.target).toEqual({ role: 'toggle button', name: '×' });
    // the next run on the changed desktop is served wholly again
    const again = await session({ cache, model: new ScriptedModel({ replies: [] }), retype: { '×': 'toggle button' } });
    expect(again.outcome.cache).toMatchObject({ outcome: 'hit', modelCalls: 0 });
    expect(again.desktop.state.display).toBe('408');
  });

  it('a run whose check fails is not recorded, and one that did not FINISH is not either', async () => {
    const store = new FileActionCacheStore(dirs.make());
    const cache = new ActionCache({ store });
    const checked = await session({ cache, model: new ScriptedModel({ replies: solution() }), check: async () => false });
    expect(checked.outcome.cache).toMatchObject({ saved: false, notSaved: "the run's check did not pass" });
    const failed = await session({ cache, model: new ScriptedModel({ replies: [app(select), app([], { status: 'FAIL', result: 'gave up' })] }) });
    expect(failed.outcome.cache).toMatchObject({ saved: false, notSaved: expect.stringContaining('without FINISH') });
    expect(await store.list()).toEqual([]);
  });
});
