import { AppResponseSchema, readLastActions, readPromptListing } from '@ufo-ts/processor-strategies';
import { describe, expect, it } from 'vitest';
import { GroundedModel } from '../../src/grounded/grounded-model.js';
import type { ReferenceStep } from '../../src/grounded/reference-steps.js';
import { hadNoEffect, readPromptNotices } from '../../src/imperfect/prompt-notices.js';
import { ask, failure, promptText, SIM_SOLUTION, SimEditor, success, transcript, type SimCall } from './imperfect-sim.js';

const FORM = [
  '[a1] text "" labelled "Name:" [focused, editable]',
  '[a2] text "" labelled "City:"',
  '[a3] check box "Subscribe"',
  '[a4] push button "OK"',
  '[a5] push button "Apply" [disabled]',
];
// The same form after a re-layout: other ids.
const FORM_AGAIN = FORM.map((line) => line.replace(/^\[a/, '[b'));

const FORM_STEPS: ReferenceStep[] = [
  { setText: 'Ada', into: { role: 'text', label: 'Name:' } },
  { type: 'Paris', into: { role: 'text', label: 'City:' } },
  { click: { role: 'check box', name: 'Subscribe' } },
  { click: { role: 'push button', name: 'OK' } },
  { selectWindow: { title: 'Main' } },
  { finish: true },
];

const names = (actions: SimCall[]) => actions.map((a) => `${a.function}:${String(a.arguments.id ?? a.arguments.text ?? '')}`);

describe('GroundedModel with batch', () => {
  it('is off by default: one step per reply', async () => {
    const model = new GroundedModel({ steps: FORM_STEPS });
    expect(names((await ask(model, promptText({ controls: FORM }))).actions)).toEqual(['set_edit_text:a1']);
  });

  it('puts consecutive steps whose controls are all listed into one reply, a listed window too, and ends it with the finish', async () => {
    const model = new GroundedModel({ steps: FORM_STEPS, batch: true });
    const first = await ask(model, promptText({ controls: FORM, windows: ['[9] app "Main"'] }));
    expect(names(first.actions)).toEqual(['set_edit_text:a1', 'type_text:a2', 'click_input:a3', 'click_input:a4', 'select_application_window:9']);
    expect(first.status).toBe('FINISH');
  });

  it('stops before a step with when, a wait, an all step, a disabled or an unlisted control when the prompt does not offer names', async () => {
    const cases: Array<[ReferenceStep, number]> = [
      [{ click: { role: 'push button', name: 'OK' }, when: { role: 'push button', name: 'OK' } }, 1],
      [{ wait: 1 }, 1],
      [{ all: [{ keys: 'ctrl+s' }] }, 1],
      [{ selectWindow: { title: 'Save As' } }, 1],
      [{ click: { role: 'push button', name: 'Apply' } }, 1],
      [{ click: { role: 'push button', name: 'Quit' } }, 1],
      [{ keys: 'Tab' }, 2],
    ];
    for (const [second, count] of cases) {
      const model = new GroundedModel({ steps: [{ click: { role: 'check box', name: 'Subscribe' } }, second, { wait: 1 }], batch: true });
      expect((await ask(model, promptText({ controls: FORM }))).actions, JSON.stringify(second)).toHaveLength(count);
    }
  });

  it('plays a first step that is not batchable alone, as without batch', async () => {
    const model = new GroundedModel({ steps: [{ all: [{ keys: 'ctrl+a' }] }, { click: { role: 'push button', name: 'OK' } }, { finish: true }], batch: true });
    expect(names((await ask(model, promptText({ controls: FORM }))).actions)).toEqual(['keyboard_input:']);
  });

  it('resumes from the first action that was skipped, re-resolved on the new listing', async () => {
    const model = new GroundedModel({ steps: FORM_STEPS, batch: true });
    const first = await ask(model, promptText({ controls: FORM }));
    const [a, b, c, d] = first.actions as [SimCall, SimCall, SimCall, SimCall];
    const last = [
      success(a),
      success(b),
      `- ${c.function}(${JSON.stringify(c.arguments)}) → skipped: TARGET_CHANGED: the window changed after the previous action`,
      `- ${d.function}(${JSON.stringify(d.arguments)}) → not run`,
    ];
    const resumed = await ask(model, promptText({ controls: FORM_AGAIN, last }));
    // the window "Main" is not listed and the prompt offers no names: the batch stops before it
    expect(names(resumed.actions)).toEqual(['click_input:b3', 'click_input:b4']);
  });

  it('resumes from a failed action, and does not replay the ones that succeeded', async () => {
    const model = new GroundedModel({ steps: FORM_STEPS, batch: true });
    const first = await ask(model, promptText({ controls: FORM }));
    const [a, b, c, d] = first.actions as [SimCall, SimCall, SimCall, SimCall];
    const resumed = await ask(model, promptText({ controls: FORM_AGAIN, last: [success(a), success(b), success(c), failure(d, 'CONTROL_COVERED')] }));
    expect(names(resumed.actions)).toEqual(['click_input:b4']);
  });

  it('solves the simulated editor in fewer replies than step by step', async () => {
    const batched = new SimEditor();
    const turns = await batched.drive(new GroundedModel({ steps: SIM_SOLUTION, batch: true }));
    expect(batched.savedAs).toBe('/tmp/hello.txt');
    // without names in the prompt: type + File click go together (the menu item is not listed yet); the dialog's
    // field + Save + the finish together.
    expect(transcript(turns)).toEqual([
      'type_text({"text":"hello","id":"t1"}) + click_input({"id":"m1","name":"File"})',
      'click_input({"id":"i2","name":"Save As..."})',
      'set_edit_text({"id":"d11","name":"","text":"/tmp/hello.txt","clear_current_text":true}) + click_input({"id":"d13","name":"Save"}) FINISH',
    ]);
  });
});

// The main window of an editor, its File menu closed; the windows of the desktop.
const EDITOR = ['[a1] menu "File"', '[a2] menu "Edit"', '[a3] text "" shows "" [focused, editable]'];
const DESKTOP = ['[100] mousepad "Untitled 1 - Mousepad"'];
const SAVE_AS: ReferenceStep[] = [
  { click: { role: 'menu', name: 'File' } },
  { click: { role: 'menu item', name: 'Save As...' } },
  { selectWindow: { title: 'Save As' } },
  { setText: '/tmp/a.txt', into: { role: 'text', label: 'Name:' } },
  { click: { role: 'push button', name: 'Save' } },
  { finish: true, result: 'saved' },
];
const call = (fn: string, args: Record<string, unknown>) => ({ function: fn, arguments: args });

describe('GroundedModel with batch, when the prompt lets actions name their controls', () => {
  it('crosses a menu opening, a dialog, its field named by label and the finish in one reply', async () => {
    const model = new GroundedModel({ steps: SAVE_AS, batch: true });
    const reply = await ask(model, promptText({ controls: EDITOR, windows: DESKTOP, named: true }));
    expect(reply.actions).toEqual([
      call('click_input', { id: 'a1', name: 'File' }),
      call('click_input', { name: 'Save As...', role: 'menu item' }),
      call('select_application_window', { name: 'Save As' }),
      call('set_edit_text', { name: 'Name:', role: 'text', text: '/tmp/a.txt', clear_current_text: true }),
      call('click_input', { name: 'Save', role: 'push button' }),
    ]);
    expect(reply.status).toBe('FINISH');
    expect(reply.result).toBe('saved');
    expect(model.lastPlayed).toEqual([0, 1, 2, 3, 4, 5]);
    expect(model.done).toBe(true);
  });

  it('puts the FINISH on the last action, in text and in native tool replies', async () => {
    const text = await new GroundedModel({ steps: SAVE_AS, batch: true }).complete({
      messages: promptText({ controls: EDITOR, windows: DESKTOP, named: true }),
      schema: AppResponseSchema,
    });
    const parsed = text.parsed as { action: Array<{ status: string }>; status: string };
    expect(parsed.action.map((a) => a.status)).toEqual(['CONTINUE', 'CONTINUE', 'CONTINUE', 'CONTINUE', 'FINISH']);
    const native = await ask(
      new GroundedModel({ steps: SAVE_AS, batch: true, nativeTools: true }),
      promptText({ controls: EDITOR, windows: DESKTOP, named: true }),
    );
    expect(native.actions).toHaveLength(5);
    expect(native.status).toBe('FINISH');
  });

  it('uses the listed id while the listing shows the control, and names a listed window by id even after a named action', async () => {
    const model = new GroundedModel({
      steps: [
        { click: { role: 'menu', name: 'Edit' } },
        { click: { role: 'menu item', name: 'Preferences...' } },
        { selectWindow: { title: 'Untitled 1 - Mousepad' } },
        { keys: 'ctrl+q' },
        { wait: 1 },
      ],
      batch: true,
    });
    const reply = await ask(model, promptText({ controls: EDITOR, windows: DESKTOP, named: true }));
    expect(reply.actions).toEqual([
      call('click_input', { id: 'a2', name: 'Edit' }),
      call('click_input', { name: 'Preferences...', role: 'menu item' }),
      call('select_application_window', { id: '100', name: 'Untitled 1 - Mousepad' }),
      call('keyboard_input', { keys: 'ctrl+q' }),
    ]);
    expect(reply.status).toBe('CONTINUE');
  });

  it('names fields for type and keys, and a control listed as disabled (an earlier action may enable it)', async () => {
    const model = new GroundedModel({
      steps: [
        { type: 'cat', into: { role: 'text', label: 'Name:' } },
        { click: { role: 'push button', name: 'Apply' } },
        { click: { role: 'push button', name: 'Close' } },
        { keys: 'Return', into: { name: 'Search' } },
        { wait: 1 },
      ],
      batch: true,
    });
    const reply = await ask(model, promptText({ controls: FORM, named: true }));
    expect(reply.actions).toEqual([
      call('type_text', { text: 'cat', id: 'a1' }),
      call('click_input', { name: 'Apply', role: 'push button' }),
      call('click_input', { name: 'Close', role: 'push button' }),
      call('keyboard_input', { keys: 'Return', name: 'Search' }),
    ]);
  });

  it('stops before a reference it can neither find nor name; uses the id of one the listing still shows', async () => {
    const unexpressible: ReferenceStep[] = [
      { type: 'x', into: { role: 'text', afterLabel: 'Name:' } },
      { click: { role: 'push button', shows: 'Go' } },
      { click: { role: 'push button', showsContaining: 'Go' } },
      { click: { role: 'check box', name: 'Wrap', state: 'checked' } },
      { click: { role: 'check box', name: 'Wrap', notState: 'checked' } },
      { click: { role: 'push button', name: 'Go', nth: 2 } },
      { click: { role: ['push button', 'toggle button'], name: 'Go' } },
      { setText: 'x', into: { role: 'spin button' } },
      { selectWindow: { titleContaining: 'Save' } },
    ];
    for (const step of unexpressible) {
      const model = new GroundedModel({ steps: [{ click: { role: 'check box', name: 'Subscribe' } }, step, { finish: true }], batch: true });
      const reply = await ask(model, promptText({ controls: FORM, named: true }));
      expect(names(reply.actions), JSON.stringify(step)).toEqual(['click_input:a3']);
      expect(reply.status, JSON.stringify(step)).toBe('CONTINUE');
    }
    // listed and the listing still shows the screen: its id, as without names
    const listed = new GroundedModel({
      steps: [{ click: { role: 'check box', name: 'Subscribe' } }, { setText: 'x', into: { role: 'text', state: 'focused' } }, { finish: true }],
      batch: true,
    });
    const reply = await ask(listed, promptText({ controls: FORM, named: true }));
    expect(names(reply.actions)).toEqual(['click_input:a3', 'set_edit_text:a1']);
    expect(reply.status).toBe('FINISH');
    // after a named action the listing no longer shows the screen: a reference that cannot be named stops the batch
    // even though the old listing has a match
    const blind = new GroundedModel({
      steps: [{ click: { role: 'menu', name: 'File' } }, { click: { role: 'menu item', name: 'Open...' } }, { setText: 'x', into: { role: 'text' } }],
      batch: true,
    });
    expect((await ask(blind, promptText({ controls: EDITOR, named: true }))).actions).toEqual([
      call('click_input', { id: 'a1', name: 'File' }),
      call('click_input', { name: 'Open...', role: 'menu item' }),
    ]);
  });

  it('resumes at a named action that was skipped in the middle, on the new listing, and finishes there', async () => {
    const model = new GroundedModel({ steps: SAVE_AS, batch: true });
    const first = await ask(model, promptText({ controls: EDITOR, windows: DESKTOP, named: true }));
    const [file, saveAs, select, field, save] = first.actions as [SimCall, SimCall, SimCall, SimCall, SimCall];
    const ranAs = { function: saveAs.function, arguments: { name: 'Save As...', id: 'i2' } };
    const last = [
      success(file),
      success(ranAs),
      `- ${select.function}(${JSON.stringify(select.arguments)}) → skipped: TARGET_CHANGED: not run, the target was checked against the live screen first: no window "Save As" is listed now after click_input`,
      `- ${field.function}(${JSON.stringify(field.arguments)}) → skipped: TARGET_CHANGED: not run, the target was checked against the live screen first: no window "Save As" is listed now after click_input`,
      `- ${save.function}(${JSON.stringify(save.arguments)}) → skipped: TARGET_CHANGED: not run, the target was checked against the live screen first: no window "Save As" is listed now after click_input`,
    ];
    // the dialog is listed now: its window by id, then the field and the button (named: the dialog's controls show
    // only once its window is selected)
    const resumed = await ask(model, promptText({ controls: EDITOR, windows: [...DESKTOP, '[200] mousepad "Save As"'], last, named: true }));
    expect(resumed.actions).toEqual([
      call('select_application_window', { id: '200', name: 'Save As' }),
      call('set_edit_text', { name: 'Name:', role: 'text', text: '/tmp/a.txt', clear_current_text: true }),
      call('click_input', { name: 'Save', role: 'push button' }),
    ]);
    expect(resumed.status).toBe('FINISH');
  });

  it('waits for a refused named control that is still not listed, within its patience', async () => {
    const model = new GroundedModel({ steps: SAVE_AS, batch: true, patience: 2 });
    const first = await ask(model, promptText({ controls: EDITOR, windows: DESKTOP, named: true }));
    const refused = (a: SimCall) => `- ${a.function}(${JSON.stringify(a.arguments)}) → skipped: TARGET_CHANGED: no control "Save As..." is listed now`;
    const [file, ...rest] = first.actions as [SimCall, ...SimCall[]];
    const last = [success(file), ...rest.map(refused)];
    // the menu did not open: step 2 is looked for in the new listing, and waited for
    const again = await ask(model, promptText({ controls: EDITOR, windows: DESKTOP, last, named: true }));
    expect(again.actions.map((a) => a.function)).toEqual(['wait']);
    expect(model.position).toBe(1);
    await expect(ask(model, promptText({ controls: EDITOR, windows: DESKTOP, named: true }))).rejects.toThrow(/REFERENCE_NOT_IN_PROMPT|Save As/);
  });

  it('finishes again when the engine sends the FINISH back with a finish check', async () => {
    const model = new GroundedModel({ steps: SAVE_AS, batch: true });
    const first = await ask(model, promptText({ controls: EDITOR, windows: DESKTOP, named: true }));
    const again = await ask(
      model,
      promptText({ controls: EDITOR, windows: DESKTOP, last: first.actions.map((a) => success(a)), finish: ['the file is empty'], named: true }),
    );
    expect(again.actions).toEqual([]);
    expect(again.status).toBe('FINISH');
    expect(again.result).toBe('saved');
  });

  it('retries from the failed action of a FINISH batch (the engine did not finish)', async () => {
    const model = new GroundedModel({ steps: SAVE_AS, batch: true });
    const first = await ask(model, promptText({ controls: EDITOR, windows: DESKTOP, named: true }));
    const [a, b, c, d, e] = first.actions as [SimCall, SimCall, SimCall, SimCall, SimCall];
    const dialog = ['[d1] text "" labelled "Name:" shows "/tmp/a.txt" [focused, editable]', '[d2] push button "Cancel"', '[d3] push button "Save"'];
    const resumed = await ask(
      model,
      promptText({
        controls: dialog,
        windows: [...DESKTOP, '[200] mousepad "Save As"'],
        last: [success(a), success(b), success(c), success(d), failure(e, 'CONTROL_COVERED')],
        named: true,
      }),
    );
    expect(names(resumed.actions)).toEqual(['click_input:d3']);
    expect(resumed.status).toBe('FINISH');
  });

  it('solves the simulated editor in one reply; after a dialog late to show, it waits for it', async () => {
    const editor = new SimEditor({ named: true });
    const turns = await editor.drive(new GroundedModel({ steps: SIM_SOLUTION, batch: true }));
    expect(editor.savedAs).toBe('/tmp/hello.txt');
    expect(transcript(turns)).toEqual([
      'type_text({"text":"hello","id":"t1"}) + click_input({"id":"m1","name":"File"}) + click_input({"name":"Save As...","role":"menu item"}) + set_edit_text({"name":"Name:","role":"text","text":"/tmp/hello.txt","clear_current_text":true}) + click_input({"name":"Save","role":"push button"}) FINISH',
    ]);
    const late = new SimEditor({ named: true, dialogDelay: 1 });
    const lateTurns = await late.drive(new GroundedModel({ steps: SIM_SOLUTION, batch: true }));
    expect(late.savedAs).toBe('/tmp/hello.txt');
    expect(lateTurns[0]!.lines.map((l) => /→ (\w+)/.exec(l)![1])).toEqual(['success', 'success', 'success', 'skipped', 'skipped']);
    expect(transcript(lateTurns).slice(1)).toEqual([
      'wait({"seconds":0.5})',
      'set_edit_text({"id":"d11","name":"","text":"/tmp/hello.txt","clear_current_text":true}) + click_input({"id":"d13","name":"Save"}) FINISH',
    ]);
  });
});

describe('the last actions and the notices of a prompt', () => {
  it('gives the status of each action line', () => {
    const text = promptText({
      controls: [],
      last: [
        '- click_input({"id":"a1","name":"A) → b"}) → success: {"effect":{"changed":false,"changes":["no visible change within 1500 ms"]}}',
        '- type_text({"text":"x"}) → failure: CONTROL_VANISHED: gone',
        '- click_input({"id":"a2"}) → skipped: TARGET_CHANGED: the window changed',
        '- keyboard_input({"keys":"Escape"}) → not run',
      ],
    });
    const listing = readPromptListing(text);
    expect(listing.lastActions?.map((a) => [a.function, a.status, a.succeeded])).toEqual([
      ['click_input', 'success', true],
      ['type_text', 'failure', false],
      ['click_input', 'skipped', false],
      ['keyboard_input', 'not run', false],
    ]);
    expect(listing.lastActions?.[1]?.detail).toBe('CONTROL_VANISHED: gone');
    expect(listing.lastActionFailed).toBe(true);
    expect(hadNoEffect(listing.lastActions![0]!)).toBe(true);
    expect(readLastActions('<Your last actions and their results:>\n(none)')).toEqual([]);
    const changed = readLastActions(
      '<Your last actions and their results:>\n- click_input({"id":"a1"}) → success: {"effect":{"changed":true,"changes":["a1 states: +checked"]}}',
    );
    expect(changed[0]?.succeeded).toBe(true);
    expect(hadNoEffect(changed[0]!)).toBe(false);
  });

  it('reads the progress and finish checks only when the prompt has them', () => {
    const with_ = readPromptListing(
      promptText({ controls: [], progress: ['No change for 3 steps.', 'Likely cause: disabled'], finish: ['the file is empty'] }),
    );
    expect(readPromptNotices(with_.text)).toEqual({ progressCheck: ['No change for 3 steps.', 'Likely cause: disabled'], finishCheck: ['the file is empty'] });
    expect(readPromptNotices(readPromptListing(promptText({ controls: [] })).text)).toEqual({});
  });
});
