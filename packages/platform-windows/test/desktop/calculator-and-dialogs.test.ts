import { afterEach, describe, expect, it } from 'vitest';
import { ControlVanishedError, WindowVanishedError } from '../../src/errors.js';
import { caught, fakeDesktop, type FakeDesktop } from '../support/fake-desktop.js';

const NOTEPAD = 656834;
const DIALOG = 723070;
const CONFIRM = 985344;
let fake: FakeDesktop;
afterEach(async () => fake?.close());

describe('Calculator (UWP) through the fake bridge', () => {
  it('computes 1 + 2 with Invoke and reads the display', async () => {
    fake = fakeDesktop('calculator.transcript.jsonl');
    const windows = await fake.desktop.getDesktopAppInfo();
    const calc = windows.find((w) => w.name === 'Calculator')!;
    const selected = await fake.desktop.selectApplicationWindow(calc.id, 'Calculator');
    expect(selected.root_name).toBe('ApplicationFrameHost.exe');
    const controls = await fake.desktop.getAppWindowControlsTargetInfo();
    const id = (name: string) => controls.find((c) => c.name === name)!.id;
    for (const name of ['One', 'Plus', 'Two', 'Equals']) {
      expect(await fake.desktop.clickInput(id(name), name)).toBe(`Clicked control ${id(name)}:${name} (invoke pattern).`);
    }
    const snapshot = fake.exchanges.find((e) => e.op === 'snapshot');
    const elements = (snapshot?.ok ? snapshot.result : { elements: [] }) as { elements: { ref: string; name: string }[] };
    const refOf = (name: string) => elements.elements.find((e) => e.name === name)?.ref;
    const invoked = fake.exchanges.filter((e) => e.op === 'invokePattern').map((e) => (e.args as { ref: string }).ref);
    expect(invoked).toEqual(['One', 'Plus', 'Two', 'Equals'].map(refOf));
    expect(await fake.desktop.texts(id('Display is 0'), 'Display is 0')).toBe('Display is 3');
  });
});

describe('modal dialogs and things that vanish', () => {
  async function notepadWithDialogs() {
    fake = fakeDesktop('modal-dialog.transcript.jsonl');
    const windows = await fake.desktop.getDesktopAppInfo();
    expect(windows.map((w) => [w.id, w.name, w.owner_id])).toEqual([
      ['1', 'Confirm Save As', '2'],
      ['2', 'Save as', '3'],
      ['3', 'Untitled - Notepad', null],
      ['4', 'Calculator', null],
    ]);
    await fake.desktop.selectApplicationWindow('3', 'Untitled - Notepad');
    return fake.desktop.getAppWindowControlsTargetInfo();
  }

  it('enumerates the controls of owned dialogs together with the selected window', async () => {
    const controls = await notepadWithDialogs();
    const snapshot = fake.exchanges.find((e) => e.op === 'snapshot');
    expect(snapshot?.args).toMatchObject({ hwnds: [NOTEPAD, CONFIRM, DIALOG] });
    expect(controls.map((c) => [c.id, c.name.split('\n')[0], c.window_handle])).toEqual([
      ['1', 'Text editor', NOTEPAD],
      ['2', 'File name:', DIALOG],
      ['3', 'Save', DIALOG],
      ['4', 'notes.txt already exists.', CONFIRM],
      ['5', 'Yes', CONFIRM],
      ['6', 'No', CONFIRM],
    ]);
  });

  it('captures the screen area of the window and its dialogs so the dialogs show', async () => {
    await notepadWithDialogs();
    fake.clear();
    const shot = await fake.desktop.captureWindowScreenshot();
    expect(fake.exchanges.find((e) => e.op === 'captureScreen')?.args).toEqual({
      rect: { left: 400, top: 200, right: 1600, bottom: 1000 },
    });
    expect(shot.rect).toEqual([400, 200, 1600, 1000]);
  });

  it('reports an Invoke that opened a modal loop as still running, then a vanished control as a clear error', async () => {
    await notepadWithDialogs();
    expect(await fake.desktop.clickInput('5', 'Yes')).toBe('Clicked control 5:Yes (invoke pattern (still running: it probably opened a dialog)).');
    fake.clear();
    const error = await caught(fake.desktop.clickInput('5', 'Yes'));
    expect(error).toBeInstanceOf(ControlVanishedError);
    expect(error.code).toBe('CONTROL_VANISHED');
    expect(error.message).toBe("Control 5 ('Yes') is no longer in the window; call get_app_window_controls_target_info to see the current controls.");
    // It tried the element, re-enumerated to find it again, and gave up without sending any input.
    expect(fake.ops()).toEqual(['windowState', 'invokePattern', 'windowState', 'listWindows', 'snapshot']);
    // Labels that still exist were re-attached to the new snapshot and keep working.
    fake.clear();
    await fake.desktop.clickInput('3', 'Save');
    expect(fake.exchanges.find((e) => e.op === 'invokePattern')?.args).toMatchObject({ ref: 's2.3' });
  });

  it('fails with WINDOW_VANISHED when the selected window closed before a screenshot', async () => {
    fake = fakeDesktop('modal-dialog.transcript.jsonl');
    await fake.desktop.getDesktopAppInfo();
    await fake.desktop.selectApplicationWindow('4', 'Calculator');
    const error = await caught(fake.desktop.captureWindowScreenshot());
    expect(error).toBeInstanceOf(WindowVanishedError);
    expect(error.code).toBe('WINDOW_VANISHED');
    expect(error.message).toBe("The window 'Calculator' no longer exists; call get_desktop_app_info and select a window again.");
    expect((await caught(fake.desktop.clickOnCoordinates(0.5, 0.5))).code).toBe('WINDOW_VANISHED');
    expect((await caught(fake.desktop.selectApplicationWindow('4', 'Calculator'))).code).toBe('WINDOW_VANISHED');
    expect(fake.ops()).not.toContain('input');
  });
});
