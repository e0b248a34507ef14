// Captions, live reads and toggle clicks on real apps nobody tuned for: a GTK 4 drop-down is named after the item
// it shows and captioned by its label, `texts` reads a combo box as it is now, and a click on a check box, switch
// or radio button must flip it (or say why not).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startDesktop, type Desktop } from '../../src/harness/desktop.js';
import { sleep, waitFor } from '../../src/util/wait.js';
import { describeDesktop } from '../helpers/desktop-suite.js';
import { startLinuxServer, type LinuxServerFixture } from '../helpers/linux-dispatcher.js';
import { useAppDesktop } from '../helpers/app-desktop.js';
import type { Effect, WindowInfo } from '../helpers/tool-shapes.js';

interface Control {
  id: string;
  role: string;
  name: string;
  states: string[];
  rect: { x: number; y: number; width: number; height: number } | null;
  label?: string;
  label_source?: string;
}

/** The tools a suite uses, over one fixture. */
function toolsOf(get: () => LinuxServerFixture) {
  const controls = async () => (await get().ok<{ controls: Control[] }>('get_controls', { details: false })).controls;
  const windows = async () => (await get().ok<{ windows: WindowInfo[] }>('list_windows')).windows;
  const find = async (what: string, predicate: (c: Control) => boolean, timeoutMs = 10_000) =>
    waitFor(async () => (await controls()).find(predicate), { timeoutMs, what });
  const click = (id: string) => get().ok<{ effect: Effect }>('click_input', { id });
  return { controls, windows, find, click };
}

describeDesktop('GTK 4 drop-downs: caption, label and live text (gnome-text-editor Save As)', ['gnome-text-editor'], () => {
  const suite = useAppDesktop({ apps: [{ name: 'gnome-text-editor', frameTimeoutMs: 60_000 }] });
  const { controls, windows, find, click } = toolsOf(() => suite.fixture);

  it('a drop-down is named after the item it shows and labelled by its caption, never by its inner parts', async () => {
    await controls();
    await suite.fixture.ok('type_text', { text: 'drop-downs' });
    await suite.fixture.ok('keyboard_input', { keys: 'ctrl+shift+s' });
    const lineEnding = await find('the Line Ending drop-down', (c) => c.role === 'combo box' && c.label === 'Line Ending:');
    expect(lineEnding.name).toBe('Unix/Linux (LF)');
    const list = await controls();
    const encoding = list.find((c) => c.role === 'combo box' && c.label === 'Character Encoding:');
    expect(encoding?.name, JSON.stringify(list.filter((c) => c.role === 'combo box'))).toBe('Automatically Detected');
    // the drop-down's toggle button shows the same item; no control is named after a widget part or placeholder
    const toggle = list.find(
      (c) =>
        c.role === 'push button' &&
        c.rect &&
        lineEnding.rect &&
        c.rect.x > lineEnding.rect.x &&
        c.rect.y > lineEnding.rect.y &&
        c.rect.x < lineEnding.rect.x + lineEnding.rect.width,
    );
    expect(toggle?.name).toBe('Unix/Linux (LF)');
    for (const c of list) expect(c.name, `${c.id} ${c.role}`).not.toMatch(/^(togglebutton|GtkToggleButton|GtkDropDown)$/);
    expect(list.filter((c) => c.role === 'combo box' && c.name === '(None)' && c.label)).toEqual([]);
  });

  it('texts reads the drop-down as it is now, not as it was listed', async () => {
    const lineEnding = await find('the Line Ending drop-down', (c) => c.role === 'combo box' && c.label === 'Line Ending:');
    expect(lineEnding.name).toBe('Unix/Linux (LF)');
    // choose the next item with the keyboard: the listing is not taken again
    await click(lineEnding.id);
    await sleep(500);
    await suite.fixture.ok('keyboard_input', { keys: 'Down' });
    await suite.fixture.ok('keyboard_input', { keys: 'Return' });
    const read = await waitFor(
      async () => {
        const now = await suite.fixture.ok<{ name: string; text: string; role: string }>('texts', { id: lineEnding.id });
        return now.name !== 'Unix/Linux (LF)' ? now : undefined;
      },
      { timeoutMs: 5000, what: 'texts to show the newly chosen line ending' },
    );
    expect(read).toMatchObject({ role: 'combo box', name: 'Mac OS Classic (CR)', text: 'Mac OS Classic (CR)' });
    await suite.fixture.ok('keyboard_input', { keys: 'Escape' });
    await waitFor(async () => ((await windows()).length === 1 ? true : undefined), { timeoutMs: 10_000, what: 'the Save As dialog to close' });
  });

  it('a GTK 4 switch click reports the flip (+checked, then -checked)', async () => {
    await suite.fixture.ok('keyboard_input', { keys: 'ctrl+comma' });
    const prefs = await waitFor(async () => (await windows()).find((w) => w.title === 'Preferences'), { timeoutMs: 10_000, what: 'the Preferences window' });
    await suite.fixture.ok('select_application_window', { id: prefs.id });
    const grid = await find('the Display Grid Pattern switch', (c) => c.role === 'check box' && c.name === 'Display Grid Pattern');
    const on = await click(grid.id);
    expect(
      on.effect.changes.some((c) => c.startsWith(`${grid.id} `) && c.includes('+checked')),
      JSON.stringify(on.effect),
    ).toBe(true);
    const off = await click(grid.id);
    expect(
      off.effect.changes.some((c) => c.startsWith(`${grid.id} `) && c.includes('-checked')),
      JSON.stringify(off.effect),
    ).toBe(true);
  });
});

describeDesktop('toggle clicks on GTK 3 (mousepad preferences)', ['mousepad'], () => {
  const suite = useAppDesktop({ apps: [{ name: 'mousepad' }] });
  const { controls, find, click } = toolsOf(() => suite.fixture);

  it('a check box click reports +checked, then -checked', async () => {
    const edit = (await controls()).find((c) => c.role === 'menu' && c.name === 'Edit')!;
    await click(edit.id);
    await click((await find('Preferences', (c) => c.role === 'menu item' && /^Preferences/.test(c.name))).id);
    const box = await find('the Show line numbers check box', (c) => c.role === 'check box' && c.name === 'Show line numbers');
    const on = await click(box.id);
    expect(
      on.effect.changes.some((c) => c.startsWith(`${box.id} `) && c.includes('+checked')),
      JSON.stringify(on.effect),
    ).toBe(true);
    const off = await click(box.id);
    expect(
      off.effect.changes.some((c) => c.startsWith(`${box.id} `) && c.includes('-checked')),
      JSON.stringify(off.effect),
    ).toBe(true);
  });
});

describeDesktop('toggle clicks on Qt 5 (featherpad preferences)', ['featherpad'], () => {
  let desktop: Desktop;
  let fixture: LinuxServerFixture;
  const { controls, windows, find, click } = toolsOf(() => fixture);

  beforeAll(async () => {
    desktop = await startDesktop();
    await desktop.launchApp('featherpad').waitForFrame({ timeoutMs: 60_000 });
    fixture = await startLinuxServer({ desktop, shell: false });
    const options = (await controls()).find((c) => /menu/.test(c.role) && c.name === 'Options')!;
    await click(options.id);
    await click((await find('Preferences', (c) => /menu item/.test(c.role) && /^Preferences/.test(c.name))).id);
    const prefs = await waitFor(async () => (await windows()).find((w) => w.title === 'Preferences'), { timeoutMs: 10_000, what: 'the Preferences window' });
    await fixture.ok('select_application_window', { id: prefs.id });
  });

  afterAll(async () => {
    await fixture?.close();
    const report = await desktop?.stop();
    expect(report?.leftovers).toEqual([]);
  });

  it('a click on a check box that ignores it fails NO_EFFECT, saying what was seen, after a second click at its box', async () => {
    // every check box of the Window page in turn: one of them makes featherpad show an "Application restart is
    // needed" banner, which shrinks the page's scroll area so that the last one, "Show cursor position on status
    // bar", slips under its bottom edge (its extents still say it is there): clicks at it reach the scroll area
    const boxes = (await controls()).filter((c) => c.role === 'check box' && !c.states.includes('disabled'));
    const last = boxes.find((c) => c.name === 'Show cursor position on status bar')!;
    expect(last).toBeDefined();
    for (const box of boxes.filter((c) => c !== last)) await fixture.run('click_input', { id: box.id });
    const result = await fixture.run('click_input', { id: last.id });
    expect(result.status, JSON.stringify(result)).toBe('failure');
    expect(result.error).toMatch(
      /NO_EFFECT: control \w+ \(check box "Show cursor position on status bar"\) was not (un)?checked: a click at \(\d+, \d+\), then a click at its box \(\d+, \d+\) left its state as it was \(seen on it: /,
    );
  });

  it('a radio button that was already checked stays checked: a success that says so', async () => {
    const files = await find('the Files tab', (c) => c.role === 'page tab' && c.name === 'Files');
    await click(files.id);
    const radio = await find('a checked radio button', (c) => c.role === 'radio button' && c.states.includes('checked'));
    const again = await click(radio.id);
    expect(
      again.effect.changes.some((c) => c.includes(`${radio.id} (radio button`) && c.includes('was already checked: it stays checked')),
      JSON.stringify(again.effect),
    ).toBe(true);
  });
});
