import { describe, expect, it } from 'vitest';
import {
  ProgressSettingsSchema,
  assessProgress,
  isNoProgressResult,
  stepEvidence,
  type ActionRecord,
  type StepEvidence,
  type TargetInfo,
} from '../src/index.js';

const controls: TargetInfo[] = [
  { kind: 'control', id: 'a1', name: 'Replace All', type: 'push button', extra: { states: ['disabled'] } },
  { kind: 'control', id: 'a2', name: 'Search for', type: 'text', extra: { states: ['editable', 'focused'] } },
  { kind: 'control', id: 'a3', name: 'Log', type: 'text', extra: { states: ['read-only'] } },
  { kind: 'control', id: 'a4', name: 'File', type: 'menu', extra: { states: [] } },
];

const noChange = { effect: { changed: false, changes: ['no visible change within 400 ms'] } };
const changed = { effect: { changed: true, changes: ['1 popup (menu, list or tooltip) opened'] } };

function action(fn: string, args: Record<string, unknown>, result: ActionRecord['result']): ActionRecord {
  return { function: fn, arguments: args, ...(result ? { result } : {}) };
}
const ok = (value: unknown): ActionRecord['result'] => ({ status: 'success', result: value, call_id: 'c' });
const failed = (error: string): ActionRecord['result'] => ({ status: 'failure', error, call_id: 'c' });

function evidence(step: number, actions: ActionRecord[], listing: TargetInfo[] = controls): StepEvidence {
  return stepEvidence({ step, actions, controls: listing });
}

const enforce = ProgressSettingsSchema.parse({ mode: 'enforce' });
const warn = ProgressSettingsSchema.parse({});

describe('stepEvidence', () => {
  it('reads effect, no effect, failure and the likely cause from results and listed states', () => {
    const e = evidence(1, [
      action('click_input', { id: 'a4', name: 'File' }, ok(changed)),
      action('click_input', { id: 'a1', name: 'Replace All' }, failed('CONTROL_DISABLED: control a1 stayed disabled')),
      action('type_text', { id: 'a3', text: 'x' }, ok(noChange)),
      action('wait', { seconds: 1 }, ok({})),
      action('run_shell', { command: 'ls' }, ok({ stdout: '' })),
    ]);
    expect(e.actions.map((a) => [a.outcome, a.cause])).toEqual([
      ['effect', undefined],
      ['failed', 'disabled'],
      ['no_effect', 'read_only'],
      ['unknown', undefined],
    ]);
    expect(e.actions[1]!.target).toBe('[a1] push button "Replace All"');
  });

  it('names an id the listing no longer shows as covered, and stale or vanished ids as stale', () => {
    const e = evidence(1, [
      action('click_input', { id: 'a9', name: 'Open' }, ok(noChange)),
      action('click_input', { id: 'a8' }, failed('CONTROL_ID_STALE: a8 is from an older listing')),
      action('click_input', { id: 'a7' }, { status: 'failure', code: 'WINDOW_VANISHED', error: 'gone', call_id: 'c' }),
    ]);
    expect(e.actions.map((a) => a.cause)).toEqual(['covered', 'stale_target', 'window_gone']);
  });

  it('names a control a modal dialog blocks as covered, even while it is listed', () => {
    const e = evidence(1, [
      action(
        'click_input',
        { id: 'a4', name: 'File' },
        failed('CONTROL_NOT_ACTIONABLE: control a4 (menu "File") is blocked by the modal dialog "Save As": finish or close the dialog first'),
      ),
    ]);
    expect(e.actions.map((a) => a.cause)).toEqual(['covered']);
  });

  it('gives equal listings the same screen digest and a changed text another one', () => {
    const a = evidence(1, []);
    const b = evidence(2, []);
    const c = evidence(3, [], [{ ...controls[1]!, extra: { states: ['editable'], text: 'abc' } }, ...controls.slice(2)]);
    expect(a.screen).toBe(b.screen);
    expect(c.screen).not.toBe(a.screen);
  });
});

describe('assessProgress', () => {
  const stubborn = (step: number) => evidence(step, [action('click_input', { id: 'a1', name: 'Replace All' }, failed('CONTROL_DISABLED: stayed disabled'))]);

  it('climbs warn → reperceive → fail for the same action with no effect, within 3 steps, naming the cause', () => {
    const history: StepEvidence[] = [];
    const levels = [1, 2, 3].map((n) => {
      history.push(stubborn(n));
      return assessProgress(history, enforce);
    });
    expect(levels.map((v) => v?.level)).toEqual(['warn', 'reperceive', 'fail']);
    expect(levels[2]).toMatchObject({ detection: 'repeated_no_effect', cause: 'disabled', stalledSteps: 3 });
    expect(levels[0]!.notice).toContain('disabled');
  });

  it('only warns in warn mode, and does nothing when off', () => {
    const history = [stubborn(1), stubborn(2), stubborn(3), stubborn(4)];
    expect(assessProgress(history, warn)?.level).toBe('warn');
    expect(assessProgress(history, ProgressSettingsSchema.parse({ mode: 'off' }))).toBeUndefined();
  });

  it('asks instead of failing when onStuck is ask', () => {
    const history = [stubborn(1), stubborn(2), stubborn(3)];
    expect(assessProgress(history, ProgressSettingsSchema.parse({ mode: 'enforce', onStuck: 'ask' }))?.level).toBe('ask');
  });

  it('gives different actions without effect the longer limit', () => {
    const history = [1, 2, 3, 4].map((n) => evidence(n, [action('keyboard_input', { keys: `F${n}` }, ok(noChange))]));
    expect(assessProgress(history.slice(0, 3), enforce)).toMatchObject({ detection: 'no_effect_streak', level: 'reperceive' });
    expect(assessProgress(history, enforce)).toMatchObject({ detection: 'no_effect_streak', level: 'fail', cause: 'no_effect' });
  });

  it('lets an action with an effect end the streak', () => {
    const history = [stubborn(1), stubborn(2), evidence(3, [action('click_input', { id: 'a4' }, ok(changed))])];
    expect(assessProgress(history, enforce)).toBeUndefined();
  });

  it('skips waits and observations: they neither break nor extend a streak', () => {
    const wait = evidence(2, [action('wait', { seconds: 1 }, ok({}))]);
    expect(assessProgress([stubborn(1), wait], enforce)).toBeUndefined();
    expect(assessProgress([stubborn(1), wait, stubborn(3)], enforce)).toMatchObject({ detection: 'repeated_no_effect', stalledSteps: 2 });
  });

  it('detects an A-B-A-B cycle whose screen keeps coming back, though each action had an effect', () => {
    const menuOpen = [...controls, { kind: 'control' as const, id: 'a5', name: 'Open…', type: 'menu item' }];
    const open = (n: number) => evidence(n, [action('click_input', { id: 'a4', name: 'File' }, ok(changed))], controls);
    const close = (n: number) => evidence(n, [action('keyboard_input', { keys: 'Escape' }, ok(changed))], menuOpen);
    const history = [open(1), close(2), open(3), close(4), open(5), close(6)];
    expect(assessProgress(history.slice(0, 3), enforce)).toBeUndefined();
    expect(assessProgress(history.slice(0, 4), enforce)).toMatchObject({ detection: 'cycle', level: 'warn', stalledSteps: 4 });
    expect(assessProgress(history.slice(0, 5), enforce)).toMatchObject({ detection: 'cycle', level: 'reperceive' });
    expect(assessProgress(history, enforce)).toMatchObject({ detection: 'cycle', level: 'fail' });
  });

  it('does not call progress through new screens a cycle', () => {
    const screens = [1, 2, 3, 4, 5].map((n) => [{ kind: 'control' as const, id: 'd', name: 'display', type: 'label', extra: { text: String(n) } }]);
    const history = screens.map((listing, i) => evidence(i + 1, [action('click_input', { id: i % 2 ? 'b1' : 'b2' }, ok(changed))], listing));
    expect(assessProgress(history, enforce)).toBeUndefined();
  });

  it('detects the same screen for several steps although the tools report effects', () => {
    const scroll = (n: number) =>
      evidence(n, [action('wheel_mouse_input', { dy: n }, ok({ effect: { changed: true, changes: ["the window's pixels changed"] } }))]);
    const history = [1, 2, 3, 4, 5, 6, 7].map(scroll);
    expect(assessProgress(history.slice(0, 3), enforce)).toBeUndefined();
    expect(assessProgress(history.slice(0, 4), enforce)).toMatchObject({ detection: 'same_screen', level: 'warn', stalledSteps: 3 });
    expect(assessProgress(history, enforce)).toMatchObject({ detection: 'same_screen', level: 'fail', stalledSteps: 6 });
  });

  it('never flags tools that do not measure effects (unknown outcomes on changing screens)', () => {
    const history = [1, 2, 3, 4, 5].map((n) =>
      evidence(n, [action('run_shell', { command: 'ls' }, ok({ stdout: String(n) }))], [{ kind: 'control', id: 'x', name: String(n) }]),
    );
    expect(assessProgress(history, enforce)).toBeUndefined();
  });

  it('rejects unknown settings with a clear error', () => {
    expect(() => ProgressSettingsSchema.parse({ mode: 'strict' })).toThrow(/mode/);
    expect(() => ProgressSettingsSchema.parse({ limits: { repeated_no_effect: 1 } })).toThrow();
  });

  it('recognises the NO_PROGRESS round result', () => {
    expect(isNoProgressResult({ error: 'NO_PROGRESS', detection: 'cycle', cause: 'no_effect', step: 4, message: 'm' })).toBe(true);
    expect(isNoProgressResult({ error: 'OTHER' })).toBe(false);
  });
});

describe('reports', () => {
  it("show the monitor's judgement and the finish check of each step", async () => {
    const { parseTrajectory, renderHtmlReport, trajectoryToMarkdown } = await import('../src/index.js');
    const evidence = { step: 2, actions: [{ key: 'click_input({"id":"a1"})', outcome: 'failed' as const, cause: 'disabled' as const }], screen: 'x' };
    const assessment = { detection: 'repeated_no_effect' as const, cause: 'disabled' as const, level: 'fail' as const, stalledSteps: 3, limit: 3, notice: 'n' };
    const base = { type: 'step', agent: 'LinuxAgent', agent_kind: 'LinuxAgent', state: 'CONTINUE', round_step: 0, round_num: 0, cost: 0, time: 't' };
    const responseLog = [
      { ...base, session_step: 1, status: 'CONTINUE', finish_check: { passed: false, reason: 'nothing saved', accepted: false } },
      {
        ...base,
        session_step: 2,
        status: 'FAIL',
        progress: { evidence, assessment, result: { error: 'NO_PROGRESS', detection: 'repeated_no_effect', cause: 'disabled', step: 2, message: 'n' } },
      },
    ]
      .map((l) => JSON.stringify(l))
      .join('\n');
    const trajectory = parseTrajectory({ responseLog });
    expect(trajectory.problems).toEqual([]);
    const html = renderHtmlReport(trajectory);
    expect(html).toContain('no progress (repeated_no_effect, likely disabled): fail, 3 of 3 steps — round ended NO_PROGRESS');
    expect(html).toContain('failed: nothing saved — sent back to the model');
    expect(trajectoryToMarkdown(trajectory)).toContain('**Progress check**');
  });

  it('show what the action cache did for each step', async () => {
    const { parseTrajectory, renderHtmlReport, trajectoryToMarkdown } = await import('../src/index.js');
    const base = {
      type: 'step',
      agent: 'LinuxAgent',
      agent_kind: 'LinuxAgent',
      state: 'CONTINUE',
      status: 'CONTINUE',
      round_step: 0,
      round_num: 0,
      cost: 0,
      time: 't',
    };
    const responseLog = [
      { ...base, session_step: 0, cache: { outcome: 'hit', step: 0, count: 6 } },
      { ...base, session_step: 1, cache: { outcome: 'healed', step: 6, reason: 'TARGET_NOT_FOUND' } },
      { ...base, session_step: 2, cache: { outcome: 'miss' } },
    ]
      .map((l) => JSON.stringify(l))
      .join('\n');
    const trajectory = parseTrajectory({ responseLog });
    expect(trajectory.problems).toEqual([]);
    const html = renderHtmlReport(trajectory);
    expect(html).toContain('hit: cached steps 1 to 6');
    expect(html).toContain('healed at cached step 7: TARGET_NOT_FOUND (the model was asked)');
    const markdown = trajectoryToMarkdown(trajectory);
    expect(markdown).toContain('**Action cache**: miss');
  });
});
