// Cuts an accessible tree to a node budget, keeping its upper levels.
import type { AccessibleNode } from './accessible-node.js';

/**
 * Cuts `root` in place to at most `maxNodes` objects, in breadth-first order: every object of a level is kept
 * before any of the next, and within a level the earlier ones in tree order. A parent that loses children gets
 * `truncatedChildren` (how many it had). Returns whether anything was cut.
 */
export function pruneToBudget(root: AccessibleNode, maxNodes: number): boolean {
  const keep = new Set<AccessibleNode>();
  let level: AccessibleNode[] = [root];
  let total = 0;
  let cut = false;
  while (level.length > 0) {
    const next: AccessibleNode[] = [];
    for (const node of level) {
      total += 1;
      if (keep.size < maxNodes) keep.add(node);
      else cut = true;
      next.push(...node.children);
    }
    level = next;
  }
  if (!cut) return false;
  const trim = (node: AccessibleNode): void => {
    const kept = node.children.filter((child) => keep.has(child));
    if (kept.length < node.children.length) {
      node.truncatedChildren = Math.max(node.truncatedChildren ?? 0, node.childCount, node.children.length);
      node.children = kept;
    }
    kept.forEach(trim);
  };
  trim(root);
  return total > maxNodes;
}
