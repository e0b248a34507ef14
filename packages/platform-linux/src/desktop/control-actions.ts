// What actions on listed controls share: where a control is shown now, the refusal of a control scrolled out of
// view, and giving a control the keyboard focus.
import type { XywhRect } from '../atspi/accessible-node.js';
import { isVanishedError } from '../atspi/atspi-client.js';
import { rectCenter, rectFromXywh } from '@ufo-ts/desktop-common';
import { ControlNotActionableError } from '../errors.js';
import type { ControlRecord } from './control-ids.js';
import { describeRecord } from './control-resolve.js';
import { DesktopSession } from './desktop-session.js';
import { clipRect } from './visible-area.js';

/**
 * The control's current rectangle as a person sees it: `undefined` when it has no extents, `'off-screen'` when it
 * was listed scrolled out of its container's view and still lies wholly outside that area, else the rectangle
 * (the part inside that area when it has scrolled into view since).
 */
export async function visibleControlRect(session: DesktopSession, record: ControlRecord): Promise<XywhRect | 'off-screen' | undefined> {
  const rect = await session.controlRect(record);
  if (!rect || !record.scrolledOutOf) return rect;
  return clipRect(rect, record.scrolledOutOf) ?? 'off-screen';
}

/** Why a control scrolled out of view cannot take pointer input, and what to do. */
export function offScreenReason(record: ControlRecord): string {
  return `${describeRecord(record)} is off screen: scrolled out of view, outside the visible part of its scroll area`;
}

/** What to do about a control scrolled out of view before acting on it with the pointer. */
export const SCROLL_INTO_VIEW =
  'scroll it into view first (wheel_mouse_input over its scroll area, or focus a control near it and press Tab), list the controls again and click it then';

/** The pixel at the centre of a rectangle (the point a click goes to). */
export function centre(rect: XywhRect): { x: number; y: number } {
  return rectCenter(rectFromXywh(rect));
}

/** Gives a control the keyboard focus: `Component.GrabFocus`, else a click at its centre. */
export async function focusControl(session: DesktopSession, record: ControlRecord): Promise<void> {
  await session.focusSelected();
  let ok = false;
  try {
    ok = DesktopSession.implements(record, 'component') && (await session.atspi.grabFocus(record.ref));
  } catch (error) {
    if (isVanishedError(error)) throw session.vanished(record, error);
  }
  if (ok) return;
  const rect = await visibleControlRect(session, record);
  if (rect === 'off-screen')
    throw new ControlNotActionableError(`${offScreenReason(record)}, and it does not take the focus through accessibility: ${SCROLL_INTO_VIEW}`);
  if (!rect) throw new ControlNotActionableError(`control ${record.id} cannot take the focus: it has no GrabFocus and is not on screen`);
  const point = centre(rect);
  await session.input.click(point.x, point.y);
}
