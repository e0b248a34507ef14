// Reads the cells a spreadsheet shows: a sheet's table has more cells than can be listed (LibreOffice Calc reports
// 2^31 - 1 children for 1,048,576 rows × 16,384 columns), so only the on-screen grid is asked for, cell by cell.
import type { AccessibleNode, AccessibleRef, Rect, SheetCellPlace } from './accessible-node.js';
import { COORD_SCREEN, type AtspiClient } from './atspi-client.js';
import { ATSPI_IFACE, ATSPI_NULL_PATH } from './atspi-constants.js';

/** A table with at least this many children is a sheet: its cells are found by position, never enumerated. */
export const SHEET_MIN_CHILDREN = 100_000;

/** The on-screen part of a sheet: first and last row and column (0-based, inclusive). */
export interface SheetRange {
  firstRow: number;
  lastRow: number;
  firstColumn: number;
  lastColumn: number;
}

/** What {@link readSheetCells} found. */
export interface SheetCells {
  range: SheetRange;
  /** The cells with content (text), in row-major order; empty cells are left out. */
  cells: AccessibleNode[];
  /** Cells on screen (the grid's size). */
  onScreen: number;
  /** The grid was larger than `maxCells`: only its first `maxCells` cells (row-major) were read. */
  cut: boolean;
}

/** Whether a node is a table too large to enumerate (a spreadsheet's sheet). */
export function isSheet(node: AccessibleNode): boolean {
  return node.interfaces.includes(ATSPI_IFACE.table) && node.childCount >= SHEET_MIN_CHILDREN;
}

/** The letters of a 0-based column index (`0` → `A`, `27` → `AB`). */
export function columnLetters(column: number): string {
  let out = '';
  for (let n = column + 1; n > 0; n = Math.floor((n - 1) / 26)) out = String.fromCharCode(65 + ((n - 1) % 26)) + out;
  return out;
}

function refOf(value: unknown): AccessibleRef | undefined {
  const [bus, path] = (value ?? []) as [string, string];
  return path && path !== ATSPI_NULL_PATH ? { bus, path } : undefined;
}

/**
 * The object of a sheet's cell as it is now: the toolkit drops a cell's object about 15 seconds after making it
 * (LibreOffice), so one listed earlier is asked for again by its place before it is used.
 */
export async function liveSheetCell(client: AtspiClient, place: SheetCellPlace): Promise<AccessibleRef | undefined> {
  return refOf((await client.call(place.table, ATSPI_IFACE.table, 'GetAccessibleAt', 'ii', [place.row, place.column]))[0]);
}

async function cellAtPoint(client: AtspiClient, table: AccessibleRef, x: number, y: number): Promise<AccessibleRef | undefined> {
  const [child] = await client.call(table, ATSPI_IFACE.component, 'GetAccessibleAtPoint', 'iiu', [Math.round(x), Math.round(y), COORD_SCREEN]);
  return refOf(child);
}

async function positionOf(client: AtspiClient, table: AccessibleRef, cell: AccessibleRef): Promise<{ row: number; column: number }> {
  const [index] = await client.call(cell, ATSPI_IFACE.accessible, 'GetIndexInParent');
  return client.cellAtIndex(table, Number(index));
}

/**
 * The on-screen range of a sheet whose visible area is `area` (screen pixels): the cells at its top-left and
 * bottom-right corners. Undefined when the sheet answers no cell there.
 */
export async function sheetRange(client: AtspiClient, table: AccessibleRef, area: Rect): Promise<SheetRange | undefined> {
  const [first, last] = await Promise.all([
    cellAtPoint(client, table, area.x + 2, area.y + 2),
    cellAtPoint(client, table, area.x + area.width - 3, area.y + area.height - 3),
  ]);
  if (!first || !last) return undefined;
  const [a, b] = await Promise.all([positionOf(client, table, first), positionOf(client, table, last)]);
  if (a.row < 0 || a.column < 0 || b.row < a.row || b.column < a.column) return undefined;
  return { firstRow: a.row, lastRow: b.row, firstColumn: a.column, lastColumn: b.column };
}

/**
 * Reads the cells of a sheet's on-screen range with two pipelined calls per cell (the cell at the position, its
 * text) and keeps the ones with content, each with its text. Their role and interfaces are taken from the first cell
 * read, their name is their address (`B4`: LibreOffice names them so), and their extents come from the grid: the
 * first on-screen cell of each row gives the row's top and height, the first of each column its left and width (one
 * call per row and column instead of one per cell; a merged cell gets the extents of its first row and column).
 * Only their states are read one by one.
 */
export async function readSheetCells(client: AtspiClient, table: AccessibleRef, range: SheetRange, maxCells: number): Promise<SheetCells> {
  const positions: Array<{ row: number; column: number }> = [];
  for (let row = range.firstRow; row <= range.lastRow; row += 1) {
    for (let column = range.firstColumn; column <= range.lastColumn; column += 1) positions.push({ row, column });
  }
  const onScreen = positions.length;
  const cut = positions.length > maxCells;
  const read = cut ? positions.slice(0, maxCells) : positions;
  const refs = await Promise.all(read.map(async ({ row, column }) => refOf((await client.call(table, ATSPI_IFACE.table, 'GetAccessibleAt', 'ii', [row, column]))[0])));
  const texts = await Promise.all(refs.map((ref) => (ref ? client.text(ref).catch(() => '') : Promise.resolve(''))));
  const filled = read.map((position, i) => ({ position, ref: refs[i], text: texts[i]! })).filter((c) => c.ref !== undefined && c.text.trim() !== '');
  if (filled.length === 0) return { range, cells: [], onScreen, cut };
  const sample = filled[0]!.ref!;
  const [role, interfaces, states, grid] = await Promise.all([
    client.role(sample),
    client.interfaces(sample),
    Promise.all(filled.map((c) => client.states(c.ref!).catch(() => [] as string[]))),
    gridOf(client, read, refs, filled.map((c) => c.position)),
  ]);
  const cells = filled.map((c, i): AccessibleNode => {
    const extents = grid(c.position);
    return {
      ...c.ref!,
      role,
      name: `${columnLetters(c.position.column)}${c.position.row + 1}`,
      description: '',
      states: states[i]!,
      interfaces: [...interfaces],
      childCount: 0,
      children: [],
      text: c.text,
      sheetCell: { table: { bus: table.bus, path: table.path }, row: c.position.row, column: c.position.column },
      ...(extents ? { extents } : {}),
    };
  });
  return { range, cells, onScreen, cut };
}

type Position = { row: number; column: number };

/**
 * The extents of cells at `wanted` positions, from one read cell per row and per column among them: a cell's box is
 * its column's left and width with its row's top and height. Undefined for a position whose row or column gave none.
 */
async function gridOf(client: AtspiClient, read: readonly Position[], refs: readonly (AccessibleRef | undefined)[], wanted: readonly Position[]): Promise<(p: Position) => Rect | undefined> {
  const rowRef = new Map<number, AccessibleRef>();
  const columnRef = new Map<number, AccessibleRef>();
  const rows = new Set(wanted.map((p) => p.row));
  const columns = new Set(wanted.map((p) => p.column));
  read.forEach((p, i) => {
    const ref = refs[i];
    if (!ref) return;
    if (rows.has(p.row) && !rowRef.has(p.row)) rowRef.set(p.row, ref);
    if (columns.has(p.column) && !columnRef.has(p.column)) columnRef.set(p.column, ref);
  });
  const boxes = async (refsBy: Map<number, AccessibleRef>): Promise<Map<number, Rect>> => {
    const entries = await Promise.all([...refsBy].map(async ([k, ref]) => [k, await client.extents(ref).catch(() => undefined)] as const));
    return new Map(entries.filter((e): e is readonly [number, Rect] => e[1] !== undefined && e[1].width > 0 && e[1].height > 0 && e[1].x > -1e6 && e[1].y > -1e6));
  };
  const [rowBoxes, columnBoxes] = await Promise.all([boxes(rowRef), boxes(columnRef)]);
  return (p) => {
    const row = rowBoxes.get(p.row);
    const column = columnBoxes.get(p.column);
    return row && column ? { x: column.x, y: row.y, width: column.width, height: row.height } : undefined;
  };
}
