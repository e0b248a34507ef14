// Where the field of a caption read from the screen is, in apps whose widgets are X windows of their own (Tk, the
// X toolkit): the widget box right of the caption's own widget, on the same row.
import type { XywhRect } from '../atspi/accessible-node.js';

/** Whether text read from the screen is a caption of the field beside it: it ends with a colon (`Quantity:`). */
export function isCaption(text: string): boolean {
  return /[:：]\s*$/u.test(text);
}

const centre = (r: XywhRect) => ({ x: r.x + r.width / 2, y: r.y + r.height / 2 });
const contains = (r: XywhRect, p: { x: number; y: number }) => p.x >= r.x && p.x < r.x + r.width && p.y >= r.y && p.y < r.y + r.height;
const area = (r: XywhRect) => r.width * r.height;

/**
 * The box of the widget a caption labels: among `widgets` (the window's widget boxes, screen pixels, see
 * `childWindowRects`), the nearest one that starts right of the caption's own widget (the smallest box holding the
 * caption) and spans the caption's middle height; boxes holding half the window or more are containers, not fields.
 * Undefined when there is none. Pure.
 */
export function fieldRightOf(caption: XywhRect, widgets: readonly XywhRect[], window: XywhRect): XywhRect | undefined {
  const small = widgets.filter((w) => area(w) * 2 < area(window) && w.width > 0 && w.height > 0);
  const middle = centre(caption);
  const own = small.filter((w) => contains(w, middle)).sort((a, b) => area(a) - area(b))[0];
  const from = own ? own.x + own.width : caption.x + caption.width;
  const beside = small.filter((w) => w.x >= from - 1 && w.y <= middle.y && middle.y < w.y + w.height && !contains(w, middle));
  // the nearest box; of boxes starting at the same place, the smallest (the field, not a frame around it)
  return beside.sort((a, b) => a.x - b.x || area(a) - area(b))[0];
}
