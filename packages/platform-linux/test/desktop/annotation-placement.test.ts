// Set-of-marks labels on screenshots of real GTK apps: each label inside or against its own control, none over
// another label or another control's box, menu item labels within their own rows, each control drawn once. The
// annotated PNGs are kept in a temp folder (printed) to be looked at.
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodePng, drawSetOfMarks, fromPngDataUrl, labelLayoutProblems, layoutSetOfMarks, rectContains, type SetOfMarksLayout } from '@ufo-ts/imaging';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LINUX_MARK_STYLE, OCR_MARK_COLOR } from '../../src/desktop/screenshots.js';
import { startDesktop, type Desktop } from '../../src/harness/desktop.js';
import { waitFor } from '../../src/util/wait.js';
import { describeDesktop } from '../helpers/desktop-suite.js';
import { startLinuxServer, type LinuxServerFixture } from '../helpers/linux-dispatcher.js';

interface Control {
  id: string;
  name: string;
  type: string;
  rect: [number, number, number, number];
  source?: 'ocr';
}
interface Annotated {
  image: string;
  clean_image: string;
  width: number;
  height: number;
  window: { id: string; rect: { x: number; y: number; width: number; height: number } };
  controls: Control[];
}

const outDir = join(tmpdir(), 'ufo-annotation-placement');

describeDesktop('set-of-marks label placement on screenshots of real apps', ['mousepad', 'galculator'], () => {
  let desktop: Desktop;
  let fixture: LinuxServerFixture;

  beforeAll(async () => {
    mkdirSync(outDir, { recursive: true });
    desktop = await startDesktop();
    for (const app of ['galculator', 'mousepad']) await desktop.launchApp(app).waitForFrame({ timeoutMs: 30_000 });
    fixture = await startLinuxServer({ desktop, shell: false });
  });

  afterAll(async () => {
    await fixture?.close();
    const report = await desktop?.stop();
    expect(report?.leftovers).toEqual([]);
  });

  const select = async (root: string): Promise<void> => {
    const { windows } = await fixture.ok<{ windows: { id: string; root_name: string }[] }>('list_windows');
    await fixture.ok('select_application_window', { id: windows.find((w) => w.root_name === root)!.id });
  };

  const controlsNow = async (): Promise<{ id: string; role: string; name: string; rect: unknown }[]> =>
    (await fixture.ok<{ controls: { id: string; role: string; name: string; rect: unknown }[] }>('get_controls')).controls;
  /** Waits for a listed control and returns it. */
  const control = async (what: string, match: (c: { role: string; name: string }) => boolean) =>
    waitFor(async () => (await controlsNow()).find((c) => match(c) && c.rect), { timeoutMs: 10_000, what });

  /**
   * Annotates the selected window through the tool server, saves the PNG, and lays the same marks out again: the
   * tool's image must be exactly the clean image drawn with that layout, so the layout checked is the one shown.
   */
  const annotate = async (name: string): Promise<{ shot: Annotated; layout: SetOfMarksLayout }> => {
    const shot = await fixture.ok<Annotated>('capture_annotated_screenshot', { include_clean: true });
    const file = join(outDir, `${name}.png`);
    writeFileSync(file, fromPngDataUrl(shot.image));
    process.stderr.write(`[annotation-placement] ${file}\n`);
    const origin = shot.window.rect;
    const marks = shot.controls.map((c) => ({
      label: c.id,
      left: c.rect[0] - origin.x,
      top: c.rect[1] - origin.y,
      right: c.rect[2] - origin.x,
      bottom: c.rect[3] - origin.y,
      // text read from the screen (the open combo's list, where the tree leaves it undescribed) is boxed in its own colour
      ...(c.source === 'ocr' ? { color: OCR_MARK_COLOR } : {}),
    }));
    const clean = decodePng(fromPngDataUrl(shot.clean_image));
    const redrawn = drawSetOfMarks(clean, marks, LINUX_MARK_STYLE);
    expect(decodePng(fromPngDataUrl(shot.image)).data.equals(redrawn.data)).toBe(true);
    return { shot, layout: layoutSetOfMarks(marks, shot.width, shot.height, LINUX_MARK_STYLE) };
  };

  it("mousepad's open File menu: each item's label inside its own row, no label over another or over a neighbour", async () => {
    await select('mousepad');
    await fixture.ok('keyboard_input', { keys: 'alt+f' });
    await control('the File menu open', (c) => /menu item/.test(c.role) && /^Save As/.test(c.name));
    const { shot, layout } = await annotate('mousepad-file-menu');
    await fixture.ok('keyboard_input', { keys: 'Escape' });
    expect(labelLayoutProblems(layout)).toEqual([]);
    const items = shot.controls.filter((c) => /menu item/.test(c.type) && c.name && c.rect[1] > shot.window.rect.y + 40);
    expect(items.map((c) => c.name)).toEqual(expect.arrayContaining([expect.stringMatching(/^Save$/), expect.stringMatching(/^Save As/)]));
    for (const item of items) {
      const i = layout.marks.findIndex((m) => m.label === item.id);
      expect(i, `${item.id} ${item.name} drawn`).toBeGreaterThanOrEqual(0);
      const label = layout.labels[i]!.rect;
      const box = layout.boxes[i]!;
      expect(label.y >= box.y && label.y + label.height <= box.y + box.height, `${item.name}: ${JSON.stringify({ label, box })}`).toBe(true);
    }
    // "Save" and "Save As…" are neighbouring rows: each label lies on its own row
    const save = layout.marks.findIndex((m) => m.label === items.find((c) => c.name === 'Save')!.id);
    const saveAs = layout.marks.findIndex((m) => m.label === items.find((c) => /^Save As/.test(c.name))!.id);
    expect(rectContains(layout.boxes[save]!, layout.labels[save]!.rect)).toBe(true);
    expect(rectContains(layout.boxes[saveAs]!, layout.labels[saveAs]!.rect)).toBe(true);
  });

  it('galculator: every button labelled once, no label over another or over a neighbouring button', async () => {
    await select('galculator');
    const { shot, layout } = await annotate('galculator');
    expect(labelLayoutProblems(layout)).toEqual([]);
    const buttons = shot.controls.filter((c) => /button/.test(c.type));
    expect(buttons.length).toBeGreaterThan(20);
    const drawn = new Set(layout.marks.map((m) => m.label));
    for (const button of buttons)
      expect(drawn.has(button.id) || shot.controls.some((c) => c.id !== button.id && String(c.rect) === String(button.rect))).toBe(true);
  });

  it("galculator's preferences with the number-base combo open: its items, listed twice, drawn once, each label in its row", async () => {
    await select('galculator');
    const edit = await control('the Edit menu', (c) => c.role === 'menu' && c.name === 'Edit');
    await fixture.ok('click_input', { id: edit.id });
    const preferences = await control('the Preferences item', (c) => /menu item/.test(c.role) && /^Preferences/.test(c.name));
    await fixture.ok('click_input', { id: preferences.id });
    const dialog = await waitFor(
      async () => (await fixture.ok<{ windows: { id: string; title: string }[] }>('list_windows')).windows.find((w) => /Preferences/i.test(w.title)),
      { timeoutMs: 10_000, what: 'the preferences dialog' },
    );
    await fixture.ok('select_application_window', { id: dialog.id });
    const numbers = await control('the Numbers tab', (c) => c.role === 'page tab' && c.name === 'Numbers');
    await fixture.ok('click_input', { id: numbers.id });
    const combo = await control('the number base combo', (c) => c.role === 'combo box');
    await fixture.ok('click_input', { id: combo.id });
    await control('the combo popup', (c) => /menu item/.test(c.role) && c.name === 'Hexadecimal');
    const { shot, layout } = await annotate('galculator-number-base-combo');
    await fixture.ok('keyboard_input', { keys: 'Escape' });
    const close = await control('the Close button', (c) => /push button/.test(c.role) && c.name === 'Close');
    await fixture.ok('click_input', { id: close.id });
    expect(labelLayoutProblems(layout)).toEqual([]);
    const items = shot.controls.filter((c) => /menu item/.test(c.type) && ['Decimal', 'Hexadecimal', 'Octal', 'Binary'].includes(c.name));
    const boxes = new Set(items.map((c) => String(c.rect)));
    // GTK's tree holds the popup twice: each item is listed once, its box drawn once, with one label inside its own row
    expect(items).toHaveLength(4);
    expect(boxes.size).toBe(4);
    const drawn = layout.marks.flatMap((m, i) => (items.some((c) => c.id === m.label) ? [i] : []));
    expect(drawn).toHaveLength(4);
    for (const i of drawn) expect(rectContains(layout.boxes[i]!, layout.labels[i]!.rect), layout.marks[i]!.label).toBe(true);
  });
});
