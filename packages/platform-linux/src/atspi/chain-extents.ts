// The extents of a chain of accessible objects (an object and its ancestors): the area they all show, and the shift
// that moves the extents reported under them to the screen.
import type { AccessibleNode, XywhRect } from './accessible-node.js';
import type { AtspiClient } from './atspi-client.js';
import { ATSPI_IFACE } from './atspi-constants.js';
import { rootPaneShift } from './root-pane-offset.js';
import { intersectRects } from './visible-children.js';

/** The area of the screen a container's children can be seen in: its extents cut by its ancestors' (one round trip). */
export async function visibleArea(client: AtspiClient, chain: readonly AccessibleNode[]): Promise<XywhRect | undefined> {
  return visibleAreaOf(await extentsOf(client, chain));
}

/** The extents of each node of `chain` that has a usable box (undefined for the others). */
export async function extentsOf(client: AtspiClient, chain: readonly AccessibleNode[]): Promise<(XywhRect | undefined)[]> {
  const boxes = await Promise.all(chain.map((n) => (n.interfaces.includes(ATSPI_IFACE.component) ? client.extents(n).catch(() => undefined) : undefined)));
  return boxes.map((b) => (b !== undefined && b.width > 0 && b.height > 0 && b.x > -1e6 ? b : undefined));
}

/** The area every box of a chain shows: their intersection (undefined when none is usable). */
export function visibleAreaOf(boxes: readonly (XywhRect | undefined)[]): XywhRect | undefined {
  const usable = boxes.filter((b): b is XywhRect => b !== undefined);
  return usable.length > 0 ? intersectRects(usable) : undefined;
}

/** What moves the extents reported under `chain` to the screen: the shift of a misplaced root pane on it. */
export function reportedShift(chain: readonly AccessibleNode[], boxes: readonly (XywhRect | undefined)[]): { x: number; y: number } {
  for (let i = 1; i < chain.length; i += 1) {
    const shift = rootPaneShift(chain[i]!.role, boxes[i], boxes[i - 1]);
    if (shift) return shift;
  }
  return { x: 0, y: 0 };
}
