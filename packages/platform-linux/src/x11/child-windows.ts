import type { XywhRect } from '../atspi/accessible-node.js';
import { xRequest, type XDisplay } from './x-display.js';

/** X's map state of a window that is shown (it and its ancestors mapped). */
const MAP_STATE_VIEWABLE = 2;

/**
 * The screen rectangles of the shown descendants of a window, up to `maxDepth` levels down. Toolkits without
 * accessibility support (Tk, the X toolkit) give every widget — button, field, label — an X window of its own, so
 * these are the boxes of their widgets; GTK and Qt draw everything in one window and have none.
 */
export async function childWindowRects(xd: XDisplay, windowId: number, maxDepth = 4): Promise<XywhRect[]> {
  const out: XywhRect[] = [];
  const visit = async (id: number, depth: number): Promise<void> => {
    if (depth > maxDepth) return;
    const { children } = await xRequest<{ children: number[] }>((cb) => xd.client.QueryTree(id, cb));
    await Promise.all(
      children.map(async (child) => {
        const [attributes, geometry, origin] = await Promise.all([
          xRequest<{ mapState: number }>((cb) => xd.client.GetWindowAttributes(child, cb)),
          xRequest<{ width: number; height: number }>((cb) => xd.client.GetGeometry(child, cb)),
          xRequest<{ destX: number; destY: number }>((cb) => xd.client.TranslateCoordinates(child, xd.root, 0, 0, cb)),
        ]).catch(() => [undefined, undefined, undefined] as const);
        if (!attributes || !geometry || !origin || attributes.mapState !== MAP_STATE_VIEWABLE) return;
        out.push({ x: origin.destX, y: origin.destY, width: geometry.width, height: geometry.height });
        await visit(child, depth + 1);
      }),
    );
  };
  await visit(windowId, 1).catch(() => undefined);
  return out;
}
