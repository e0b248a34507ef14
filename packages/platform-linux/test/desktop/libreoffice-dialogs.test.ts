// LibreOffice Writer (GTK 3 plugin) through the tool servers: shortcuts followed by more keys, a check menu item in a
// submenu, the Insert Table dialog's spin button (its Value, not its text), set_edit_text refused on a label, OCR
// not reading the main window a modal dialog blocks, and a listing that follows the focus once the selected dialog
// closed.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startDesktop, type Desktop } from '../../src/harness/desktop.js';
import { waitFor } from '../../src/util/wait.js';
import { describeDesktop } from '../helpers/desktop-suite.js';
import { startLinuxServer, type LinuxServerFixture } from '../helpers/linux-dispatcher.js';
import type { Effect, WindowInfo, Target } from '../helpers/tool-shapes.js';

interface Listing {
  controls: Target[];
  notes?: string[];
}

const FIXTURES = join(import.meta.dirname, '..', '__fixtures__', 'office');
const FIRST_PARAGRAPH = 'Dear reader, this short letter is the Writer fixture of the desktop tests.';

const centre = (t: Target): { x: number; y: number } => ({ x: (t.rect[0] + t.rect[2]) / 2, y: (t.rect[1] + t.rect[3]) / 2 });
const inside = (p: { x: number; y: number }, r: WindowInfo['rect']): boolean => p.x >= r.x && p.x <= r.x + r.width && p.y >= r.y && p.y <= r.y + r.height;
const brief = (list: Target[]): string =>
  JSON.stringify(list.map((t) => [t.id, t.type, t.name, t.label, t.text?.slice(0, 40), t.value?.current, t.states])).slice(0, 6000);

describeDesktop('LibreOffice Writer (GTK 3): shortcuts, check menu items, the Insert Table dialog', ['soffice'], () => {
  let desktop: Desktop | undefined;
  let fixture: LinuxServerFixture;
  let dir: string | undefined;
  let main: WindowInfo;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ufo-office-dialogs-'));
    const copy = join(dir, 'letter.odt');
    copyFileSync(join(FIXTURES, 'letter.odt'), copy);
    desktop = await startDesktop();
    const app = desktop.launchApp('soffice', ['--norestore', '--nologo', '--writer', copy], { cwd: dir });
    await app.waitForFrame({ timeoutMs: 90_000 });
    fixture = await startLinuxServer({ desktop, shell: false });
    let seen: WindowInfo[] = [];
    main = await waitFor(
      async () => {
        seen = (await fixture.ok<{ windows: WindowInfo[] }>('list_windows')).windows;
        return seen.find((w) => w.title.includes('letter'));
      },
      { timeoutMs: 30_000, what: 'the window of letter.odt' },
    ).catch((error: unknown) => {
      throw new Error(`${String(error)}; windows: ${JSON.stringify(seen)}`);
    });
    await fixture.ok('select_application_window', { id: main.id, name: main.title });
    // LibreOffice is busy for a while after its window shows: wait for a first listing that has the paragraphs
    await waitFor(
      async () => {
        const result = await fixture.run('get_app_window_controls_target_info');
        if (result.status !== 'success') return undefined;
        return (result.result as Listing).controls.some((t) => t.type === 'paragraph') ? true : undefined;
      },
      { timeoutMs: 90_000, intervalMs: 1000, what: 'a first listing with the paragraphs' },
    );
  }, 240_000);

  afterAll(async () => {
    await fixture?.close();
    const report = await desktop?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
    expect(report?.leftovers ?? []).toEqual([]);
  }, 60_000);

  const listing = async (): Promise<Listing> => {
    const result = await fixture.run('get_app_window_controls_target_info');
    expect(result.status, String(result.error)).toBe('success');
    return result.result as Listing;
  };
  const find = (list: Target[], type: string, name: string | RegExp): Target => {
    const found = list.find((t) => t.type === type && (typeof name === 'string' ? t.name === name : name.test(t.name)));
    expect(found, `${type} ${String(name)} in ${brief(list)}`).toBeDefined();
    return found!;
  };
  const paragraphs = (list: Target[]): string[] =>
    list
      .filter((t) => t.type === 'paragraph' && t.source !== 'ocr')
      .sort((a, b) => a.rect[1] - b.rect[1])
      .map((t) => (t.text ?? t.name).replace(/\n$/, ''));

  it('"ctrl+End Return" then typing: the text is a new LAST paragraph, the first paragraph is unchanged', async () => {
    expect(paragraphs((await listing()).controls)[0]).toBe(FIRST_PARAGRAPH);
    await fixture.ok('keyboard_input', { keys: 'ctrl+End Return' });
    await fixture.ok('type_text', { text: 'Typed at the end' });
    const texts = await waitFor(
      async () => {
        const now = paragraphs((await listing()).controls);
        return now.includes('Typed at the end') ? now : undefined;
      },
      { timeoutMs: 15_000, what: 'the typed paragraph' },
    );
    // without the pause after ctrl+End, LibreOffice breaks the line where the caret was (an empty first paragraph)
    // and the text lands at the end of the last paragraph
    expect(texts[0], JSON.stringify(texts)).toBe(FIRST_PARAGRAPH);
    expect(texts.at(-1), JSON.stringify(texts)).toBe('Typed at the end');
    expect(texts.at(-2), JSON.stringify(texts)).toBe('It has a second paragraph.');
  });

  // two menu walks in Writer: about 8 s on an idle machine, 14 s with both cores kept busy
  it(
    'Tools > AutoCorrect > While Typing (a check menu item): the click is a success, and the reopened menu shows it unchecked',
    { timeout: 90_000 },
    async () => {
      const openWhileTyping = async (): Promise<Target> => {
        await fixture.ok('click_input', { id: find((await listing()).controls, 'menu', 'Tools').id, name: 'Tools' });
        const autoCorrect = await waitFor(async () => (await listing()).controls.find((t) => t.type === 'menu' && t.name === 'AutoCorrect'), {
          timeoutMs: 10_000,
          what: 'the AutoCorrect submenu',
        });
        await fixture.ok('click_input', { id: autoCorrect.id, name: 'AutoCorrect' });
        return waitFor(async () => (await listing()).controls.find((t) => t.type === 'check menu item' && t.name === 'While Typing'), {
          timeoutMs: 10_000,
          what: 'While Typing',
        });
      };
      const item = await openWhileTyping();
      expect(item.states ?? []).toContain('checked');
      const clicked = await fixture.run('click_input', { id: item.id, name: 'While Typing' });
      // it used to fail NO_EFFECT (LibreOffice updates the item only when the menu opens again), after a second click
      // that landed on the document
      expect(clicked.status, String(clicked.error)).toBe('success');
      const effect = (clicked.result as { effect: Effect }).effect;
      expect(
        effect.changes.some((line) => /popups? closed/.test(line)),
        JSON.stringify(effect),
      ).toBe(true);
      const again = await openWhileTyping();
      expect(again.states ?? [], JSON.stringify(again)).not.toContain('checked');
      await fixture.ok('keyboard_input', { keys: 'Escape Escape Escape' });
      await waitFor(async () => ((await listing()).controls.some((t) => t.type === 'check menu item' && t.name === 'While Typing') ? undefined : true), {
        timeoutMs: 10_000,
        what: 'the menus to close',
      });
    },
  );

  it('Insert Table: no OCR of the blocked main window, set_edit_text refused on a label, the Rows spin button set through its Value, the listing follows the focus once the dialog closed', async () => {
    await fixture.ok('keyboard_input', { keys: 'ctrl+F12' });
    const dialog = await waitFor(async () => (await fixture.ok<{ windows: WindowInfo[] }>('list_windows')).windows.find((w) => w.title === 'Insert Table'), {
      timeoutMs: 30_000,
      what: 'the Insert Table dialog',
    });
    const rowsOf = (list: Target[]): Target | undefined => list.find((t) => t.type === 'spin button' && t.label === 'Rows:');
    const before = await waitFor(
      async () => {
        const now = await listing();
        return rowsOf(now.controls) ? now : undefined;
      },
      { timeoutMs: 20_000, what: 'the Rows spin button' },
    );
    expect(rowsOf(before.controls)!.value?.current, brief(before.controls)).toBe(2);

    // the main window is still the selected one: its listing has the dialog's controls, and OCR reads only what the
    // dialog shows, nothing of the main window it blocks (its toolbars were read as noise)
    const ocr = before.controls.filter((t) => t.source === 'ocr');
    // (the dialog's own table style preview is read: OCR runs here, and that is inside the dialog)
    process.stderr.write(`[libreoffice-dialogs] Insert Table over the main window: ${ocr.length} OCR entries\n`);
    const outside = ocr.filter((t) => !inside(centre(t), dialog.rect));
    expect(outside, JSON.stringify({ dialog: dialog.rect, outside })).toEqual([]);

    // the dialog selected: its own listing (ids of its own)
    await fixture.ok('select_application_window', { id: dialog.id, name: dialog.title });
    const inDialog = await listing();
    const rows = rowsOf(inDialog.controls)!;
    expect(rows, brief(inDialog.controls)).toBeDefined();

    // a label takes no text: refused, and nothing is typed into the focused field
    const label = find(inDialog.controls, 'label', 'Rows:');
    const fields = (list: Target[]): unknown => list.filter((t) => ['spin button', 'text'].includes(t.type)).map((t) => [t.id, t.text, t.value?.current]);
    const refused = await fixture.run('set_edit_text', { id: label.id, name: 'Rows:', text: '7', clear_current_text: true });
    expect(refused.status).toBe('failure');
    expect(refused.error).toMatch(/CONTROL_NOT_ACTIONABLE: control \w+ is a label \("Rows:"\), which takes no text/);
    const push = find(inDialog.controls, 'push button', 'Insert');
    const refusedButton = await fixture.run('set_edit_text', { id: push.id, name: 'Insert', text: '7' });
    expect(refusedButton.error).toMatch(/CONTROL_NOT_ACTIONABLE: control \w+ is a push button/);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(fields((await listing()).controls)).toEqual(fields(inDialog.controls));

    // the spin button's number is set through its Value (its text alone was not "entered": the table kept 2 rows)
    const set = await fixture.ok<{ method: string; text?: string }>('set_edit_text', { id: rows.id, text: '5', clear_current_text: true });
    expect(set.method).toBe('value');
    expect(rowsOf((await listing()).controls)?.value?.current).toBe(5);
    await fixture.ok('click_input', { id: push.id, name: 'Insert' });
    await waitFor(
      async () => ((await fixture.ok<{ windows: WindowInfo[] }>('list_windows')).windows.some((w) => w.title === 'Insert Table') ? undefined : true),
      {
        timeoutMs: 20_000,
        what: 'the dialog to close',
      },
    );

    // an action on the closed dialog's control fails: the selected window is gone
    const gone = await fixture.run('click_input', { id: push.id, name: 'Insert' });
    expect(gone.status).toBe('failure');
    expect(gone.error).toMatch(/WINDOW_VANISHED/);

    // a listing follows the focus to the main window, and says so once
    const after = await listing();
    expect(after.notes ?? [], JSON.stringify(after.notes)).toContain(
      `The selected window "Insert Table" was closed; the focused window ${JSON.stringify(main.title)} of the same application is listed now.`,
    );
    expect(
      after.controls.some((t) => t.type === 'paragraph'),
      brief(after.controls),
    ).toBe(true);
    const table = await waitFor(async () => (await listing()).controls.find((t) => t.type === 'table' && t.rows !== undefined), {
      timeoutMs: 15_000,
      what: 'the inserted table',
    });
    expect(table, JSON.stringify(table)).toMatchObject({ rows: 5, columns: 2 });
    const later = await listing();
    expect((later.notes ?? []).filter((n) => n.includes('was closed'))).toEqual([]);
  });
});
