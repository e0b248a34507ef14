import { describe, expect, it } from 'vitest';
import { TaskSuiteError } from '../../src/errors.js';
import { GroundedModel } from '../../src/grounded/grounded-model.js';
import type { ReferenceStep } from '../../src/grounded/reference-steps.js';
import { ImperfectModel } from '../../src/imperfect/imperfect-model.js';
import { imperfectModelFor } from '../../src/imperfect/imperfect-model-for.js';
import { IMPERFECT_KINDS, parseModelSpec, type ImperfectKind } from '../../src/imperfect/model-spec.js';
import { mulberry32 } from '../../src/imperfect/prng.js';
import type { RunTaskOptions } from '../../src/run/run-task.js';
import type { DesktopTask, TaskWorkspace } from '../../src/task.js';
import { ask, failure, promptText, SIM_SOLUTION, SimEditor, success, transcript, type SimTurn } from './imperfect-sim.js';

const model = (kind: ImperfectKind, seed = 1, extra: Partial<ConstructorParameters<typeof ImperfectModel>[0]> = {}) =>
  new ImperfectModel({ kind, seed, steps: SIM_SOLUTION, label: 'sim', ...extra });

/** The calls that ran with success, in order. */
const succeeded = (turns: readonly SimTurn[]) =>
  turns.flatMap((t) => t.lines.filter((l) => l.includes('→ success')).map((l) => l.slice(2, l.indexOf('(')) + l.slice(l.indexOf('('), l.indexOf(') →') + 1)));

/** The reference's own transcript on the simulated editor. */
async function referenceRun(options: ConstructorParameters<typeof SimEditor>[0] = {}) {
  const app = new SimEditor(options);
  const turns = await app.drive(new GroundedModel({ steps: SIM_SOLUTION, label: 'sim' }));
  return { app, turns };
}

describe('the simulated editor (the harness of these tests)', () => {
  it('is solved by the reference player in 6 replies', async () => {
    const { app, turns } = await referenceRun();
    expect(app.savedAs).toBe('/tmp/hello.txt');
    expect(app.text).toBe('hello');
    expect(transcript(turns)).toEqual([
      'type_text({"text":"hello","id":"t1"})',
      'click_input({"id":"m1","name":"File"})',
      'click_input({"id":"i2","name":"Save As..."})',
      'set_edit_text({"id":"d11","name":"","text":"/tmp/hello.txt","clear_current_text":true})',
      'click_input({"id":"d13","name":"Save"})',
      '- FINISH',
    ]);
  });
});

describe('parseModelSpec', () => {
  it('reads imperfect:<kind>[:<seed>], seed 1 by default', () => {
    expect(parseModelSpec('imperfect:stale')).toEqual({ kind: 'stale', seed: 1 });
    expect(parseModelSpec('imperfect:wrong-target:42')).toEqual({ kind: 'wrong-target', seed: 42 });
    expect(parseModelSpec('imperfect:hasty:0')).toEqual({ kind: 'hasty', seed: 0 });
    for (const kind of IMPERFECT_KINDS) expect(parseModelSpec(`imperfect:${kind}`).kind).toBe(kind);
  });

  it.each([
    'imperfect:lazy',
    'gpt-4o',
    'imperfect',
    'imperfect:stale:x',
    'imperfect:stale:-1',
    'imperfect:stale:1:2',
    'imperfect:stale:4294967296',
    'reference',
  ])('refuses %s with MODEL_SPEC_INVALID naming the kinds', (spec) => {
    const error = (() => {
      try {
        parseModelSpec(spec);
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(TaskSuiteError);
    expect((error as TaskSuiteError).code).toBe('MODEL_SPEC_INVALID');
    expect((error as Error).message).toContain(JSON.stringify(spec));
    if (!spec.includes(':stale:')) expect((error as Error).message).toContain(IMPERFECT_KINDS.join(', '));
  });
});

describe('mulberry32', () => {
  it('gives the same sequence for a seed and another for another seed', () => {
    const a = Array.from({ length: 5 }, mulberry32(1).next);
    const seq = mulberry32(1);
    expect(Array.from({ length: 5 }, () => seq.next())).toEqual(a);
    expect(Array.from({ length: 5 }, mulberry32(2).next)).not.toEqual(a);
    const r = mulberry32(7);
    for (let i = 0; i < 100; i += 1) expect(r.int(3)).toBeGreaterThanOrEqual(0);
    expect(r.pick([])).toBeUndefined();
  });
});

describe('ImperfectModel: stubborn', () => {
  it('sends exactly the same action again while it changes nothing or fails, ignoring progress checks', async () => {
    const m = model('stubborn');
    const first = await ask(m, promptText({ controls: ['[t1] text "" [focused]'] }));
    expect(first.actions).toEqual([{ function: 'type_text', arguments: { text: 'hello', id: 't1' } }]);
    // The ids change, the action had no effect, the engine says so: the same action, the old id, again and again.
    for (let i = 0; i < 4; i += 1) {
      const again = await ask(m, promptText({ controls: ['[t9] text "" [focused]'], last: [success(first.actions[0]!, false)], progress: ['no progress'] }));
      expect(again.actions).toEqual(first.actions);
    }
    const failed = await ask(m, promptText({ controls: ['[t9] text ""'], last: [failure(first.actions[0]!, 'CONTROL_STALE')] }));
    expect(failed.actions).toEqual(first.actions);
    // Once it has an effect, it goes on with the reference.
    const next = await ask(m, promptText({ controls: ['[m1] menu "File"'], last: [success(first.actions[0]!, true)] }));
    expect(next.actions).toEqual([{ function: 'click_input', arguments: { id: 'm1', name: 'File' } }]);
  });

  it("plays a trap task's tempting step first, on a disabled control, and keeps repeating it", async () => {
    const app = new SimEditor({ progressAfter: 2 });
    const turns = await app.drive(model('stubborn', 1, { trap: [{ click: { role: 'push button', name: 'Replace All' } }] }), 12);
    expect(turns).toHaveLength(12);
    for (const t of turns) expect(t.actions).toEqual([{ function: 'click_input', arguments: { id: 'b1', name: 'Replace All' } }]);
    expect(turns.filter((t) => t.progressCheck).length).toBeGreaterThanOrEqual(3);
    expect(app.text).toBe('');
  });

  it('without a trap and with effects, it is the reference', async () => {
    const { turns: reference } = await referenceRun();
    expect(transcript(await new SimEditor().drive(model('stubborn')))).toEqual(transcript(reference));
  });
});

describe('ImperfectModel: ping-pong', () => {
  it('opens and closes the menu until a progress check, then goes back to the path and finishes', async () => {
    for (const seed of [1, 2, 3, 4]) {
      const app = new SimEditor({ progressAfter: 4 });
      const turns = await app.drive(model('ping-pong', seed));
      const t = transcript(turns);
      expect(t[0]).toBe('type_text({"text":"hello","id":"t1"})');
      const check = turns.findIndex((x) => x.progressCheck);
      expect(check).toBeGreaterThan(4);
      // Before the check: the menu click, then a closer (Escape or the click again), alternating.
      for (let i = 1; i < check; i += 1) {
        if (i % 2 === 1) expect(t[i]).toBe('click_input({"id":"m1","name":"File"})');
        else expect(['keyboard_input({"keys":"Escape"})', 'click_input({"id":"m1","name":"File"})']).toContain(t[i]);
      }
      // After it: the reference path (the menu item, the dialog) and FINISH.
      expect(t.slice(check).join('\n')).toContain('click_input({"id":"i2","name":"Save As..."})');
      expect(t.at(-1)).toContain('FINISH');
      expect(app.savedAs).toBe('/tmp/hello.txt');
    }
  });

  it('when the check comes with the menu open, it does not click the menu closed again', async () => {
    const m = model('ping-pong', 1, {
      steps: [{ click: { role: 'menu', name: 'File' } }, { click: { role: 'menu item', name: 'Save As...' } }, { finish: true }],
    });
    const closed = ['[m1] menu "File"'];
    const open = ['[m1] menu "File" [selected]', '[i2] menu item "Save As..."'];
    const opened = await ask(m, promptText({ controls: closed }));
    expect(opened.actions).toEqual([{ function: 'click_input', arguments: { id: 'm1', name: 'File' } }]);
    const closing = await ask(m, promptText({ controls: open, last: [success(opened.actions[0]!)] }));
    const reopened = await ask(m, promptText({ controls: closed, last: [success(closing.actions[0]!)] }));
    expect(reopened.actions).toEqual(opened.actions);
    const heeded = await ask(m, promptText({ controls: open, last: [success(opened.actions[0]!)], progress: ['the menu opened and closed 3 times'] }));
    expect(heeded.actions).toEqual([{ function: 'click_input', arguments: { id: 'i2', name: 'Save As...' } }]);
    expect((await ask(m, promptText({ controls: closed }))).status).toBe('FINISH');
  });

  it('chooses its menu click and its closer by the seed', async () => {
    const steps: ReferenceStep[] = [
      { click: { role: 'menu', name: 'File' } },
      { click: { role: 'menu item', name: 'New' } },
      { click: { role: 'menu', name: 'Edit' } },
      { click: { role: 'menu item', name: 'Copy' } },
      { finish: true },
    ];
    const listing = ['[m1] menu "File"', '[m2] menu "Edit"', '[i1] menu item "New"', '[i4] menu item "Copy"'];
    const run = async (seed: number) => {
      const m = model('ping-pong', seed, { steps });
      const out: string[] = [];
      for (let i = 0; i < 8; i += 1) out.push(JSON.stringify((await ask(m, promptText({ controls: listing }))).actions));
      return out.join('\n');
    };
    expect(await run(5)).toBe(await run(5));
    const runs = new Set(await Promise.all(Array.from({ length: 12 }, (_, i) => run(i + 1))));
    expect(runs.size).toBeGreaterThanOrEqual(3);
  });
});

describe('ImperfectModel: stale', () => {
  const steps: ReferenceStep[] = [
    { click: { role: 'push button', name: 'A' } },
    { click: { role: 'push button', name: 'B' } },
    { click: { role: 'push button', name: 'C' } },
    { click: { role: 'push button', name: 'D' } },
    { finish: true },
  ];
  // Every prompt lists the same buttons under other ids (the dialog was rebuilt).
  const listing = (n: number) => ['A', 'B', 'C', 'D'].map((name, i) => `[${n % 2 ? 'x' : 'y'}${i}] push button "${name}"`);

  it('uses an id from an earlier listing once after the listing changed, then re-resolves on the failure', async () => {
    const m = model('stale', 1, { steps });
    const replies: Array<{ id: unknown; name: unknown }> = [];
    let last: string[] = [];
    for (let n = 0; n < 7; n += 1) {
      const controls = listing(n);
      const reply = await ask(m, promptText({ controls, last }));
      if (reply.status === 'FINISH') break;
      const call = reply.actions[0]!;
      replies.push({ id: call.arguments.id, name: call.arguments.name });
      last = [
        controls.some((c) => c.startsWith(`[${String(call.arguments.id)}] `)) ? success(call) : failure(call, 'CONTROL_STALE', 'an id from an older listing'),
      ];
    }
    const stale = replies.findIndex((r, n) => !listing(n).some((c) => c.startsWith(`[${String(r.id)}] `)));
    expect(stale).toBeGreaterThan(0);
    expect(String(replies[stale]!.id)).toMatch(stale % 2 ? /^y/ : /^x/); // the previous prompt's id
    expect(replies[stale + 1]!.name).toBe(replies[stale]!.name); // the same control again, on the current listing
    expect(replies.map((r) => r.name)).toEqual([...['A', 'B', 'C', 'D'].slice(0, stale + 1), ...['A', 'B', 'C', 'D'].slice(stale)]);
  });

  it('does nothing while the listing does not change', async () => {
    const m = model('stale', 1, { steps });
    const fixed = listing(0);
    for (const name of ['A', 'B', 'C', 'D']) {
      const reply = await ask(m, promptText({ controls: fixed, last: [] }));
      expect(reply.actions[0]!.arguments).toEqual({ id: fixed.find((c) => c.includes(`"${name}"`))!.slice(1, 3), name });
    }
  });

  it('chooses the step by the seed', async () => {
    const at = async (seed: number) => {
      const m = model('stale', seed, { steps });
      for (let n = 0; n < 4; n += 1) {
        const reply = await ask(m, promptText({ controls: listing(n) }));
        if (!listing(n).some((c) => c.startsWith(`[${String(reply.actions[0]!.arguments.id)}] `))) return n;
      }
      return -1;
    };
    expect(await at(3)).toBe(await at(3));
    const points = new Set(await Promise.all(Array.from({ length: 12 }, (_, i) => at(i + 1))));
    expect([...points].every((p) => p >= 1)).toBe(true);
    expect(points.size).toBeGreaterThanOrEqual(2);
  });
});

describe('ImperfectModel: wrong-target', () => {
  it('clicks a same-role neighbour naming the intended control, then retries on the right one', async () => {
    const app = new SimEditor();
    const turns = await app.drive(model('wrong-target', 1));
    const wrong = turns.filter((t) => t.lines.some((l) => l.includes('CONTROL_NAME_MISMATCH')));
    expect(wrong.length).toBeGreaterThanOrEqual(1);
    for (const t of wrong) {
      const next = turns[turns.indexOf(t) + 1]!;
      expect(next.actions[0]!.arguments.name).toBe(t.actions[0]!.arguments.name);
      expect(next.actions[0]!.arguments.id).not.toBe(t.actions[0]!.arguments.id);
    }
    expect(app.savedAs).toBe('/tmp/hello.txt');
    const { turns: reference } = await referenceRun();
    expect(succeeded(turns)).toEqual(succeeded(reference));
  });

  it('with rate 0 goes wrong exactly once, on the last click; with rate 1 on every click it can', async () => {
    const never = await new SimEditor().drive(model('wrong-target', 1, { wrongTargetRate: 0 }));
    const wrongNever = never.filter((t) => t.lines.some((l) => l.includes('MISMATCH')));
    expect(wrongNever.map((t) => t.actions[0]!.arguments)).toEqual([{ id: 'd12', name: 'Save' }]);
    const always = await new SimEditor().drive(model('wrong-target', 1, { wrongTargetRate: 1 }));
    expect(always.filter((t) => t.lines.some((l) => l.includes('MISMATCH'))).map((t) => t.actions[0]!.arguments.name)).toEqual(['File', 'Save As...', 'Save']);
  });

  it('is the same for a seed and goes wrong elsewhere for others', async () => {
    const pattern = async (seed: number) => transcript(await new SimEditor().drive(model('wrong-target', seed))).join('\n');
    expect(await pattern(9)).toBe(await pattern(9));
    expect(new Set(await Promise.all(Array.from({ length: 12 }, (_, i) => pattern(i + 1)))).size).toBeGreaterThanOrEqual(2);
  });
});

describe('ImperfectModel: explorer', () => {
  it('takes one or two harmless wrong turns (a wrong menu closed, or a dialog cancelled), then solves the task', async () => {
    const kinds = new Set<string>();
    for (let seed = 1; seed <= 12; seed += 1) {
      const app = new SimEditor();
      const turns = await app.drive(model('explorer', seed));
      const t = transcript(turns);
      expect(app.savedAs).toBe('/tmp/hello.txt');
      expect(app.text).toBe('hello');
      const detours = t.filter((line) => line.includes('"name":"Edit"'));
      expect(detours.length).toBeGreaterThanOrEqual(1);
      expect(detours.length).toBeLessThanOrEqual(2);
      for (const line of detours) {
        const after = t[t.indexOf(line) + 1]!;
        if (after.includes('Preferences...')) {
          kinds.add('dialog');
          expect(t[t.indexOf(line) + 2]).toMatch(/"name":"Close"|Escape/);
        } else {
          kinds.add('menu');
          expect(after).toBe('keyboard_input({"keys":"Escape"})');
        }
      }
      expect(t.filter((line) => line.includes('"name":"File"'))).toHaveLength(1);
    }
    expect(kinds).toEqual(new Set(['menu', 'dialog']));
  });

  it('is the reference when the listing has no other menu', async () => {
    const steps: ReferenceStep[] = [{ click: { role: 'push button', name: 'OK' } }, { finish: true }];
    const m = model('explorer', 1, { steps });
    expect((await ask(m, promptText({ controls: ['[a1] push button "OK"'] }))).actions).toEqual([
      { function: 'click_input', arguments: { id: 'a1', name: 'OK' } },
    ]);
    expect((await ask(m, promptText({ controls: ['[a1] push button "OK"'] }))).status).toBe('FINISH');
  });

  it('is the same for a seed and differs across seeds', async () => {
    const run = async (seed: number) => transcript(await new SimEditor().drive(model('explorer', seed))).join('\n');
    expect(await run(4)).toBe(await run(4));
    expect(new Set(await Promise.all(Array.from({ length: 12 }, (_, i) => run(i + 1)))).size).toBeGreaterThanOrEqual(3);
  });
});

describe('ImperfectModel: premature', () => {
  it('finishes one step early, and after the finish check plays the skipped step and finishes', async () => {
    const app = new SimEditor();
    const turns = await app.drive(model('premature'));
    const t = transcript(turns);
    expect(t[4]).toBe('- FINISH'); // in place of the click on Save
    expect(turns[5]!.finishCheck).toBe(true);
    expect(t.slice(5)).toEqual(['click_input({"id":"d13","name":"Save"})', '- FINISH']);
    expect(app.savedAs).toBe('/tmp/hello.txt');
  });

  it('skips a window selection before the finish and finishes with the result, natively too', async () => {
    const steps: ReferenceStep[] = [
      { type: 'x' },
      { click: { role: 'push button', name: 'Save' } },
      { selectWindow: { title: 'Main' } },
      { finish: true, result: 'saved' },
    ];
    const m = model('premature', 1, { steps, nativeTools: true });
    expect(m.features?.toolCalls).toBe(true);
    const controls = ['[a1] push button "Save"'];
    const windows = ['[9] app "Main"'];
    await ask(m, promptText({ controls, windows }));
    const early = await m.complete({ messages: promptText({ controls, windows }) });
    expect(early.toolCalls).toEqual([
      { id: 'call_2_1', type: 'function', name: 'respond', arguments: expect.objectContaining({ status: 'FINISH', result: 'saved' }) },
    ]);
    const retry = await ask(m, promptText({ controls, windows, finish: ['not saved'] }));
    expect(retry.actions).toEqual([{ function: 'click_input', arguments: { id: 'a1', name: 'Save' } }]);
    expect((await ask(m, promptText({ controls, windows }))).actions[0]!.function).toBe('select_application_window');
    expect((await ask(m, promptText({ controls, windows }))).status).toBe('FINISH');
  });
});

describe('ImperfectModel: hasty', () => {
  it('acts on its best guess where the reference waits, then follows the results', async () => {
    const { turns: reference } = await referenceRun({ dialogDelay: 1 });
    expect(transcript(reference)[3]).toBe('wait({"seconds":0.5})');
    const app = new SimEditor({ dialogDelay: 1 });
    const turns = await app.drive(model('hasty'));
    const t = transcript(turns);
    // The dialog's field is not listed yet: the focused text field, named as the field it means.
    expect(t[3]).toBe('set_edit_text({"id":"t1","name":"Name:","text":"/tmp/hello.txt","clear_current_text":true})');
    expect(turns[3]!.lines[0]).toContain('CONTROL_NAME_MISMATCH');
    expect(t[4]).toBe('set_edit_text({"id":"d11","name":"","text":"/tmp/hello.txt","clear_current_text":true})');
    expect(t.at(-1)).toContain('FINISH');
    expect(app.savedAs).toBe('/tmp/hello.txt');
  });

  it('guesses the focused control of the role (or the first) and waits when no control of the role is listed', async () => {
    const steps: ReferenceStep[] = [{ click: { role: 'menu item', name: 'Save As...' } }, { finish: true }];
    const focused = await ask(model('hasty', 1, { steps }), promptText({ controls: ['[i1] menu item "New"', '[i3] menu item "Open..." [focused]'] }));
    expect(focused.actions).toEqual([{ function: 'click_input', arguments: { id: 'i3', name: 'Save As...' } }]);
    const first = await ask(model('hasty', 1, { steps }), promptText({ controls: ['[i1] menu item "New"', '[i3] menu item "Open..."'] }));
    expect(first.actions[0]!.arguments).toEqual({ id: 'i1', name: 'Save As...' });
    const none = await ask(model('hasty', 1, { steps }), promptText({ controls: ['[b1] push button "OK"'] }));
    expect(none.actions).toEqual([{ function: 'wait', arguments: { seconds: 0.5 } }]);
  });
});

describe('every kind', () => {
  it.each(IMPERFECT_KINDS.map((k) => [k]))('%s gives the same replies for the same seed', async (kind) => {
    const run = async () => transcript(await new SimEditor({ dialogDelay: 1 }).drive(model(kind, 3), 25));
    expect(await run()).toEqual(await run());
  });

  it.each(IMPERFECT_KINDS.map((k) => [k]))('%s answers in native tool mode with the same actions', async (kind) => {
    const text = await new SimEditor().drive(model(kind, 2), 25);
    const native = await new SimEditor().drive(model(kind, 2, { nativeTools: true }), 25);
    expect(transcript(native)).toEqual(transcript(text));
  });
});

describe('imperfectModelFor', () => {
  const task = {
    id: 'sim-task',
    solution: (ctx: TaskWorkspace) => [{ type: ctx.dir }, { finish: true }],
    trap: { steps: [{ click: { role: 'push button', name: 'Replace All' } }], cause: 'disabled', summary: 'a disabled button' },
  } as unknown as DesktopTask;
  const ctx = { dir: 'from-ctx' } as TaskWorkspace;

  it("builds the kind on the task's solution for its context, with its trap", async () => {
    const m = imperfectModelFor(task, ctx, { kind: 'stubborn', seed: 4 });
    expect(m.modelId).toBe('imperfect-stubborn-4');
    expect(m.player.steps).toEqual([{ type: 'from-ctx' }, { finish: true }]);
    expect((await ask(m, promptText({ controls: ['[b1] push button "Replace All" [disabled]'] }))).actions).toEqual([
      { function: 'click_input', arguments: { id: 'b1', name: 'Replace All' } },
    ]);
    const hasty = imperfectModelFor(task, ctx, { kind: 'hasty', nativeTools: true });
    expect(hasty.seed).toBe(1);
    expect(hasty.features?.toolCalls).toBe(true);
  });

  it("fits runTask's model option", () => {
    const options: RunTaskOptions = { model: (t, c) => imperfectModelFor(t, c, { kind: 'premature' }) };
    expect(options.model?.(task, ctx)).toBeInstanceOf(ImperfectModel);
  });
});
