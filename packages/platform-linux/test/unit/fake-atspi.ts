// A fake AT-SPI client for unit tests: objects by path (some in the toolkit's cache), and a spreadsheet's sheet
// that answers by position, as LibreOffice Calc's does (2^31 - 1 children, never enumerated).
import type { AccessibleRef, XywhRect } from '../../src/atspi/accessible-node.js';
import type { AtspiClient } from '../../src/atspi/atspi-client.js';
import { ATSPI_IFACE, ATSPI_NULL_PATH, ATSPI_ROLES, ATSPI_STATES } from '../../src/atspi/atspi-constants.js';

export const BUS = ':1.42';
export const APP = '/org/a11y/atspi/accessible/root';
/** Columns of a LibreOffice sheet (XFD). */
export const SHEET_COLUMNS = 16_384;
/** What LibreOffice's sheet reports as its child count. */
export const SHEET_CHILDREN = 2 ** 31 - 1;

/** One object of the fake application. */
export interface FakeObject {
  role: string;
  name?: string;
  /** Default `showing`, `visible`, `enabled`. */
  states?: string[];
  /** Default Accessible and Component. */
  interfaces?: string[];
  /** Paths of its children, in order. */
  children?: string[];
  /** The child count it reports (default: its children). */
  childCount?: number;
  extents?: XywhRect;
  /** Published in the toolkit's cache (`Cache.GetItems`). */
  cached?: boolean;
  text?: string;
  attributes?: Record<string, string>;
  /**
   * The parent (and index) the toolkit's cache gives it when that differs from the live tree: a stale cache entry
   * (LibreOffice leaves copies of objects under a parent that no longer has them). Its live parent is whichever
   * object lists it in `children` (none: it is not in the live tree).
   */
  cachedParent?: { path: string; index: number };
}

/** A sheet: a grid of equal cells from `origin` (screen), scrolled to `firstRow`/`firstColumn`. */
export interface FakeSheet {
  /** The table's path. */
  path: string;
  origin: { x: number; y: number };
  cell: { width: number; height: number };
  firstRow?: number;
  firstColumn?: number;
  /** Cell texts by address (`B4`). */
  texts: Record<string, string>;
  /** Cell names by address (default: none, `''`). */
  names?: Record<string, string>;
}

const SHOWN = ['enabled', 'showing', 'visible'];
const DEFAULT_IFACES = [ATSPI_IFACE.accessible, ATSPI_IFACE.component];
export const CELL_IFACES = [ATSPI_IFACE.accessible, ATSPI_IFACE.component, ATSPI_IFACE.text, ATSPI_IFACE.tableCell];

/** An AT-SPI state set (`au`) of state names. */
export function encodeStates(names: readonly string[]): number[] {
  const words = [0, 0];
  for (const name of names) {
    const bit = ATSPI_STATES.indexOf(name);
    if (bit < 0) throw new Error(`unknown state ${name}`);
    words[bit >> 5] = (words[bit >> 5]! | (1 << (bit & 31))) >>> 0;
  }
  return words;
}

/** The numeric AT-SPI role of a role name. */
export function roleNumber(role: string): number {
  const n = ATSPI_ROLES.indexOf(role);
  if (n < 0) throw new Error(`unknown role ${role}`);
  return n;
}

/** The column letters of an address, written out for the fake (independent of the code under test). */
const LETTERS = (column: number): string => {
  let out = '';
  for (let n = column; n >= 0; n = Math.floor(n / 26) - 1) out = String.fromCharCode(65 + (n % 26)) + out;
  return out;
};
export const address = (row: number, column: number): string => `${LETTERS(column)}${row + 1}`;

export interface FakeAtspi {
  client: AtspiClient;
  /** Calls made, by member name (`GetChildren`, `GetAccessibleAt` …), and by `member path`. */
  calls: Map<string, number>;
  count(what: string): number;
}

/**
 * A fake client over `objects` (the application object is {@link APP}) and optionally one sheet. A sheet's table
 * must be in `objects` too (role `table`, Table interface); `GetChildren` on it fails the test's expectations: it is
 * counted and rejected (LibreOffice does not answer it).
 */
export function fakeAtspi(options: {
  objects: Record<string, FakeObject>;
  sheet?: FakeSheet;
  toolkit?: { name: string; version: string };
  cache?: boolean;
}): FakeAtspi {
  const { objects, sheet } = options;
  const calls = new Map<string, number>();
  const count = (member: string, path: string): void => {
    calls.set(member, (calls.get(member) ?? 0) + 1);
    calls.set(`${member} ${path}`, (calls.get(`${member} ${path}`) ?? 0) + 1);
  };
  const parentOf = new Map<string, { path: string; index: number }>();
  for (const [path, object] of Object.entries(objects)) (object.children ?? []).forEach((child, index) => parentOf.set(child, { path, index }));

  const cellPrefix = sheet ? `${sheet.path}/cell/` : undefined;
  const cellOf = (path: string): { row: number; column: number } | undefined => {
    if (!cellPrefix || !path.startsWith(cellPrefix)) return undefined;
    const [row, column] = path.slice(cellPrefix.length).split('/').map(Number);
    return { row: row!, column: column! };
  };
  const cellPath = (row: number, column: number): string => `${cellPrefix}${row}/${column}`;
  const object = (ref: AccessibleRef): FakeObject => {
    const cell = cellOf(ref.path);
    if (cell && sheet) {
      const a = address(cell.row, cell.column);
      return {
        role: 'table cell',
        name: sheet.names?.[a] ?? '',
        interfaces: CELL_IFACES,
        states: ['enabled', 'showing', 'visible', 'transient', 'selectable'],
        text: sheet.texts[a] ?? '',
      };
    }
    const found = objects[ref.path];
    if (!found) throw new Error(`no object ${ref.path}`);
    return found;
  };
  const childCountOf = (path: string, o: FakeObject): number => o.childCount ?? (sheet && path === sheet.path ? SHEET_CHILDREN : (o.children ?? []).length);

  const client = {
    async cacheItems() {
      count('GetItems', APP);
      if (options.cache === false) throw new Error('no cache');
      return Object.entries(objects)
        .filter(([, o]) => o.cached)
        .map(([path, o]) => {
          const parent = o.cachedParent ?? parentOf.get(path) ?? { path: '', index: 0 };
          return [
            [BUS, path],
            [BUS, APP],
            [BUS, parent.path],
            parent.index,
            childCountOf(path, o),
            o.interfaces ?? DEFAULT_IFACES,
            o.name ?? '',
            roleNumber(o.role),
            '',
            encodeStates(o.states ?? SHOWN),
          ];
        });
    },
    async toolkit() {
      return options.toolkit ?? { name: 'VCL', version: '25.2' };
    },
    async role(ref: AccessibleRef) {
      count('GetRole', ref.path);
      return object(ref).role;
    },
    async name(ref: AccessibleRef) {
      count('Name', ref.path);
      return object(ref).name ?? '';
    },
    async states(ref: AccessibleRef) {
      count('GetState', ref.path);
      return [...(object(ref).states ?? SHOWN)];
    },
    async interfaces(ref: AccessibleRef) {
      count('GetInterfaces', ref.path);
      return [...(object(ref).interfaces ?? DEFAULT_IFACES)];
    },
    async childCount(ref: AccessibleRef) {
      count('ChildCount', ref.path);
      if (cellOf(ref.path)) return 0;
      return childCountOf(ref.path, object(ref));
    },
    async children(ref: AccessibleRef) {
      count('GetChildren', ref.path);
      if (sheet && ref.path === sheet.path) throw new Error('GetChildren on a sheet: LibreOffice would hang');
      return (object(ref).children ?? []).map((path) => ({ bus: BUS, path }));
    },
    async extents(ref: AccessibleRef) {
      count('GetExtents', ref.path);
      const cell = cellOf(ref.path);
      if (cell && sheet) {
        const { origin, cell: size } = sheet;
        return { x: origin.x + (cell.column - (sheet.firstColumn ?? 0)) * size.width, y: origin.y + (cell.row - (sheet.firstRow ?? 0)) * size.height, ...size };
      }
      const box = object(ref).extents;
      if (!box) throw new Error('no extents');
      return { ...box };
    },
    async text(ref: AccessibleRef) {
      count('GetText', ref.path);
      return object(ref).text ?? '';
    },
    async attributes(ref: AccessibleRef) {
      count('GetAttributes', ref.path);
      return { ...(object(ref).attributes ?? {}) };
    },
    async cellAtIndex(_table: AccessibleRef, index: number) {
      count('CellAtIndex', _table.path);
      return { row: Math.floor(index / SHEET_COLUMNS), column: index % SHEET_COLUMNS };
    },
    async call(ref: AccessibleRef, _iface: string, member: string, _signature = '', body: unknown[] = []): Promise<unknown[]> {
      count(member, ref.path);
      if (member === 'GetIndexInParent') {
        const cell = cellOf(ref.path);
        if (cell) return [cell.row * SHEET_COLUMNS + cell.column];
        return [parentOf.get(ref.path)?.index ?? -1];
      }
      if (sheet && ref.path === sheet.path && member === 'GetAccessibleAtPoint') {
        const [x, y] = body as [number, number];
        const column = Math.floor((x - sheet.origin.x) / sheet.cell.width);
        const row = Math.floor((y - sheet.origin.y) / sheet.cell.height);
        if (column < 0 || row < 0) return [[BUS, ATSPI_NULL_PATH]];
        return [[BUS, cellPath(row + (sheet.firstRow ?? 0), column + (sheet.firstColumn ?? 0))]];
      }
      if (sheet && ref.path === sheet.path && member === 'GetAccessibleAt') {
        const [row, column] = body as [number, number];
        return [[BUS, cellPath(row, column)]];
      }
      if (member === 'GetChildAtIndex') {
        const [i] = body as [number];
        const child = object(ref).children?.[i];
        return [[BUS, child ?? ATSPI_NULL_PATH]];
      }
      throw new Error(`unexpected call ${member} on ${ref.path}`);
    },
  };
  return { client: client as unknown as AtspiClient, calls, count: (what) => calls.get(what) ?? 0 };
}
