// The pointer and keyboard primitives a computer-use model composes, each proven by reading the application's state
// back: a triple click selects a line, a press + move + release selects like a drag, a held key repeats and stops,
// ctrl held on the wheel zooms, a click with ctrl held adds to a list's selection, the side buttons are buttons 8 and 9.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDesktop, type Desktop } from '../../src/harness/desktop.js';
import { sleep, waitFor } from '../../src/util/wait.js';
import { describeDesktop } from '../helpers/desktop-suite.js';
import { startLinuxServer, type LinuxServerFixture } from '../helpers/linux-dispatcher.js';
import type { WindowInfo } from '../helpers/tool-shapes.js';

const FIXTURES = join(import.meta.dirname, '..', '__fixtures__');

describeDesktop('pointer and keyboard primitives on real apps', ['mousepad', 'wish'], () => {
  let desktop: Desktop;
  let fixture: LinuxServerFixture;
  let stateDir: string;
  let stateFile: string;

  beforeAll(async () => {
    desktop = await startDesktop();
    stateDir = mkdtempSync(join(tmpdir(), 'pointer-state-'));
    stateFile = join(stateDir, 'state.txt');
    await desktop.launchApp('wish', [join(FIXTURES, 'pointer-state.tcl'), stateFile]).waitForWindow({ title: 'Pointer state' });
    await desktop.launchApp('mousepad').waitForFrame({ timeoutMs: 30_000 });
    fixture = await startLinuxServer({ desktop, shell: false });
  });

  afterAll(async () => {
    await fixture?.close();
    const report = await desktop?.stop();
    if (stateDir) rmSync(stateDir, { recursive: true, force: true });
    expect(report?.leftovers ?? []).toEqual([]);
  });

  const select = async (match: (w: WindowInfo) => boolean) => {
    const { windows } = await fixture.ok<{ windows: WindowInfo[] }>('list_windows');
    const window = windows.find(match);
    expect(window, JSON.stringify(windows)).toBeDefined();
    await fixture.ok('select_application_window', { id: window!.id });
  };

  /** mousepad's text: set it, read it, and the screen box of a character. */
  const editor = async () => {
    await select((w) => w.root_name === 'mousepad');
    const { controls } = await fixture.ok<{ controls: { id: string; editable?: boolean; rect: { width: number } | null }[] }>('get_controls', {
      roles: ['text'],
    });
    const control = controls.find((c) => c.editable && c.rect && c.rect.width > 300);
    expect(control, JSON.stringify(controls)).toBeDefined();
    const atspi = await desktop.atspi();
    const ref = fixture.server.session!.controlIds.resolve(control!.id).ref;
    return {
      text: async () => (await fixture.ok<{ text: string }>('texts', { id: control!.id })).text,
      set: (text: string) => fixture.ok('set_edit_text', { id: control!.id, text, clear_current_text: true }),
      char: async (offset: number) => {
        const box = await atspi.characterExtents(ref, offset);
        return {
          left: Math.round(box.x),
          right: Math.round(box.x + box.width),
          x: Math.round(box.x + box.width / 2),
          y: Math.round(box.y + box.height / 2),
          height: box.height,
        };
      },
    };
  };

  describe('mousepad', () => {
    it('click_on_coordinates with clicks: 3 selects the whole line; typing replaces it', async () => {
      const text = await editor();
      await text.set('first line\nsecond line here\nthird line');
      const second = await text.char(13);
      const clicked = await fixture.ok<{ clicks: number; double: boolean }>('click_on_coordinates', {
        x: second.x,
        y: second.y,
        coordinate_type: 'absolute',
        clicks: 3,
      });
      expect(clicked).toMatchObject({ clicks: 3, double: false });
      await fixture.ok('type_text', { text: 'X' });
      expect(await text.text()).toBe('first line\nX\nthird line');
    });

    it('mouse_button press at one point, move_pointer to another, release: selects the text between like a drag', async () => {
      const text = await editor();
      await text.set('hello world');
      const h = await text.char(0);
      const o = await text.char(4);
      const pressed = await fixture.ok<{ buttons_down: string[]; x: number; y: number }>('mouse_button', {
        action: 'press',
        x: h.left + 1,
        y: h.y,
        coordinate_type: 'absolute',
      });
      expect(pressed).toMatchObject({ buttons_down: ['left'], x: h.left + 1, y: h.y });
      const moved = await fixture.ok<{ buttons_down: string[]; x: number }>('move_pointer', { x: o.right, y: o.y, coordinate_type: 'absolute' });
      expect(moved).toMatchObject({ buttons_down: ['left'], x: o.right });
      const released = await fixture.ok<{ buttons_down: string[] }>('mouse_button', { action: 'release' });
      expect(released.buttons_down).toEqual([]);
      await fixture.ok('type_text', { text: 'HELLO' });
      expect(await text.text()).toBe('HELLO world');
    });

    it('hold_keys holds a key down for the time given (it auto-repeats), then releases it', async () => {
      const text = await editor();
      await text.set('');
      const held = await fixture.ok<{ keys: string[]; held_seconds: number }>('hold_keys', { keys: 'x', seconds: 1.5 });
      expect(held.keys).toEqual(['x']);
      expect(held.held_seconds).toBeGreaterThanOrEqual(1.45);
      const typed = await text.text();
      // one press, then the keyboard's auto-repeat after its delay
      expect(typed).toMatch(/^x{5,}$/);
      await sleep(600);
      expect(await text.text()).toBe(typed);
    });

    it('wheel_mouse_input with key_hold "ctrl" zooms the text (the characters grow)', async () => {
      const text = await editor();
      await text.set('zoom me');
      const before = await text.char(0);
      await fixture.ok('wheel_mouse_input', { x: before.x, y: before.y, coordinate_type: 'absolute', wheel_dist: 3, key_hold: 'ctrl' });
      await waitFor(async () => (await text.char(0)).height > before.height, { timeoutMs: 5000, what: 'the text to zoom in' });
      await fixture.ok('wheel_mouse_input', { x: before.x, y: before.y, coordinate_type: 'absolute', wheel_dist: -3, key_hold: 'ctrl' });
      await waitFor(async () => (await text.char(0)).height === before.height, { timeoutMs: 5000, what: 'the text to zoom back' });
    });
  });

  describe('a Tk list (extended selection)', () => {
    const state = () => readFileSync(stateFile, 'utf8');
    const selection = () => /^selection: (.*)$/m.exec(state())?.[1]?.trim();
    const buttons = () => /^buttons: (.*)$/m.exec(state())?.[1]?.trim();
    const item = (i: number) => {
      const [, x, y] = new RegExp(`^item ${i}: (\\d+) (\\d+)$`, 'm').exec(state()) ?? [];
      return { x: Number(x), y: Number(y), coordinate_type: 'absolute' };
    };
    const selected = (expected: string) => waitFor(() => selection() === expected, { timeoutMs: 5000, what: `selection "${expected}" (now "${selection()}")` });

    it('a click with key_hold "ctrl" adds an item to the selection, the next plain click replaces it (ctrl was released), a drag with ctrl adds a range', async () => {
      await select((w) => w.title === 'Pointer state');
      await waitFor(() => /^item 4: /m.test(state()), { timeoutMs: 5000, what: 'the item positions' });
      await fixture.ok('click_on_coordinates', item(0));
      await selected('0');
      await fixture.ok('click_on_coordinates', { ...item(2), key_hold: 'ctrl' });
      await selected('0 2');
      await fixture.ok('click_on_coordinates', { ...item(4), key_hold: 'shift' });
      await selected('0 2 3 4');
      await fixture.ok('click_on_coordinates', item(1));
      await selected('1');
      await fixture.ok('drag_on_coordinates', {
        start_x: item(3).x,
        start_y: item(3).y,
        end_x: item(4).x,
        end_y: item(4).y,
        coordinate_type: 'absolute',
        key_hold: 'ctrl',
      });
      await selected('1 3 4');
    });

    it('the back and forward buttons arrive as X buttons 8 and 9', async () => {
      await select((w) => w.title === 'Pointer state');
      const before = buttons() ?? '';
      await fixture.ok('click_on_coordinates', { ...item(3), button: 'back' });
      await fixture.ok('click_on_coordinates', { ...item(3), button: 'forward' });
      await waitFor(() => buttons() === `${before} 8 9`.trim(), { timeoutMs: 5000, what: `buttons 8 and 9 (now "${buttons()}")` });
    });
  });
});
