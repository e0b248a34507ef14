// Reads captions for the unnamed input fields of a listing: the labelled-by relation first, then the layout.
import type { AccessibleNode } from '../atspi/accessible-node.js';
import { walkTree } from '../atspi/accessible-node.js';
import type { AtspiClient } from '../atspi/atspi-client.js';
import { inferCaptions, LABELLED_INPUT_ROLES, type Caption } from './label-inference.js';

/** A field's caption and where it came from. */
export interface FieldLabel {
  label?: string;
  labelSource?: 'relation' | 'inferred';
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
    .filter(({ node, i }) => LABELLED_INPUT_ROLES.has(node.role) && !node.states.includes('multi-line') && (names[i] === '' || node.role === 'combo box') && node.extents);
  if (unnamed.length === 0) return out;
  const related = await Promise.all(
    unnamed.map(async ({ node }) => {
      const refs = await atspi.labelledBy(node).catch(() => []);
      const texts = await Promise.all(refs.map((ref) => atspi.name(ref).catch(() => '')));
      return texts.map((t) => t.trim()).filter(Boolean).join(' ');
    }),
  );
  // windows overlap on screen: a field only takes a caption of its own top-level window (main window or dialog)
  const windowOf = new Map<AccessibleNode, number>();
  const captions: Caption[] = [];
  tree.children.forEach((top, window) => {
    for (const [node] of walkTree(top)) {
      windowOf.set(node, window);
      if (node.role === 'label' && node.extents && node.name.trim()) captions.push({ text: node.name.trim(), rect: node.extents, window });
    }
  });
  const allFields = nodes.filter((n) => LABELLED_INPUT_ROLES.has(n.role) && n.extents).map((n) => ({ rect: n.extents!, window: windowOf.get(n) }));
  const guessed = inferCaptions(
    unnamed.map(({ node }) => ({ rect: node.extents!, window: windowOf.get(node) })),
    captions,
    allFields,
  );
  unnamed.forEach(({ i }, k) => {
    if (related[k]) out[i] = { label: related[k], labelSource: 'relation' };
    else if (guessed[k]) out[i] = { label: guessed[k], labelSource: 'inferred' };
  });
  return out;
}
