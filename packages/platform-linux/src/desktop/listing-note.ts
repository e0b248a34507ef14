// What a control listing tells the model about the objects its tree read left out.
import { columnLetters } from '../atspi/sheet-cells.js';
import type { SheetReadStats, TreeReadStats } from '../atspi/tree-reader.js';

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
  for (const sheet of stats.sheets) parts.push(sheetNote(sheet));
  return parts.length > 0 ? parts.join(' ') : undefined;
}

/** What a listing says of a sheet: which cells are on screen, and that only those with content are listed. */
function sheetNote(sheet: SheetReadStats): string {
  const { range } = sheet;
  const from = `${columnLetters(range.firstColumn)}${range.firstRow + 1}`;
  const to = `${columnLetters(range.lastColumn)}${range.lastRow + 1}`;
  const listed =
    sheet.listed === 0 ? 'all of them are empty' : `the ${sheet.listed} with content are listed (each named by its address), the empty ones are not`;
  return `${sheet.name || 'The sheet'} shows cells ${from}:${to} on screen; ${listed}${sheet.cut ? ' (only the first rows of the grid were read)' : ''}. Cells outside that range are not listed: to reach one, type its address in the name box (or scroll).`;
}
