// Reads captions for the unnamed input fields of a listing: the labelled-by relation first, then the layout.
import type { AccessibleNode } from '../atspi/accessible-node.js';
import { walkTree } from '../atspi/accessible-node.js';
import type { AtspiClient } from '../atspi/atspi-client.js';
import { inferCaptions, LABELLED_INPUT_ROLES, type Caption } from './label-inference.js';

/** A field's caption and where it came from. */
export interface FieldLabel {
  label?: string;
  labelSource?: 'relation' | 'container' | 'inferred';
}

/**
 * Captions for the listed nodes that are unnamed input fields, and for combo boxes (whose name is the item they
 * show), by index (`{}` for the others): the names of the objects of their `labelled-by` relation when the
 * toolkit sets one, else the nearest label beside or above them in the same top-level window (a child of `tree`,
 * the application node; see `inferCaptions`).
 */
export async function labelUnnamedFields(
  atspi: AtspiClient,
  tree: AccessibleNode,
  nodes: readonly AccessibleNode[],
  names: readonly string[],
): Promise<FieldLabel[]> {
  const out: FieldLabel[] = nodes.map(() => ({}));
  // a combo box's name is the item it shows, not what it is for: it takes its caption too
  const unnamed = nodes
    .map((node, i) => ({ node, i }))
    .filter(
      ({ node, i }) =>
        LABELLED_INPUT_ROLES.has(node.role) && !node.states.includes('multi-line') && (names[i] === '' || node.role === 'combo box') && node.extents,
    );
  if (unnamed.length === 0) return out;
  const related = await Promise.all(
    unnamed.map(async ({ node }) => {
      const refs = await atspi.labelledBy(node).catch(() => []);
      const texts = await Promise.all(refs.map((ref) => atspi.name(ref).catch(() => '')));
      return texts
        .map((t) => t.trim())
        .filter(Boolean)
        .join(' ');
    }),
  );
  // windows overlap on screen: a field only takes a caption of its own top-level window (main window or dialog)
  const windowOf = new Map<AccessibleNode, number>();
  const parentOf = new Map<AccessibleNode, AccessibleNode>();
  const captions: Caption[] = [];
  tree.children.forEach((top, window) => {
    for (const [node] of walkTree(top)) {
      windowOf.set(node, window);
      for (const child of node.children) parentOf.set(child, node);
      if (node.role === 'label' && node.extents && node.name.trim()) captions.push({ text: node.name.trim(), rect: node.extents, window });
    }
  });
  const allFields = nodes.filter((n) => LABELLED_INPUT_ROLES.has(n.role) && n.extents).map((n) => ({ rect: n.extents!, window: windowOf.get(n) }));
  const guessed = inferCaptions(
    unnamed.map(({ node }) => ({ rect: node.extents!, window: windowOf.get(node) })),
    captions,
    allFields,
  );
  unnamed.forEach(({ node, i }, k) => {
    const container = containerName(node, parentOf);
    if (related[k]) out[i] = { label: related[k], labelSource: 'relation' };
    else if (container) out[i] = { label: container, labelSource: 'container' };
    else if (guessed[k]) out[i] = { label: guessed[k], labelSource: 'inferred' };
  });
  return out;
}

/** How far up a field's named container may be (LibreOffice wraps a toolbar's box in five unnamed levels). */
const MAX_CONTAINER_DEPTH = 8;

/**
 * The name of the nearest named panel around a field when it is a tool bar's item holding no other input field:
 * LibreOffice names the toolbar item (`panel "Font Name"`) and leaves the box inside it unnamed. (A notebook page
 * named by its tab is no caption for the one field on it.)
 */
function containerName(field: AccessibleNode, parentOf: ReadonlyMap<AccessibleNode, AccessibleNode>): string | undefined {
  let node = parentOf.get(field);
  for (let depth = 0; node && depth < MAX_CONTAINER_DEPTH; depth += 1, node = parentOf.get(node)) {
    if (node.role === 'frame' || node.role === 'dialog' || node.role === 'window') return undefined;
    const name = node.name.trim();
    if (!name || !CONTAINER_ROLES.has(node.role)) continue;
    let fields = 0;
    for (const [inner] of walkTree(node)) if (LABELLED_INPUT_ROLES.has(inner.role) && inner.extents) fields += 1;
    return fields === 1 && inToolBar(node, parentOf) ? name : undefined;
  }
  return undefined;
}

const CONTAINER_ROLES: ReadonlySet<string> = new Set(['panel', 'grouping', 'group', 'filler', 'section']);

/** Whether a node is a tool bar's item (its parent, or a near ancestor, is a tool bar): a notebook page is not. */
function inToolBar(node: AccessibleNode, parentOf: ReadonlyMap<AccessibleNode, AccessibleNode>): boolean {
  let up = parentOf.get(node);
  for (let depth = 0; up && depth < 3; depth += 1, up = parentOf.get(up)) if (up.role === 'tool bar') return true;
  return false;
}
