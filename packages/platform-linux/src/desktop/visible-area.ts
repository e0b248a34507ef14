// Extents as a person sees them: a control is only visible inside its containers (a list's rows inside the
// list's viewport). Some toolkits report item extents wider than the container shows (Qt 5's combo box popup
// reports its rows as wide as the combo's model, past the popup's edge), so a click at such a row's centre misses.
import { intersectRects, rectFromXywh } from '@ufo-ts/desktop-common';
import type { AccessibleNode, Rect } from '../atspi/accessible-node.js';

/** The part of `rect` inside `clip`, or undefined when they do not overlap. */
export function clipRect(rect: Rect, clip: Rect): Rect | undefined {
  const overlap = intersectRects(rectFromXywh(rect), rectFromXywh(clip));
  return overlap ? { x: overlap.left, y: overlap.top, width: overlap.right - overlap.left, height: overlap.bottom - overlap.top } : undefined;
}

/**
 * Clips every node's extents to the visible area of its ancestors, in place, and records that area as `clip`.
 * A node that lies wholly outside its ancestors keeps its own extents (a container that reports no useful
 * rectangle must not hide its children).
 */
export function clipToAncestors(node: AccessibleNode, clip?: Rect): void {
  let inner = clip;
  if (node.extents) {
    const visible = clip ? clipRect(node.extents, clip) : node.extents;
    if (visible) {
      if (clip && (visible.width !== node.extents.width || visible.height !== node.extents.height)) node.clip = clip;
      node.extents = visible;
      inner = visible;
    }
  }
  for (const child of node.children) clipToAncestors(child, inner);
}
