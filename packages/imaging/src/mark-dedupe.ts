import { markRect, type Mark } from './mark.js';

/**
 * The marks to draw, each drawn control once: a mark is dropped when an earlier one has the same label (the same
 * control listed twice) or the same box in whole pixels (e.g. a combo box item listed both in its popup menu and in
 * its list). The first of each group is kept, in the original order; the input is not modified.
 *
 * @example
 * ```ts
 * dedupeMarks([
 *   { label: 'e9', rect: { x: 10, y: 40, width: 120, height: 24 } },
 *   { label: 'e10', rect: { x: 10, y: 40, width: 120, height: 24 } }, // same box: dropped
 *   { label: 'e9', rect: { x: 10, y: 64, width: 120, height: 24 } }, // same label: dropped
 * ]).map((m) => m.label); // ['e9']
 * ```
 */
export function dedupeMarks<M extends Mark>(marks: readonly M[]): M[] {
  const labels = new Set<string>();
  const boxes = new Set<string>();
  const out: M[] = [];
  for (const mark of marks) {
    const r = markRect(mark);
    const box = `${r.x},${r.y},${r.width},${r.height}`;
    if (labels.has(mark.label) || boxes.has(box)) continue;
    labels.add(mark.label);
    boxes.add(box);
    out.push(mark);
  }
  return out;
}
