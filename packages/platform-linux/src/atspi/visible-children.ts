// Finds which children of a long list or table are on screen with a few extents probes instead of reading them all.
import type { AccessibleRef, XywhRect } from './accessible-node.js';
import { COORD_SCREEN, type AtspiClient } from './atspi-client.js';
import { ATSPI_IFACE, ATSPI_NULL_PATH } from './atspi-constants.js';

/**
 * Containers with at most this many children are read whole: probing for the visible ones would cost about as much
 * as reading them.
 */
export const VISIBLE_RANGE_MIN_CHILDREN = 48;

/** How many leading children (column headers) are checked one by one before the rows. */
const LEADING_CHILDREN = 8;

/**
 * The first index in `[lo, hi)` for which `after(i)` holds, when `after` is false then true along the range
 * (`hi` when it never holds).
 */
async function firstWhere(lo: number, hi: number, after: (i: number) => Promise<boolean>): Promise<number> {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (await after(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Children of a container addressed by index: from a `GetChildren` list, or asked for one by one. */
export interface ChildSource {
  /** Number of children. */
  count: number;
  /** The child at an index (undefined when the toolkit gives none). */
  at(index: number): Promise<AccessibleRef | undefined>;
  /** The index of a child found some other way (undefined when it is not a child of the container). */
  indexOf(child: AccessibleRef): Promise<number | undefined>;
}

/** A {@link ChildSource} over a `GetChildren` answer. */
export function listedChildren(children: readonly AccessibleRef[]): ChildSource {
  const index = new Map(children.map((child, i) => [child.path, i]));
  return { count: children.length, at: async (i) => children[i], indexOf: async (child) => index.get(child.path) };
}

/**
 * A {@link ChildSource} that asks for each child with `GetChildAtIndex`: for containers that create their children's
 * accessible objects on demand (GTK 3 tree views), where `GetChildren` would create all of them.
 */
export function indexedChildren(client: AtspiClient, container: AccessibleRef, count: number): ChildSource {
  const refs = new Map<number, Promise<AccessibleRef | undefined>>();
  const at = (i: number): Promise<AccessibleRef | undefined> => {
    let ref = refs.get(i);
    if (!ref) {
      ref = client
        .call(container, ATSPI_IFACE.accessible, 'GetChildAtIndex', 'i', [i])
        .then(([child]) => {
          const [bus, path] = child as [string, string];
          return path && path !== ATSPI_NULL_PATH ? { bus, path } : undefined;
        })
        .catch(() => undefined);
      refs.set(i, ref);
    }
    return ref;
  };
  return {
    count,
    at,
    async indexOf(child) {
      const [i] = await client.call(child, ATSPI_IFACE.accessible, 'GetIndexInParent').catch(() => [-1]);
      const index = Number(i);
      if (!(index >= 0 && index < count)) return undefined;
      return (await at(index))?.path === child.path ? index : undefined;
    },
  };
}

/**
 * The indices of the children of a long list or table that are on screen (their extents meet `clip`, the
 * container's visible area), found with about 2·log2(n) `GetExtents` calls instead of reading every child. It relies
 * on what lists and tables do: a few leading children (column headers) may be shown on their own, and the shown rows
 * are one run of consecutive children. One shown row is found with `GetAccessibleAtPoint` in the middle of the area,
 * then both ends of its run by binary search. Undefined when no child is found at those points (the caller then
 * reads a capped prefix).
 */
export async function visibleChildIndices(client: AtspiClient, container: AccessibleRef, children: ChildSource, clip: XywhRect): Promise<number[] | undefined> {
  const n = children.count;
  const shown = new Map<number, Promise<boolean>>();
  const isShown = (i: number): Promise<boolean> => {
    let known = shown.get(i);
    if (!known) {
      known = (async () => {
        const ref = await children.at(i);
        const box = ref ? await client.extents(ref).catch(() => undefined) : undefined;
        // GTK 3 places rows scrolled out of a tree view at (INT_MIN, INT_MIN)
        return box !== undefined && box.height > 0 && box.y > -1e6 && box.y < clip.y + clip.height && box.y + box.height > clip.y;
      })();
      shown.set(i, known);
    }
    return known;
  };
  const leading = Math.min(n, LEADING_CHILDREN);
  const [leadShown, anchor] = await Promise.all([
    Promise.all(Array.from({ length: leading }, (_, i) => isShown(i))),
    childAtPoints(client, container, clip, children),
  ]);
  if (anchor === undefined) return undefined;
  let lead = 0;
  while (lead < leading && leadShown[lead]) lead += 1;
  const out = Array.from({ length: lead }, (_, i) => i);
  if (anchor < lead) {
    // the run starts at the first child: it ends at the first hidden one
    const end = await firstWhere(lead, n, async (i) => !(await isShown(i)));
    for (let i = lead; i < end; i += 1) out.push(i);
    return out;
  }
  const [start, end] = await Promise.all([firstWhere(lead, anchor, (i) => isShown(i)), firstWhere(anchor + 1, n, async (i) => !(await isShown(i)))]);
  for (let i = start; i < end; i += 1) out.push(i);
  return out;
}

/** The index of a child found at the middle of `clip` (or at its quarter heights), if any. */
async function childAtPoints(client: AtspiClient, container: AccessibleRef, clip: XywhRect, children: ChildSource): Promise<number | undefined> {
  const x = Math.round(clip.x + clip.width / 2);
  for (const share of [0.5, 0.25, 0.75]) {
    const y = Math.round(clip.y + clip.height * share);
    const ref = await client
      .call(container, ATSPI_IFACE.component, 'GetAccessibleAtPoint', 'iiu', [x, y, COORD_SCREEN])
      .then(([found]) => {
        const [bus, path] = found as [string, string];
        return path && path !== ATSPI_NULL_PATH ? { bus, path } : undefined;
      })
      .catch(() => undefined);
    const found = ref ? await children.indexOf(ref) : undefined;
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The intersection of rectangles (undefined when it is empty). */
export function intersectRects(rects: readonly XywhRect[]): XywhRect | undefined {
  if (rects.length === 0) return undefined;
  let left = -Infinity;
  let top = -Infinity;
  let right = Infinity;
  let bottom = Infinity;
  for (const r of rects) {
    left = Math.max(left, r.x);
    top = Math.max(top, r.y);
    right = Math.min(right, r.x + r.width);
    bottom = Math.min(bottom, r.y + r.height);
  }
  return right > left && bottom > top ? { x: left, y: top, width: right - left, height: bottom - top } : undefined;
}
