// Checks a tree served from a kept tree against a whole read of the same application, as the tree cache does now
// and then, without blaming the events for what changed while the two reads were made.
import type { AccessibleNode } from './accessible-node.js';
import type { PendingChanges } from './tree-cache.js';

/**
 * Every object of a tree (identity, role, name, states, child identities) as one line, sorted: equal for equal trees.
 * An object's identity is its path, except for a transient one (a sheet's cell: the toolkit makes a new object each
 * time it is asked for), which is known by its role and name.
 */
export function treeLines(tree: AccessibleNode): string[] {
  return [...lineMap(tree).values()].map((entry) => entry.line).sort();
}

/**
 * The objects (identities) on which a kept-and-refreshed tree and a later whole read differ, less those that events
 * received since the refresh began explain (`since`): an object whose properties or children an event said changed,
 * or one added or removed under an object whose children changed. A toolkit that updates a tool bar button's state
 * a moment after the action (LibreOffice) sends the event while the whole read runs: that is no missing event.
 * Everything counts as explained when `since` asks for a whole read (the two trees cannot be compared then).
 *
 * @example
 * ```ts
 * const missed = unexplainedDifferences(refreshed, whole, changesSinceRefresh);
 * if (missed.length > 0) untrusted.add(app.bus); // the toolkit sends too few events
 * ```
 */
export function unexplainedDifferences(refreshed: AccessibleNode, whole: AccessibleNode, since: PendingChanges): string[] {
  if (since.all) return [];
  const a = lineMap(refreshed);
  const b = lineMap(whole);
  const changed = (path: string | undefined): boolean => path !== undefined && (since.props.has(path) || since.children.has(path));
  const out: string[] = [];
  for (const id of new Set([...a.keys(), ...b.keys()])) {
    const left = a.get(id);
    const right = b.get(id);
    if (left?.line === right?.line) continue;
    const node = (left ?? right)!;
    if (changed(node.path)) continue;
    // added or removed: its parent's children changed
    if ((left === undefined || right === undefined) && changed(node.parent)) continue;
    out.push(id);
  }
  return out.sort();
}

interface Line {
  line: string;
  path: string;
  parent: string | undefined;
}

function lineMap(tree: AccessibleNode): Map<string, Line> {
  const out = new Map<string, Line>();
  const visit = (node: AccessibleNode, parent: string | undefined): void => {
    const id = identity(node);
    out.set(id, {
      line: `${id} ${node.role} ${JSON.stringify(node.name)} [${[...node.states].sort().join(' ')}] ${node.interfaces.length} ${node.children.map(identity).join(',')}`,
      path: node.path,
      parent,
    });
    for (const child of node.children) visit(child, node.path);
  };
  visit(tree, undefined);
  return out;
}

function identity(node: AccessibleNode): string {
  return node.states.includes('transient') ? `~${node.role}:${JSON.stringify(node.name)}` : node.path;
}
