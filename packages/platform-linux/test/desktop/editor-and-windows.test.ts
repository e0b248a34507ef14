import { PNG } from 'pngjs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startDesktop, type Desktop } from '../../src/harness/desktop.js';
import { waitFor } from '../../src/util/wait.js';
import { describeDesktop } from '../helpers/desktop-suite.js';
import { startLinuxServer, type LinuxServerFixture } from '../helpers/linux-dispatcher.js';

interface Control {
  id: string;
  role: string;
  name: string;
  rect: { x: number; y: number; width: number; height: number } | null;
  editable?: boolean;
}
interface WindowInfo {
  id: string;
  title: string;
  root_name: string;
  pid: number | null;
  rect: { x: number; y: number; width: number; height: number };
  focused: boolean;
}

const decode = (dataUrl: string) => PNG.sync.read(Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64'));

describeDesktop('editor, windows, screenshots and failures through the MCP tool servers', ['mousepad', 'galculator'], () => {
  let desktop: Desktop;
  let fixture: LinuxServerFixture;
  let mousepadPid: number;

  beforeAll(async () => {
    desktop = await startDesktop();
    const mousepad = desktop.launchApp('mousepad');
    await mousepad.waitForFrame({ timeoutMs: 30_000 });
    mousepadPid = mousepad.pid!;
    fixture = await startLinuxServer({ desktop, shell: false });
  });

  afterAll(async () => {
    await fixture?.close();
    const report = await desktop?.stop();
    expect(report?.leftovers).toEqual([]);
  });

  const windows = async () => (await fixture.ok<{ windows: WindowInfo[] }>('list_windows')).windows;
  const selectRoot = async (root: string) => {
    const window = (await windows()).find((w) => w.root_name === root)!;
    return fixture.ok<WindowInfo>('select_application_window', { id: window.id });
  };
  const editorText = async (): Promise<Control> => {
    const { controls } = await fixture.ok<{ controls: Control[] }>('get_controls', { roles: ['text'] });
    const text = controls.find((c) => c.editable && c.rect && c.rect.width > 300);
    expect(text, JSON.stringify(controls)).toBeDefined();
    return text!;
  };
  const readText = async (id: string) => (await fixture.ok<{ text: string }>('texts', { id })).text;

  it('lists windows with titles, program names and pids', async () => {
    const list = await windows();
    const editor = list.find((w) => w.root_name === 'mousepad');
    expect(editor?.title).toMatch(/Mousepad/);
    expect(editor?.pid).toBe(mousepadPid);
    expect(editor?.rect.width).toBeGreaterThan(0);
    const targets = await fixture.ok<{ windows: { kind: string; id: string; name: string; type: string; rect: number[] }[] }>('get_desktop_app_target_info');
    expect(targets.windows.find((t) => t.id === editor!.id)).toMatchObject({ kind: 'window', name: editor!.title, type: 'mousepad' });
  });

  it('without select_application_window, the window tools use the focused window', async () => {
    const fresh = await startLinuxServer({ desktop, shell: false });
    try {
      const focused = (await windows()).find((w) => w.focused);
      expect(focused?.root_name).toBe('mousepad');
      const listing = await fresh.ok<{ window: WindowInfo; controls: Control[] }>('get_controls');
      expect(listing.window.id).toBe(focused!.id);
      expect(listing.controls.some((c) => c.editable)).toBe(true);
      const shot = await fresh.ok<{ width: number; height: number }>('capture_window_screenshot');
      expect([shot.width, shot.height]).toEqual([focused!.rect.width, focused!.rect.height]);
    } finally {
      await fresh.close();
    }
  });

  it('mousepad: inserts "Hello wörld €" and reads it back, then ctrl+a and typing replace it', async () => {
    await selectRoot('mousepad');
    const text = await editorText();
    const set = await fixture.ok<{ method: string; text: string }>('set_edit_text', { id: text.id, text: 'Hello wörld €', clear_current_text: true });
    expect(set.method).toBe('editable_text');
    expect(await readText(text.id)).toBe('Hello wörld €');
    await fixture.ok('keyboard_input', { keys: 'ctrl+a', id: text.id });
    await fixture.ok('type_text', { text: 'Grüße 🙂 ok' });
    let last = '';
    await waitFor(
      async () => {
        last = await readText(text.id);
        return last === 'Grüße 🙂 ok';
      },
      { timeoutMs: 10_000, what: 'the typed text' },
    ).catch(() => undefined);
    expect(last).toBe('Grüße 🙂 ok');
    const inserted = await fixture.ok<{ text: string }>('set_edit_text', { id: text.id, text: '!' });
    expect(inserted.text).toContain('!');
  });

  it('mousepad: drag selects text, double click selects a word, the wheel scrolls', async () => {
    await selectRoot('mousepad');
    const text = await editorText();
    const lines = Array.from({ length: 300 }, (_, i) => `line ${i}`).join('\n');
    await fixture.ok('set_edit_text', { id: text.id, text: `hello world\n${lines}`, clear_current_text: true });
    const atspi = await desktop.atspi();
    const session = fixture.server.session!;
    const ref = session.controlIds.resolve(text.id).ref;
    const charAt = async (offset: number) => atspi.characterExtents(ref, offset);
    // drag across "hello" and replace the selection by typing
    const h = await charAt(0);
    const o = await charAt(4);
    await fixture.ok('drag_on_coordinates', {
      start_x: h.x + 1,
      start_y: h.y + h.height / 2,
      end_x: o.x + o.width,
      end_y: o.y + o.height / 2,
      coordinate_type: 'absolute',
      duration: 0.2,
    });
    const typed = await fixture.ok<{ effect: { changes: string[] } }>('type_text', { text: 'HELLO' });
    // type_text returns once the field shows the keys: the text is there at once, no waiting needed
    expect(
      typed.effect.changes.some((c) => c.includes('"HELLO world')),
      JSON.stringify(typed.effect),
    ).toBe(true);
    expect((await readText(text.id)).startsWith('HELLO world')).toBe(true);
    // double click on "world" selects the word
    const w = await charAt(8);
    await fixture.ok('click_on_coordinates', { x: w.x + w.width / 2, y: w.y + w.height / 2, coordinate_type: 'absolute', double: true });
    await fixture.ok('type_text', { text: 'there' });
    await waitFor(async () => (await readText(text.id)).startsWith('HELLO there\n'), { timeoutMs: 10_000, what: 'the double-clicked word replaced' });
    // scroll down over the text: the first visible line moves
    const firstVisibleY = async () => (await charAt(0)).y;
    const before = await firstVisibleY();
    const wheel = await fixture.ok<{ effect: { changed: boolean; changes: string[] } }>('wheel_mouse_input', { id: text.id, wheel_dist: -10 });
    // scrolling changes no text or state: the effect says the window's pixels changed, not "no visible change"
    expect(
      wheel.effect.changes.some((c) => c.includes('pixels changed')),
      JSON.stringify(wheel.effect),
    ).toBe(true);
    await waitFor(async () => (await firstVisibleY()) < before - 50, { timeoutMs: 10_000, what: 'the text to scroll' });
    await fixture.ok('wheel_mouse_input', { id: text.id, wheel_dist: 10 });
    await waitFor(async () => (await firstVisibleY()) === before, { timeoutMs: 10_000, what: 'the text to scroll back' });
  });

  it('screenshots: the screen size, and the annotated image differs from the clean one where the boxes are', async () => {
    await selectRoot('mousepad');
    const desktopShot = await fixture.ok<{ image: string; width: number; height: number }>('capture_desktop_screenshot');
    expect([desktopShot.width, desktopShot.height]).toEqual([1280, 800]);
    const decoded = decode(desktopShot.image);
    expect([decoded.width, decoded.height]).toEqual([1280, 800]);

    const pair = await fixture.ok<{
      image: string;
      clean_image: string;
      width: number;
      height: number;
      window: WindowInfo;
      controls: { id: string; rect: [number, number, number, number] }[];
    }>('capture_annotated_screenshot', { include_clean: true });
    const annotated = decode(pair.image);
    const clean = decode(pair.clean_image);
    expect([annotated.width, annotated.height]).toEqual([clean.width, clean.height]);
    expect(pair.controls.length).toBeGreaterThan(3);
    const origin = pair.window.rect;
    const at = (png: PNG, x: number, y: number) => png.data.readUInt32BE(((y - origin.y) * png.width + (x - origin.x)) * 4);
    // every box's left edge (below its label) is drawn over the clean pixels
    let edgesChanged = 0;
    for (const control of pair.controls) {
      const [left, top, , bottom] = control.rect;
      const y = Math.min(bottom - 1, top + 20);
      if (left >= origin.x && y < origin.y + clean.height && at(annotated, left, y) !== at(clean, left, y)) edgesChanged += 1;
    }
    expect(edgesChanged).toBeGreaterThan(pair.controls.length / 2);
    // pixels outside every box are untouched
    let outside = 0;
    let changedOutside = 0;
    for (let y = origin.y; y < origin.y + clean.height; y += 7) {
      for (let x = origin.x; x < origin.x + clean.width; x += 7) {
        const near = pair.controls.some((c) => x >= c.rect[0] - 2 && x <= c.rect[2] + 60 && y >= c.rect[1] - 2 && y <= c.rect[3] + 20);
        if (near) continue;
        outside += 1;
        if (at(annotated, x, y) !== at(clean, x, y)) changedOutside += 1;
      }
    }
    expect(outside).toBeGreaterThan(0);
    expect(changedOutside).toBe(0);
  });

  it('a stale control id gives a clear failure Result, not a click on another control', async () => {
    await selectRoot('mousepad');
    const old = await editorText();
    await fixture.ok('launch_application', { name: 'galculator' });
    await selectRoot('galculator');
    await fixture.ok('get_controls');
    const stale = await fixture.run('click_input', { id: old.id });
    expect(stale.status).toBe('failure');
    expect(stale.error).toMatch(/belongs to another window/);
    const malformed = await fixture.run('click_input', { id: '12' });
    expect(malformed.status).toBe('failure');
    expect(malformed.error).toMatch(/not a control id/);
  });

  it('a vanished window gives clear failure Results', async () => {
    const calc = await selectRoot('galculator');
    const { controls } = await fixture.ok<{ controls: Control[] }>('get_controls');
    const closed = await fixture.ok<{ closed: boolean }>('close_window');
    expect(closed.closed).toBe(true);
    expect((await windows()).some((w) => w.id === calc.id)).toBe(false);
    for (const [tool, args] of [
      ['capture_window_screenshot', {}],
      ['get_controls', {}],
      ['click_input', { id: controls[0]!.id }],
    ] as const) {
      const result = await fixture.run(tool, args);
      expect(result.status, tool).toBe('failure');
      expect(result.error, tool).toMatch(/no longer exists/);
    }
    const unknown = await fixture.run('select_application_window', { id: calc.id });
    expect(unknown.status).toBe('failure');
    expect(unknown.error).toMatch(/no window with id/);
  });

  it('refuses applications that are not allowed', async () => {
    const result = await fixture.run('launch_application', { name: 'xterm' });
    expect(result.status).toBe('failure');
    expect(result.error).toMatch(/not an allowed application; allowed: gnome-calculator, galculator, mousepad/);
  });
});
