// LibreOffice's GTK 3 plugin hosts its own (VCL) widget tree in a GTK widget placed below the native menu bar, but
// reports the extents of that tree as if it started at the window's origin.
import { sameRect, type AccessibleNode } from '../atspi/accessible-node.js';
import { rootPaneShift, type ExtentShift } from '../atspi/root-pane-offset.js';

export type { ExtentShift } from '../atspi/root-pane-offset.js';

/**
 * Moves the extents of each `root pane` that has the size of its parent but not its place (and everything under
 * it, except GTK widgets embedded in it, which report true coordinates) to its parent's place, and leaves out the menu
 * bar inside a root pane (moved or not) when the window has a native one elsewhere, or inside a moved one when it has
 * no area (the toolkit hides it behind the native one, whose menus are the ones on screen). Returns the shift applied to each moved node,
 * so a fresh read of its extents can be shifted the same way.
 */
export function alignEmbeddedRootPanes(top: AccessibleNode): Map<AccessibleNode, ExtentShift> {
  const shifts = new Map<AccessibleNode, ExtentShift>();
  const nativeMenuBar = hasMenuBarOutsideRootPanes(top);
  const visit = (node: AccessibleNode, parent: AccessibleNode | undefined): void => {
    // LibreOffice reports its root pane at its true place after some relayouts (a text box entered in Impress): its
    // hidden menu bar is left out then too
    if (node.role === 'root pane' && nativeMenuBar) node.children = node.children.filter((child) => !isHiddenMenuBar(child));
    const shift = rootPaneShift(node.role, node.extents, parent?.extents);
    if (shift) {
      node.children = node.children.filter((child) => !(isHiddenMenuBar(child) && !child.extents));
      moveSubtree(node, shift, shifts);
      return;
    }
    for (const child of node.children) visit(child, node);
  };
  visit(top, undefined);
  return shifts;
}

function moveSubtree(node: AccessibleNode, shift: ExtentShift, shifts: Map<AccessibleNode, ExtentShift>): void {
  const own = node.extents;
  if (own) node.extents = { ...own, x: own.x + shift.x, y: own.y + shift.y };
  shifts.set(node, shift);
  for (const child of node.children) {
    // a GTK widget embedded in the toolkit's own tree (a toolbar's name box) reports true screen coordinates: it
    // sits exactly where its parent would be once shifted, at its parent's size
    if (own && child.extents && sameRect(child.extents, node.extents!)) continue;
    moveSubtree(child, shift, shifts);
  }
}

/** A menu bar with menus (the one inside a root pane: the toolkit's own, hidden behind the native one). */
function isHiddenMenuBar(node: AccessibleNode): boolean {
  return node.role === 'menu bar' && node.children.length > 0;
}

/** Whether the window has a menu bar that is not inside a root pane (LibreOffice's native GTK menu bar). */
function hasMenuBarOutsideRootPanes(node: AccessibleNode): boolean {
  if (node.role === 'root pane') return false;
  if (node.role === 'menu bar') return true;
  return node.children.some(hasMenuBarOutsideRootPanes);
}
