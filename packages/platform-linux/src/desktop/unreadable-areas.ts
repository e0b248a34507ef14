// Parts of a window whose pixels OCR does not read: what the listing already describes or what takes no input.
import type { AccessibleNode, XywhRect } from '../atspi/accessible-node.js';
import { walkTree } from '../atspi/accessible-node.js';

/**
 * Parts of the window OCR does not read: rulers (tick labels, no text a model acts on) and spreadsheets whose sheet
 * the listing describes (its cells with content are listed and its on-screen range is in a note; the rest of the
 * grid and its row and column headings are only numbers and letters).
 */
export function unreadableRects(tree: AccessibleNode): XywhRect[] {
  const rects: XywhRect[] = [];
  const describedSheet = (node: AccessibleNode): boolean =>
    node.role === 'document spreadsheet' && node.children.some((child) => child.unreadChildren === 'off-screen');
  for (const [node] of walkTree(tree)) {
    if (node.role === 'ruler' && node.extents) rects.push(node.extents);
    // the sheet's scroll pane: the grid with its row and column headings
    const sheet = node.children.find(describedSheet);
    if (sheet) {
      const area = node.role === 'scroll pane' ? node.extents : sheet.extents;
      if (area) rects.push(area);
    }
  }
  return rects;
}

/** The parts of `a` outside `b` (at most four rectangles). */
export function rectMinus(a: XywhRect, b: XywhRect): XywhRect[] {
  const left = Math.max(a.x, b.x);
  const right = Math.min(a.x + a.width, b.x + b.width);
  const top = Math.max(a.y, b.y);
  const bottom = Math.min(a.y + a.height, b.y + b.height);
  if (left >= right || top >= bottom) return [a];
  const parts: XywhRect[] = [
    { x: a.x, y: a.y, width: a.width, height: top - a.y },
    { x: a.x, y: bottom, width: a.width, height: a.y + a.height - bottom },
    { x: a.x, y: top, width: left - a.x, height: bottom - top },
    { x: right, y: top, width: a.x + a.width - right, height: bottom - top },
  ];
  return parts.filter((r) => r.width > 0 && r.height > 0);
}

/**
 * The parts of the windows a modal dialog blocks that no open window covers: a blocked window takes no input, so its
 * text is not read either (only the parts the dialog leaves).
 */
export function blockedWindowParts(windows: ReadonlyArray<{ rect: XywhRect | undefined; blocked: boolean }>): XywhRect[] {
  const open = windows.filter((w) => !w.blocked && w.rect).map((w) => w.rect!);
  return windows
    .filter((w) => w.blocked && w.rect)
    .flatMap((w) => open.reduce<XywhRect[]>((parts, hole) => parts.flatMap((part) => rectMinus(part, hole)), [w.rect!]));
}
