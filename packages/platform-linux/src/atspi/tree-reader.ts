import type { AccessibleNode, AccessibleRef, XywhRect } from './accessible-node.js';
import { walkTree } from './accessible-node.js';
import type { AtspiClient } from './atspi-client.js';
import { ATSPI_IFACE } from './atspi-constants.js';
import { pruneToBudget } from './tree-budget.js';
import { dropHiddenSubtrees, linkCacheItems } from './cached-tree.js';
import { extentsOf, reportedShift, visibleArea, visibleAreaOf } from './chain-extents.js';
import { readSheetCells, SHEET_MIN_CHILDREN, sheetRange, type SheetRange } from './sheet-cells.js';
import type { SheetLook } from './sheet-look.js';
import { indexedChildren, listedChildren, VISIBLE_RANGE_MIN_CHILDREN, visibleChildIndices } from './visible-children.js';

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

/** What one read shares between its walks. */
interface ReadContext {
  client: AtspiClient;
  maxChildren: number;
  onScreenOnly: boolean;
  /** State a shown object has: `showing`, or `visible` for GTK 4 (which never sets SHOWING in its cache items). */
  shownState: string;
  /**
   * Whether a container's children are asked for together with its properties (one round trip per level, for Qt,
   * which answers each call in turn); otherwise its child count comes first, so that a huge container is never
   * asked for all its children.
   */
  childrenWithProperties: boolean;
  /**
   * Whether the cached children of a shown container are checked against a live `GetChildren` (LibreOffice's cache
   * keeps stale parent links: a tooltip's panel cached as the only child of the panel that holds the document).
   */
  checkCachedChildren: boolean;
  /** Objects that may still be read one by one. */
  budget: { left: number };
  stats: TreeReadStats;
  known?: Map<string, KnownObject>;
  sheetLook?: SheetLook;
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
    changes.children.has(node.path) ||
    node.unreadChildren === 'off-screen' ||
    (node.unreadChildren === 'hidden' && node.states.includes(ctx.shownState));
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

/** The state that says an object is shown, for this application's toolkit. */
async function toolkitTraits(client: AtspiClient, app: AccessibleRef): Promise<Pick<ReadContext, 'shownState' | 'childrenWithProperties' | 'checkCachedChildren'>> {
  const [toolkit, appName] = await Promise.all([client.toolkit(app).catch(() => ({ name: '', version: '' })), client.name(app).catch(() => '')]);
  // GTK 4.8 never sets SHOWING in its cache items: use VISIBLE there.
  const shownState = /^gtk$/i.test(toolkit.name) && toolkit.version.startsWith('4.') ? 'visible' : 'showing';
  return { shownState, childrenWithProperties: /^qt/i.test(toolkit.name), checkCachedChildren: LIBREOFFICE_APP.test(appName) };
}

/** LibreOffice's application name on the accessibility bus. */
const LIBREOFFICE_APP = /^soffice(\.bin)?$/i;

/** Reads the name and states of an object whose role and interfaces are known (child count left at -1). */
async function readChangingParts(client: AtspiClient, ref: AccessibleRef, known: KnownObject): Promise<AccessibleNode> {
  const [name, states] = await Promise.all([client.name(ref), client.states(ref)]);
  return { ...ref, role: known.role, name, description: '', states, interfaces: [...known.interfaces], childCount: -1, children: [] };
}

/** Reads one object (no children) with pipelined calls; without `childCount`, its child count is left at -1. */
async function readNode(client: AtspiClient, ref: AccessibleRef, options: { childCount?: boolean } = {}): Promise<AccessibleNode> {
  const [role, name, states, interfaces, childCount] = await Promise.all([
    client.role(ref),
    client.name(ref),
    client.states(ref),
    client.interfaces(ref),
    options.childCount === false ? -1 : client.childCount(ref).catch(() => -1),
  ]);
  return { ...ref, role, name, description: '', states, interfaces, childCount, children: [] };
}

/** Whether the walk leaves out this object's children: it is hidden, below the top-levels (`ancestors` root first). */
function skipsChildren(ctx: ReadContext, node: AccessibleNode, ancestors: readonly AccessibleNode[]): boolean {
  if (!ctx.onScreenOnly || ancestors.length < 2 || node.states.includes(ctx.shownState)) return false;
  if (node.unreadChildren === 'hidden') return true;
  ctx.stats.hiddenSubtrees += 1;
  node.unreadChildren = 'hidden';
  return true;
}

/**
 * The children to read of a container with `count` children (`list`: its `GetChildren` answer, when asked): on
 * screen only for a long list or table (its visible area is its extents cut by its ancestors'), then at most
 * `maxChildren`, within the node budget. Sets `truncatedChildren` when some are left out. Without `list`, undefined
 * when the on-screen ones cannot be found (the caller then asks for the list).
 */
async function childrenToRead(
  ctx: ReadContext,
  node: AccessibleNode,
  ancestors: readonly AccessibleNode[],
  count: number,
  list?: AccessibleRef[],
): Promise<AccessibleRef[] | undefined> {
  const source = list ? listedChildren(list) : indexedChildren(ctx.client, node, count);
  let indices: number[] | undefined;
  if (ctx.onScreenOnly && count > VISIBLE_RANGE_MIN_CHILDREN && isRowContainer(node)) {
    const clip = await visibleArea(ctx.client, [...ancestors.slice(1), node]);
    indices = clip ? await visibleChildIndices(ctx.client, node, source, clip) : undefined;
    if (indices) {
      ctx.stats.offScreenChildren += count - indices.length;
      node.unreadChildren = 'off-screen';
    }
  }
  if (!indices) {
    if (!list) return undefined;
    indices = list.map((_, i) => i);
  }
  if (indices.length > ctx.maxChildren) indices = indices.slice(0, ctx.maxChildren);
  if (indices.length > ctx.budget.left) {
    indices = indices.slice(0, Math.max(0, ctx.budget.left));
    ctx.stats.budgetReached = true;
  }
  ctx.budget.left -= indices.length;
  if (indices.length < count) node.truncatedChildren = count;
  const refs = await Promise.all(indices.map((i) => source.at(i)));
  return refs.filter((ref): ref is AccessibleRef => ref !== undefined);
}

/** Roles of containers whose children are rows (or row-major cells), shown as one run while they scroll. */
const ROW_CONTAINER_ROLES: ReadonlySet<string> = new Set(['list', 'list box', 'table', 'tree', 'tree table']);

/**
 * Whether only the on-screen children of a long container are read: lists, tables and trees, and containers that
 * manage their descendants. Not other panels: their shown children need not be one run (a hidden one between
 * them would end the search early).
 */
function isRowContainer(node: AccessibleNode): boolean {
  return node.interfaces.includes(ATSPI_IFACE.component) && (ROW_CONTAINER_ROLES.has(node.role) || node.states.includes('manages-descendants'));
}

/**
 * Reads a whole subtree with pipelined calls (used where the cache has gaps). A node's children are asked for
 * together with its properties (their number is its child count): one round trip per level, one call fewer per
 * container, for toolkits that answer each call in turn (Qt).
 */
async function readSubtree(ctx: ReadContext, ref: AccessibleRef, ancestors: readonly AccessibleNode[]): Promise<AccessibleNode> {
  if (!ctx.childrenWithProperties) return readSubtreeCountFirst(ctx, ref, ancestors);
  const known = ctx.known?.get(ref.path);
  const [node, children] = await Promise.all([
    known ? readChangingParts(ctx.client, ref, known) : readNode(ctx.client, ref, { childCount: false }),
    ctx.client.children(ref).catch(() => []),
  ]);
  if (!known && ctx.known) ctx.known.set(ref.path, { role: node.role, interfaces: node.interfaces });
  node.childCount = children.length;
  if (children.length > 0 && !skipsChildren(ctx, node, ancestors)) {
    const chain = [...ancestors, node];
    const kids = (await childrenToRead(ctx, node, ancestors, children.length, children)) ?? [];
    const read = await Promise.all(kids.map((kid) => readSubtree(ctx, kid, chain).catch(() => undefined)));
    node.children = read.filter((child): child is AccessibleNode => child !== undefined);
  }
  return node;
}

/**
 * {@link readSubtree} for toolkits that may make every child of a container on `GetChildren` (a LibreOffice sheet
 * has 2^31 - 1 cells: the call does not return): the child count is read with the properties, and a container
 * with many children or that manages its descendants is read by index (its on-screen part).
 */
async function readSubtreeCountFirst(ctx: ReadContext, ref: AccessibleRef, ancestors: readonly AccessibleNode[]): Promise<AccessibleNode> {
  // role and interfaces are read every time: LibreOffice changes an object's role after making it (a menu item
  // becomes a check menu item)
  const node = await readNode(ctx.client, ref);
  if (node.childCount <= 0 || skipsChildren(ctx, node, ancestors)) return node;
  await completeOwnChildren(ctx, node, ancestors);
  const chain = [...ancestors, node];
  await Promise.all(node.children.map((child) => completeChildren(ctx, child, chain)));
  return node;
}

/** Fills the subtree's containers whose cached children are incomplete (childCount -1 or more than cached). */
async function completeChildren(ctx: ReadContext, node: AccessibleNode, ancestors: readonly AccessibleNode[]): Promise<void> {
  if (skipsChildren(ctx, node, ancestors)) return;
  await completeOwnChildren(ctx, node, ancestors);
  const chain = [...ancestors, node];
  await Promise.all(node.children.map((child) => completeChildren(ctx, child, chain)));
}

/** Reads a node's children when its cached list is incomplete (one GetChildren plus reads of the missing ones). */
async function completeOwnChildren(ctx: ReadContext, node: AccessibleNode, ancestors: readonly AccessibleNode[], options: { strict?: boolean } = {}): Promise<void> {
  // complete as cached; more cached children than the object has means the cache kept stale ones (LibreOffice
  // leaves a copy of a document window's tree under its frame): the live list is read then
  if (node.childCount >= 0 && node.childCount === node.children.length && !(await cachedChildrenAreStale(ctx, node))) return;
  // its on-screen part was read in this pass already
  if (node.unreadChildren === 'off-screen') return;
  const have = new Map(node.children.map((child) => [child.path, child]));
  // cached children are already counted in the budget
  ctx.budget.left += have.size;
  // a long list or table: its on-screen children, asked for by index (GTK 3 caches no child count for containers
  // that manage their descendants, and creates every child's object on GetChildren)
  let count = node.childCount;
  if (count < 0 && ctx.onScreenOnly && node.states.includes('manages-descendants')) count = await ctx.client.childCount(node).catch(() => -1);
  if (ctx.onScreenOnly && count >= SHEET_MIN_CHILDREN && node.interfaces.includes(ATSPI_IFACE.table)) {
    node.childCount = count;
    await readSheet(ctx, node, ancestors);
    return;
  }
  let kids = count > VISIBLE_RANGE_MIN_CHILDREN ? await childrenToRead(ctx, node, ancestors, count) : undefined;
  if (kids) node.childCount = count;
  if (!kids) {
    const asked = ctx.client.children(node);
    const all = options.strict ? await asked : await asked.catch(() => undefined);
    if (!all) {
      ctx.budget.left -= have.size;
      return;
    }
    node.childCount = all.length;
    kids = (await childrenToRead(ctx, node, ancestors, all.length, all)) ?? [];
  }
  const chain = [...ancestors, node];
  const merged = await Promise.all(kids.map(async (kid) => have.get(kid.path) ?? (await readSubtree(ctx, kid, chain).catch(() => undefined))));
  const read = new Set(kids.map((kid) => kid.path));
  // cached children the budget left out of the read are kept: they were counted already (not the rows of a long
  // list read by its visible range: those out of view now are gone from view)
  const byVisibleRange = (node.unreadChildren as AccessibleNode['unreadChildren']) === 'off-screen';
  const keptCached = kids.length < node.childCount && !byVisibleRange ? [...have.values()].filter((child) => !read.has(child.path)) : [];
  node.children = [...merged, ...keptCached].filter((child): child is AccessibleNode => child !== undefined);
}

/** Most cells of a sheet's on-screen grid that are read (a 1920 × 1080 screen shows about 1,000). */
const MAX_SHEET_GRID = 2500;

/**
 * A sheet (a table too large to enumerate): only its on-screen cells with content become its children; the range
 * on screen goes in the stats for the listing's note.
 */
async function readSheet(ctx: ReadContext, node: AccessibleNode, ancestors: readonly AccessibleNode[]): Promise<void> {
  node.children = [];
  node.truncatedChildren = node.childCount;
  node.unreadChildren = 'off-screen';
  const chain = [...ancestors.slice(1), node];
  const boxes = await extentsOf(ctx.client, chain);
  const area = visibleAreaOf(boxes);
  const range = area ? await sheetRange(ctx.client, node, area).catch(() => undefined) : undefined;
  if (!range) return;
  const sheet = await readSheetCells(ctx.client, node, range, MAX_SHEET_GRID, { look: ctx.sheetLook, shift: reportedShift(chain, boxes) });
  const kept = sheet.cells.slice(0, Math.max(0, Math.min(ctx.maxChildren, ctx.budget.left)));
  if (kept.length < sheet.cells.length) ctx.stats.budgetReached = true;
  ctx.budget.left -= kept.length;
  node.children = kept;
  ctx.stats.sheets.push({ name: node.name, range, onScreen: sheet.onScreen, listed: kept.length, asked: sheet.asked, cut: sheet.cut });
}

/** Whether a shown container's cached children differ from its live ones (only checked where the cache lies). */
async function cachedChildrenAreStale(ctx: ReadContext, node: AccessibleNode): Promise<boolean> {
  if (!ctx.checkCachedChildren || node.children.length === 0 || !node.states.includes(ctx.shownState)) return false;
  const live = await ctx.client.children(node).catch(() => undefined);
  return live !== undefined && (live.length !== node.children.length || live.some((ref, i) => ref.path !== node.children[i]!.path));
}

/** Reads extents of the on-screen objects in parallel. */
async function readExtents(ctx: ReadContext, root: AccessibleNode): Promise<void> {
  const wanted: AccessibleNode[] = [];
  for (const [node] of walkTree(root)) {
    // a sheet's cells come with extents from its grid
    if (node.extents === undefined && node.interfaces.includes(ATSPI_IFACE.component) && node.states.includes(ctx.shownState)) wanted.push(node);
  }
  await Promise.all(
    wanted.map(async (node) => {
      const box = await ctx.client.extents(node).catch(() => undefined);
      if (box && box.x > -1e6 && box.y > -1e6 && box.width > 0 && box.height > 0) node.extents = box;
    }),
  );
}
