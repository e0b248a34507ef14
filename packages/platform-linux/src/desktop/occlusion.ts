// Which listed controls a person cannot see because another window of the same application (a dialog) covers them.
import { containsPoint, rectFromXywh } from '@ufo-ts/desktop-common';
import type { Rect } from '../atspi/accessible-node.js';

/** A top-level X window with its screen rectangle. */
export interface StackedWindow {
  id: number;
  rect: Rect;
}


/**
 * The window that covers a point of window `own`, given windows in stacking order (bottom first): the first window
 * stacked above `own` whose rectangle contains the point. Undefined when nothing covers it or `own` is not stacked.
 *
 * @example
 * coveringWindow({ x: 500, y: 400 }, 1, [{ id: 1, rect: main }, { id: 2, rect: dialog }]); // → the dialog
 */
export function coveringWindow(point: { x: number; y: number }, own: number, stack: readonly StackedWindow[]): StackedWindow | undefined {
  const index = stack.findIndex((w) => w.id === own);
  if (index < 0) return undefined;
  return stack.slice(index + 1).find((w) => containsPoint(rectFromXywh(w.rect), point));
}

