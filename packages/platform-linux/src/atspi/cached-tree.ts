// The tree an application's AT-SPI cache describes (`Cache.GetItems`), before the gaps are read one by one.
import type { AccessibleNode, AccessibleRef } from './accessible-node.js';
import { decodeStates, roleName } from './atspi-constants.js';

type CachedNode = AccessibleNode & { parentPath: string; index: number };

/** Builds the tree from `Cache.GetItems` items; undefined when the item layout is unknown. */
export function linkCacheItems(items: unknown[], app: AccessibleRef): AccessibleNode | undefined {
  const byPath = new Map<string, CachedNode>();
  for (const item of items) {
    // at-spi2-core >= 2.x: ((so) self, (so) app, (so) parent, i index, i childCount, as ifaces, s name, u role, s desc, au states)
    if (!Array.isArray(item) || item.length !== 10) return undefined;
    const [self, , parent, index, childCount, interfaces, name, role, description, states] = item as [
      [string, string],
      unknown,
      [string, string],
      number,
      number,
      string[],
      string,
      number,
      string,
      number[],
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

/**
 * Cuts the cached children of hidden objects below the top-levels (`depth` 1 is a top-level), as a walk would
 * not read them (returns how many were cut): LibreOffice caches every item of its closed menus, enough to use up the node budget before
 * anything on screen is read.
 */
export function dropHiddenSubtrees(node: AccessibleNode, shownState: string, depth = 1): number {
  if (depth >= 2 && node.children.length > 0 && !node.states.includes(shownState)) {
    node.children = [];
    node.unreadChildren = 'hidden';
    return 1;
  }
  return node.children.reduce((cut, child) => cut + dropHiddenSubtrees(child, shownState, depth + 1), 0);
}
