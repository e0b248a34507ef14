// Modal dialogs on a real GTK 3 app (mousepad's Save As): the default click never blocks the app, a blocked app
// is reported as such (never as an empty listing), ids stay put, unnamed fields get their caption, disabled
// buttons are waited for, and every action says what it changed. The app's state is read back from disk.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startDesktop, type Desktop } from '../../src/harness/desktop.js';
import { waitFor } from '../../src/util/wait.js';
import { describeDesktop } from '../helpers/desktop-suite.js';
import { startLinuxServer, type LinuxServerFixture } from '../helpers/linux-dispatcher.js';
import { useAppDesktop } from '../helpers/app-desktop.js';
import type { Effect, WindowInfo } from '../helpers/tool-shapes.js';

interface Target {
  id: string;
  name: string;
  type: string;
  states?: string[];
  label?: string;
  label_source?: string;
  rect: [number, number, number, number];
}

describeDesktop('modal dialogs through the MCP tool servers (mousepad Save As)', ['mousepad'], () => {
  let desktop: Desktop;
  let fixture: LinuxServerFixture;
  let folder: string;
  /** Where the Save As dialog's Cancel button is (the dialog opens at the same place each time). */
  let cancelRect: [number, number, number, number] | undefined;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'ufo-save-as-'));
    desktop = await startDesktop();
    await desktop.launchApp('mousepad').waitForFrame({ timeoutMs: 30_000 });
    fixture = await startLinuxServer({ desktop, shell: false });
  });

  afterAll(async () => {
    await fixture?.close();
    const report = await desktop?.stop();
    rmSync(folder, { recursive: true, force: true });
    expect(report?.leftovers).toEqual([]);
  });

  const targets = async () => (await fixture.ok<{ controls: Target[] }>('get_app_window_controls_target_info')).controls;
  const find = (list: Target[], type: string, name: string) => {
    const found = list.find((c) => c.type === type && c.name === name);
    expect(found, `${type} ${JSON.stringify(name)} in ${JSON.stringify(list.map((c) => `${c.type}:${c.name}`))}`).toBeDefined();
    return found!;
  };
  const windows = async () => (await fixture.ok<{ windows: WindowInfo[] }>('list_windows')).windows;
  const openSaveAs = async (method?: 'action') => {
    const file = find(await targets(), 'menu', 'File');
    await fixture.ok('click_input', { id: file.id, name: 'File' });
    const saveAs = find(await targets(), 'menu item', 'Save As...');
    return fixture.ok<{ method: string; effect: Effect; warning?: string }>('click_input', { id: saveAs.id, name: 'Save As…', ...(method ? { method } : {}) });
  };

  it('types, saves through Save As with default clicks, and the file on disk has the text', async () => {
    const editor = (await targets()).find((c) => c.type === 'text' && c.states?.includes('editable'));
    expect(editor).toBeDefined();
    const typed = await fixture.ok<{ effect: Effect }>('type_text', { text: 'saved by ufo' });
    expect(
      typed.effect.changes.some((c) => c.includes('"saved by ufo"')),
      JSON.stringify(typed.effect),
    ).toBe(true);

    // a name that is not the control's is refused (no prefix or substring matching)
    const menu = find(await targets(), 'menu', 'File');
    await fixture.ok('click_input', { id: menu.id, name: 'File' });
    const listed = await targets();
    const saveAsItem = find(listed, 'menu item', 'Save As...');
    const wrong = await fixture.run('click_input', { id: saveAsItem.id, name: 'Save' });
    expect(wrong.error).toMatch(/is the menu item "Save As\.\.\.", not "Save"/);
    await fixture.ok('keyboard_input', { keys: 'Escape' });

    const opened = await openSaveAs();
    expect(opened.method).toBe('pointer');
    expect(
      opened.effect.changes.some((c) => /^window opened: "Save As"/.test(c)),
      JSON.stringify(opened.effect),
    ).toBe(true);
    // the app still answers: both windows are readable and the dialog's controls are listed
    expect((await windows()).filter((w) => w.root_name === 'mousepad').every((w) => w.responding)).toBe(true);
    const dialog = await targets();
    const nameField = dialog.find((c) => c.type === 'text' && c.label === 'Name:');
    expect(nameField, JSON.stringify(dialog)).toMatchObject({ name: '', label_source: expect.stringMatching(/relation|inferred/) });
    // the editor behind the dialog is hidden from a person, and the menu bar beside it takes no input while the
    // modal dialog is open (GTK ignores clicks on it): neither is listed (nor marked in screenshots)
    expect(dialog.some((c) => c.id === editor!.id)).toBe(false);
    expect(
      dialog.some((c) => c.type === 'menu'),
      JSON.stringify(dialog.map((c) => `${c.type}:${c.name}`)),
    ).toBe(false);
    const shot = await fixture.ok<{ controls: { id: string }[] }>('capture_annotated_screenshot');
    expect(shot.controls.some((c) => c.id === editor!.id)).toBe(false);
    expect(shot.controls.some((c) => c.id === menu.id)).toBe(false);
    expect(shot.controls.some((c) => c.id === nameField!.id)).toBe(true);
    // the menu's id from before the dialog opened is refused, naming the dialog — not clicked with no effect
    const blocked = await fixture.run('click_input', { id: menu.id, name: 'File' });
    expect(blocked.status).toBe('failure');
    expect(blocked.error).toMatch(
      /CONTROL_NOT_ACTIONABLE: control a\d+ \(menu "File"\) is blocked by the modal dialog "Save As": finish or close the dialog first/,
    );
    expect((await fixture.run('keyboard_input', { keys: 'F10', id: menu.id })).error).toMatch(/blocked by the modal dialog "Save As"/);

    const path = join(folder, 'note.txt');
    const field = await fixture.ok<{ effect: Effect }>('type_text', { id: nameField!.id, text: path });
    expect(
      field.effect.changes.some((c) => c.includes(JSON.stringify(path))),
      JSON.stringify(field.effect),
    ).toBe(true);
    const save = find(await targets(), 'push button', 'Save');
    await fixture.ok('click_input', { id: save.id, name: 'Save' });
    await waitFor(() => existsSync(path) && readFileSync(path, 'utf8') === 'saved by ufo', { timeoutMs: 10_000, what: 'the saved file' });
    await waitFor(async () => (await windows()).some((w) => w.title.includes('note.txt')), { timeoutMs: 10_000, what: 'the title to name the file' });
    // the dialog closed: the menu bar is back, with the id it had
    expect(find(await targets(), 'menu', 'File').id).toBe(menu.id);
    // the dialog closed: its field's id is refused, not reused
    const gone = await fixture.run('click_input', { id: nameField!.id });
    expect(gone.error).toMatch(/CONTROL_VANISHED|not in the window's latest listing|no longer exists/);
  });

  it('a disabled button is waited for, then refused with CONTROL_DISABLED', async () => {
    await openSaveAs();
    const dialog = await targets();
    const nameField = dialog.find((c) => c.type === 'text' && c.label === 'Name:')!;
    await fixture.ok('set_edit_text', { id: nameField.id, text: '', clear_current_text: true });
    const save = await waitFor(async () => (await targets()).find((c) => c.type === 'push button' && c.name === 'Save' && c.states?.includes('disabled')), {
      timeoutMs: 10_000,
      what: 'Save to be disabled with an empty name',
    });
    const refused = await fixture.run('click_input', { id: save.id, name: 'Save' });
    expect(refused.status).toBe('failure');
    expect(refused.error).toMatch(/CONTROL_DISABLED/);
    const cancel = find(await targets(), 'push button', 'Cancel');
    cancelRect = cancel.rect;
    const closed = await fixture.ok<{ effect: Effect }>('click_input', { id: cancel.id, name: 'Cancel' });
    expect(
      closed.effect.changes.some((c) => /^window closed: "Save As"/.test(c)),
      JSON.stringify(closed.effect),
    ).toBe(true);
  });

  it('an accessibility action that opens a modal dialog is reported, and the blocked app is an error, never an empty listing', async () => {
    const forced = await openSaveAs('action');
    expect(forced.warning).toMatch(/stopped answering accessibility calls/);
    const blocked = await fixture.run('get_app_window_controls_target_info');
    expect(blocked.status).toBe('failure');
    expect(blocked.error).toMatch(/APP_NOT_RESPONDING: mousepad .* is not answering accessibility calls/);
    expect((await windows()).find((w) => w.root_name === 'mousepad')?.responding).toBe(false);
    // recovery: pointer input still reaches the dialog (GTK's accessibility bridge holds key events while the app
    // is blocked); a click on Cancel, where a screenshot shows it, closes it and the app answers again
    expect(cancelRect).toBeDefined();
    const [left, top, right, bottom] = cancelRect!;
    await fixture.ok('click_on_coordinates', { x: (left + right) / 2, y: (top + bottom) / 2, coordinate_type: 'absolute' });
    const list = await waitFor(
      async () => {
        const result = await fixture.run('get_app_window_controls_target_info');
        return result.status === 'success' ? (result.result as { controls: Target[] }).controls : undefined;
      },
      { timeoutMs: 15_000, what: 'mousepad to answer again' },
    );
    expect(list.some((c) => c.type === 'menu' && c.name === 'File')).toBe(true);
  });
});

describeDesktop('a GTK 4 dialog through the MCP tool servers (gnome-text-editor Save As)', ['gnome-text-editor'], () => {
  const suite = useAppDesktop({ apps: [{ name: 'gnome-text-editor', frameTimeoutMs: 60_000 }] });

  it('the file chooser (a top-level GTK 4.8 calls "filler") is listed with the window that opened it, and on its own', async () => {
    await suite.fixture.ok('get_app_window_controls_target_info');
    await suite.fixture.ok('type_text', { text: 'gtk four' });
    const opened = await suite.fixture.ok<{ effect: Effect }>('keyboard_input', { keys: 'ctrl+shift+s' });
    expect(
      opened.effect.changes.some((c) => /^window opened: "Save As"/.test(c)),
      JSON.stringify(opened.effect),
    ).toBe(true);
    const hasNameField = (list: Target[]) => list.some((c) => c.type === 'text' && (c.name === 'Name:' || c.label === 'Name:'));
    const withMain = await waitFor(
      async () => {
        const list = await targets();
        return hasNameField(list) ? list : undefined;
      },
      { timeoutMs: 10_000, what: 'the Save As dialog in the listing' },
    );
    expect(withMain.some((c) => c.type === 'push button' && /^(Save|_Save)$/.test(c.name))).toBe(true);
    // GTK 4.8's file chooser is not modal (no `modal` state, no _NET_WM_STATE_MODAL): the main window takes input
    // while it is open, so its controls stay listed
    expect(withMain.some((c) => c.type === 'push button' && c.name === 'Menu')).toBe(true);
    const dialog = (await suite.fixture.ok<{ windows: WindowInfo[] }>('list_windows')).windows.find((w) => w.title === 'Save As');
    await suite.fixture.ok('select_application_window', { id: dialog!.id });
    expect(hasNameField(await targets())).toBe(true);
    await suite.fixture.ok('keyboard_input', { keys: 'Escape' });
  });

  it('a modal GTK 4 dialog blocks the main window: its controls are left out and their ids refused until it closes', async () => {
    const main = await waitFor(
      async () => {
        const all = (await suite.fixture.ok<{ windows: WindowInfo[] }>('list_windows')).windows;
        return all.length === 1 ? all[0] : undefined;
      },
      { timeoutMs: 10_000, what: 'the Save As dialog to close' },
    );
    await suite.fixture.ok('select_application_window', { id: main.id });
    const menu = (await targets()).find((c) => c.type === 'push button' && c.name === 'Menu')!;
    await suite.fixture.ok('click_input', { id: menu.id, name: 'Menu' });
    const about = await waitFor(async () => (await targets()).find((c) => c.type === 'menu item' && c.name === 'About Text Editor'), {
      timeoutMs: 10_000,
      what: 'the main menu',
    });
    // here it opens a modal message dialog ("Could not show link", no browser); an About window would be modal too
    await suite.fixture.ok('click_input', { id: about.id });
    const withDialog = await waitFor(
      async () => {
        const list = await targets();
        return list.some((c) => c.id === menu.id) ? undefined : list;
      },
      { timeoutMs: 10_000, what: 'a modal dialog to leave the main window out' },
    );
    expect(withDialog.length, "the dialog's controls are listed").toBeGreaterThan(0);
    const refused = await suite.fixture.run('click_input', { id: menu.id, name: 'Menu' });
    expect(refused.error).toMatch(
      /CONTROL_NOT_ACTIONABLE: control a\d+ \(push button "Menu"\) is blocked by (the modal dialog ".*"|an untitled modal dialog \(window \d+\)): finish or close the dialog first/,
    );
    await suite.fixture.ok('keyboard_input', { keys: 'Escape' });
    const back = await waitFor(async () => (await targets()).find((c) => c.id === menu.id), { timeoutMs: 10_000, what: 'the main window to be listed again' });
    expect(back.name).toBe('Menu');
  });

  const targets = async () => (await suite.fixture.ok<{ controls: Target[] }>('get_app_window_controls_target_info')).controls;
});

describeDesktop('a GTK 3 dialog that is not modal (galculator Preferences)', ['galculator'], () => {
  const suite = useAppDesktop({ apps: [{ name: 'galculator' }] });

  const targets = async () => (await suite.fixture.ok<{ controls: Target[] }>('get_app_window_controls_target_info')).controls;

  it('leaves the main window listed and usable while it is open', async () => {
    const edit = (await targets()).find((c) => c.type === 'menu' && c.name === 'Edit')!;
    await suite.fixture.ok('click_input', { id: edit.id });
    const item = await waitFor(async () => (await targets()).find((c) => c.type === 'menu item' && c.name === 'Preferences...'), {
      timeoutMs: 10_000,
      what: 'the Edit menu',
    });
    const opened = await suite.fixture.ok<{ effect: Effect }>('click_input', { id: item.id });
    expect(
      opened.effect.changes.some((c) => /^window opened: "galculator Preferences"/.test(c)),
      JSON.stringify(opened.effect),
    ).toBe(true);
    const listed = await waitFor(
      async () => {
        const list = await targets();
        return list.some((c) => c.type === 'page tab' && c.name === 'Display') ? list : undefined;
      },
      { timeoutMs: 10_000, what: 'the Preferences dialog in the listing' },
    );
    const seven = listed.find((c) => c.type === 'toggle button' && c.name === '7');
    expect(seven, JSON.stringify(listed.map((c) => `${c.type}:${c.name}`))).toBeDefined();
    const clicked = await suite.fixture.ok<{ effect: Effect }>('click_input', { id: seven!.id, name: '7' });
    expect(
      clicked.effect.changes.some((c) => /text: "0" → "7"/.test(c)),
      JSON.stringify(clicked.effect),
    ).toBe(true);
  });
});
