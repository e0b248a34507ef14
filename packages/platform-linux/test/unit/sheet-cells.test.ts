import { describe, expect, it } from 'vitest';
import { ATSPI_IFACE } from '../../src/atspi/atspi-constants.js';
import { columnLetters, isSheet, readSheetCells, SHEET_MIN_CHILDREN, sheetRange } from '../../src/atspi/sheet-cells.js';
import { BUS, CELL_IFACES, fakeAtspi, type FakeSheet } from './fake-atspi.js';

const TABLE = { bus: BUS, path: '/sheet' };

/** Calc's sheet: 100 × 20 px cells from (10, 100). */
function calc(sheet: Partial<FakeSheet> = {}) {
  const fake: FakeSheet = { path: TABLE.path, origin: { x: 10, y: 100 }, cell: { width: 100, height: 20 }, texts: {}, ...sheet };
  return fakeAtspi({
    objects: { [TABLE.path]: { role: 'table', interfaces: [ATSPI_IFACE.accessible, ATSPI_IFACE.component, ATSPI_IFACE.table] } },
    sheet: fake,
  });
}

describe('columnLetters', () => {
  it('names 0-based columns as a spreadsheet does', () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702, 16_383].map(columnLetters)).toEqual(['A', 'B', 'Z', 'AA', 'AB', 'AZ', 'BA', 'ZZ', 'AAA', 'XFD']);
  });
});

describe('isSheet', () => {
  const node = (childCount: number, interfaces: string[]) => ({
    ...TABLE,
    role: 'table',
    name: '',
    description: '',
    states: [],
    interfaces,
    childCount,
    children: [],
  });
  it('is a table with at least SHEET_MIN_CHILDREN children', () => {
    expect(SHEET_MIN_CHILDREN).toBe(100_000);
    expect(isSheet(node(2 ** 31 - 1, [ATSPI_IFACE.table]))).toBe(true);
    expect(isSheet(node(100_000, [ATSPI_IFACE.table]))).toBe(true);
    expect(isSheet(node(99_999, [ATSPI_IFACE.table]))).toBe(false);
    expect(isSheet(node(2 ** 31 - 1, [ATSPI_IFACE.component]))).toBe(false);
  });
});

describe('sheetRange', () => {
  it('is the cells at the top-left and bottom-right corners of the visible area', async () => {
    const { client } = calc();
    // 3.5 columns and 4.75 rows: the partly shown last column and row are in the range
    expect(await sheetRange(client, TABLE, { x: 10, y: 100, width: 350, height: 95 })).toEqual({ firstRow: 0, lastRow: 4, firstColumn: 0, lastColumn: 3 });
  });

  it('follows the scrolled sheet', async () => {
    const { client } = calc({ firstRow: 40, firstColumn: 26 });
    expect(await sheetRange(client, TABLE, { x: 10, y: 100, width: 200, height: 40 })).toEqual({ firstRow: 40, lastRow: 41, firstColumn: 26, lastColumn: 27 });
  });

  it('is undefined when the sheet has no cell at a corner', async () => {
    const { client } = calc();
    expect(await sheetRange(client, TABLE, { x: -50, y: 100, width: 40, height: 40 })).toBeUndefined();
  });
});

describe('readSheetCells', () => {
  const range = { firstRow: 0, lastRow: 4, firstColumn: 0, lastColumn: 3 };

  it('reads each cell of the range by position and keeps those with text, in row-major order, named by address', async () => {
    const fake = calc({ texts: { A1: 'Item', B1: 'Amount', A2: 'Rent', B2: '1200', C3: '   ', B5: '1550', E1: 'off screen' } });
    const result = await readSheetCells(fake.client, TABLE, range, 2500);
    expect(result.onScreen).toBe(20);
    expect(result.cut).toBe(false);
    expect(result.range).toEqual(range);
    // empty (and blank) cells are left out, as are cells outside the range
    expect(result.cells.map((c) => [c.name, c.path])).toEqual([
      ['A1', '/sheet/cell/0/0'],
      ['B1', '/sheet/cell/0/1'],
      ['A2', '/sheet/cell/1/0'],
      ['B2', '/sheet/cell/1/1'],
      ['B5', '/sheet/cell/4/1'],
    ]);
    expect(result.cells[0]).toMatchObject({ bus: BUS, role: 'table cell', interfaces: CELL_IFACES, childCount: 0, children: [] });
    expect(result.cells[0]!.states).toContain('showing');
    // one GetAccessibleAt and one GetText per cell on screen
    expect(fake.count('GetAccessibleAt')).toBe(20);
    expect(fake.count('GetText')).toBe(20);
    // the role and interfaces of one cell stand for all
    expect(fake.count('GetRole')).toBe(1);
    expect(fake.count('GetInterfaces')).toBe(1);
  });

  it('names every cell by its address without asking the toolkit, and keeps the text it read', async () => {
    const fake = calc({ texts: { A1: 'Item', B2: '1200' }, names: { A1: 'A1 Item' } });
    const result = await readSheetCells(fake.client, TABLE, range, 2500);
    expect(result.cells.map((c) => [c.name, c.text])).toEqual([
      ['A1', 'Item'],
      ['B2', '1200'],
    ]);
    expect(fake.count('Name')).toBe(0);
  });

  it('gives the kept cells extents from the grid: one GetExtents per row and per column on screen', async () => {
    // cells 100 × 20 px from (10, 100): B2 is at (110, 120)
    const fake = calc({ texts: { A1: 'Item', B2: '1200', B5: '1550' } });
    const result = await readSheetCells(fake.client, TABLE, range, 2500);
    expect(result.cells.map((c) => [c.name, c.extents])).toEqual([
      ['A1', { x: 10, y: 100, width: 100, height: 20 }],
      ['B2', { x: 110, y: 120, width: 100, height: 20 }],
      ['B5', { x: 110, y: 180, width: 100, height: 20 }],
    ]);
    // five rows and four columns: nine boxes for twenty cells (one per cell would not scale: a sheet on screen holds
    // hundreds)
    expect(fake.count('GetExtents')).toBe(9);
  });

  it('names cells of columns past Z by their letters', async () => {
    const { client } = calc({ texts: { AB41: 'far' }, firstRow: 40, firstColumn: 26 });
    const result = await readSheetCells(client, TABLE, { firstRow: 40, lastRow: 41, firstColumn: 26, lastColumn: 27 }, 2500);
    expect(result.cells.map((c) => c.name)).toEqual(['AB41']);
  });

  it('reads only the first maxCells cells (row-major) of a larger grid, and says it cut', async () => {
    const fake = calc({ texts: { A1: 'first', D2: 'in the cut part', A3: 'beyond' } });
    const result = await readSheetCells(fake.client, TABLE, range, 8);
    expect(result).toMatchObject({ onScreen: 20, cut: true });
    expect(result.cells.map((c) => c.name)).toEqual(['A1', 'D2']);
    expect(fake.count('GetAccessibleAt')).toBe(8);
  });

  it('an empty range on screen: no cells, no other calls', async () => {
    const fake = calc();
    const result = await readSheetCells(fake.client, TABLE, range, 2500);
    expect(result).toMatchObject({ cells: [], onScreen: 20, cut: false });
    expect(fake.count('GetRole')).toBe(0);
  });
});
