import { fromPngDataUrl } from '@ufo-ts/imaging';
import { PNG } from 'pngjs';
import { afterEach, describe, expect, it } from 'vitest';
import { KeySequenceError, NoWindowSelectedError, UnknownTargetIdError } from '../../src/errors.js';
import { normalizeToVirtualDesk } from '../../src/geometry/screen-math.js';
import { caught, fakeDesktop, type FakeDesktop } from '../support/fake-desktop.js';

const NOTEPAD = 656834;
const VIRTUAL = { left: 0, top: 0, right: 2560, bottom: 1440 };
let fake: FakeDesktop;
afterEach(async () => fake?.close());

async function selectedNotepad(options: Parameters<typeof fakeDesktop>[1] = {}) {
  fake = fakeDesktop('notepad.transcript.jsonl', options);
  await fake.desktop.getDesktopAppInfo();
  await fake.desktop.selectApplicationWindow('1', 'Untitled - Notepad');
  const controls = await fake.desktop.getAppWindowControlsTargetInfo();
  fake.clear();
  return controls;
}
const idOf = (controls: { id: string; name: string }[], name: string) => controls.find((c) => c.name === name)!.id;

describe('Notepad through the fake bridge (recorded-format transcript)', () => {
  it('lists desktop windows UFO-style: visible, titled, not IME, not cloaked, labelled in z-order', async () => {
    fake = fakeDesktop('notepad.transcript.jsonl');
    const windows = await fake.desktop.getDesktopAppInfo();
    expect(windows).toEqual([
      { id: '1', name: 'Untitled - Notepad', type: 'Window', kind: 'window', process_name: 'Notepad.exe', owner_id: null },
      { id: '2', name: 'Calculator', type: 'Window', kind: 'window', process_name: 'ApplicationFrameHost.exe', owner_id: null },
      { id: '3', name: 'Program Manager', type: 'Pane', kind: 'window', process_name: 'explorer.exe', owner_id: null },
    ]);
    expect(await fake.desktop.getDesktopAppTargetInfo()).toContainEqual({ kind: 'window', id: '2', name: 'Calculator', type: 'Window' });
  });

  it('selects a window: checks it still exists, focuses it and returns root_name and WindowInfo', async () => {
    fake = fakeDesktop('notepad.transcript.jsonl');
    await fake.desktop.getDesktopAppInfo();
    fake.clear();
    const selected = await fake.desktop.selectApplicationWindow('1', 'Untitled - Notepad');
    expect(fake.ops()).toEqual(['windowState', 'focusWindow']);
    expect(selected.root_name).toBe('Notepad.exe');
    expect(selected.window_info).toMatchObject({
      annotation_id: '1',
      handle: NOTEPAD,
      class_name: 'Notepad',
      rectangle: { x: 400, y: 200, width: 1200, height: 800 },
    });
    expect(selected.warning).toBeUndefined();
    const mismatch = await fake.desktop.selectApplicationWindow('1', 'Notepad');
    expect(mismatch.warning).toMatch(/name argument is Notepad/);
  });

  it('refuses tools that need a window before one is selected, and unknown window ids', async () => {
    fake = fakeDesktop('notepad.transcript.jsonl');
    expect(await caught(fake.desktop.getAppWindowControlsTargetInfo())).toBeInstanceOf(NoWindowSelectedError);
    expect((await caught(fake.desktop.selectApplicationWindow('1', 'x'))).message).toMatch(/call get_desktop_app_info first/);
    await fake.desktop.getDesktopAppInfo();
    const error = await caught(fake.desktop.selectApplicationWindow('9', 'x'));
    expect(error).toBeInstanceOf(UnknownTargetIdError);
    expect(error.message).toBe("Window with id '9' not found. Available window ids: ['1', '2', '3']");
  });

  it('enumerates CONTROL_LIST controls with ids "1".."N" (no panes, nothing off screen)', async () => {
    const controls = await selectedNotepad();
    expect(controls.map((c) => `${c.id}:${c.type}:${c.name}`)).toEqual([
      '1:TabItem:Untitled',
      '2:Button:Close Tab',
      '3:Button:Add New Tab',
      '4:Button:Minimize',
      '5:Button:Maximize',
      '6:Button:Close',
      '7:MenuItem:File',
      '8:MenuItem:Edit',
      '9:MenuItem:View',
      '10:Button:Settings',
      '11:Document:Text editor',
      '12:Text:Ln 1, Col 1',
      '13:Text:0 characters',
      '14:Text:100%',
      '15:Text:Windows (CRLF)',
      '16:Text:UTF-8',
    ]);
    expect(controls[10]).toEqual({
      kind: 'control',
      id: '11',
      name: 'Text editor',
      type: 'Document',
      rect: [404, 318, 1596, 958],
      source: 'uia',
      window_handle: NOTEPAD,
    });
    const infos = await fake.desktop.getAppWindowControlsInfo(['control_text', 'control_type']);
    expect(infos[0]).toEqual({ control_text: 'Untitled', control_type: 'TabItem', label: '1' });
  });

  it('click_input uses the Invoke pattern for a plain left click', async () => {
    const controls = await selectedNotepad();
    const message = await fake.desktop.clickInput(idOf(controls, 'Add New Tab'), 'Add New Tab');
    expect(message).toBe('Clicked control 3:Add New Tab (invoke pattern).');
    const invoke = fake.exchanges.find((e) => e.op === 'invokePattern');
    expect(invoke?.args).toMatchObject({ pattern: 'invoke', waitMs: 3000 });
    expect(fake.ops()).not.toContain('input');
  });

  it('click_input falls back to a real mouse click at the control centre (menus, right clicks)', async () => {
    const controls = await selectedNotepad();
    await fake.desktop.clickInput(idOf(controls, 'File'), 'File');
    expect(fake.ops()).toEqual(['windowState', 'elementInfo', 'focusWindow', 'screens', 'input']);
    const centre = { x: 442, y: 293 };
    expect(fake.inputs()).toEqual([
      { kind: 'mouseMove', ...centre, ...normalizeToVirtualDesk(centre, VIRTUAL) },
      { kind: 'mouseButton', button: 'left', up: false },
      { kind: 'mouseButton', button: 'left', up: true },
    ]);
    fake.clear();
    await fake.desktop.clickInput(idOf(controls, 'Add New Tab'), 'Add New Tab', 'right', true);
    expect(fake.ops()).not.toContain('invokePattern');
    expect(fake.inputs().filter((e) => e.kind === 'mouseButton' && e.button === 'right')).toHaveLength(4);
  });

  it("click_input with the wrong name still clicks the id and returns UFO's warning", async () => {
    const controls = await selectedNotepad({ clickStrategy: 'mouse' });
    const message = await fake.desktop.clickInput(idOf(controls, 'Settings'), 'Help');
    expect(message).toBe(
      'Warning: The name of your chosen control id 10 is Settings, but the name argument is Help. The action is performed on control 10:Settings.',
    );
    expect(fake.ops()).toContain('input');
  });

  it('rejects an id outside the latest enumeration with the available ids', async () => {
    await selectedNotepad();
    const error = await caught(fake.desktop.clickInput('99', 'x'));
    expect(error).toBeInstanceOf(UnknownTargetIdError);
    expect(error.message).toMatch(/^Control with id '99' not found\. Available control ids: \['1', '2', /);
  });

  it('set_edit_text sets the value through ValuePattern and checks it', async () => {
    const controls = await selectedNotepad();
    const message = await fake.desktop.setEditText(idOf(controls, 'Text editor'), 'Text editor', 'Hello from ufo-ts');
    expect(message).toBe('Set the text of control 11:Text editor (value pattern).');
    expect(fake.ops()).toEqual(['windowState', 'getText', 'setValue']);
    expect(fake.exchanges.find((e) => e.op === 'setValue')?.args).toMatchObject({ value: 'Hello from ufo-ts' });
  });

  it('set_edit_text types (select-all, delete, text) when the value does not stick', async () => {
    const controls = await selectedNotepad();
    await fake.desktop.setEditText(idOf(controls, 'Text editor'), 'Text editor', 'Hi!\n', true);
    expect(fake.ops()).toEqual(['windowState', 'setValue', 'focusWindow', 'focusElement', 'input']);
    const keys = fake.inputs().map((e) => {
      if (e.kind === 'key') return `${e.up ? '-' : '+'}vk${e.vk}`;
      if (e.kind === 'charKey') return `${e.up ? '-' : '+'}${String.fromCharCode(e.code)}`;
      if (e.kind === 'unicode') return e.up ? '' : String.fromCharCode(e.code);
      return e.kind;
    });
    expect(keys.filter(Boolean)).toEqual(['+vk17', '+a', '-a', '-vk17', '+vk8', '-vk8', 'H', 'i', '!', '+vk13', '-vk13']);
  });

  it('keyboard_input focuses the control and holds Ctrl for "{VK_CONTROL}a"', async () => {
    const controls = await selectedNotepad();
    expect(await fake.desktop.keyboardInput(idOf(controls, 'Text editor'), 'Text editor', '{VK_CONTROL}a{DELETE}')).toBe('{VK_CONTROL}a{DELETE}');
    expect(fake.ops()).toEqual(['windowState', 'focusWindow', 'focusElement', 'input']);
    expect(fake.inputs().filter((e) => e.kind !== 'pause')).toEqual([
      { kind: 'key', vk: 17, extended: false, up: false },
      { kind: 'charKey', code: 97, up: false },
      { kind: 'charKey', code: 97, up: true },
      { kind: 'key', vk: 17, extended: false, up: true },
      { kind: 'key', vk: 46, extended: true, up: false },
      { kind: 'key', vk: 46, extended: true, up: true },
    ]);
  });

  it('keyboard_input sends nothing when the key syntax is wrong', async () => {
    const controls = await selectedNotepad();
    const error = await caught(fake.desktop.keyboardInput(idOf(controls, 'Text editor'), 'Text editor', '{ENTER'));
    expect(error).toBeInstanceOf(KeySequenceError);
    expect(fake.ops()).toEqual([]);
  });

  it('wheel_mouse_input turns the wheel over the control centre', async () => {
    const controls = await selectedNotepad();
    await fake.desktop.wheelMouseInput(idOf(controls, 'Text editor'), 'Text editor', -3);
    expect(fake.inputs().at(-1)).toEqual({ kind: 'wheel', delta: -360, horizontal: false });
    expect(fake.inputs()[0]).toMatchObject({ kind: 'mouseMove', x: 1000, y: 638 });
  });

  it('click_on_coordinates and drag_on_coordinates use fractions of the window', async () => {
    await selectedNotepad();
    await fake.desktop.clickOnCoordinates(0.5, 0.25);
    expect(fake.inputs()[0]).toMatchObject({ kind: 'mouseMove', x: 1000, y: 400 });
    fake.clear();
    await fake.desktop.dragOnCoordinates({ startX: 0, startY: 0.5, endX: 1, endY: 0.5, duration: 0.1, keyHold: 'shift' });
    const events = fake.inputs();
    expect(events[0]).toEqual({ kind: 'key', vk: 16, extended: false, up: false });
    expect(events.filter((e) => e.kind === 'mouseMove').at(-1)).toMatchObject({ x: 1599, y: 600 });
    expect((await caught(fake.desktop.dragOnCoordinates({ startX: 0, startY: 0, endX: 1, endY: 1, keyHold: 'hyper' }))).code).toBe('INPUT_INVALID');
    expect((await caught(fake.desktop.clickOnCoordinates(1.5, 0))).code).toBe('INPUT_INVALID');
  });

  it('texts reads the value; with a wrong name it reads nothing and warns', async () => {
    const controls = await selectedNotepad();
    const id = idOf(controls, 'Ln 1, Col 1');
    expect(await fake.desktop.texts(id, 'Ln 1, Col 1')).toBe('Ln 1, Col 1');
    fake.clear();
    expect(await fake.desktop.texts(id, 'Status')).toMatch(/^Warning: .* No text was read/);
    expect(fake.ops()).not.toContain('getText');
  });

  it('captures the window (PrintWindow) and the desktop (all screens or the primary one)', async () => {
    await selectedNotepad();
    const shot = await fake.desktop.captureWindowScreenshot();
    expect(shot).toMatchObject({ width: 1200, height: 800, rect: [400, 200, 1600, 1000] });
    expect(shot.image.startsWith('data:image/png;base64,')).toBe(true);
    expect(fake.exchanges.find((e) => e.op === 'captureWindow')?.args).toMatchObject({ method: 'printWindow' });
    const desktop = await fake.desktop.captureDesktopScreenshot(false);
    expect(desktop).toMatchObject({ width: 640, height: 360 });
    expect(fake.exchanges.find((e) => e.op === 'captureScreen')?.args).toEqual({ rect: VIRTUAL });
  });

  it('annotates the window screenshot with the control ids', async () => {
    await selectedNotepad();
    const clean = PNG.sync.read(fromPngDataUrl((await fake.desktop.captureWindowScreenshot()).image));
    const annotated = await fake.desktop.captureAnnotatedWindowScreenshot();
    expect(annotated.controls).toHaveLength(16);
    const image = PNG.sync.read(fromPngDataUrl(annotated.image));
    // The Document "Text editor" (11) spans screen (404,318)-(1596,958): its outline's left edge is at x=4 in the image.
    const at = (img: PNG, x: number, y: number) => [...img.data.subarray((y * img.width + x) * 4, (y * img.width + x) * 4 + 3)];
    expect(at(image, 4, 500)).toEqual([255, 209, 138]);
    expect(at(clean, 4, 500)).toEqual([255, 255, 255]);
  });

  it('returns the UI tree with window-relative rectangles', async () => {
    await selectedNotepad();
    const tree = await fake.desktop.getUiTree();
    expect(tree.id).toBe('node_0');
    expect(tree.children[1]).toMatchObject({
      id: 'node_3',
      control_type: 'Document',
      adjusted_rectangle: { left: 4, top: 118, right: 1196, bottom: 758 },
      level: 1,
    });
    expect(tree.children[0]?.id).toBe('node_1');
    expect(tree.children[0]?.children[0]?.id).toBe('node_2');
  });

  it('clicks a control added by visual grounding at its rectangle centre', async () => {
    await selectedNotepad();
    expect(fake.desktop.addControlList([{ rect: [500, 500, 520, 520], name: 'icon', type: 'Button' }])).toMatch(/ids 17/);
    fake.clear();
    await fake.desktop.clickInput('17', 'icon');
    expect(fake.ops()).toEqual(['windowState', 'focusWindow', 'screens', 'input']);
    expect(fake.inputs()[0]).toMatchObject({ x: 510, y: 510 });
  });

  it("waits with the injected clock, within UFO's limits", async () => {
    const slept: number[] = [];
    fake = fakeDesktop('notepad.transcript.jsonl', {
      clock: { now: () => 0, monotonic: () => 0, sleep: async (ms) => void slept.push(ms) },
    });
    expect(await fake.desktop.wait(1.5)).toBe('Successfully waited for 1.5 second(s)');
    expect(slept).toEqual([1500]);
    expect((await caught(fake.desktop.wait(301))).message).toMatch(/cannot exceed 300/);
  });
});
