import type { XywhRect } from '../atspi/accessible-node.js';
import { xRequest, type XDisplay } from './x-display.js';

/** A top-level application window as X11 sees it. */
export interface XWindowInfo {
  /** X window id. */
  id: number;
  /** `_NET_WM_NAME`, else `WM_NAME`. */
  title: string;
  /** `_NET_WM_PID`. */
  pid: number | undefined;
  /** `WM_CLASS` instance name (usually the program name, e.g. `gnome-calculator`). */
  instance: string | undefined;
  /** `WM_CLASS` class name. */
  className: string | undefined;
  /** Position and size in root-window (screen) coordinates. */
  geometry: XywhRect;
}

const MAP_STATE_VIEWABLE = 2;

/**
 * Top-level application windows, in stacking/creation order. Uses the window manager's `_NET_CLIENT_LIST` when
 * there is an EWMH window manager, else the mapped children of the root window that have a title.
 */
export async function listClientWindows(xd: XDisplay): Promise<XWindowInfo[]> {
  const clientList = await xd.cardinals(xd.root, '_NET_CLIENT_LIST').catch(() => undefined);
  const ids = clientList ?? (await xRequest<{ children: number[] }>((cb) => xd.client.QueryTree(xd.root, cb))).children;
  const windows = await Promise.all(ids.map((id) => describeWindow(xd, id, clientList === undefined)));
  return windows.filter((window): window is XWindowInfo => window !== undefined);
}

/** Reads one window's title, pid, class and geometry; undefined when it is gone (or, unmanaged, not a viewable titled window). */
export async function describeWindow(xd: XDisplay, id: number, requireViewableTitled = false): Promise<XWindowInfo | undefined> {
  try {
    const [netName, wmName, pid, wmClass, attributes] = await Promise.all([
      xd.text(id, '_NET_WM_NAME'),
      xd.text(id, 'WM_NAME'),
      xd.cardinals(id, '_NET_WM_PID'),
      xd.property(id, 'WM_CLASS'),
      xRequest<{ mapState: number; overrideRedirect: number }>((cb) => xd.client.GetWindowAttributes(id, cb)),
    ]);
    const title = netName ?? wmName;
    if (requireViewableTitled && (attributes.mapState !== MAP_STATE_VIEWABLE || attributes.overrideRedirect || !title)) return undefined;
    const [instance, className] = wmClass ? wmClass.data.toString('latin1').split('\0') : [];
    return {
      id,
      title: title ?? '',
      pid: pid?.[0],
      instance: instance || undefined,
      className: className || undefined,
      geometry: await windowGeometry(xd, id),
    };
  } catch {
    return undefined;
  }
}

/**
 * Whether a window is modal (`_NET_WM_STATE_MODAL`, set by GTK 3, GTK 4 and Qt 5 on their modal dialogs) and the
 * window it is transient for (`WM_TRANSIENT_FOR`). A window that is gone reads as neither.
 */
export async function modalHints(xd: XDisplay, id: number): Promise<{ modal: boolean; transientFor: number | undefined }> {
  const [state, transient, modalAtom] = await Promise.all([
    xd.cardinals(id, '_NET_WM_STATE').catch(() => undefined),
    xd.cardinals(id, 'WM_TRANSIENT_FOR').catch(() => undefined),
    xd.atom('_NET_WM_STATE_MODAL'),
  ]);
  return { modal: state?.includes(modalAtom) ?? false, transientFor: transient?.[0] || undefined };
}

/** Position (in screen coordinates) and size of a window. Rejects when the window does not exist. */
export async function windowGeometry(xd: XDisplay, id: number): Promise<XywhRect> {
  const [geometry, origin] = await Promise.all([
    xRequest<{ width: number; height: number }>((cb) => xd.client.GetGeometry(id, cb)),
    xRequest<{ destX: number; destY: number }>((cb) => xd.client.TranslateCoordinates(id, xd.root, 0, 0, cb)),
  ]);
  return { x: origin.destX, y: origin.destY, width: geometry.width, height: geometry.height };
}

/** Whether a window still exists. */
export async function windowExists(xd: XDisplay, id: number): Promise<boolean> {
  return xRequest((cb) => xd.client.GetWindowAttributes(id, cb)).then(
    () => true,
    () => false,
  );
}

/** The window with input focus: `_NET_ACTIVE_WINDOW` when a window manager sets it, else the X input focus. */
export async function activeWindow(xd: XDisplay): Promise<number | undefined> {
  const active = await xd.cardinals(xd.root, '_NET_ACTIVE_WINDOW').catch(() => undefined);
  if (active?.[0]) return active[0];
  const focus = await xRequest<{ focus: number }>((cb) => xd.client.GetInputFocus(cb));
  return focus.focus > 1 ? focus.focus : undefined;
}

/** Raises a window and gives it focus (EWMH request to the window manager, plus a direct raise). */
export async function activateWindow(xd: XDisplay, id: number): Promise<void> {
  const netActive = await xd.atom('_NET_ACTIVE_WINDOW');
  xd.client.SendClientMessage(xd.root, id, netActive, 32, [2, 0, 0, 0, 0]);
  xd.client.RaiseWindow(id);
  const managed = await xd.cardinals(xd.root, '_NET_SUPPORTING_WM_CHECK').catch(() => undefined);
  if (!managed) xd.client.SetInputFocus(id, 1);
  await xd.sync();
}

/** `_GTK_FRAME_EXTENTS` (client-side decoration shadow: left, right, top, bottom), if set. */
export async function gtkFrameExtents(xd: XDisplay, id: number): Promise<{ left: number; right: number; top: number; bottom: number } | undefined> {
  const values = await xd.cardinals(id, '_GTK_FRAME_EXTENTS').catch(() => undefined);
  if (!values || values.length < 4) return undefined;
  const [left = 0, right = 0, top = 0, bottom = 0] = values;
  return { left, right, top, bottom };
}

/**
 * Asks a window to close, the way a title-bar close button does: `WM_DELETE_WINDOW` (ICCCM) when the window
 * supports it, else `_NET_CLOSE_WINDOW` through the window manager. With `force`, disconnects the client instead.
 */
export async function requestWindowClose(xd: XDisplay, id: number, force = false): Promise<void> {
  if (force) {
    xd.client.KillClient(id);
    await xd.sync();
    return;
  }
  const [protocols, wmProtocols, wmDelete] = await Promise.all([xd.cardinals(id, 'WM_PROTOCOLS'), xd.atom('WM_PROTOCOLS'), xd.atom('WM_DELETE_WINDOW')]);
  if (protocols?.includes(wmDelete)) {
    xd.client.SendClientMessage(id, id, wmProtocols, 32, [wmDelete, 0, 0, 0, 0], 0);
  } else {
    const netClose = await xd.atom('_NET_CLOSE_WINDOW');
    xd.client.SendClientMessage(xd.root, id, netClose, 32, [0, 2, 0, 0, 0]);
  }
  await xd.sync();
}

/** The application window under a screen point and its `_NET_WM_PID` (descending through window-manager frames). */
export async function windowAtPoint(
  xd: XDisplay,
  x: number,
  y: number,
): Promise<{ id: number; pid: number | undefined; overrideRedirect: boolean } | undefined> {
  let parent = xd.root;
  let px = x;
  let py = y;
  for (let depth = 0; depth < 4; depth += 1) {
    const hit = await xRequest<{ destX: number; destY: number; child: number }>((cb) => xd.client.TranslateCoordinates(parent, parent, px, py, cb));
    if (!hit.child) return undefined;
    const [pid, attributes] = await Promise.all([
      xd.cardinals(hit.child, '_NET_WM_PID').catch(() => undefined),
      xRequest<{ overrideRedirect: number }>((cb) => xd.client.GetWindowAttributes(hit.child, cb)).catch(() => undefined),
    ]);
    if (pid?.[0] !== undefined || attributes?.overrideRedirect) {
      return { id: hit.child, pid: pid?.[0], overrideRedirect: Boolean(attributes?.overrideRedirect) };
    }
    const inner = await xRequest<{ destX: number; destY: number; child: number }>((cb) => xd.client.TranslateCoordinates(parent, hit.child, px, py, cb));
    parent = hit.child;
    px = inner.destX;
    py = inner.destY;
  }
  return undefined;
}

/** Mapped override-redirect windows (menus, popovers, tooltips) directly under the root, by id. */
export async function mappedPopups(xd: XDisplay): Promise<number[]> {
  const { children } = await xRequest<{ children: number[] }>((cb) => xd.client.QueryTree(xd.root, cb));
  const attributes = await Promise.all(
    children.map((id) => xRequest<{ mapState: number; overrideRedirect: number }>((cb) => xd.client.GetWindowAttributes(id, cb)).catch(() => undefined)),
  );
  return children.filter((_, i) => attributes[i]?.overrideRedirect && attributes[i]?.mapState === MAP_STATE_VIEWABLE);
}

/** Ids and titles of the top-level application windows: a lighter {@link listClientWindows} for frequent polling. */
export async function clientWindowTitles(xd: XDisplay): Promise<Map<number, string>> {
  const ids = await xd.cardinals(xd.root, '_NET_CLIENT_LIST').catch(() => undefined);
  if (!ids) return new Map((await listClientWindows(xd)).map((w) => [w.id, w.title]));
  const titles = await Promise.all(
    ids.map(async (id) => (await xd.text(id, '_NET_WM_NAME').catch(() => undefined)) ?? (await xd.text(id, 'WM_NAME').catch(() => undefined)) ?? ''),
  );
  return new Map(ids.map((id, i) => [id, titles[i]!]));
}
