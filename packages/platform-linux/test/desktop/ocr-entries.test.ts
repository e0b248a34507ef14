// Text read from the screen (OCR) as listed entries with ids, on real apps: xcalc (X toolkit) and a Tk form have
// no accessibility tree at all; Gnumeric draws its cells itself.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodePng, fromPngDataUrl } from '@ufo-ts/imaging';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTesseractRecognizer, type RecognizeOptions, type TextRecognizer } from '@ufo-ts/ocr';
import { startDesktop, type Desktop } from '../../src/harness/desktop.js';
import { lazyRecognizer } from '../../src/server/screen-text-setup.js';
import { waitFor } from '../../src/util/wait.js';
import { describeDesktop } from '../helpers/desktop-suite.js';
import type { Target } from '../helpers/tool-shapes.js';
import { startLinuxServer, type LinuxServerFixture } from '../helpers/linux-dispatcher.js';

interface WindowInfo {
  id: string;
  title: string;
  root_name: string;
  pid: number | null;
  accessible: boolean;
}
interface Effect {
  changed: boolean;
  changes: string[];
}

const FIXTURES = join(import.meta.dirname, '..', '__fixtures__');

describeDesktop('OCR entries on apps the accessibility tree does not describe', ['xcalc', 'wish', 'tesseract', 'gnumeric'], () => {
  let desktop: Desktop;
  let fixture: LinuxServerFixture;
  /** The areas each recognition was asked to read (undefined: the whole image). */
  const reads: (RecognizeOptions['areas'] | undefined)[] = [];
  const tesseract = lazyRecognizer('tesseract', () => createTesseractRecognizer());
  const recognizer: TextRecognizer = {
    name: tesseract.name,
    recognize: (image, options) => {
      reads.push(options?.areas);
      return tesseract.recognize(image, options);
    },
    close: () => tesseract.close(),
  };

  beforeAll(async () => {
    desktop = await startDesktop();
    fixture = await startLinuxServer({ desktop, shell: false, ocr: { mode: 'auto', recognizer } });
  });

  afterAll(async () => {
    await fixture?.close();
    await recognizer.close();
    const report = await desktop?.stop();
    expect(report?.leftovers).toEqual([]);
  });

  /** Starts a program with no accessibility support and waits for its X window titled `title`. */
  const launchDrawn = async (command: string, args: string[], title: string): Promise<void> => {
    await desktop.launchApp(command, args).waitForWindow({ title });
  };

  const select = async (title: string): Promise<WindowInfo> => {
    const { windows } = await fixture.ok<{ windows: WindowInfo[] }>('list_windows');
    const window = windows.find((w) => w.title === title);
    expect(window, `${title} in ${JSON.stringify(windows)}`).toBeDefined();
    return fixture.ok<WindowInfo>('select_application_window', { id: window!.id, name: window!.title });
  };

  const targets = async (): Promise<Target[]> => (await fixture.ok<{ controls: Target[] }>('get_app_window_controls_target_info')).controls;

  const timed = async <T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> => {
    const started = performance.now();
    const value = await work();
    return { value, ms: Math.round(performance.now() - started) };
  };

  /** The entry reading `label` lowest in the window (a key of the keypad, not the display's digit). */
  const lowest = (entries: Target[], label: string): Target => {
    const found = entries.filter((e) => e.name === label);
    expect(found.length, `an entry reading ${JSON.stringify(label)} in ${entries.map((e) => e.name).join(' | ')}`).toBeGreaterThanOrEqual(1);
    return found.sort((a, b) => b.rect[1] - a.rect[1])[0]!;
  };
  /** The entry reading `label` highest in the window (the display). */
  const highest = (entries: Target[], label: string): Target => entries.filter((e) => e.name === label).sort((a, b) => a.rect[1] - b.rect[1])[0]!;

  it('xcalc: keys clicked by OCR ids change its display, which texts reads back live', async () => {
    await launchDrawn('xcalc', [], 'Calculator');
    const selected = await select('Calculator');
    expect(selected.accessible).toBe(false);
    const listed = await timed(targets);
    process.stderr.write(`[ocr] xcalc first listing (engine cold): ${listed.ms} ms\n`);
    const entries = listed.value;
    for (const label of ['7', '8', '9']) {
      const target = lowest(entries, label);
      const click = await fixture.ok<{ method: string; effect: Effect }>('click_input', { id: target.id, name: target.name });
      expect(click.method).toBe('pointer');
      expect(click.effect.changed, `${label}: ${JSON.stringify(click.effect)}`).toBe(true);
    }
    // the display's number is an entry of its own, top of the window
    const relisted = await waitFor(
      async () => {
        const list = await targets();
        return list.some((e) => e.name === '789') ? list : undefined;
      },
      { timeoutMs: 5000, what: 'the display to read 789' },
    );
    const display = highest(relisted, '789');
    expect(display.rect[1]).toBeLessThan(lowest(relisted, '7').rect[1]);
    // texts reads it live: one more key shows without a new listing
    const four = lowest(relisted, '4');
    await fixture.ok('click_input', { id: four.id, name: four.name });
    const read = await waitFor(
      async () => {
        const { text } = await fixture.ok<{ text: string }>('texts', { id: display.id });
        return text.includes('7894') ? text : undefined;
      },
      { timeoutMs: 5000, what: 'the display to read 7894' },
    );
    expect(read).toContain('7894');
    // AC clears the display for the next test
    const ac = lowest(relisted, 'AC');
    await fixture.ok('click_input', { id: ac.id, name: ac.name });
    const cleared = await targets();
    expect(cleared.some((e) => e.name.includes('789'))).toBe(false);
  });

  it('xcalc: lists its keys as OCR entries (none as another key), computes 56 + 67 by their ids and reads 123 from its display', async () => {
    await select('Calculator');
    const first = await timed(targets);
    const entries = first.value;
    process.stderr.write(
      `[ocr] xcalc listing (engine warm): ${first.ms} ms, ${entries.length} entries: ${entries.map((e) => `${e.id}=${JSON.stringify(e.name)}@${e.confidence}`).join(' ')}\n`,
    );
    expect(entries.every((e) => e.type === 'ocr text' && e.source === 'ocr' && typeof e.confidence === 'number')).toBe(true);
    // listed again, unchanged: the same ids
    const again = await timed(targets);
    process.stderr.write(`[ocr] xcalc listing again (unchanged window): ${again.ms} ms\n`);
    expect(again.value.map((e) => [e.id, e.name])).toEqual(entries.map((e) => [e.id, e.name]));
    const key = (label: string): Target => lowest(entries, label);
    // no key is listed as another: with the single-character check, a key Tesseract misreads ("1" as "]") is left out
    const keypad = entries.filter((e) => e.rect[1] > highest(entries, 'DEG').rect[3]);
    expect(keypad.filter((e) => /^[\]\[|{}¢]$/.test(e.name)).map((e) => e.name)).toEqual([]);
    // 56 + 67 by the keys' ids ("=" typed: Tesseract reads xcalc's thin "=" and "*" unevenly)
    for (const label of ['5', '6', '+', '6', '7']) {
      const target = key(label);
      const click = await fixture.ok<{ method: string; effect: Effect }>('click_input', { id: target.id, name: target.name });
      expect(click.method).toBe('pointer');
      expect(click.effect.changed, `${label}: ${JSON.stringify(click.effect)}`).toBe(true);
    }
    await fixture.ok('keyboard_input', { keys: '=' });
    // a new listing shows the result as an entry of its own, on the display above the keys; texts reads it live
    const after = await waitFor(
      async () => {
        const list = await timed(targets);
        return list.value.some((e) => e.name === '123') ? list : undefined;
      },
      { timeoutMs: 5000, what: 'the display to read 123' },
    );
    process.stderr.write(`[ocr] xcalc listing after: ${after.ms} ms\n`);
    const result = highest(after.value, '123');
    expect(result.rect[1]).toBeLessThan(key('7').rect[1]);
    expect((await fixture.ok<{ text: string }>('texts', { id: result.id })).text).toContain('123');
    // the keys kept their ids
    expect(after.value.find((e) => e.id === key('7').id)?.name).toBe('7');
  });

  it('Tk: clicks a button and types into a field by OCR ids; the app writes what it got', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ocr-tk-'));
    const state = join(dir, 'state.txt');
    await launchDrawn('wish', [join(FIXTURES, 'ocr-order-form.tcl'), state], 'Order form');
    const selected = await select('Order form');
    expect(selected.accessible).toBe(false);
    const listed = await timed(targets);
    process.stderr.write(`[ocr] Tk listing: ${listed.ms} ms: ${listed.value.map((e) => `${e.id}=${JSON.stringify(e.name)}@${e.confidence}`).join(' ')}\n`);
    const entry = (text: string): Target => {
      const found = listed.value.find((e) => e.name === text);
      expect(found, `an entry reading ${JSON.stringify(text)} in ${listed.value.map((e) => e.name).join(' | ')}`).toBeDefined();
      return found!;
    };
    const add = entry('Add item');
    const click = await fixture.ok<{ method: string; effect: Effect }>('click_input', { id: add.id, name: add.name });
    expect(click.effect.changed, JSON.stringify(click.effect)).toBe(true);
    await waitFor(async () => readFileSync(state, 'utf8').includes('added=1') || undefined, { timeoutMs: 5000, what: 'the form to count the click' });
    // the caption names the field right of it; clear_current_text replaces the field's 10
    const caption = entry('Quantity:');
    const typed = await fixture.ok<{ method: string; text?: string; effect: Effect }>('set_edit_text', {
      id: caption.id,
      text: '25',
      clear_current_text: true,
    });
    expect(typed.method).toBe('typing');
    expect(typed.effect.changed, JSON.stringify(typed.effect)).toBe(true);
    await waitFor(async () => readFileSync(state, 'utf8').includes('quantity=25') || undefined, { timeoutMs: 5000, what: 'the form to hold 25' });
    expect(readFileSync(state, 'utf8')).toBe('quantity=25\nadded=1\n');
    // keys into a window with no accessibility tree: their effect shows in its pixels
    const keys = await fixture.ok<{ effect: Effect }>('keyboard_input', { keys: 'BackSpace' });
    expect(keys.effect.changed, JSON.stringify(keys.effect)).toBe(true);
    expect(
      keys.effect.changes.some((c) => /pixels changed/.test(c)),
      JSON.stringify(keys.effect),
    ).toBe(true);
    await waitFor(async () => readFileSync(state, 'utf8').includes('quantity=2\n') || undefined, { timeoutMs: 5000, what: 'the form to hold 2' });
    process.stderr.write(`[ocr] Tk field read back after typing: ${JSON.stringify(typed.text)}\n`);
    // texts reads the entry's line again, live: the counter the click changed
    const status = entry('Items: 0');
    const live = await fixture.ok<{ text: string; source: string }>('texts', { id: status.id });
    expect(live).toMatchObject({ text: 'Items: 1', source: 'ocr' });
    // get_controls lists the same entries
    const { controls } = await fixture.ok<{ controls: { id: string; role: string; name: string; source?: string; confidence?: number }[] }>('get_controls');
    expect(controls.find((c) => c.id === add.id)).toMatchObject({ role: 'ocr text', name: 'Add item', source: 'ocr' });
    // "Items: 0" now reads "Items: 1": its id is refused
    const stale = await fixture.run('click_input', { id: status.id });
    expect(stale.status).toBe('failure');
    expect(stale.error).toMatch(/CONTROL_ID_STALE|CONTROL_VANISHED/);
  });

  it('annotated screenshot: marks the OCR entries with the ids of the listing', async () => {
    const listed = await targets();
    const shot = await fixture.ok<{ image: string; controls: Target[] }>('capture_annotated_screenshot', { include_clean: false });
    const ocr = shot.controls.filter((c) => c.source === 'ocr');
    expect(ocr.length).toBeGreaterThan(0);
    for (const c of ocr) expect(listed.find((l) => l.id === c.id)?.name).toBe(c.name);
    // the boxes are drawn in the OCR colour (magenta)
    const image = decodePng(fromPngDataUrl(shot.image));
    const [left, top, right] = ocr[0]!.rect;
    const window = (await fixture.ok<{ windows: (WindowInfo & { rect: { x: number; y: number } })[] }>('list_windows')).windows.find(
      (w) => w.title === 'Order form',
    )!;
    let magenta = 0;
    for (let x = left - window.rect.x - 2; x < right - window.rect.x + 2; x += 1) {
      for (let y = top - window.rect.y - 2; y < top - window.rect.y + 4; y += 1) {
        const i = (y * image.width + x) * 3;
        if (image.data[i] === 200 && image.data[i + 1] === 0 && image.data[i + 2] === 200) magenta += 1;
      }
    }
    expect(magenta).toBeGreaterThan(0);
  });

  it('Gnumeric (auto): reads the cells it draws, only in the part of the window the tree leaves undescribed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ocr-gnumeric-'));
    const sheet = join(dir, 'budget.csv');
    writeFileSync(sheet, '12.5\n7.25\n30.4\n=SUM(A1:A3)\n');
    await desktop.launchApp('gnumeric', [sheet]).waitForFrame({ timeoutMs: 40_000 });
    const { windows } = await fixture.ok<{ windows: WindowInfo[] }>('list_windows');
    const window = windows.find((w) => w.root_name === 'gnumeric')!;
    await fixture.ok('select_application_window', { id: window.id });
    const listed = await timed(targets);
    const ocr = listed.value.filter((e) => e.source === 'ocr');
    const tree = listed.value.filter((e) => e.source === undefined);
    process.stderr.write(
      `[ocr] gnumeric listing: ${listed.ms} ms, ${tree.length} controls, ${ocr.length} OCR entries: ${ocr.map((e) => JSON.stringify(e.name)).join(' ')}\n`,
    );
    // the tree has no cell showing the values
    expect(tree.some((c) => c.name === '50.15' || c.text === '50.15')).toBe(false);
    // the total the sheet shows (A4) and A3; A1 (inside the selection's thick border) and A2 are not always read
    for (const value of ['30.4', '50.15'])
      expect(
        ocr.map((e) => e.name),
        value,
      ).toContain(value);
    // nothing read on a listed button or menu: those parts of the window were not read
    const on = (e: Target, c: Target) => {
      const [x, y] = [(e.rect[0] + e.rect[2]) / 2, (e.rect[1] + e.rect[3]) / 2];
      return x >= c.rect[0] && x < c.rect[2] && y >= c.rect[1] && y < c.rect[3];
    };
    const buttons = tree.filter((c) => /button|menu/.test(c.type));
    expect(ocr.filter((e) => buttons.some((b) => on(e, b)))).toEqual([]);
    const areas = reads.at(-1);
    expect(areas, 'auto mode reads areas, not the whole window').toBeDefined();
    process.stderr.write(`[ocr] gnumeric read areas: ${JSON.stringify(areas)}\n`);
  });

  it('an app the tree describes fully (gnome-calculator): auto mode reads nothing (its blank unlisted parts are only checked)', async () => {
    await desktop.launchApp('gnome-calculator').waitForFrame({ timeoutMs: 40_000 });
    const off = await startLinuxServer({ desktop, shell: false, ocr: { mode: 'off' } });
    try {
      const sessions = [fixture.server.session!, off.server.session!];
      const window = (await sessions[0]!.listWindows()).find((w) => w.root_name === 'gnome-calculator')!;
      for (const session of sessions) await session.selectWindow(window.id);
      const readsBefore = reads.length;
      const listing = await sessions[0]!.listControls();
      expect(listing.controls.filter((c) => c.source === 'ocr')).toEqual([]);
      // its unlisted parts (margins, the empty history) are blank: captured and checked, never read
      expect(reads.length, `read ${JSON.stringify(reads.slice(readsBefore))}`).toBe(readsBefore);
      const areas = sessions[0]!.screenText.areasToRead({
        windowRect: listing.windowRect,
        screen: { width: desktop.width, height: desktop.height },
        controls: listing.controls,
      });
      // listing times with OCR auto and off, alternated
      const times: [number[], number[]] = [[], []];
      for (let round = 0; round < 5; round += 1) {
        for (const [i, session] of sessions.entries()) {
          const t = performance.now();
          await session.listControls();
          times[i]!.push(performance.now() - t);
        }
      }
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
      {
        const { captureScreen } = await import('../../src/x11/screen-capture.js');
        const caps: number[] = [];
        for (let i = 0; i < 5; i += 1) {
          const t = performance.now();
          await captureScreen(sessions[0]!.x, listing.windowRect);
          caps.push(performance.now() - t);
        }
        process.stderr.write(`[ocr] gnome-calculator: a capture of its whole window takes ${median(caps).toFixed(1)} ms\n`);
      }
      process.stderr.write(
        `[ocr] gnome-calculator listing: auto ${median(times[0]).toFixed(1)} ms, off ${median(times[1]).toFixed(1)} ms (median of 5); ${areas.length} blank unlisted areas checked\n`,
      );
      expect(reads.length).toBe(readsBefore);
    } finally {
      await off.close();
    }
  });
});
