// Reads captions for the unnamed input fields of a listing: the labelled-by relation first, then the layout.
import type { AccessibleNode } from '../atspi/accessible-node.js';
import { walkTree } from '../atspi/accessible-node.js';
import type { AtspiClient } from '../atspi/atspi-client.js';
import { inferCaptions, LABELLED_INPUT_ROLES } from './label-inference.js';

/** A field's caption and where it came from. */
export interface FieldLabel {
  label?: string;
  labelSource?: 'relation' | 'inferred';
}

/**
 * Captions for the listed nodes that are unnamed input fields (by index; `{}` for the others): the names of the
 * objects of their `labelled-by` relation when the toolkit sets one, else the nearest label of the tree beside
 * or above them (see `inferCaptions`).
 */
export async function labelUnnamedFields(
  atspi: AtspiClient,
  tree: AccessibleNode,
  nodes: readonly AccessibleNode[],
  names: readonly string[],
): Promise<FieldLabel[]> {
  const out: FieldLabel[] = nodes.map(() => ({}));
  const unnamed = nodes.map((node, i) => ({ node, i })).filter(({ node, i }) => LABELLED_INPUT_ROLES.has(node.role) && !node.states.includes('multi-line') && names[i] === '' && node.extents);
  if (unnamed.length === 0) return out;
  const related = await Promise.all(
    unnamed.map(async ({ node }) => {
      const refs = await atspi.labelledBy(node).catch(() => []);
      const texts = await Promise.all(refs.map((ref) => atspi.name(ref).catch(() => '')));
      return texts.map((t) => t.trim()).filter(Boolean).join(' ');
    }),
  );
  const captions = [];
  for (const [node] of walkTree(tree)) {
    if (node.role === 'label' && node.extents && node.name.trim()) captions.push({ text: node.name.trim(), rect: node.extents });
  }
  const allFields = nodes.filter((n) => LABELLED_INPUT_ROLES.has(n.role) && n.extents).map((n) => n.extents!);
  const guessed = inferCaptions(
    unnamed.map(({ node }) => ({ rect: node.extents! })),
    captions,
    allFields,
  );
  unnamed.forEach(({ i }, k) => {
    if (related[k]) out[i] = { label: related[k], labelSource: 'relation' };
    else if (guessed[k]) out[i] = { label: guessed[k], labelSource: 'inferred' };
  });
  return out;
}
