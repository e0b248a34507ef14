// Which listed controls a person cannot see because another window of the same application (a dialog) covers them.
import type { Rect } from '../atspi/accessible-node.js';

/** A top-level X window with its screen rectangle. */
export interface StackedWindow {
  id: number;
  rect: Rect;
}

const contains = (r: Rect, p: { x: number; y: number }): boolean => p.x >= r.x && p.x < r.x + r.width && p.y >= r.y && p.y < r.y + r.height;

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
  return stack.slice(index + 1).find((w) => contains(w.rect, point));
}

/** Centre of a rectangle. */
export function rectCentre(rect: Rect): { x: number; y: number } {
  return { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 };
}
