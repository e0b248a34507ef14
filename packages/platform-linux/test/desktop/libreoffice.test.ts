// LibreOffice with its GTK 3 plugin (the one with AT-SPI accessibility; the desktop sets SAL_USE_VCLPLUGIN=gtk3):
// its window belongs to soffice.bin, a grandchild of the launched `soffice`; Calc's sheet reports 2^31 - 1 cells
// and is read by its on-screen range; Writer's VCL widgets report extents as if they started at the window's
// origin, 25 px above where they are drawn (below the native menu bar).
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AppFrame, AppHandle } from '../../src/harness/app-launch.js';
import { startDesktop, type Desktop } from '../../src/harness/desktop.js';
import { sleep, waitFor } from '../../src/util/wait.js';
import { describeDesktop } from '../helpers/desktop-suite.js';
import { startLinuxServer, type LinuxServerFixture } from '../helpers/linux-dispatcher.js';
import type { WindowInfo, Target } from '../helpers/tool-shapes.js';

interface Listing {
  controls: Target[];
  notes?: string[];
}

const FIXTURES = join(import.meta.dirname, '..', '__fixtures__', 'office');

/** Where an entry's centre is. */
const centre = (t: Target): { x: number; y: number } => ({ x: (t.rect[0] + t.rect[2]) / 2, y: (t.rect[1] + t.rect[3]) / 2 });
const inside = (p: { x: number; y: number }, r: Target['rect']): boolean => p.x >= r[0] && p.x <= r[2] && p.y >= r[1] && p.y <= r[3];

/**
 * A desktop of its own with LibreOffice showing a copy of a fixture (LibreOffice writes a lock file beside the
 * document), its window selected; stopped after the enclosing describe's tests.
 */
function useOfficeDocument(module: 'calc' | 'writer' | 'impress', fixtureName: string) {
  const state: { desktop?: Desktop; fixture?: LinuxServerFixture; app?: AppHandle; frame?: AppFrame; window?: WindowInfo; dir?: string } = {};
  beforeAll(async () => {
    state.dir = mkdtempSync(join(tmpdir(), 'ufo-office-'));
    const copy = join(state.dir, fixtureName);
    copyFileSync(join(FIXTURES, fixtureName), copy);
    state.desktop = await startDesktop();
    state.app = state.desktop.launchApp('soffice', ['--norestore', '--nologo', `--${module}`, copy], { cwd: state.dir });
    // the window belongs to soffice.bin, started by oosplash, started by the soffice script
    state.frame = await state.app.waitForFrame({ timeoutMs: 90_000 });
    state.fixture = await startLinuxServer({ desktop: state.desktop, shell: false });
    // the document's window (LibreOffice titles it after the document once it is loaded)
    const title = basename(fixtureName).replace(/\.[a-z]+$/, '');
    let seen: WindowInfo[] = [];
    state.window = await waitFor(
      async () => {
        seen = (await state.fixture!.ok<{ windows: WindowInfo[] }>('list_windows')).windows;
        return seen.find((w) => w.title.includes(title));
      },
      { timeoutMs: 30_000, what: `the window of ${title}` },
    ).catch((error: unknown) => {
      throw new Error(`${String(error)}; windows: ${JSON.stringify(seen)}`);
    });
    await state.fixture.ok('select_application_window', { id: state.window.id, name: state.window.title });
    // LibreOffice is busy for a while after its window shows (loading, laying out): a listing then reports
    // APP_NOT_RESPONDING. Wait for a first listing; an app hung for good (GetChildren on Calc's sheet) never gives one.
    const errors: string[] = [];
    await waitFor(
      async () => {
        const result = await state.fixture!.run('get_app_window_controls_target_info');
        if (result.status !== 'success') errors.push(String(result.error).slice(0, 60));
        return result.status === 'success' ? true : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 1000, what: 'a first listing' },
    ).catch((error: unknown) => {
      throw new Error(`${String(error)}; errors: ${JSON.stringify(errors)}`);
    });
    if (errors.length > 0) process.stderr.write(`[libreoffice] ${module}: ${errors.length} listings failed before the first answered: ${errors.join(' | ')}\n`);
  }, 180_000);
  afterAll(async () => {
    await state.fixture?.close();
    const report = await state.desktop?.stop();
    if (state.dir) rmSync(state.dir, { recursive: true, force: true });
    expect(report?.leftovers ?? []).toEqual([]);
  }, 60_000);
  return {
    get fixture(): LinuxServerFixture {
      return state.fixture!;
    },
    get frame(): AppFrame {
      return state.frame!;
    },
    get app(): AppHandle {
      return state.app!;
    },
    get window(): WindowInfo {
      return state.window!;
    },
    async listing(): Promise<Listing> {
      const result = await state.fixture!.run('get_app_window_controls_target_info');
      // LibreOffice hangs on GetChildren of its sheet: the listing must answer, not report APP_NOT_RESPONDING
      expect(result.error ?? '').not.toMatch(/APP_NOT_RESPONDING|not responding/i);
      expect(result.status, String(result.error)).toBe('success');
      return result.result as Listing;
    },
  };
}

describeDesktop('LibreOffice Calc (GTK 3): a sheet of 2^31 - 1 cells listed by its on-screen range', ['soffice'], () => {
  const office = useOfficeDocument('calc', 'budget.ods');

  it('the frame and the window of soffice.bin (a grandchild of the launched soffice) are found', async () => {
    expect(office.frame.appName).toMatch(/soffice/i);
    expect(office.frame.pid).not.toBe(office.app.pid);
    expect(office.window.title).toContain('budget');
    // waitForWindow (X windows by _NET_WM_PID) finds it too, through the launched process's descendants
    const window = await office.app.waitForWindow({ timeoutMs: 5000 });
    expect(window.pid).toBe(office.frame.pid);
  });

  it('lists the cells with content by address, with text and formula, a note with the range on screen, one File menu, no OCR text over the sheet', async () => {
    const listing = await office.listing();
    const dump = JSON.stringify(listing).slice(0, 4000);
    const cells = listing.controls.filter((t) => t.type === 'table cell');
    const cell = (address: string): Target | undefined => cells.find((c) => c.name === address);
    expect(cell('A1'), dump).toMatchObject({ text: 'Item' });
    expect(cell('B2'), dump).toMatchObject({ text: '1200' });
    expect(cell('A4'), dump).toMatchObject({ text: 'Double' });
    expect(cell('B4'), dump).toMatchObject({ text: '2400', formula: '=B2*2' });
    // the GTK 3 bridge cuts attributes at every ':': SUM(B2:B3) comes out cut, and is left out rather than shown wrong
    expect(cell('B5'), dump).toMatchObject({ text: '1550' });
    expect(cell('B5')).not.toHaveProperty('formula');
    // texts have no formula; empty cells are not listed
    expect(cell('A1')).not.toHaveProperty('formula');
    expect(cell('C1')).toBeUndefined();
    expect(cells.length).toBeLessThan(20);
    // the note names the range on screen, from A1
    expect(
      listing.notes?.some((n) => /cells A1:[A-Z]+\d+ on screen/.test(n)),
      JSON.stringify(listing.notes),
    ).toBe(true);
    // the native menu bar lists File; the VCL menu bar it hides (cached with every item) is not listed again
    expect(
      listing.controls.filter((t) => t.type === 'menu' && t.name === 'File'),
      dump,
    ).toHaveLength(1);
    // OCR does not read the sheet's grid (its cells with content are listed, its headings are letters and numbers)
    const sheet = listing.controls.find((t) => t.type === 'table' && cells.length > 0);
    expect(sheet, dump).toBeDefined();
    const ocrOnSheet = listing.controls.filter((t) => t.source === 'ocr' && inside(centre(t), sheet!.rect));
    expect(ocrOnSheet, JSON.stringify(sheet)).toEqual([]);
  });

  it('a second listing reads the sheet again and still answers', async () => {
    const listing = await office.listing();
    const cells = listing.controls.filter((t) => t.type === 'table cell');
    expect(cells.find((c) => c.name === 'B4')).toMatchObject({ text: '2400', formula: '=B2*2' });
    expect(listing.notes?.filter((n) => /cells A1:/.test(n))).toHaveLength(1);
  });

  it('a cell keeps its id across listings and can be acted on after LibreOffice dropped the object it made for the listing (about 15 s)', async () => {
    const first = (await office.listing()).controls.find((t) => t.type === 'table cell' && t.name === 'B2');
    const second = (await office.listing()).controls.find((t) => t.type === 'table cell' && t.name === 'B2');
    expect(second?.id, JSON.stringify([first, second])).toBe(first?.id);
    // a model thinking for a while: the cell's object from the listing is gone by now
    await sleep(17_000);
    const read = await office.fixture.ok<{ text: string }>('texts', { id: second!.id, name: 'B2' });
    expect(read.text).toBe('1200');
    await office.fixture.ok('click_input', { id: second!.id, name: 'B2' });
    // the cell cursor is on B2: the cell is focused and the Name Box (the field left of the formula bar) says B2
    const after = await waitFor(
      async () => {
        const controls = (await office.listing()).controls;
        const focused = controls.find((t) => t.type === 'table cell' && t.name === 'B2' && (t.states ?? []).includes('focused'));
        return focused && controls.some((t) => t.type === 'text' && t.text === 'B2') ? focused : undefined;
      },
      { timeoutMs: 10_000, what: 'the cell cursor on B2' },
    );
    expect(after.id).toBe(second!.id);
  }, 60_000);
});

describeDesktop('LibreOffice Writer (GTK 3): VCL controls at their true place below the native menu bar', ['soffice'], () => {
  const office = useOfficeDocument('writer', 'letter.odt');

  it('lists AT-SPI controls (not only OCR): the Bold toggle button, the paragraph, one File menu, the status bar at the window bottom, no OCR text over the ruler', async () => {
    const listing = await office.listing();
    const dump = JSON.stringify(listing.controls.map((t) => [t.type, t.name, t.rect])).slice(0, 6000);
    const accessible = listing.controls.filter((t) => t.source !== 'ocr');
    expect(accessible.length, dump).toBeGreaterThan(30);
    expect(
      listing.controls.find((t) => t.type === 'toggle button' && t.name === 'Bold'),
      dump,
    ).toBeDefined();
    const paragraph = listing.controls.find((t) => t.type === 'paragraph' && `${t.text ?? ''} ${t.name}`.includes('Dear reader'));
    expect(paragraph, dump).toBeDefined();
    expect(
      listing.controls.filter((t) => t.type === 'menu' && t.name === 'File'),
      dump,
    ).toHaveLength(1);
    // the status bar's extents were 25 px too high (the menu bar's height): it is at the window's bottom
    const windowBottom = office.window.rect.y + office.window.rect.height;
    const status = listing.controls.find((t) => t.type === 'status bar');
    expect(status, dump).toBeDefined();
    expect(status!.rect[1], JSON.stringify({ status, window: office.window.rect })).toBeGreaterThanOrEqual(windowBottom - 30);
    expect(status!.rect[3], JSON.stringify({ status, window: office.window.rect })).toBeLessThanOrEqual(windowBottom);
    // the ruler's tick labels are not read from the screen. The ruler is not listed (no control a model acts on): it
    // is the band between the formatting tool bar (Bold's row) and the document, across the document's width
    const bold = listing.controls.find((t) => t.type === 'toggle button' && t.name === 'Bold')!;
    const document = listing.controls.find((t) => t.type === 'document text');
    expect(document, dump).toBeDefined();
    const ruler: Target['rect'] = [document!.rect[0], bold.rect[3], document!.rect[2], document!.rect[1]];
    expect(ruler[3] - ruler[1], JSON.stringify(ruler)).toBeGreaterThan(10);
    const overRuler = listing.controls.filter((t) => t.source === 'ocr' && inside(centre(t), ruler));
    expect(overRuler, JSON.stringify(ruler)).toEqual([]);
  });

  it('a pointer click on Bold (at its shifted place) checks it', async () => {
    const bold = (await office.listing()).controls.find((t) => t.type === 'toggle button' && t.name === 'Bold');
    expect(bold).toBeDefined();
    expect(bold!.states ?? []).not.toContain('checked');
    await office.fixture.ok('click_input', { id: bold!.id, name: 'Bold', method: 'pointer' });
    const checked = await waitFor(
      async () => {
        const now = (await office.listing()).controls.find((t) => t.type === 'toggle button' && t.name === 'Bold');
        return now?.states?.includes('checked') ? now : undefined;
      },
      { timeoutMs: 10_000, what: 'Bold to be checked' },
    );
    expect(checked.states).toContain('checked');
  });
});

describeDesktop('LibreOffice Impress (GTK 3): one menu bar once a text box is entered', ['soffice'], () => {
  const office = useOfficeDocument('impress', 'q3-review.odp');

  it('lists File once before and after entering the title text box (LibreOffice then reports its own tree at its true place, hidden menu bar included)', async () => {
    const before = await office.listing();
    const files = (listing: Listing) => listing.controls.filter((t) => t.type === 'menu' && t.name === 'File');
    expect(files(before), JSON.stringify(files(before))).toHaveLength(1);
    const title = before.controls.find((t) => t.type === 'paragraph' && (t.text ?? '').includes('Q3 Review'));
    expect(title, JSON.stringify(before.controls.filter((t) => t.type === 'paragraph'))).toBeDefined();
    await office.fixture.ok('click_input', { id: title!.id, name: title!.name, double: true });
    const after = await waitFor(
      async () => {
        const listing = await office.listing();
        return listing.controls.some((t) => t.type === 'paragraph' && (t.states ?? []).includes('focused')) ? listing : undefined;
      },
      { timeoutMs: 10_000, what: 'the title text box in edit mode' },
    );
    // a second File (the hidden VCL menu at y 25–44, over the tool bar's New button) sent a click to New
    expect(files(after), JSON.stringify(files(after))).toHaveLength(1);
    expect(files(after)[0]!.rect[1]).toBeLessThan(10);
  });
});
