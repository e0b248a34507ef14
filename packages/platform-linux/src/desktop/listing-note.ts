// What a control listing tells the model about the objects its tree read left out.
import type { TreeReadStats } from '../atspi/tree-reader.js';

/**
 * The note a listing carries when its tree read left objects out (undefined when it left none out that a person
 * could see): the node budget cut the tree, or long lists and tables had rows outside their visible area.
 */
export function listingNote(stats: TreeReadStats, maxNodes: number): string | undefined {
  const parts: string[] = [];
  if (stats.budgetReached) {
    parts.push(
      `The window has more than ${maxNodes} accessible objects: this listing read the first ${maxNodes} of them, the upper levels of each window first, and left the deeper ones out, so some controls may be missing. Close panels or scroll so that fewer objects are on screen, or act on the listed controls.`,
    );
  }
  if (stats.offScreenChildren > 0) {
    parts.push(`${stats.offScreenChildren} items of long lists or tables are outside their visible area and not listed: scroll the list to see others.`);
  }
  return parts.length > 0 ? parts.join(' ') : undefined;
}
