// Which listed controls a person cannot see or use: another window of the same application (a dialog) covers them,
// or a modal dialog of that application blocks their window.
import { containsPoint, rectFromXywh } from '@ufo-ts/desktop-common';
import type { XywhRect } from '../atspi/accessible-node.js';

/** A top-level X window with its screen rectangle. */
export interface StackedWindow {
  id: number;
  rect: XywhRect;
}

/**
 * The window that covers a point of window `own`, given windows in stacking order (bottom first): the first window
 * stacked above `own` whose rectangle contains the point. Undefined when nothing covers it or `own` is not stacked.
 *
 * @example
 * coveringWindow({ x: 500, y: 400 }, 1, [{ id: 1, rect: main }, { id: 2, rect: dialog }]); // → the dialog
 */
export function coveringWindow(point: { x: number; y: number }, own: number, stack: readonly StackedWindow[]): StackedWindow | undefined {
  const index = stack.findIndex((w) => w.id === own);
  if (index < 0) return undefined;
  return stack.slice(index + 1).find((w) => containsPoint(rectFromXywh(w.rect), point));
}

/** A top-level X window of an application, with what decides whether a modal dialog blocks it. */
export interface AppWindow {
  id: number;
  title: string;
  /** The window is modal: `_NET_WM_STATE_MODAL`, or its accessible top-level has the AT-SPI state `modal`. */
  modal: boolean;
  /** `WM_TRANSIENT_FOR`: the window it belongs to (a dialog's parent). */
  transientFor?: number | undefined;
}

/**
 * The modal dialog that blocks window `own` of the same application: a person's input to `own` is ignored (GTK and
 * Qt drop it) while a modal window is open that is neither `own` nor one of the windows `own` is transient for (a
 * dialog opened from a modal dialog is usable; the dialog behind it is not). Given in stacking order (bottom
 * first), the topmost such modal window is returned; undefined when nothing blocks `own`.
 *
 * @example
 * blockingModal(main, [{ id: main, title: 'draft.txt', modal: false }, { id: 7, title: 'Save As', modal: true, transientFor: main }]); // → Save As
 */
export function blockingModal(own: number, windows: readonly AppWindow[]): AppWindow | undefined {
  const chain = new Set<number>();
  for (let id: number | undefined = own; id !== undefined && !chain.has(id); id = windows.find((w) => w.id === id)?.transientFor) chain.add(id);
  return windows.filter((w) => w.modal && !chain.has(w.id)).at(-1);
}
