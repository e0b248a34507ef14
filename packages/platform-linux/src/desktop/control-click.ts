// Clicking a listed control: a real pointer click where the control is shown, or its accessibility action, and the
// check that the click did what a click on it does.
import type { XywhRect } from '../atspi/accessible-node.js';
import { isTimeoutError, isVanishedError } from '../atspi/atspi-client.js';
import { ControlNotActionableError } from '../errors.js';
import { pointerGrabbed } from '../x11/pointer-grab.js';
import { windowAtPoint, windowGeometry } from '../x11/window-list.js';
import type { MouseButton } from '../x11/xtest-input.js';
import { actedControl, type ActedControl } from './acted-control.js';
import { observeEffect, type ActionEffect } from './action-effect.js';
import { centre, offScreenReason, SCROLL_INTO_VIEW, visibleControlRect } from './control-actions.js';
import { isScreenTextRecord, type ControlRecord } from './control-ids.js';
import { checkBeforeActing, resolveUsable } from './control-resolve.js';
import { DesktopSession } from './desktop-session.js';
import { clickTextRegion } from './text-region-actions.js';
import { togglePoint } from './toggle-check.js';
import { confirmToggle, toggleStatesBefore } from './toggle-click.js';
import { clipRect } from './visible-area.js';

/** Action names that mean "click" in AT-SPI toolkits, in order of preference. */
const CLICK_ACTIONS = ['click', 'press', 'activate', 'toggle', 'jump', 'open'];

/** How `click_input` performs a click. */
export type ClickMethod = 'auto' | 'action' | 'pointer';

/** What a click did. */
export interface ClickOutcome extends ActedControl {
  id: string;
  /** `pointer`: a real XTEST click at the control's centre; `action`: the control's AT-SPI action was invoked. */
  method: 'action' | 'pointer';
  action?: string;
  x?: number;
  y?: number;
  /** What changed on screen (measured before and after). */
  effect: ActionEffect;
  /** Set when the application stopped answering after an accessibility action (see {@link AppNotRespondingError}). */
  warning?: string;
}

/** Options of {@link clickControl}. */
export interface ClickControlOptions {
  button?: MouseButton;
  double?: boolean;
  /**
   * `auto` (default): a real pointer click at the control's centre when that point shows the control's
   * application; the AT-SPI action when the control is off screen or covered. `action` / `pointer` force one.
   */
  method?: ClickMethod;
  /** The control's name (or an unnamed field's label) as the caller believes it; any other name refuses the click. */
  name?: string;
  /** How long to wait for a disabled control to become enabled before failing `CONTROL_DISABLED`. Default 1000 ms. */
  enabledWaitMs?: number;
}

async function clickAction(session: DesktopSession, record: ControlRecord): Promise<{ index: number; name: string } | undefined> {
  if (!DesktopSession.implements(record, 'action')) return undefined;
  try {
    const actions = await session.atspi.actions(record.ref);
    for (const wanted of CLICK_ACTIONS) {
      const index = actions.findIndex((a) => a.name.toLowerCase() === wanted);
      if (index >= 0) return { index, name: actions[index]!.name };
    }
    return undefined;
  } catch (error) {
    if (isVanishedError(error)) throw session.vanished(record, error);
    throw error;
  }
}

/**
 * The part of a control's rectangle inside the window that shows its leading edge: a row of a popup list that the
 * toolkit reports wider than the popup (Qt 5's combo boxes) is clicked inside the popup, not past its edge.
 */
async function shownPart(session: DesktopSession, rect: XywhRect): Promise<XywhRect> {
  const edge = { x: rect.x + Math.min(4, Math.floor(rect.width / 2)), y: Math.round(rect.y + rect.height / 2) };
  const host = await windowAtPoint(session.x, edge.x, edge.y).catch(() => undefined);
  if (!host) return rect;
  const hostRect = await windowGeometry(session.x, host.id).catch(() => undefined);
  return (hostRect && clipRect(rect, hostRect)) || rect;
}

/**
 * Whether a control a click only closed popups for is still there to click again: not one of a menu or list (its
 * own popup closing is its click's effect), still shown at `point` and reached there by the pointer.
 */
async function showsAt(session: DesktopSession, record: ControlRecord, point: { x: number; y: number }, pid: number | null): Promise<boolean> {
  if (/menu|list item|combo/.test(record.role)) return false;
  const rect = await visibleControlRect(session, record).catch(() => undefined);
  if (!rect || rect === 'off-screen') return false;
  if (point.x < rect.x || point.y < rect.y || point.x >= rect.x + rect.width || point.y >= rect.y + rect.height) return false;
  return pointerReaches(session, point, record, pid);
}

/** Whether all an action did was close popups (menus, completion lists). */
function onlyPopupsClosed(effect: ActionEffect): boolean {
  return effect.changes.length > 0 && effect.changes.every((c) => /^\d+ popups? closed$/.test(c));
}

/**
 * Whether a real click at `point` reaches the control's own window: that window (or a popup, such as an open menu)
 * is on top there, not a dialog or another application's window.
 */
async function pointerReaches(session: DesktopSession, point: { x: number; y: number }, record: ControlRecord, pid: number | null): Promise<boolean> {
  const hit = await windowAtPoint(session.x, point.x, point.y).catch(() => undefined);
  if (!hit) return false;
  if (hit.overrideRedirect) return true;
  if (record.topWindow !== undefined) return hit.id === record.topWindow;
  return pid === null || hit.pid === pid;
}

/**
 * Clicks a check box, radio button, switch or toggle button once more at its own box (see `togglePoint`), when
 * that point shows its window; returns how, for messages, or undefined when it cannot be clicked there (a menu
 * item: its menu closed with the first click).
 */
async function clickToggleBox(session: DesktopSession, record: ControlRecord, pid: number | null): Promise<string | undefined> {
  // a menu closes with the first click: a second one would land on whatever was under it
  if (record.role.endsWith('menu item')) return undefined;
  const rect = await visibleControlRect(session, record).catch(() => undefined);
  if (!rect || rect === 'off-screen') return undefined;
  const box = togglePoint(record.role, await shownPart(session, rect));
  if (!(await pointerReaches(session, box, record, pid))) return undefined;
  await session.input.click(box.x, box.y);
  return `a click at its box (${box.x}, ${box.y})`;
}

/**
 * Clicks a listed control and reports what changed. By default with a real pointer click at the centre of its
 * current extents, as a person would: input then arrives in order with typed keys, and an app that opens a modal
 * dialog from the click stays readable (an accessibility action that opens one blocks the app's accessibility
 * interface until the dialog closes). The AT-SPI action is used when the control is off screen (scrolled out of
 * its container's view included: no pointer click is aimed where it is not drawn) or covered by another
 * application's window. A disabled control is waited for briefly, then refused; a control whose window a modal
 * dialog blocks is refused (`CONTROL_NOT_ACTIONABLE`). A plain click on a check box, radio button, switch or
 * toggle button must flip its checked (or pressed) state: when it does not, it is clicked once more at the
 * control's own box, then fails `NO_EFFECT` saying what changed instead (see `confirmToggle`); a radio button that
 * was already checked is reported as such.
 */
export async function clickControl(session: DesktopSession, id: string, options: ClickControlOptions = {}): Promise<ClickOutcome> {
  const record = await resolveUsable(session, id, options.name);
  // text read from the screen: a pointer click on its pixels, checked on its pixels
  if (isScreenTextRecord(record)) return clickTextRegion(session, record, options);
  const selected = await session.requireSelected({ forAction: true });
  const { target } = selected;
  if (target.app && !target.responding) throw session.notResponding(target);
  await checkBeforeActing(session, record, options.enabledWaitMs ?? 1000);
  const method = options.method ?? 'auto';
  const plain = (options.button ?? 'left') === 'left' && !options.double;
  const base = { id: record.id, ...actedControl(record) };
  const describe = `control ${id} (${record.role} ${JSON.stringify(record.name)})`;

  let point: { x: number; y: number } | undefined;
  let offScreen = false;
  if (method !== 'action') {
    const rect = await visibleControlRect(session, record);
    if (rect === 'off-screen') {
      offScreen = true;
      if (method === 'pointer' || !plain) {
        throw new ControlNotActionableError(
          `${offScreenReason(record)}: a ${method === 'pointer' ? 'pointer' : options.double ? 'double' : options.button} click there would miss it; ${SCROLL_INTO_VIEW}`,
        );
      }
    } else if (rect) {
      const centrePoint = centre(await shownPart(session, rect));
      if (method === 'pointer' || (await pointerReaches(session, centrePoint, record, target.pid))) point = centrePoint;
    } else if (method === 'pointer' || !plain) {
      throw new ControlNotActionableError(`${describe} is not on screen (no extents): it cannot be clicked with the pointer`);
    }
  }
  if (point) {
    const done = await observeEffect(session, { target: record });
    const toggleBefore = plain ? await toggleStatesBefore(session, record) : undefined;
    await session.focusSelected(selected);
    const grabbed = await pointerGrabbed(session.x);
    await session.input.click(point.x, point.y, { button: options.button, count: options.double ? 2 : 1 });
    let effect = toggleBefore
      ? await confirmToggle({
          session,
          record,
          before: toggleBefore,
          first: `a click at (${point.x}, ${point.y})`,
          effect: done,
          retry: () => clickToggleBox(session, record, target.pid),
        })
      : await done();
    // a popup that held the pointer grabbed (a field's completion list) took the click and closed: the control never
    // got it. It is clicked once more while it still shows there (never a menu's or a list's item: closing its own
    // popup is what its click does)
    if (grabbed && !toggleBefore && onlyPopupsClosed(effect) && (await showsAt(session, record, point, target.pid))) {
      const again = await observeEffect(session, { target: record });
      await session.input.click(point.x, point.y, { button: options.button, count: options.double ? 2 : 1 });
      const second = await again();
      effect = {
        changed: true,
        changes: [`${effect.changes.join(', ')} (the popup took the first click; clicked again)`, ...(second.changed ? second.changes : [])],
      };
    }
    return { ...base, method: 'pointer', ...point, effect };
  }
  if (!plain)
    throw new ControlNotActionableError(
      `${describe} is covered by another window: a ${options.double ? 'double' : `${options.button}`} click needs the pointer`,
    );
  const action = await clickAction(session, record);
  if (!action) {
    throw new ControlNotActionableError(
      method === 'action'
        ? `${describe} has no click action; use method "pointer"`
        : offScreen
          ? `${offScreenReason(record)}, and it has no click action: ${SCROLL_INTO_VIEW}`
          : `${describe} is covered by another window and has no click action: bring its window to the front first`,
    );
  }
  const done = await observeEffect(session, { target: record });
  const toggleBefore = await toggleStatesBefore(session, record);
  try {
    await session.atspi.doAction(record.ref, action.index, ACTION_REPLY_MS);
  } catch (error) {
    if (isVanishedError(error)) throw session.vanished(record, error);
    if (!isTimeoutError(error)) throw error;
  }
  const answering = target.app ? await session.atspi.responds(target.app) : true;
  const effect =
    toggleBefore && answering
      ? await confirmToggle({ session, record, before: toggleBefore, first: `its accessibility action ${JSON.stringify(action.name)}`, effect: done })
      : await done();
  return {
    ...base,
    method: 'action',
    action: action.name,
    effect,
    ...(answering
      ? {}
      : {
          warning:
            'the application stopped answering accessibility calls after this action: it probably opened a modal dialog from inside the request. ' +
            "Use pointer input (click_on_coordinates where a screenshot shows the dialog's buttons) or close_window on the dialog until it answers again",
        }),
  };
}

/** How long an accessibility action may take to be acknowledged before the app is checked for a block. */
const ACTION_REPLY_MS = 2000;
