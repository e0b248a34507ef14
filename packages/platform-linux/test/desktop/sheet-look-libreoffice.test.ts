// A sheet read by its pixels on LibreOffice Calc: after the first read, a cell that shows nothing is not asked for
// and one that shows what it showed is taken from memory. Each step an agent could take (move the cursor, type a
// value, a formula, clear a cell, scroll) is followed by a read with the pixels and a whole read without; the cells
// (address, text, formula, states) must be the same, and the read with the pixels must ask for fewer cells.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { walkTree, type AccessibleNode } from '../../src/atspi/accessible-node.js';
import type { AtspiApplication, AtspiClient } from '../../src/atspi/atspi-client.js';
import { SheetMemory, type SheetLook } from '../../src/atspi/sheet-look.js';
import { emptyTreeReadStats, readAccessibleTree } from '../../src/atspi/tree-reader.js';
import { startDesktop, type Desktop } from '../../src/harness/desktop.js';
import { parseKeySequence } from '../../src/x11/key-combo.js';
import { captureScreen } from '../../src/x11/screen-capture.js';
import { XInput } from '../../src/x11/xtest-input.js';
import { sleep, waitFor } from '../../src/util/wait.js';
import { describeDesktop } from '../helpers/desktop-suite.js';

const FIXTURES = join(import.meta.dirname, '..', '__fixtures__', 'office');

/** A sheet's listed cells, one line each: address, text, formula, states. */
function cellLines(tree: AccessibleNode): string[] {
  const out: string[] = [];
  for (const [node] of walkTree(tree)) {
    if (node.sheetCell) out.push(`${node.name} ${JSON.stringify(node.text)} ${node.attributes?.Formula ?? ''} [${[...node.states].sort().join(' ')}]`);
  }
  return out;
}

/** Steps, each keys then text typed (and Enter). */
const STEPS: [what: string, keys: string, text?: string][] = [
  ['the cursor moves down', 'Down'],
  ['the cursor moves right', 'Right'],
  ['a word is typed into an empty cell', 'Right Right', 'hello'],
  ['a number on which two formulas depend is changed', 'ctrl+Home Down Down Right', '400'],
  ['a formula is typed', 'ctrl+Home Down Down Down Down Down Right', '=B2+B3'],
  ['a cell is cleared', 'ctrl+Home Right Right Right Down Delete'],
  ['the sheet scrolls down a page and back', 'Page_Down Page_Up'],
];

describeDesktop('a LibreOffice sheet read by its pixels equals a whole read', ['soffice'], () => {
  let desktop: Desktop;
  let atspi: AtspiClient;
  let input: XInput;
  let app: AtspiApplication;
  let look: SheetLook;
  let dir: string;

  const read = async (withLook: boolean) => {
    const stats = emptyTreeReadStats();
    const tree = await readAccessibleTree(atspi, app, { stats, ...(withLook ? { sheetLook: look } : {}) });
    return { cells: cellLines(tree), sheet: stats.sheets[0] };
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ufo-sheet-look-'));
    const copy = join(dir, 'budget.ods');
    copyFileSync(join(FIXTURES, 'budget.ods'), copy);
    desktop = await startDesktop();
    const frame = await desktop
      .launchApp('soffice', ['--norestore', '--nologo', '--calc', copy], { cwd: dir })
      .waitForWindow({ title: 'budget.ods', timeoutMs: 90_000 });
    atspi = await desktop.atspi();
    const xd = await desktop.xDisplay();
    input = await XInput.create(xd);
    look = { capture: async (rect) => ({ rect, image: await captureScreen(xd, rect) }), memory: new SheetMemory() };
    app = await waitFor(async () => (await atspi.applications()).find((a) => a.pid === frame.pid), {
      timeoutMs: 20_000,
      what: 'LibreOffice on the accessibility bus',
    });
    await waitFor(async () => ((await read(false).catch(() => undefined))?.sheet ? true : undefined), { timeoutMs: 30_000, what: 'a first read of the sheet' });
  });

  afterAll(async () => {
    const report = await desktop?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
    expect(report?.leftovers).toEqual([]);
  });

  // 15 reads of Calc's whole tree (about 1 s each on an idle machine, up to three times that on a busy one) and the
  // steps' pauses: about 27 s on an idle machine, 53 s with both cores kept busy
  it('after each step an agent could take, with fewer cells asked for', { timeout: 150_000 }, async () => {
    const first = await read(true);
    expect(first.sheet?.asked, 'the first read asks for every cell on screen').toBe(first.sheet?.onScreen);
    expect(first.cells).toEqual((await read(false)).cells);
    for (const [what, keys, text] of STEPS) {
      for (const key of keys.split(' ')) {
        await input.keys(parseKeySequence(key));
        await sleep(150);
      }
      if (text !== undefined) {
        await input.type(text);
        await input.keys(parseKeySequence('Return'));
      }
      await sleep(800);
      const [pixels, whole] = [await read(true), await read(false)];
      expect(pixels.cells, what).toEqual(whole.cells);
      expect(pixels.sheet!.asked, `${what}: cells asked for`).toBeLessThan(pixels.sheet!.onScreen / 2);
    }
    const last = (await read(false)).cells.join('\n');
    expect(last).not.toContain('"hello"');
    expect(last).toMatch(/B3 "400"/);
    expect(last).toMatch(/B6 "1600" B2\+B3/);
  });
});
