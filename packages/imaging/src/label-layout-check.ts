import { isBackdropOf, rectsOverlap } from './rect-geometry.js';
import type { PixelRect } from './rgb-image.js';

/** A laid-out annotation to check: boxes and labels index for index (a `SetOfMarksLayout` is one). */
export interface LabelLayoutToCheck {
  boxes: readonly PixelRect[];
  labels: readonly { rect: PixelRect }[];
  /** Names used in the messages, index for index (e.g. the layout's marks); the index when missing. */
  marks?: readonly { label: string }[];
}

/** Whether two rectangles overlap or share an edge (no pixel between them). */
function touches(a: PixelRect, b: PixelRect): boolean {
  return a.x <= b.x + b.width && b.x <= a.x + a.width && a.y <= b.y + b.height && b.y <= a.y + a.height;
}

/**
 * The ways a set-of-marks layout could mislead a reader, as sentences (empty when there are none): a label that
 * overlaps another label, covers a different mark's box (boxes behind the label's own box — a menu around its
 * items, see `isBackdropOf` — are allowed) or neither lies inside nor touches its own box. Tests and diagnostics use it on
 * `layoutSetOfMarks` results.
 *
 * @example
 * ```ts
 * const layout = layoutSetOfMarks(marks, image.width, image.height);
 * labelLayoutProblems(layout); // [] when every label is unambiguous
 * ```
 */
export function labelLayoutProblems(layout: LabelLayoutToCheck): string[] {
  const name = (i: number): string => layout.marks?.[i]?.label ?? `#${i}`;
  const problems: string[] = [];
  layout.labels.forEach(({ rect }, i) => {
    const own = layout.boxes[i]!;
    if (!touches(rect, own)) problems.push(`label ${name(i)} is away from its own box`);
    layout.labels.forEach((other, j) => {
      if (j > i && rectsOverlap(rect, other.rect)) problems.push(`labels ${name(i)} and ${name(j)} overlap`);
    });
    layout.boxes.forEach((box, j) => {
      if (j !== i && box.width > 0 && box.height > 0 && rectsOverlap(rect, box) && !isBackdropOf(box, own)) {
        problems.push(`label ${name(i)} covers the box of ${name(j)}`);
      }
    });
  });
  return problems;
}
