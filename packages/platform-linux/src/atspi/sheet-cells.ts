// Reads the cells a spreadsheet shows: a sheet's table has more cells than can be listed (LibreOffice Calc reports
// 2^31 - 1 children for 1,048,576 rows × 16,384 columns), so only the on-screen grid is asked for, cell by cell.
import { sameRect, type AccessibleNode, type AccessibleRef, type XywhRect, type SheetCellPlace } from './accessible-node.js';
import { COORD_SCREEN, type AtspiClient } from './atspi-client.js';
import { ATSPI_IFACE, ATSPI_NULL_PATH } from './atspi-constants.js';
import type { ExtentShift } from './root-pane-offset.js';
import { cellLook, type CellLook, type RememberedCell, type SheetLook } from './sheet-look.js';

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
  /** Cells whose text was asked for (the others looked blank or as when they were read). */
  asked: number;
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
export async function sheetRange(client: AtspiClient, table: AccessibleRef, area: XywhRect): Promise<SheetRange | undefined> {
  const [first, last] = await Promise.all([
    cellAtPoint(client, table, area.x + 2, area.y + 2),
    cellAtPoint(client, table, area.x + area.width - 3, area.y + area.height - 3),
  ]);
  if (!first || !last) return undefined;
  const [a, b] = await Promise.all([positionOf(client, table, first), positionOf(client, table, last)]);
  if (a.row < 0 || a.column < 0 || b.row < a.row || b.column < a.column) return undefined;
  return { firstRow: a.row, lastRow: b.row, firstColumn: a.column, lastColumn: b.column };
}

/** Options of {@link readSheetCells}. */
export interface ReadSheetCellsOptions {
  /** Pixels and memory that let cells be skipped (see {@link SheetLook}); without, every on-screen cell is read. */
  look?: SheetLook;
  /** What to add to the sheet's reported extents to get screen coordinates (see `rootPaneShift`). */
  shift?: ExtentShift;
}

type Position = { row: number; column: number };

const keyOf = (p: Position): string => `${p.row},${p.column}`;

/**
 * Reads the cells of a sheet's on-screen range and keeps the ones with content, each with its text, states and
 * attributes (LibreOffice gives a cell's formula as one). Their role and interfaces are taken from the first cell
 * read, their name is their address (`B4`: LibreOffice names them so), and their extents come from the grid: the
 * first on-screen cell of each row gives the row's top and height, the first of each column its left and width (a
 * merged cell gets the extents of its first row and column). Calls are pipelined.
 *
 * With {@link ReadSheetCellsOptions.look}, the sheet's pixels are captured before its cells are read. On the first
 * read of a sheet every cell is read, and a cell with text whose box shows nothing proves the pixels do not match
 * the extents (the sheet is then always read whole). On later reads a cell whose box shows nothing is not read, and
 * one whose box shows the same pixels as when it was read is taken from memory; the grid's cells are always read,
 * and check the pixels again. A change no pixel shows (a formula replaced by another with the same result, text
 * past the part a filled neighbour leaves visible) is not seen until the cell's pixels change.
 */
export async function readSheetCells(
  client: AtspiClient,
  table: AccessibleRef,
  range: SheetRange,
  maxCells: number,
  options: ReadSheetCellsOptions = {},
): Promise<SheetCells> {
  const positions: Position[] = [];
  for (let row = range.firstRow; row <= range.lastRow; row += 1) {
    for (let column = range.firstColumn; column <= range.lastColumn; column += 1) positions.push({ row, column });
  }
  const onScreen = positions.length;
  const cut = positions.length > maxCells;
  const read = cut ? positions.slice(0, maxCells) : positions;
  const refs = new Map<string, Promise<AccessibleRef | undefined>>();
  const refAt = (p: Position): Promise<AccessibleRef | undefined> => {
    let ref = refs.get(keyOf(p));
    if (!ref) refs.set(keyOf(p), (ref = client.call(table, ATSPI_IFACE.table, 'GetAccessibleAt', 'ii', [p.row, p.column]).then(([value]) => refOf(value))));
    return ref;
  };
  const first = read[0];
  if (!first) return { range, cells: [], onScreen, cut, asked: 0 };
  const samples = new Set<string>();
  const rows = [...new Set(read.map((p) => p.row))].map((row) => ({ row, column: first.column }));
  const columns = [...new Set(read.map((p) => p.column))].map((column) => ({ row: first.row, column }));
  for (const p of [...rows, ...columns]) samples.add(keyOf(p));
  const grid = await gridOf(client, rows, columns, refAt);
  const shift = options.shift ?? { x: 0, y: 0 };
  const onScreenBox = (box: XywhRect): XywhRect => ({ ...box, x: box.x + shift.x, y: box.y + shift.y });

  const look = options.look;
  const record = look?.memory.get(table.bus, table.path);
  const bounds = grid.bounds();
  const area = look && bounds && !record?.pixelsUntrusted ? await look.capture(onScreenBox(bounds)).catch(() => undefined) : undefined;
  const looks = new Map<string, CellLook | undefined>();
  const lookAt = (p: Position): CellLook | undefined => {
    if (!looks.has(keyOf(p))) {
      const box = grid.box(p);
      looks.set(keyOf(p), area && box ? cellLook(area, onScreenBox(box)) : undefined);
    }
    return looks.get(keyOf(p));
  };

  // what the pixels say: nothing to read (blank), the same as before (reused), or read it
  const reused = new Map<string, AccessibleNode>();
  const skipped: Position[] = [];
  const toRead: Position[] = [];
  for (const p of read) {
    const seen = record ? lookAt(p) : undefined;
    const remembered = record?.cells.get(keyOf(p));
    const box = grid.box(p);
    if (samples.has(keyOf(p)) || !seen || !box) toRead.push(p);
    else if (seen.blank) skipped.push(p);
    else if (remembered && remembered.digest === seen.digest && sameRect(remembered.box, box)) reused.set(keyOf(p), copyOfCell(remembered.node, box));
    else toRead.push(p);
  }
  let fresh = await readCells(client, toRead, refAt);
  let asked = toRead.length;
  // a cell with text that looks blank: the pixels are not where the extents say; nothing is taken from them
  const misplaced = area !== undefined && fresh.some((c) => lookAt(c.position)?.blank === true);
  if (misplaced) {
    const rest = [...skipped, ...[...reused.keys()].map(positionFromKey)];
    fresh = [...fresh, ...(await readCells(client, rest, refAt))];
    asked += rest.length;
    reused.clear();
  }
  const freshNodes = await cellNodes(client, table, fresh, grid);
  const byKey = new Map<string, AccessibleNode>([...reused, ...freshNodes.map((n) => [keyOf(n.sheetCell!), n] as const)]);
  const cells = read.map((p) => byKey.get(keyOf(p))).filter((n): n is AccessibleNode => n !== undefined);
  if (look) {
    const remembered = new Map<string, RememberedCell>();
    for (const node of cells) {
      const seen = lookAt(node.sheetCell!);
      if (seen && node.extents) remembered.set(keyOf(node.sheetCell!), { node: copyOfCell(node, node.extents), box: { ...node.extents }, digest: seen.digest });
    }
    // the first read checks every cell: pixels that do not match then never will (a read later finding one is a
    // window over the sheet, and only that read is redone)
    look.memory.set(table.bus, table.path, { cells: remembered, pixelsUntrusted: record?.pixelsUntrusted === true || (record === undefined && misplaced) });
  }
  return { range, cells, onScreen, cut, asked };
}

/**
 * A cell's node as read, apart from the tree it goes into (a listing moves and clips the nodes of its tree; what is
 * remembered, and each reuse of it, must not carry that).
 */
function copyOfCell(node: AccessibleNode, extents: XywhRect): AccessibleNode {
  const { clip: _clip, scrolledOutOf: _scrolled, ...own } = node;
  return {
    ...own,
    states: [...own.states],
    interfaces: [...own.interfaces],
    children: [],
    extents: { ...extents },
    ...(own.attributes ? { attributes: { ...own.attributes } } : {}),
  };
}

function positionFromKey(key: string): Position {
  const [row, column] = key.split(',').map(Number);
  return { row: row!, column: column! };
}

/** A read cell: its place, object and text (empty cells are left out). */
interface ReadCell {
  position: Position;
  ref: AccessibleRef;
  text: string;
}

/** Asks for the objects at `positions` and their texts; keeps those with text. */
async function readCells(client: AtspiClient, positions: readonly Position[], refAt: (p: Position) => Promise<AccessibleRef | undefined>): Promise<ReadCell[]> {
  const read = await Promise.all(
    positions.map(async (position) => {
      const ref = await refAt(position).catch(() => undefined);
      const text = ref ? await client.text(ref).catch(() => '') : '';
      return ref && text.trim() !== '' ? { position, ref, text } : undefined;
    }),
  );
  return read.filter((c): c is ReadCell => c !== undefined);
}

/** The nodes of read cells: states and attributes asked for each, role and interfaces for the first. */
async function cellNodes(client: AtspiClient, table: AccessibleRef, cells: readonly ReadCell[], grid: Grid): Promise<AccessibleNode[]> {
  const sample = cells[0]?.ref;
  if (!sample) return [];
  const [role, interfaces, states, attributes] = await Promise.all([
    client.role(sample),
    client.interfaces(sample),
    Promise.all(cells.map((c) => client.states(c.ref).catch(() => [] as string[]))),
    Promise.all(cells.map((c) => client.attributes(c.ref).catch(() => ({}) as Record<string, string>))),
  ]);
  return cells.map((c, i): AccessibleNode => {
    const extents = grid.box(c.position);
    return {
      ...c.ref,
      role,
      name: `${columnLetters(c.position.column)}${c.position.row + 1}`,
      description: '',
      states: states[i]!,
      interfaces: [...interfaces],
      childCount: 0,
      children: [],
      text: c.text,
      attributes: attributes[i]!,
      sheetCell: { table: { bus: table.bus, path: table.path }, row: c.position.row, column: c.position.column },
      ...(extents ? { extents } : {}),
    };
  });
}

/** The on-screen grid of a sheet: each cell's box (reported coordinates) and the box around them all. */
interface Grid {
  box(p: Position): XywhRect | undefined;
  bounds(): XywhRect | undefined;
}

/**
 * The grid from one cell per row (`rows`) and one per column (`columns`): a cell's box is its column's left and
 * width with its row's top and height. A position whose row or column gave no box has none.
 */
async function gridOf(
  client: AtspiClient,
  rows: readonly Position[],
  columns: readonly Position[],
  refAt: (p: Position) => Promise<AccessibleRef | undefined>,
): Promise<Grid> {
  const boxes = async (cells: readonly Position[], key: (p: Position) => number): Promise<Map<number, XywhRect>> => {
    const entries = await Promise.all(
      cells.map(async (p) => {
        const ref = await refAt(p).catch(() => undefined);
        return [key(p), ref ? await client.extents(ref).catch(() => undefined) : undefined] as const;
      }),
    );
    return new Map(
      entries.filter((e): e is readonly [number, XywhRect] => e[1] !== undefined && e[1].width > 0 && e[1].height > 0 && e[1].x > -1e6 && e[1].y > -1e6),
    );
  };
  const [rowBoxes, columnBoxes] = await Promise.all([boxes(rows, (p) => p.row), boxes(columns, (p) => p.column)]);
  return {
    box(p) {
      const row = rowBoxes.get(p.row);
      const column = columnBoxes.get(p.column);
      return row && column ? { x: column.x, y: row.y, width: column.width, height: row.height } : undefined;
    },
    bounds() {
      const ys = [...rowBoxes.values()];
      const xs = [...columnBoxes.values()];
      if (ys.length === 0 || xs.length === 0) return undefined;
      const x = Math.min(...xs.map((b) => b.x));
      const y = Math.min(...ys.map((b) => b.y));
      return { x, y, width: Math.max(...xs.map((b) => b.x + b.width)) - x, height: Math.max(...ys.map((b) => b.y + b.height)) - y };
    },
  };
}
