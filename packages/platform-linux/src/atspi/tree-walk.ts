// The walks of a tree read: what fills the gaps of an application's cache (objects read one by one, hidden subtrees
// and off-screen rows skipped, sheets read by their on-screen range) and reads the extents of what is on screen.
import type { AccessibleNode, AccessibleRef } from './accessible-node.js';
import { walkTree } from './accessible-node.js';
import type { AtspiClient } from './atspi-client.js';
import { ATSPI_IFACE } from './atspi-constants.js';
import { extentsOf, reportedShift, visibleArea, visibleAreaOf } from './chain-extents.js';
import { readSheetCells, SHEET_MIN_CHILDREN, sheetRange } from './sheet-cells.js';
import type { SheetLook } from './sheet-look.js';
import type { KnownObject, TreeReadStats } from './tree-reader.js';
import { indexedChildren, listedChildren, VISIBLE_RANGE_MIN_CHILDREN, visibleChildIndices } from './visible-children.js';

/** What one read shares between its walks. */
export interface ReadContext {
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

/** The state that says an object is shown, for this application's toolkit. */
export async function toolkitTraits(
  client: AtspiClient,
  app: AccessibleRef,
): Promise<Pick<ReadContext, 'shownState' | 'childrenWithProperties' | 'checkCachedChildren'>> {
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
export async function readNode(client: AtspiClient, ref: AccessibleRef, options: { childCount?: boolean } = {}): Promise<AccessibleNode> {
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
export function skipsChildren(ctx: ReadContext, node: AccessibleNode, ancestors: readonly AccessibleNode[]): boolean {
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
export async function completeChildren(ctx: ReadContext, node: AccessibleNode, ancestors: readonly AccessibleNode[]): Promise<void> {
  if (skipsChildren(ctx, node, ancestors)) return;
  await completeOwnChildren(ctx, node, ancestors);
  const chain = [...ancestors, node];
  await Promise.all(node.children.map((child) => completeChildren(ctx, child, chain)));
}

/** Reads a node's children when its cached list is incomplete (one GetChildren plus reads of the missing ones). */
export async function completeOwnChildren(
  ctx: ReadContext,
  node: AccessibleNode,
  ancestors: readonly AccessibleNode[],
  options: { strict?: boolean } = {},
): Promise<void> {
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
export async function readExtents(ctx: ReadContext, root: AccessibleNode): Promise<void> {
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
