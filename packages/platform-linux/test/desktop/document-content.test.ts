import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AppHandle } from '../../src/harness/app-launch.js';
import { startDesktop, type Desktop } from '../../src/harness/desktop.js';
import { waitFor } from '../../src/util/wait.js';
import { describeDesktop } from '../helpers/desktop-suite.js';
import { startLinuxServer, type LinuxServerFixture } from '../helpers/linux-dispatcher.js';

interface Target {
  id: string;
  name: string;
  type: string;
  rect: [number, number, number, number];
  text?: string;
  text_truncated?: boolean;
  text_range?: [number, number];
  text_length?: number;
  caret?: { offset: number; line?: number; column?: number };
  selection?: { start: number; end: number; text: string };
  value?: { current: number; min: number; max: number; step?: number; text?: string };
  rows?: number;
  columns?: number;
  row?: number;
  column?: number;
  column_header?: string;
  cells_omitted?: number;
  states?: string[];
}
interface WindowInfo {
  id: string;
  title: string;
  pid: number;
}

/** The document the editors open: numbered lines, far more than a window shows. */
const LINES = 3000;
const lineText = (n: number) => `line ${n} of the document, some words here`;

describeDesktop('document content from the accessibility tree', ['zenity', 'mousepad', 'gtk3-widget-factory', 'featherpad', 'gnome-text-editor'], () => {
  let desktop: Desktop;
  let fixture: LinuxServerFixture;
  let documentPath: string;

  beforeAll(async () => {
    desktop = await startDesktop();
    documentPath = join(desktop.runtimeDir, 'home', 'numbered.txt');
    writeFileSync(documentPath, `${Array.from({ length: LINES }, (_, i) => lineText(i + 1)).join('\n')}\n`);
    fixture = await startLinuxServer({ desktop, shell: false });
  });

  afterAll(async () => {
    await fixture?.close();
    const report = await desktop?.stop();
    expect(report?.leftovers).toEqual([]);
  });

  /** Starts an app, selects its window, runs the body, stops the app. */
  const withApp = async (command: string, args: string[], body: (app: AppHandle) => Promise<void>): Promise<void> => {
    const app = desktop.launchApp(command, args);
    try {
      const frame = await app.waitForFrame({ timeoutMs: 30_000 });
      const { windows } = await fixture.ok<{ windows: WindowInfo[] }>('list_windows');
      const window = windows.find((w) => w.pid === frame.pid);
      expect(window, `${command} in ${JSON.stringify(windows)}`).toBeDefined();
      await fixture.ok('select_application_window', { id: window!.id, name: window!.title });
      await body(app);
    } finally {
      await app.stop();
    }
  };

  const targets = async (): Promise<Target[]> => (await fixture.ok<{ controls: Target[] }>('get_app_window_controls_target_info')).controls;

  /** The listed 3,000-line document. */
  const documentOf = async (): Promise<Target> => {
    const doc = (await targets()).find((t) => t.type === 'text' && (t.text_length ?? 0) > 100_000);
    expect(doc).toBeDefined();
    return doc!;
  };
  /** The listed document once it has the focus (a newly started editor takes it a moment later). */
  const focusedDocument = (command: string): Promise<Target> =>
    waitFor(
      async () => {
        const doc = await documentOf();
        return doc.states?.includes('focused') ? doc : undefined;
      },
      { timeoutMs: 10_000, what: `the ${command} document to take the focus` },
    );

  // first in the file: after another app was driven in this desktop, the listing no longer follows this list to its
  // end (an order dependence not understood yet; the same steps pass in a desktop of their own)
  it('zenity --list with 1,000 rows (GTK 3 tree view): the table with its size, and only the visible cells with row, column and header', async () => {
    const rows = Array.from({ length: 1000 }, (_, i) => [`item${i}`, String(i * 3)]).flat();
    await withApp('zenity', ['--list', '--column=Name', '--column=Price', ...rows], async () => {
      const listed = await targets();
      const table = listed.find((t) => t.type === 'table');
      expect(table, JSON.stringify(listed)).toMatchObject({ rows: 1000, columns: 2 });
      const cells = listed.filter((t) => t.type === 'table cell');
      // only the rows on screen: a handful, never the thousand
      expect(cells.length).toBeGreaterThan(2);
      expect(cells.length).toBeLessThan(80);
      expect(cells.find((c) => c.name === 'item0')).toMatchObject({ row: 0, column: 0, column_header: 'Name' });
      expect(cells.find((c) => c.name === '3')).toMatchObject({ row: 1, column: 1, column_header: 'Price' });
      for (const cell of cells) expect(cell.column_header, JSON.stringify(cell)).toBe(cell.column === 0 ? 'Name' : 'Price');
      // scrolled to the end: the last rows' cells, and none of the first rows'
      await fixture.ok('keyboard_input', { keys: 'End', id: table!.id });
      const atEnd = await waitFor(
        async () => {
          const now = (await targets()).filter((t) => t.type === 'table cell');
          return now.some((c) => c.name === 'item999') ? now : undefined;
        },
        { timeoutMs: 10_000, what: 'the last row to be listed' },
      );
      expect(atEnd.find((c) => c.name === 'item999')).toMatchObject({ row: 999, column: 0, column_header: 'Name' });
      expect(atEnd.find((c) => c.name === 'item0')).toBeUndefined();
      expect(atEnd.length).toBeLessThan(80);
    });
  });

  it('zenity --scale (GTK 3 slider): the listing shows its value with range and step, read live after a key press', async () => {
    await withApp('zenity', ['--scale', '--value=30', '--min-value=0', '--max-value=100'], async () => {
      const slider = (await targets()).find((t) => t.type === 'slider');
      expect(slider?.value).toEqual({ current: 30, min: 0, max: 100, step: 1 });
      await fixture.ok('keyboard_input', { keys: 'Right', id: slider!.id });
      const moved = await waitFor(
        async () => {
          const now = (await targets()).find((t) => t.type === 'slider');
          return now?.value?.current === 31 ? now : undefined;
        },
        { timeoutMs: 10_000, what: 'the slider to show 31' },
      );
      expect(moved.value).toEqual({ current: 31, min: 0, max: 100, step: 1 });
    });
  });

  it('gtk3-widget-factory: a spin button lists its value, range, step and text, read live after a key press', async () => {
    await withApp('gtk3-widget-factory', [], async () => {
      const spins = (await targets()).filter((t) => t.type === 'spin button' && !t.states?.includes('disabled'));
      // the factory's first page: a spin button from 1 to 1000 showing 50
      const spin = spins.find((s) => s.value?.max === 1000);
      expect(spin, JSON.stringify(spins)).toMatchObject({ text: '50', value: { current: 50, min: 1, max: 1000, step: 1 } });
      await fixture.ok('keyboard_input', { keys: 'Up', id: spin!.id });
      const raised = await waitFor(
        async () => {
          const now = (await targets()).find((t) => t.id === spin!.id);
          return now?.value?.current === 51 ? now : undefined;
        },
        { timeoutMs: 10_000, what: 'the spin button to show 51' },
      );
      expect(raised).toMatchObject({ text: '51', value: { current: 51, min: 1, max: 1000 } });
    });
  }, 60_000);

  it('mousepad (GTK 3) with a 3,000-line file: the visible lines, the caret, a selection made with keys', async () => {
    await withApp('mousepad', [documentPath], async () => {
      const first = await focusedDocument('mousepad');
      // the start of the file is on screen, the end is not
      expect(first.text).toContain(lineText(1));
      expect(first.text).not.toContain(lineText(LINES));
      expect(first.text_truncated).toBe(true);
      expect(first.text_range![0]).toBe(0);
      expect(first.text!.length).toBeLessThanOrEqual(2000);
      expect(first.caret).toEqual({ offset: 0, line: 1, column: 1 });
      // down three lines, then select that line with shift+End
      await fixture.ok('keyboard_input', { keys: 'Down Down Down shift+End', id: first.id });
      const selected = await waitFor(
        async () => {
          const doc = await documentOf();
          return doc.selection ? doc : undefined;
        },
        { timeoutMs: 10_000, what: 'a selection in mousepad' },
      );
      expect(selected.selection!.text).toBe(lineText(4));
      expect(selected.caret).toMatchObject({ line: 4, column: lineText(4).length + 1 });
      // to the end: the listing follows the view; the key's effect is the caret's move (the text is the same)
      const moved = await fixture.ok<{ effect: { changed: boolean; changes: string[] } }>('keyboard_input', { keys: 'ctrl+End', id: first.id });
      expect(moved.effect.changed, JSON.stringify(moved.effect)).toBe(true);
      expect(
        moved.effect.changes.some((c) => /caret: offset \d+ → \d+/.test(c)),
        JSON.stringify(moved.effect),
      ).toBe(true);
      const end = await waitFor(
        async () => {
          const doc = await documentOf();
          return doc.text?.includes(lineText(LINES)) ? doc : undefined;
        },
        { timeoutMs: 10_000, what: 'the last line in the listed text' },
      );
      expect(end.text).not.toContain(lineText(1) + '\n');
      expect(end.text_range![1]).toBe(end.text_length);
      expect(end.caret).toMatchObject({ line: LINES + 1, column: 1 });
    });
  });

  // Qt's plain text editor answers no offset at a point, and GTK 4.8 leaves that call unanswered: for them the
  // listing shows the lines around the caret
  // (gnome-text-editor hides the file's final newline: its last line is line 3,000)
  const editors = [
    { command: 'featherpad', toolkit: 'Qt 5', keys: 'ctrl+End Up shift+End', caretColumn: lineText(LINES).length + 1 },
    { command: 'gnome-text-editor', toolkit: 'GTK 4', keys: 'ctrl+End shift+Home', caretColumn: 1 },
  ];
  for (const { command, toolkit, keys, caretColumn } of editors) {
    it(`${command} (${toolkit}) with a 3,000-line file: the lines around the caret, the caret, a selection made with keys`, async () => {
      await withApp(command, [documentPath], async () => {
        const first = await focusedDocument(command);
        expect(first.text).toContain(lineText(1));
        expect(first.text).not.toContain(lineText(LINES));
        expect(first).toMatchObject({ text_truncated: true, caret: { offset: 0, line: 1, column: 1 } });
        // whole lines from the start, at most 2,000 characters
        expect(first.text_range![0]).toBe(0);
        expect(first.text_range![1]).toBeLessThanOrEqual(2000);
        expect(first.text_range![1]).toBeGreaterThan(1900);
        expect(first.text!.endsWith('\n')).toBe(true);
        await fixture.ok('keyboard_input', { keys, id: first.id });
        const end = await waitFor(
          async () => {
            const doc = await documentOf();
            return doc.selection ? doc : undefined;
          },
          { timeoutMs: 10_000, what: `a selection in ${command}` },
        );
        expect(end.text).toContain(lineText(LINES));
        expect(end.text).not.toContain(`${lineText(1)}\n`);
        expect(end.text_range![1]).toBe(end.text_length);
        expect(end.selection!.text).toBe(lineText(LINES));
        expect(end.caret).toMatchObject({ line: LINES, column: caretColumn });
      });
    }, 60_000);
  }
});
