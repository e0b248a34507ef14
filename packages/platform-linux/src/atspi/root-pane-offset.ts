// LibreOffice's GTK 3 plugin hosts its own (VCL) widget tree in a GTK widget placed below the native menu bar, but
// usually reports the extents of that tree as if it started at the window's origin.
import type { XywhRect } from './accessible-node.js';

/** A shift applied to a subtree's extents. */
export interface ExtentShift {
  x: number;
  y: number;
}

/**
 * How far a `root pane` whose reported extents have its parent's size but not its place must move to be where it is
 * on screen (its parent's place); undefined when it is where it says (or is not such a pane).
 */
export function rootPaneShift(role: string, own: XywhRect | undefined, parent: XywhRect | undefined): ExtentShift | undefined {
  if (role !== 'root pane' || !own || !parent) return undefined;
  const sameSize = Math.abs(own.width - parent.width) <= 1 && Math.abs(own.height - parent.height) <= 1;
  const dx = parent.x - own.x;
  const dy = parent.y - own.y;
  return sameSize && (dx !== 0 || dy !== 0) ? { x: dx, y: dy } : undefined;
}
