import { describe, expect, it } from 'vitest';
import type { XywhRect } from '../../src/atspi/accessible-node.js';
import { ATSPI_IFACE } from '../../src/atspi/atspi-constants.js';
import { readSheetCells } from '../../src/atspi/sheet-cells.js';
import { cellLook, SheetMemory, type ScreenArea, type SheetLook } from '../../src/atspi/sheet-look.js';
import { BUS, fakeAtspi, type FakeSheet } from './fake-atspi.js';

const TABLE = { bus: BUS, path: '/sheet' };
const RANGE = { firstRow: 0, lastRow: 4, firstColumn: 0, lastColumn: 3 };

/** Calc's sheet: 100 × 20 px cells from (10, 100) as reported; `texts` can be changed between reads. */
function calc(texts: Record<string, string>) {
  const sheet: FakeSheet = { path: TABLE.path, origin: { x: 10, y: 100 }, cell: { width: 100, height: 20 }, texts };
  return fakeAtspi({ objects: { [TABLE.path]: { role: 'table', interfaces: [ATSPI_IFACE.accessible, ATSPI_IFACE.component, ATSPI_IFACE.table] } }, sheet });
}

/** The column and row of an address (`B2` → 1, 1). */
const place = (address: string) => ({ column: address.charCodeAt(0) - 65, row: Number(address.slice(1)) - 1 });

/**
 * A screen showing the sheet: white, each cell with text drawn as a small block whose colour follows its text, at
 * its reported place moved by `shift`; cells in `hidden` are not drawn (a window over them).
 */
function screen(texts: Record<string, string>, options: { shift?: { x: number; y: number }; hidden?: string[] } = {}) {
  const shift = options.shift ?? { x: 0, y: 0 };
  const captured: XywhRect[] = [];
  const look: SheetLook = {
    memory: new SheetMemory(),
    async capture(area) {
      captured.push(area);
      const data = Buffer.alloc(area.width * area.height * 3, 255);
      for (const [address, text] of Object.entries(texts)) {
        if (text.trim() === '' || options.hidden?.includes(address)) continue;
        const { row, column } = place(address);
        const x = 10 + column * 100 + shift.x + 5 - area.x;
        const y = 100 + row * 20 + shift.y + 5 - area.y;
        const shade = [...text].reduce((n, c) => (n * 31 + c.charCodeAt(0)) % 200, 7);
        for (let dy = 0; dy < 6; dy += 1) {
          for (let dx = 0; dx < 3 * text.length; dx += 1) {
            if (x + dx < 0 || y + dy < 0 || x + dx >= area.width || y + dy >= area.height) continue;
            data.fill(shade, ((y + dy) * area.width + x + dx) * 3, ((y + dy) * area.width + x + dx) * 3 + 3);
          }
        }
      }
      return { rect: area, image: { width: area.width, height: area.height, data } };
    },
  };
  return { look, captured };
}

const listed = (cells: { name: string; text?: string }[]) => cells.map((c) => `${c.name}=${c.text}`);

describe('cellLook', () => {
  const area = (pixels: (x: number, y: number) => number): ScreenArea => {
    const data = Buffer.alloc(20 * 10 * 3);
    for (let y = 0; y < 10; y += 1) for (let x = 0; x < 20; x += 1) data.fill(pixels(x, y), (y * 20 + x) * 3, (y * 20 + x) * 3 + 3);
    return { rect: { x: 100, y: 50, width: 20, height: 10 }, image: { width: 20, height: 10, data } };
  };

  it('is blank when the box shows one colour inside its edge (grid lines on the edge do not count)', () => {
    const lines = area((x, y) => (x === 0 || y === 0 || x === 19 || y === 9 ? 0 : 255));
    expect(cellLook(lines, { x: 100, y: 50, width: 20, height: 10 })).toMatchObject({ blank: true });
    const ink = area((x, y) => (x === 7 && y === 4 ? 0 : 255));
    expect(cellLook(ink, { x: 100, y: 50, width: 20, height: 10 })).toMatchObject({ blank: false });
  });

  it('has equal digests for equal pixels and different ones for different pixels', () => {
    const box = { x: 100, y: 50, width: 20, height: 10 };
    const a = cellLook(
      area((x) => (x === 5 ? 0 : 255)),
      box,
    )!;
    expect(
      cellLook(
        area((x) => (x === 5 ? 0 : 255)),
        box,
      )!.digest,
    ).toBe(a.digest);
    expect(
      cellLook(
        area((x) => (x === 6 ? 0 : 255)),
        box,
      )!.digest,
    ).not.toBe(a.digest);
  });

  it('is undefined for a box not wholly inside the captured area', () => {
    expect(
      cellLook(
        area(() => 255),
        { x: 95, y: 50, width: 20, height: 10 },
      ),
    ).toBeUndefined();
  });
});

describe("readSheetCells with the sheet's pixels", () => {
  it("reads every cell the first time; then only the grid's cells, and the cells whose pixels changed", async () => {
    const texts: Record<string, string> = { A1: 'Item', B1: 'Amount', A2: 'Rent', B2: '1200', C3: 'note', B5: '1550' };
    const fake = calc(texts);
    const { look } = screen(texts);
    const first = await readSheetCells(fake.client, TABLE, RANGE, 2500, { look });
    expect(first.asked).toBe(20);
    expect(listed(first.cells)).toEqual(['A1=Item', 'B1=Amount', 'A2=Rent', 'B2=1200', 'C3=note', 'B5=1550']);

    // nothing changed: the grid's cells (row 1 and column A: 8) are read, the other 12 are blank or as before
    const before = fake.count('GetText');
    const second = await readSheetCells(fake.client, TABLE, RANGE, 2500, { look });
    expect(second.asked).toBe(8);
    expect(fake.count('GetText') - before).toBe(8);
    expect(listed(second.cells)).toEqual(listed(first.cells));
    expect(second.cells.find((c) => c.name === 'C3')).toMatchObject({ text: 'note', extents: { x: 210, y: 140, width: 100, height: 20 } });

    // a changed cell and a new one show other pixels: read; a cleared one shows nothing: gone
    texts.B2 = '1300';
    texts.D4 = 'new';
    delete texts.C3;
    const third = await readSheetCells(fake.client, TABLE, RANGE, 2500, { look });
    expect(third.asked).toBe(10);
    expect(listed(third.cells)).toEqual(['A1=Item', 'B1=Amount', 'A2=Rent', 'B2=1300', 'D4=new', 'B5=1550']);
  });

  it('finds the cells where the screen shows them when the toolkit reports the sheet shifted', async () => {
    const texts = { A1: 'Item', C3: 'note' };
    const fake = calc(texts);
    const { look, captured } = screen(texts, { shift: { x: 0, y: 27 } });
    await readSheetCells(fake.client, TABLE, RANGE, 2500, { look, shift: { x: 0, y: 27 } });
    const again = await readSheetCells(fake.client, TABLE, RANGE, 2500, { look, shift: { x: 0, y: 27 } });
    expect(captured[1]).toEqual({ x: 10, y: 127, width: 400, height: 100 });
    expect(listed(again.cells)).toEqual(['A1=Item', 'C3=note']);
    expect(again.asked).toBe(8);
  });

  it('reads every cell for good when the first read finds a cell with text that looks blank (pixels elsewhere)', async () => {
    const texts = { A1: 'Item', C3: 'note' };
    const fake = calc(texts);
    // the sheet is really 27 px lower than reported, and the reader is not told
    const { look } = screen(texts, { shift: { x: 0, y: 27 } });
    await readSheetCells(fake.client, TABLE, RANGE, 2500, { look });
    expect(look.memory.get(BUS, TABLE.path)?.pixelsUntrusted).toBe(true);
    const again = await readSheetCells(fake.client, TABLE, RANGE, 2500, { look });
    expect(again.asked).toBe(20);
    expect(listed(again.cells)).toEqual(['A1=Item', 'C3=note']);
  });

  it('a later read that finds a grid cell with text looking blank (a window over it) reads every cell that once', async () => {
    const texts = { A1: 'Item', C3: 'note' };
    const fake = calc(texts);
    const hidden: string[] = [];
    const { look } = screen(texts, { hidden });
    await readSheetCells(fake.client, TABLE, RANGE, 2500, { look });
    hidden.push('A1', 'C3');
    const covered = await readSheetCells(fake.client, TABLE, RANGE, 2500, { look });
    expect(covered.asked).toBe(20);
    expect(listed(covered.cells)).toEqual(['A1=Item', 'C3=note']);
    // uncovered: not read whole again; the grid's 8 cells and C3, whose pixels changed back
    hidden.length = 0;
    expect((await readSheetCells(fake.client, TABLE, RANGE, 2500, { look })).asked).toBe(9);
  });

  it('a reused cell does not carry what a listing did to the nodes of its tree (moved, clipped)', async () => {
    const texts = { C3: 'note' };
    const fake = calc(texts);
    const { look } = screen(texts);
    const [first] = (await readSheetCells(fake.client, TABLE, RANGE, 2500, { look })).cells;
    first!.extents!.y += 27;
    first!.clip = { x: 0, y: 0, width: 1, height: 1 };
    first!.states.push('focused');
    const second = await readSheetCells(fake.client, TABLE, RANGE, 2500, { look });
    // taken from memory: only the grid's 8 cells were asked for
    expect(second.asked).toBe(8);
    const [again] = second.cells;
    expect(again).toMatchObject({ name: 'C3', extents: { x: 210, y: 140, width: 100, height: 20 } });
    expect(again!.clip).toBeUndefined();
    expect(again!.states).not.toContain('focused');
  });

  it("takes a cell's states and attributes (the formula) with it, and keeps them while its pixels stay", async () => {
    const texts = { B5: '1550' };
    const fake = calc(texts);
    const { look } = screen(texts);
    const first = await readSheetCells(fake.client, TABLE, RANGE, 2500, { look });
    expect(first.cells[0]).toMatchObject({ name: 'B5', attributes: {}, states: expect.arrayContaining(['showing']) });
    const attributes = fake.count('GetAttributes');
    const again = await readSheetCells(fake.client, TABLE, RANGE, 2500, { look });
    expect(again.cells[0]).toMatchObject({ name: 'B5', text: '1550', attributes: {} });
    expect(fake.count('GetAttributes')).toBe(attributes);
  });
});
