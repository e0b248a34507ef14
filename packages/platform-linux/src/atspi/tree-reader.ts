import type { AccessibleNode, AccessibleRef } from './accessible-node.js';
import { walkTree } from './accessible-node.js';
import type { AtspiClient } from './atspi-client.js';
import { ATSPI_IFACE, decodeStates, roleName } from './atspi-constants.js';

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
}

type CachedNode = AccessibleNode & { parentPath: string; index: number };

/**
 * Reads the accessible tree of one application with as few round trips as possible: one `Cache.GetItems` call
 * returns every object the toolkit has cached; containers whose cached children are incomplete (GTK 4 fills its
 * cache lazily, GTK 3 omits children of MANAGES_DESCENDANTS containers) are completed with pipelined
 * `GetChildren` walks; extents are then fetched in parallel for the objects on screen.
 */
export async function readAccessibleTree(client: AtspiClient, app: AccessibleRef, options: ReadTreeOptions = {}): Promise<AccessibleNode> {
  const maxChildren = options.maxChildrenPerContainer ?? 500;
  const items = await client.cacheItems(app).catch(() => undefined);
  let root = items ? linkCacheItems(items, app) : undefined;
  if (!root) root = await readNode(client, app);
  else if (root.role === '') root = { ...(await readNode(client, app)), children: root.children, childCount: root.childCount };

  await completeOwnChildren(client, root, maxChildren);
  if (options.topLevelPaths !== undefined) {
    const byPath = new Map(root.children.map((child) => [child.path, child]));
    root.children = options.topLevelPaths.map((path) => byPath.get(path)).filter((child): child is AccessibleNode => child !== undefined);
  }
  await Promise.all(root.children.map((child) => completeChildren(client, child, maxChildren)));
  if (options.extents !== false) await readExtents(client, app, root);
  return root;
}

/** Builds the tree from `Cache.GetItems` items; undefined when the item layout is unknown. */
function linkCacheItems(items: unknown[], app: AccessibleRef): AccessibleNode | undefined {
  const byPath = new Map<string, CachedNode>();
  for (const item of items) {
    // at-spi2-core >= 2.x: ((so) self, (so) app, (so) parent, i index, i childCount, as ifaces, s name, u role, s desc, au states)
    if (!Array.isArray(item) || item.length !== 10) return undefined;
    const [self, , parent, index, childCount, interfaces, name, role, description, states] = item as [
      [string, string], unknown, [string, string], number, number, string[], string, number, string, number[],
    ];
    byPath.set(self[1], {
      bus: self[0],
      path: self[1],
      parentPath: parent[1],
      index,
      childCount,
      interfaces,
      name,
      role: roleName(role),
      description,
      states: decodeStates(states),
      children: [],
    });
  }
  let root = byPath.get(app.path);
  if (!root) {
    root = { ...app, parentPath: '', index: 0, childCount: -1, interfaces: [], name: '', role: '', description: '', states: [], children: [] };
    byPath.set(app.path, root);
  }
  for (const node of byPath.values()) {
    if (node === root) continue;
    byPath.get(node.parentPath)?.children.push(node);
  }
  for (const node of byPath.values()) node.children.sort((a, b) => (a as CachedNode).index - (b as CachedNode).index);
  if (root.childCount < 0) root.childCount = root.children.length > 0 ? root.children.length : -1;
  return root;
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

/**
 * Reads a whole subtree with pipelined calls (used where the cache has gaps). A node's children are asked for
 * together with its properties (their number is its child count): one round trip per level, one call fewer per
 * container, for toolkits that answer each call in turn (Qt).
 */
async function readSubtree(client: AtspiClient, ref: AccessibleRef, maxChildren: number): Promise<AccessibleNode> {
  const [node, children] = await Promise.all([readNode(client, ref, { childCount: false }), client.children(ref).catch(() => [])]);
  node.childCount = children.length;
  if (children.length > 0) {
    let kids = children;
    if (kids.length > maxChildren) {
      node.truncatedChildren = kids.length;
      kids = kids.slice(0, maxChildren);
    }
    const read = await Promise.all(kids.map((kid) => readSubtree(client, kid, maxChildren).catch(() => undefined)));
    node.children = read.filter((child): child is AccessibleNode => child !== undefined);
  }
  return node;
}

/** Fills the subtree's containers whose cached children are incomplete (childCount -1 or more than cached). */
async function completeChildren(client: AtspiClient, node: AccessibleNode, maxChildren: number): Promise<void> {
  await completeOwnChildren(client, node, maxChildren);
  await Promise.all(node.children.map((child) => completeChildren(client, child, maxChildren)));
}

/** Reads a node's children when its cached list is incomplete (one GetChildren plus reads of the missing ones). */
async function completeOwnChildren(client: AtspiClient, node: AccessibleNode, maxChildren: number): Promise<void> {
  if (node.childCount < 0 || node.childCount > node.children.length) {
    let kids = await client.children(node).catch(() => undefined);
    if (kids) {
      if (kids.length > maxChildren) {
        node.truncatedChildren = kids.length;
        kids = kids.slice(0, maxChildren);
      }
      const have = new Map(node.children.map((child) => [child.path, child]));
      const merged = await Promise.all(
        kids.map(async (kid) => have.get(kid.path) ?? (await readSubtree(client, kid, maxChildren).catch(() => undefined))),
      );
      node.children = merged.filter((child): child is AccessibleNode => child !== undefined);
      node.childCount = kids.length;
    }
  }
}

/** Reads extents of the on-screen objects in parallel. */
async function readExtents(client: AtspiClient, app: AccessibleRef, root: AccessibleNode): Promise<void> {
  // GTK 4.8 never sets SHOWING in its cache items: use VISIBLE there.
  const toolkit = await client.toolkit(app).catch(() => ({ name: '', version: '' }));
  const shownState = /^gtk$/i.test(toolkit.name) && toolkit.version.startsWith('4.') ? 'visible' : 'showing';
  const wanted: AccessibleNode[] = [];
  for (const [node] of walkTree(root)) {
    if (node.interfaces.includes(ATSPI_IFACE.component) && node.states.includes(shownState)) wanted.push(node);
  }
  await Promise.all(
    wanted.map(async (node) => {
      const box = await client.extents(node).catch(() => undefined);
      if (box && box.x > -1e6 && box.y > -1e6 && box.width > 0 && box.height > 0) node.extents = box;
    }),
  );
}
