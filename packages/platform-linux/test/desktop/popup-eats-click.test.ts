// A click eaten by a popup (GTK 3's file chooser): while the name field's completion popup is open it grabs the
// pointer, so a click on the dialog's Save button only closes the popup and the dialog stays. click_input must
// click the button again: the file on disk is the proof.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { waitFor } from '../../src/util/wait.js';
import { describeDesktop } from '../helpers/desktop-suite.js';
import { useAppDesktop } from '../helpers/app-desktop.js';
import type { Effect, WindowInfo } from '../helpers/tool-shapes.js';

interface Target {
  id: string;
  name: string;
  type: string;
  label?: string;
}

/** How many override-redirect windows (popups) are viewable on the display, read with xwininfo. */
function viewablePopups(display: string): number {
  const run = (args: string[]) => spawnSync('xwininfo', [...args, '-display', display], { encoding: 'utf8' }).stdout ?? '';
  const ids = [...run(['-root', '-children']).matchAll(/^\s+(0x[0-9a-f]+)/gm)].map((m) => m[1]!);
  return ids.filter((id) => {
    const info = run(['-id', id]);
    return /Map State: IsViewable/.test(info) && /Override Redirect State: yes/.test(info);
  }).length;
}

const folder = mkdtempSync(join(tmpdir(), 'ufo-popup-click-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describeDesktop('a click a popup took (mousepad Save As, GTK 3 name completion)', ['mousepad'], () => {
  const app = useAppDesktop({ apps: [{ name: 'mousepad' }] });
  const targets = async () => (await app.fixture.ok<{ controls: Target[] }>('get_app_window_controls_target_info')).controls;
  const find = (list: Target[], type: string, name: string) => list.find((c) => c.type === type && c.name === name)!;
  const windows = async () => (await app.fixture.ok<{ windows: WindowInfo[] }>('list_windows')).windows;

  it('Save clicked while the completion popup is open saves the file', { timeout: 120_000 }, async () => {
    writeFileSync(join(folder, 'notes-old.txt'), 'old');
    await app.fixture.ok('type_text', { text: 'kept by the second click' });
    await app.fixture.ok('click_input', { id: find(await targets(), 'menu', 'File').id });
    await app.fixture.ok('click_input', { id: find(await targets(), 'menu item', 'Save As...').id });
    const dialog = await waitFor(async () => (await windows()).find((w) => w.title === 'Save As'), { timeoutMs: 10_000, what: 'the Save As dialog' });
    await app.fixture.ok('select_application_window', { id: dialog.id });
    const name = (await targets()).find((c) => c.type === 'text' && c.label === 'Name:')!;
    expect(name, JSON.stringify(await targets())).toBeDefined();
    // a prefix of a file in the folder: GTK shows its completion popup under the field
    const typed = await app.fixture.ok<{ effect: Effect }>('type_text', { id: name.id, text: `${folder}/notes` });
    await waitFor(() => typed.effect.changes.some((c) => /popup.*opened/.test(c)) || viewablePopups(app.desktop.display) > 0 || undefined, {
      timeoutMs: 5000,
      what: 'the completion popup',
    });
    const saved = await app.fixture.ok<{ effect: Effect }>('click_input', { id: find(await targets(), 'push button', 'Save').id });
    await waitFor(async () => existsSync(join(folder, 'notes')) || undefined, {
      timeoutMs: 10_000,
      what: `${join(folder, 'notes')} (the click's effect: ${JSON.stringify(saved.effect)})`,
    });
    expect(readFileSync(join(folder, 'notes'), 'utf8')).toContain('kept by the second click');
    await waitFor(async () => !(await windows()).some((w) => w.title === 'Save As') || undefined, { timeoutMs: 10_000, what: 'the Save As dialog to close' });
    expect(saved.effect.changes[0], JSON.stringify(saved.effect)).toMatch(/the popup took the first click; clicked again/);
  });
});
