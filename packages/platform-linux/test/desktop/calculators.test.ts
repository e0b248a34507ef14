import { afterAll, beforeAll, expect, it } from 'vitest';
import { readCalculatorDisplay, waitForCalculatorDisplay } from '../../src/apps/calculator-display.js';
import { startDesktop, type Desktop } from '../../src/harness/desktop.js';
import { waitFor } from '../../src/util/wait.js';
import { describeDesktop } from '../helpers/desktop-suite.js';
import { startLinuxServer, type LinuxServerFixture } from '../helpers/linux-dispatcher.js';

interface Control {
  id: string;
  role: string;
  name: string;
  rect: { x: number; y: number; width: number; height: number } | null;
  text?: string;
}
interface WindowInfo {
  id: string;
  title: string;
  root_name: string;
  pid: number;
}

describeDesktop('calculators through the MCP tool servers', ['gnome-calculator', 'galculator'], () => {
  let desktop: Desktop;
  let fixture: LinuxServerFixture;
  const pids: Record<string, number> = {};

  beforeAll(async () => {
    desktop = await startDesktop();
    for (const app of ['gnome-calculator', 'galculator']) {
      const handle = desktop.launchApp(app);
      await handle.waitForFrame({ timeoutMs: 30_000 });
      pids[app] = handle.pid!;
    }
    fixture = await startLinuxServer({ desktop, shell: false });
  });

  afterAll(async () => {
    await fixture?.close();
    const report = await desktop?.stop();
    expect(report?.leftovers).toEqual([]);
  });

  const selectApp = async (rootName: string): Promise<WindowInfo> => {
    const { windows } = await fixture.ok<{ windows: WindowInfo[] }>('list_windows');
    const window = windows.find((w) => w.root_name === rootName);
    expect(window, `${rootName} in ${JSON.stringify(windows)}`).toBeDefined();
    const selected = await fixture.ok<WindowInfo>('select_application_window', { id: window!.id, name: window!.title });
    expect(selected.root_name).toBe(rootName);
    return selected;
  };

  const buttons = (controls: Control[], labels: string[]): Control[] =>
    labels.map((label) => {
      const button = controls.find((c) => /button/.test(c.role) && c.name === label);
      expect(button, `button ${label}`).toBeDefined();
      return button!;
    });

  it('gnome-calculator: clicks 1 2 × 3 4 = by control ids and reads 408 back from the tree', async () => {
    const selected = await selectApp('gnome-calculator');
    expect(selected.pid).toBe(pids['gnome-calculator']);
    const { controls } = await fixture.ok<{ controls: Control[] }>('get_controls');
    for (const button of buttons(controls, ['1', '2', '×', '3', '4', '='])) {
      const click = await fixture.ok<{ method: string; name: string; effect: { changed: boolean; changes: string[] } }>('click_input', {
        id: button.id,
        name: button.name,
      });
      expect(click.name).toBe(button.name);
      // on screen and not covered: a real click, which the app handles in order with typed keys
      expect(click.method).toBe('pointer');
      // every press changes what the display shows, and the result says so
      expect(click.effect.changed, JSON.stringify(click.effect)).toBe(true);
      expect(
        click.effect.changes.some((line) => / text: /.test(line)),
        JSON.stringify(click.effect),
      ).toBe(true);
    }
    const display = controls.find((c) => c.role === 'text')!;
    const text = await waitFor(
      async () => {
        const read = await fixture.ok<{ text: string }>('texts', { id: display.id });
        return read.text.trim() === '408' ? read.text.trim() : undefined;
      },
      { timeoutMs: 10_000, what: 'the display to show 408' },
    );
    expect(text).toBe('408');
    expect(await readCalculatorDisplay(desktop)).toBe('408');
    // the target list the engine shows the model carries the display's text, and the display kept its id although
    // the history list grew (new controls get new numbers)
    const targets = await fixture.ok<{ controls: { id: string; type: string; text?: string }[] }>('get_app_window_controls_target_info');
    expect(targets.controls.filter((c) => c.type === 'text').map((c) => c.text?.trim())).toContain('408');
    expect(targets.controls.find((c) => c.id === display.id)?.text?.trim()).toBe('408');
    // once another window is selected, this window's ids are refused rather than applied there
    await selectApp('galculator');
    const stale = await fixture.run('click_input', { id: display.id });
    expect(stale.error).toMatch(/belongs to another window/);
  });

  it('galculator: the same with real XTEST clicks at the centres of the extents', async () => {
    await selectApp('galculator');
    const { controls } = await fixture.ok<{ controls: Control[] }>('get_controls');
    for (const button of buttons(controls, ['1', '2', '*', '3', '4', '='])) {
      const rect = button.rect!;
      const click = await fixture.ok<{ x: number; y: number }>('click_on_coordinates', {
        x: rect.x + rect.width / 2,
        y: rect.y + rect.height / 2,
        coordinate_type: 'absolute',
      });
      expect(click.x).toBe(Math.round(rect.x + rect.width / 2));
    }
    expect(await waitForCalculatorDisplay(desktop, '408', { app: 'galculator', timeoutMs: 10_000 })).toBe('408');
  });

  it('galculator: fractions of the window address the same buttons', async () => {
    const selected = await fixture.ok<{ rect: { x: number; y: number; width: number; height: number } }>('select_application_window', {
      id: (await selectApp('galculator')).id,
    });
    const { controls } = await fixture.ok<{ controls: Control[] }>('get_controls');
    const [clear, seven] = buttons(controls, ['AC', '7']);
    for (const button of [clear!, seven!]) {
      const r = button.rect!;
      const w = selected.rect;
      await fixture.ok('click_on_coordinates', { x: (r.x + r.width / 2 - w.x) / w.width, y: (r.y + r.height / 2 - w.y) / w.height });
    }
    expect(await waitForCalculatorDisplay(desktop, '7', { app: 'galculator', timeoutMs: 10_000 })).toBe('7');
  });
  it('galculator: typed keys that repeat a digit all count (the app turns keys into button presses)', async () => {
    await selectApp('galculator');
    await fixture.ok('get_app_window_controls_target_info');
    for (const [text, sum] of [
      ['250+175=', '425'],
      ['55*11=', '605'],
    ] as const) {
      await fixture.ok('keyboard_input', { keys: 'Escape' });
      const typed = await fixture.ok<{ effect: { changes: string[] } }>('type_text', { text });
      // type_text returns once the app has handled every key: the display shows the result already
      expect(await readCalculatorDisplay(desktop, { app: 'galculator' })).toBe(sum);
      expect(
        typed.effect.changes.some((c) => c.endsWith(`→ "${sum}"`)),
        JSON.stringify(typed.effect),
      ).toBe(true);
    }
  });
  it('an annotated screenshot right after a listing draws that listing (no second tree read); after an action it lists anew', async () => {
    await selectApp('galculator');
    const atspi = fixture.server.session!.atspi;
    let before = atspi.calls;
    const listed = await fixture.ok<{ controls: { id: string }[] }>('get_app_window_controls_target_info');
    const listingCalls = atspi.calls - before;
    expect(listingCalls).toBeGreaterThan(20);
    before = atspi.calls;
    const annotated = await fixture.ok<{ controls: { id: string }[] }>('capture_annotated_screenshot');
    const reuseCalls = atspi.calls - before;
    // the window is checked (it still exists, its top-levels), its controls are not read again
    expect(reuseCalls, `${reuseCalls} calls against ${listingCalls} for a listing`).toBeLessThan(listingCalls / 4);
    expect(annotated.controls.map((c) => c.id)).toEqual(listed.controls.map((c) => c.id).filter((id) => annotated.controls.some((c) => c.id === id)));
    expect(annotated.controls.length).toBeGreaterThan(10);
    const { controls } = await fixture.ok<{ controls: Control[] }>('get_controls');
    await fixture.ok('click_input', { id: buttons(controls, ['C'])[0]!.id, name: 'C' });
    before = atspi.calls;
    await fixture.ok('capture_annotated_screenshot');
    expect(atspi.calls - before).toBeGreaterThan(listingCalls / 2);
  });
});
