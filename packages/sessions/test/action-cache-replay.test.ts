import type { Command, CommandDispatcher, Result } from '@ufo-ts/core';
import { describe, expect, it } from 'vitest';
import { cacheKey, cacheKeyParts, CachedRunSchema, playCachedRun, resolveTarget, type CachedRun } from '../src/index.js';

/**
 * A small app behind a dispatcher: its controls get new ids at each listing (as the desktop tools give them), a
 * click on a control makes a visible change unless the control is `inert`, and every command is kept.
 */
function fakeApp(controls: Array<{ type: string; name: string; label?: string; inert?: boolean; fails?: boolean }>) {
  const sent: Command[] = [];
  let listing = 0;
  const ids = new Map<string, number>();
  const dispatcher: CommandDispatcher = {
    async execute(commands): Promise<Result[]> {
      return commands.map((command) => {
        sent.push(command);
        const base = { call_id: command.call_id, namespace: 'linux' };
        if (command.tool_name === 'get_app_window_controls_target_info') {
          listing += 1;
          ids.clear();
          return {
            ...base,
            status: 'success',
            result: {
              controls: controls.map(
                (c, i) => (
                  ids.set(`c${listing}-${i}`, i),
                  { kind: 'control', id: `c${listing}-${i}`, type: c.type, name: c.name, ...(c.label ? { label: c.label } : {}) }
                ),
              ),
            },
          };
        }
        if (command.tool_name === 'click_input') {
          const index = ids.get(String(command.parameters['id']));
          const control = index === undefined ? undefined : controls[index];
          if (!control || control.fails) return { ...base, status: 'failure', error: 'CONTROL_ID_STALE: no such control', code: 'CONTROL_ID_STALE' };
          return {
            ...base,
            status: 'success',
            result: {
              id: command.parameters['id'],
              name: control.name,
              role: control.type,
              effect: control.inert ? { changed: false, changes: ['no visible change'] } : { changed: true, changes: [`${control.name} pressed`] },
            },
          };
        }
        return {
          ...base,
          status: 'success',
          result: { typed: String(command.parameters['text'] ?? '').length, effect: { changed: true, changes: ['text changed'] } },
        };
      });
    },
    async listTools() {
      return [];
    },
    async close() {},
  };
  return { dispatcher, sent };
}

function cached(steps: unknown[]): CachedRun {
  const parts = cacheKeyParts('save {{file}} as csv', { file: '/tmp/a.ods' }, { app: 'soffice', title: 'a.ods - LibreOffice Calc' });
  return CachedRunSchema.parse({ key: cacheKey(parts), parts, steps, createdAt: '2026-11-28T19:00:00.000Z', updatedAt: '2026-11-28T19:00:00.000Z' });
}

const SAVE_AS = cached([
  { function: 'click_input', arguments: {}, target: { role: 'menu item', name: 'Save As…' }, effect: { changed: true, changes: ['Save As… pressed'] } },
  { function: 'type_text', arguments: { text: '{{file}}.csv' }, effect: { changed: true, changes: ['text changed'] } },
  { function: 'click_input', arguments: {}, target: { role: 'push button', name: 'Save' }, effect: { changed: true, changes: ['Save pressed'] } },
]);
const TARGET = { agent: 'LinuxAgent' };

describe('resolveTarget', () => {
  const listed = [
    { id: 'a1', type: 'push button', name: 'OK' },
    { id: 'a2', type: 'push button', name: 'OK' },
    { id: 'a3', type: 'text', name: '', label: 'File name' },
    { id: 'a4', type: 'menu item', name: 'Save As...' },
  ];
  it('finds a control by role, name (variables filled) and label, ignoring case, spaces and … vs ...', () => {
    expect(resolveTarget({ role: 'Menu Item', name: 'save  as…' }, listed)).toEqual({ id: 'a4' });
    expect(resolveTarget({ role: 'text', name: '', label: '{{field}}' }, listed, { field: 'File name' })).toEqual({ id: 'a3' });
    expect(resolveTarget({ role: 'push button', name: 'OK', nth: 2 }, listed)).toEqual({ id: 'a2' });
    // no label recorded: the field without a caption, not a captioned one beside it (featherpad's editor and its
    // "Root Instance" field)
    expect(
      resolveTarget({ role: 'text', name: '' }, [
        { id: 'a1', type: 'text', name: '' },
        { id: 'a3', type: 'text', name: '', label: 'Root Instance' },
      ]),
    ).toEqual({ id: 'a1' });
  });
  it('names an unnamed field by its caption when it is not found', () => {
    expect(resolveTarget({ role: 'text', name: '', label: 'City' }, [{ id: 'x', type: 'text', name: '', label: 'Town' }])).toEqual({
      miss: 'TARGET_NOT_FOUND',
      detail: 'no text labelled "City" is listed',
    });
  });

  it('is a typed miss when no control or several match (never a guess)', () => {
    expect(resolveTarget({ role: 'push button', name: 'Cancel' }, listed)).toMatchObject({ miss: 'TARGET_NOT_FOUND' });
    expect(resolveTarget({ role: 'push button', name: 'OK' }, listed)).toMatchObject({ miss: 'TARGET_AMBIGUOUS', detail: '2 controls are push button "OK"' });
    expect(resolveTarget({ role: 'push button', name: 'OK', nth: 3 }, listed)).toMatchObject({ miss: 'TARGET_NOT_FOUND' });
    // "the 2nd of 3 alike" among 2 alike is not a place: a typed miss
    expect(resolveTarget({ role: 'push button', name: 'OK', nth: 2, of: 2 }, listed)).toEqual({ id: 'a2' });
    expect(resolveTarget({ role: 'push button', name: 'OK', nth: 2, of: 3 }, listed)).toMatchObject({
      miss: 'TARGET_AMBIGUOUS',
      detail: '2 controls are push button "OK", not 3 as when recorded',
    });
  });
});

describe('playCachedRun', () => {
  it('plays every step without a model: each control found again in a fresh listing, variables filled in', async () => {
    const app = fakeApp([
      { type: 'menu item', name: 'Save As…' },
      { type: 'push button', name: 'Cancel' },
      { type: 'push button', name: 'Save' },
    ]);
    const seen: string[] = [];
    const outcome = await playCachedRun(SAVE_AS, {
      dispatcher: app.dispatcher,
      target: TARGET,
      variables: { file: '/tmp/q4' },
      onStep: (s) => seen.push(`${s.index}:${s.outcome}`),
    });
    expect(outcome.status).toBe('completed');
    expect(seen).toEqual(['0:hit', '1:hit', '2:hit']);
    expect(app.sent.map((c) => `${c.tool_name}(${JSON.stringify(c.parameters)})`)).toEqual([
      'get_app_window_controls_target_info({})',
      'click_input({"id":"c1-0"})',
      'type_text({"text":"/tmp/q4.csv"})',
      'get_app_window_controls_target_info({})',
      'click_input({"id":"c2-2"})',
    ]);
  });

  it('stops before acting when a control is gone or not the only one, with a typed reason and the steps done', async () => {
    const renamed = fakeApp([{ type: 'menu item', name: 'Save a Copy…' }]);
    const gone = await playCachedRun(SAVE_AS, { dispatcher: renamed.dispatcher, target: TARGET, variables: { file: '/tmp/q4' } });
    expect(gone).toMatchObject({ status: 'diverged', at: 0, reason: 'TARGET_NOT_FOUND' });
    expect(renamed.sent.filter((c) => c.tool_name === 'click_input')).toEqual([]);

    const twice = fakeApp([
      { type: 'menu item', name: 'Save As…' },
      { type: 'push button', name: 'Save' },
      { type: 'push button', name: 'Save' },
    ]);
    const ambiguous = await playCachedRun(SAVE_AS, { dispatcher: twice.dispatcher, target: TARGET, variables: { file: '/tmp/q4' } });
    expect(ambiguous).toMatchObject({ status: 'diverged', at: 2, reason: 'TARGET_AMBIGUOUS' });
    expect(ambiguous.steps.map((s) => s.outcome)).toEqual(['hit', 'hit', 'TARGET_AMBIGUOUS']);
    expect(twice.sent.filter((c) => c.tool_name === 'click_input')).toHaveLength(1);
  });

  it('stops when a step fails or its recorded effect is not seen (a disabled button), and can go on from a later step', async () => {
    const disabled = fakeApp([
      { type: 'menu item', name: 'Save As…', inert: true },
      { type: 'push button', name: 'Save' },
    ]);
    const inert = await playCachedRun(SAVE_AS, { dispatcher: disabled.dispatcher, target: TARGET, variables: { file: '/tmp/q4' } });
    expect(inert).toMatchObject({ status: 'diverged', at: 0, reason: 'EFFECT_NOT_SEEN' });
    expect(disabled.sent.filter((c) => c.tool_name === 'type_text')).toEqual([]);

    const failing = fakeApp([
      { type: 'menu item', name: 'Save As…' },
      { type: 'push button', name: 'Save', fails: true },
    ]);
    expect(await playCachedRun(SAVE_AS, { dispatcher: failing.dispatcher, target: TARGET, variables: { file: '/tmp/q4' } })).toMatchObject({
      status: 'diverged',
      at: 2,
      reason: 'STEP_FAILED',
    });

    const rest = fakeApp([{ type: 'push button', name: 'Save' }]);
    const resumed = await playCachedRun(SAVE_AS, { dispatcher: rest.dispatcher, target: TARGET, variables: { file: '/tmp/q4' }, from: 2 });
    expect(resumed.status).toBe('completed');
    expect(rest.sent.map((c) => c.tool_name)).toEqual(['get_app_window_controls_target_info', 'click_input']);
  });

  it('stops with EFFECT_DIFFERS when a window opens that the cached run did not see open', async () => {
    const app = fakeApp([{ type: 'push button', name: 'Save' }]);
    const dispatcher: CommandDispatcher = {
      ...app.dispatcher,
      async execute(commands, options) {
        const results = await app.dispatcher.execute(commands, options);
        return results.map((r, i) =>
          commands[i]!.tool_name === 'click_input' && r.status === 'success'
            ? { ...r, result: { ...(r.result as object), effect: { changed: true, changes: ['window opened: "Confirm replace" (5)'] } } }
            : r,
        );
      },
    };
    const run = cached([
      {
        function: 'click_input',
        arguments: {},
        target: { role: 'push button', name: 'Save' },
        effect: { changed: true, changes: ['window closed: "Save As" (3)'] },
      },
      { function: 'keyboard_input', arguments: { keys: 'ctrl+q' } },
    ]);
    const outcome = await playCachedRun(run, { dispatcher, target: TARGET, variables: { file: '/tmp/b.ods' } });
    expect(outcome).toMatchObject({ status: 'diverged', at: 0, reason: 'EFFECT_DIFFERS' });
    expect(app.sent.map((c) => c.tool_name)).toEqual(['get_app_window_controls_target_info', 'click_input']);
  });

  it('a variable the run does not give is a typed error before anything runs', async () => {
    const app = fakeApp([
      { type: 'menu item', name: 'Save As…' },
      { type: 'push button', name: 'Save' },
    ]);
    await expect(playCachedRun(cached([SAVE_AS.steps[0], SAVE_AS.steps[1]]), { dispatcher: app.dispatcher, target: TARGET })).rejects.toMatchObject({
      code: 'ACTION_CACHE_VARIABLE_MISSING',
    });
    expect(app.sent).toEqual([]);
  });
});
