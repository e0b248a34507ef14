import type { XywhRect } from '@ufo-ts/desktop-common';

/** Address of one accessible object: the application's unique bus name and the object path. */
export interface AccessibleRef {
  bus: string;
  path: string;
}

/** Where a sheet's cell is: its table and its 0-based row and column. */
export interface SheetCellPlace {
  table: AccessibleRef;
  row: number;
  column: number;
}

/** A rectangle in pixels, by its top-left corner and size (the shape AT-SPI and X11 report). */
export type { XywhRect };

/** One accessible object with the properties the tools expose. */
export interface AccessibleNode extends AccessibleRef {
  /** AT-SPI role name, e.g. `push button`. */
  role: string;
  name: string;
  description: string;
  /** AT-SPI state names, e.g. `showing`, `focused`. */
  states: string[];
  /** D-Bus interfaces the object implements (`org.a11y.atspi.Action` …). */
  interfaces: string[];
  /** Extents as the toolkit reports them for SCREEN coordinates (GTK 4 reports window-relative ones). */
  extents?: XywhRect;
  /** The visible area of the ancestors when it cut the extents (see `clipToAncestors`). */
  clip?: XywhRect;
  /**
   * The visible area of a scrolling container (viewport, scroll area, list …) that the extents lie wholly outside
   * of: the object is scrolled out of view (see `clipToAncestors`).
   */
  scrolledOutOf?: XywhRect;
  /** The object's text, when the reader read it with the object (a sheet's cells: only those with text are kept). */
  text?: string;
  /** The object's attributes, when the reader read them with the object (a sheet's cells: LibreOffice's `Formula`). */
  attributes?: Record<string, string>;
  /**
   * For a sheet's cell: its table and position. The toolkit makes a new object for a cell each time one is asked for
   * and drops it about 15 seconds later (LibreOffice), so a cell is known by its place and asked for again to act.
   */
  sheetCell?: SheetCellPlace;
  /** Number of children the object reports (`-1` when unknown). */
  childCount: number;
  children: AccessibleNode[];
  /** Set when a container had more children than were read. */
  truncatedChildren?: number;
  /**
   * Why the reader left out some of the object's children: `hidden` (none read, the object is not shown) or
   * `off-screen` (only the children in its visible area were read).
   */
  unreadChildren?: 'hidden' | 'off-screen';
}

/** Whether two rectangles are the same place and size. */
export function sameRect(a: XywhRect, b: XywhRect): boolean {
  return a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
}

/** Depth-first walk over a tree, yielding each node with its depth. */
export function* walkTree(node: AccessibleNode, depth = 0): Generator<[AccessibleNode, number]> {
  yield [node, depth];
  for (const child of node.children) yield* walkTree(child, depth + 1);
}

/** The first node (depth-first) matching `predicate`. */
export function findNode(root: AccessibleNode, predicate: (node: AccessibleNode) => boolean): AccessibleNode | undefined {
  for (const [node] of walkTree(root)) if (predicate(node)) return node;
  return undefined;
}

/** Every node matching `predicate`, depth-first. */
export function findNodes(root: AccessibleNode, predicate: (node: AccessibleNode) => boolean): AccessibleNode[] {
  const out: AccessibleNode[] = [];
  for (const [node] of walkTree(root)) if (predicate(node)) out.push(node);
  return out;
}

/** Number of nodes in a tree. */
export function countNodes(root: AccessibleNode): number {
  let n = 0;
  for (const _ of walkTree(root)) n += 1;
  return n;
}
