// Extents as a person sees them: a control is only visible inside its containers (a list's rows inside the
// list's viewport). Some toolkits report item extents wider than the container shows (Qt 5's combo box popup
// reports its rows as wide as the combo's model, past the popup's edge), so a click at such a row's centre misses;
// and a control scrolled out of a scroll area keeps extents where it is not drawn (Qt 5 reports the check boxes
// below a scroll area's viewport at their place in the scrolled content).
import { intersectRects, rectFromXywh } from '@ufo-ts/desktop-common';
import type { AccessibleNode, XywhRect } from '../atspi/accessible-node.js';

/** The part of `rect` inside `clip`, or undefined when they do not overlap. */
export function clipRect(rect: XywhRect, clip: XywhRect): XywhRect | undefined {
  const overlap = intersectRects(rectFromXywh(rect), rectFromXywh(clip));
  return overlap ? { x: overlap.left, y: overlap.top, width: overlap.right - overlap.left, height: overlap.bottom - overlap.top } : undefined;
}

/** Roles of containers that scroll their content: what lies outside their visible area is scrolled out of view. */
const SCROLLING_ROLES: ReadonlySet<string> = new Set(['scroll pane', 'viewport', 'list', 'list box', 'table', 'tree', 'tree table']);

/** Containers drawn in a popup window of their own (a combo box's list, a menu's items): not inside their parent. */
const POPUP_ROLES: ReadonlySet<string> = new Set(['list', 'list box', 'menu', 'popup menu', 'window', 'tree', 'table', 'tree table']);

/**
 * Whether `child` is drawn in a popup of its own rather than inside `parent`: a popup menu or window, a combo box's
 * list or menu (Qt 5 and GTK 3 keep it under the combo box), a menu's items (GTK 3 keeps them under the menu).
 */
function drawnInPopup(parent: AccessibleNode, child: AccessibleNode): boolean {
  return child.role === 'popup menu' || child.role === 'window' || parent.role === 'menu' || (parent.role === 'combo box' && POPUP_ROLES.has(child.role));
}

/** The smallest visible area, in pixels each way, that counts as a container's real place on screen. */
const MIN_VIEW_SIZE = 8;

/**
 * Whether a node scrolls its content: a viewport, scroll pane, list, table or tree, or a container with a scroll
 * bar of its own (Qt 5 gives a scroll area the role `filler`, with its scroll bars in fillers beside the viewport).
 */
export function isScrollingContainer(node: AccessibleNode): boolean {
  if (SCROLLING_ROLES.has(node.role)) return true;
  return node.children.some((child) => child.role === 'scroll bar' || (child.children.length <= 2 && child.children.some((c) => c.role === 'scroll bar')));
}

/**
 * Clips every node's extents to the visible area of its ancestors, in place, and records that area as `clip`.
 * A node that lies wholly outside its ancestors keeps its own extents (a container that reports no useful
 * rectangle must not hide its children); when it lies wholly outside the visible area of a scrolling ancestor with
 * a sensible rectangle (see {@link isScrollingContainer}), that area is recorded as `scrolledOutOf`: the node is
 * scrolled out of view, not drawn where its extents say. What a popup shows (a combo box's list, a menu's items) is
 * clipped by the popup only, not by the containers of the control that opened it.
 */
export function clipToAncestors(node: AccessibleNode, clip?: XywhRect, view?: XywhRect): void {
  let inner = clip;
  let innerView = view;
  if (node.extents) {
    const visible = clip ? clipRect(node.extents, clip) : node.extents;
    if (visible) {
      if (clip && (visible.width !== node.extents.width || visible.height !== node.extents.height)) node.clip = clip;
      node.extents = visible;
      inner = visible;
      if (isScrollingContainer(node) && visible.width >= MIN_VIEW_SIZE && visible.height >= MIN_VIEW_SIZE) innerView = visible;
    } else if (view && !clipRect(node.extents, view)) {
      node.scrolledOutOf = view;
    }
  }
  for (const child of node.children) {
    if (drawnInPopup(node, child)) clipToAncestors(child);
    else clipToAncestors(child, inner, innerView);
  }
}
