import type { AccessibleNode, AccessibleRef } from './accessible-node.js';
import { walkTree } from './accessible-node.js';
import type { AtspiClient } from './atspi-client.js';
import { pruneToBudget } from './tree-budget.js';
import { dropHiddenSubtrees, linkCacheItems } from './cached-tree.js';
import type { SheetRange } from './sheet-cells.js';
import type { SheetLook } from './sheet-look.js';
import { completeChildren, completeOwnChildren, readExtents, readNode, skipsChildren, toolkitTraits, type ReadContext } from './tree-walk.js';

/** Default of {@link ReadTreeOptions.maxNodes}. */
export const DEFAULT_MAX_NODES = 1500;

/** Options of {@link readAccessibleTree}. */
export interface ReadTreeOptions {
  /** Read extents of the nodes that are on screen (default true). */
  extents?: boolean;
  /**
   * Cap on children read from one container that does not publish them in its cache (tables, lists with
   * MANAGES_DESCENDANTS can have millions of cells). Default 500.
   */
  maxChildrenPerContainer?: number;
  /**
   * Keep only these top-level children of the application (object paths of frames or dialogs), in this order;
   * extents are then read only under them. Default: all.
   */
  topLevelPaths?: readonly string[];
  /**
   * Most objects in the returned tree (the application object included). A bigger tree is cut level by level: the
   * top-levels' upper levels are kept, deeper objects beyond the budget are left out (see {@link TreeReadStats}).
   * Default {@link DEFAULT_MAX_NODES}.
   */
  maxNodes?: number;
  /**
   * Where the tree has gaps the cache does not fill (objects read one by one), skip what is not on screen: the
   * children of a hidden object (not `showing`; GTK 4: not `visible`), and the rows of a long list or table outside
   * its visible area. Default true.
   */
  onScreenOnly?: boolean;
  /** Filled with what the read left out. */
  stats?: TreeReadStats;
  /**
   * Role and interfaces of objects read before, by object path; a walk adds the ones it reads. An object keeps both
   * for its lifetime (GTK 4 and Qt set them when they make it), so a walk then asks only for its name, states and
   * children: two calls fewer per object for toolkits without a cache (Qt).
   */
  knownObjects?: Map<string, KnownObject>;
  /**
   * Pixels and memory that let a sheet's reader skip the cells that show nothing or what they showed when they
   * were read (see `readSheetCells`). Default: every on-screen cell of a sheet is read.
   */
  sheetLook?: SheetLook;
}

/** What does not change in an object's lifetime (see {@link ReadTreeOptions.knownObjects}). */
export interface KnownObject {
  role: string;
  interfaces: string[];
}

/** What a tree read left out (see {@link ReadTreeOptions.stats}). */
export interface TreeReadStats {
  /** Objects in the returned tree. */
  nodes: number;
  /** The tree had more objects than {@link ReadTreeOptions.maxNodes}; those beyond it were left out. */
  budgetReached: boolean;
  /** Children of long lists and tables that were not read because they lie outside the visible area. */
  offScreenChildren: number;
  /** Objects whose children were not read because the object is hidden. */
  hiddenSubtrees: number;
  /** Sheets (tables too large to enumerate) read by their on-screen range: what was on screen and listed. */
  sheets: SheetReadStats[];
}

/** One sheet of a tree read (see {@link TreeReadStats.sheets}). */
export interface SheetReadStats {
  /** The sheet's accessible name (`Sheet Sheet1`). */
  name: string;
  /** Its on-screen rows and columns (0-based, inclusive). */
  range: SheetRange;
  /** Cells on screen. */
  onScreen: number;
  /** Cells with content listed. */
  listed: number;
  /** Cells whose text was asked for (the others looked blank or as when they were read; see `readSheetCells`). */
  asked: number;
  /** The on-screen grid was larger than the reader reads: cells beyond its first ones were not read. */
  cut: boolean;
}

/** An empty {@link TreeReadStats}. */
export function emptyTreeReadStats(): TreeReadStats {
  return { nodes: 0, budgetReached: false, offScreenChildren: 0, hiddenSubtrees: 0, sheets: [] };
}

/**
 * Reads the accessible tree of one application with as few round trips as possible: one `Cache.GetItems` call
 * returns every object the toolkit has cached; containers whose cached children are incomplete (GTK 4 fills its
 * cache lazily, GTK 3 omits children of MANAGES_DESCENDANTS containers) are completed with pipelined
 * `GetChildren` walks, which skip what is hidden and read only the on-screen rows of long lists and tables; extents
 * are then fetched in parallel for the objects on screen. The tree is cut at {@link ReadTreeOptions.maxNodes}.
 */
export async function readAccessibleTree(client: AtspiClient, app: AccessibleRef, options: ReadTreeOptions = {}): Promise<AccessibleNode> {
  const maxNodes = options.maxNodes ?? DEFAULT_MAX_NODES;
  const stats = options.stats ?? emptyTreeReadStats();
  Object.assign(stats, emptyTreeReadStats());
  const [items, traits] = await Promise.all([client.cacheItems(app).catch(() => undefined), toolkitTraits(client, app)]);
  let root = items ? linkCacheItems(items, app) : undefined;
  if (!root) root = await readNode(client, app);
  else if (root.role === '') root = { ...(await readNode(client, app)), children: root.children, childCount: root.childCount };
  const ctx: ReadContext = {
    client,
    maxChildren: options.maxChildrenPerContainer ?? 500,
    onScreenOnly: options.onScreenOnly !== false,
    ...traits,
    budget: { left: maxNodes },
    stats,
    known: options.knownObjects,
    sheetLook: options.sheetLook,
  };

  await completeOwnChildren(ctx, root, []);
  if (options.topLevelPaths !== undefined) {
    const byPath = new Map(root.children.map((child) => [child.path, child]));
    root.children = options.topLevelPaths.map((path) => byPath.get(path)).filter((child): child is AccessibleNode => child !== undefined);
  }
  if (ctx.onScreenOnly) for (const child of root.children) ctx.stats.hiddenSubtrees += dropHiddenSubtrees(child, ctx.shownState);
  let cached = 0;
  for (const _ of walkTree(root)) cached += 1;
  ctx.budget.left = maxNodes - cached;
  await Promise.all(root.children.map((child) => completeChildren(ctx, child, [root])));
  if (pruneToBudget(root, maxNodes)) stats.budgetReached = true;
  if (ctx.budget.left < 0) stats.budgetReached = true;
  if (options.extents !== false) await readExtents(ctx, root);
  for (const _ of walkTree(root)) stats.nodes += 1;
  return root;
}

/** What changed in an application's tree since it was read (object paths), for {@link refreshAccessibleTree}. */
export interface TreeChanges {
  /** Objects whose own properties (name, role, states, interfaces) changed. */
  props: ReadonlySet<string>;
  /** Objects whose children changed (added, removed, or shown). */
  children: ReadonlySet<string>;
}

/**
 * Brings a tree read earlier by {@link readAccessibleTree} (with `extents: false`) up to date without reading it
 * again: re-reads the properties of the objects in `changes.props`, and the children of the objects in
 * `changes.children`, of long lists and tables (which rows are on screen changes as they scroll), and of hidden
 * objects that are shown now; every other object is taken from `previous` (which is not changed). Extents are read
 * afresh for the objects on screen, as `readAccessibleTree` does. Rejects when an object is gone (the caller then
 * reads the whole tree).
 */
export async function refreshAccessibleTree(
  client: AtspiClient,
  app: AccessibleRef,
  previous: AccessibleNode,
  changes: TreeChanges,
  options: ReadTreeOptions = {},
): Promise<AccessibleNode> {
  const maxNodes = options.maxNodes ?? DEFAULT_MAX_NODES;
  const stats = options.stats ?? emptyTreeReadStats();
  Object.assign(stats, emptyTreeReadStats());
  const root = cloneTree(previous);
  const ctx: ReadContext = {
    client,
    maxChildren: options.maxChildrenPerContainer ?? 500,
    onScreenOnly: options.onScreenOnly !== false,
    ...(await toolkitTraits(client, app)),
    budget: { left: maxNodes },
    stats,
    known: options.knownObjects,
    sheetLook: options.sheetLook,
  };
  const withAncestors = (): [AccessibleNode, AccessibleNode[]][] => {
    const out: [AccessibleNode, AccessibleNode[]][] = [];
    const visit = (node: AccessibleNode, chain: AccessibleNode[]): void => {
      out.push([node, chain]);
      const next = [...chain, node];
      node.children.forEach((child) => visit(child, next));
    };
    visit(root, []);
    return out;
  };
  await Promise.all(
    withAncestors()
      .filter(([node]) => changes.props.has(node.path))
      .map(async ([node]) => {
        const fresh = await readNode(client, node, { childCount: false });
        Object.assign(node, { role: fresh.role, name: fresh.name, states: fresh.states, interfaces: fresh.interfaces });
      }),
  );
  const stale = (node: AccessibleNode): boolean =>
    changes.children.has(node.path) || node.unreadChildren === 'off-screen' || (node.unreadChildren === 'hidden' && node.states.includes(ctx.shownState));
  // top down, one depth at a time: a subtree re-read above may bring back (by path) objects whose children changed
  const done = new Set<string>();
  for (;;) {
    const pending = withAncestors().filter(([node]) => !done.has(node.path) && stale(node));
    if (pending.length === 0) break;
    const depth = Math.min(...pending.map(([, chain]) => chain.length));
    const level = pending.filter(([, chain]) => chain.length === depth);
    let count = 0;
    for (const _ of walkTree(root)) count += 1;
    ctx.budget.left = maxNodes - count;
    await Promise.all(
      level.map(async ([node, chain]) => {
        done.add(node.path);
        delete node.truncatedChildren;
        delete node.unreadChildren;
        if (skipsChildren(ctx, node, chain)) {
          node.children = [];
          return;
        }
        node.childCount = -1;
        await completeOwnChildren(ctx, node, chain, { strict: true });
      }),
    );
  }
  if (pruneToBudget(root, maxNodes)) stats.budgetReached = true;
  if (options.extents !== false) await readExtents(ctx, root);
  stats.hiddenSubtrees = 0;
  for (const [node] of walkTree(root)) {
    stats.nodes += 1;
    if (node.unreadChildren === 'hidden') stats.hiddenSubtrees += 1;
  }
  return root;
}

/** A deep copy of a tree without what a listing adds to it (extents, clips). */
export function cloneTree(node: AccessibleNode): AccessibleNode {
  const { extents: _extents, clip: _clip, scrolledOutOf: _scrolled, children, ...own } = node;
  return { ...own, states: [...own.states], interfaces: [...own.interfaces], children: children.map(cloneTree) };
}

/** Reads extents of the on-screen objects of a tree in parallel (what `readAccessibleTree` does last). */
export async function readTreeExtents(client: AtspiClient, app: AccessibleRef, root: AccessibleNode): Promise<void> {
  const ctx: ReadContext = {
    client,
    maxChildren: 0,
    onScreenOnly: true,
    ...(await toolkitTraits(client, app)),
    budget: { left: 0 },
    stats: emptyTreeReadStats(),
  };
  await readExtents(ctx, root);
}
