// Actions on listed controls: click by id, set text, focus, read text.
import type { AccessibleRef, XywhRect } from '../atspi/accessible-node.js';
import { actedControl, type ActedControl } from './acted-control.js';
import { rectCenter, rectFromXywh } from '@ufo-ts/desktop-common';
import { isTimeoutError, isVanishedError } from '../atspi/atspi-client.js';
import { ControlDisabledError, ControlNotActionableError, ControlNotFoundError, StaleControlIdError } from '../errors.js';
import { sleep } from '../util/wait.js';
import { pointerGrabbed } from '../x11/pointer-grab.js';
import { windowAtPoint, windowGeometry } from '../x11/window-list.js';
import { clipRect } from './visible-area.js';
import type { MouseButton } from '../x11/xtest-input.js';
import { lastTypedLine, observeEffect, type ActionEffect } from './action-effect.js';
import { isDisabled } from './control-details.js';
import { liveDisplayName } from './live-name.js';
import { liveSheetCell } from '../atspi/sheet-cells.js';
import { togglePoint } from './toggle-check.js';
import { confirmToggle, toggleStatesBefore } from './toggle-click.js';
import { isScreenTextRecord, type ControlRecord } from './control-ids.js';
import { clickTextRegion, readTextRegion, typeAtTextRegion } from './text-region-actions.js';
import { DesktopSession } from './desktop-session.js';
import type { AppWindow } from './occlusion.js';

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

/** A name as people compare it: case, mnemonic underscores, ellipses and spacing do not matter. */
export function comparableName(name: string): string {
  return name
    .toLowerCase()
    .replace(/_(?=\w)/g, '')
    .replace(/(\.\.\.|…)\s*$/u, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Resolves an id of the current window, checking an optional expected name against the listed name or label. */
export function resolveControl(session: DesktopSession, id: string, expectedName?: string): ControlRecord {
  const record = session.controlIds.resolve(id);
  if (expectedName !== undefined && expectedName.trim() !== '') {
    const want = comparableName(expectedName);
    const names = [record.name, record.label ?? ''].filter((n) => n.trim() !== '').map(comparableName);
    if (!names.includes(want)) {
      const what = record.name ? `the ${record.role} ${JSON.stringify(record.name)}` : `an unnamed ${record.role}${record.label ? ` labelled ${JSON.stringify(record.label)}` : ''}`;
      throw new ControlNotFoundError(`control ${id} is ${what}, not ${JSON.stringify(expectedName)}: check the id in the latest listing`);
    }
  }
  return record;
}

/** `control a5 (menu "Document")`. */
function describeRecord(record: Pick<ControlRecord, 'id' | 'role' | 'name'>): string {
  return `control ${record.id} (${record.role} ${JSON.stringify(record.name)})`;
}

/** The refusal of an action on a control whose window a modal dialog blocks. */
function blockedError(record: ControlRecord, dialog: AppWindow, cause?: unknown): ControlNotActionableError {
  const which = dialog.title ? `the modal dialog ${JSON.stringify(dialog.title)}` : `an untitled modal dialog (window ${dialog.id})`;
  return new ControlNotActionableError(
    `${describeRecord(record)} is blocked by ${which}: finish or close the dialog first`,
    cause === undefined ? {} : { cause },
  );
}

/**
 * Resolves an id for an action ({@link resolveControl}), refusing a control whose window a modal dialog of the same
 * application blocks — listed before the dialog opened, or left out of the latest listing for that reason — with
 * `CONTROL_NOT_ACTIONABLE` naming the dialog: the toolkit would ignore the input, so the action cannot succeed.
 */
export async function resolveUsable(session: DesktopSession, id: string, expectedName?: string): Promise<ControlRecord> {
  let record: ControlRecord;
  try {
    record = resolveControl(session, id, expectedName);
  } catch (error) {
    const known = (error as { code?: unknown }).code === 'CONTROL_VANISHED' ? session.controlIds.lastKnown(id) : undefined;
    const dialog = known && (await session.blockingDialog(known).catch(() => undefined));
    if (known && dialog) throw blockedError(known, dialog, error);
    throw error;
  }
  const dialog = await session.blockingDialog(record).catch(() => undefined);
  if (dialog) throw blockedError(record, dialog);
  return withLiveObject(session, record);
}

/**
 * The record with its accessible object as it is now: a sheet's cell is asked for again by its place (the toolkit
 * drops the object it made for a listing about 15 seconds later, while a model may take longer to act). Other
 * records are returned as they are.
 */
export async function withLiveObject(session: DesktopSession, record: ControlRecord): Promise<ControlRecord> {
  if (!record.sheetCell) return record;
  let ref: AccessibleRef | undefined;
  try {
    ref = await liveSheetCell(session.atspi, record.sheetCell);
  } catch (error) {
    if (isVanishedError(error)) throw session.vanished(record, error);
    throw error;
  }
  if (!ref) throw session.vanished(record, new Error(`the sheet has no cell at row ${record.sheetCell.row}, column ${record.sheetCell.column}`));
  return { ...record, ref };
}

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
function offScreenReason(record: ControlRecord): string {
  return `${describeRecord(record)} is off screen: scrolled out of view, outside the visible part of its scroll area`;
}
const SCROLL_INTO_VIEW = 'scroll it into view first (wheel_mouse_input over its scroll area, or focus a control near it and press Tab), list the controls again and click it then';

/** The pixel at the centre of a rectangle (the point a click goes to). */
export function centre(rect: XywhRect): { x: number; y: number } {
  return rectCenter(rectFromXywh(rect));
}

/**
 * Checks a control right before acting on it, in one round trip: its object still has the role and name it was
 * listed with (an id never moves to another control), and it is enabled — waiting up to `enabledWaitMs` for a
 * disabled one, then failing with {@link ControlDisabledError}.
 */
export async function checkBeforeActing(session: DesktopSession, record: ControlRecord, enabledWaitMs: number): Promise<void> {
  const started = Date.now();
  for (;;) {
    let role: string;
    let name: string;
    let states: string[];
    try {
      [role, name, states] = await Promise.all([session.atspi.role(record.ref), session.atspi.name(record.ref), session.atspi.states(record.ref)]);
    } catch (error) {
      if (isVanishedError(error)) throw session.vanished(record, error);
      if (isTimeoutError(error)) throw session.notResponding((await session.requireSelected()).target, error);
      throw error;
    }
    if (role !== record.role || name !== record.rawName) {
      throw new StaleControlIdError(
        `control ${record.id} was the ${record.role} ${JSON.stringify(record.name)} when listed and is now the ${role} ${JSON.stringify(name)}: list the controls again`,
      );
    }
    if (!isDisabled(states)) return;
    if (Date.now() - started >= enabledWaitMs) {
      throw new ControlDisabledError(
        `control ${record.id} (${record.role} ${JSON.stringify(record.name)}) is disabled and did not become enabled within ${enabledWaitMs} ms: ` +
          'do what it waits for first (fill a required field, select an item), then click it again',
      );
    }
    await sleep(25);
  }
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
        throw new ControlNotActionableError(`${offScreenReason(record)}: a ${method === 'pointer' ? 'pointer' : options.double ? 'double' : options.button} click there would miss it; ${SCROLL_INTO_VIEW}`);
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
      ? await confirmToggle({ session, record, before: toggleBefore, first: `a click at (${point.x}, ${point.y})`, effect: done, retry: () => clickToggleBox(session, record, target.pid) })
      : await done();
    // a popup that held the pointer grabbed (a field's completion list) took the click and closed: the control never
    // got it. It is clicked once more while it still shows there (never a menu's or a list's item: closing its own
    // popup is what its click does)
    if (grabbed && !toggleBefore && onlyPopupsClosed(effect) && (await showsAt(session, record, point, target.pid))) {
      const again = await observeEffect(session, { target: record });
      await session.input.click(point.x, point.y, { button: options.button, count: options.double ? 2 : 1 });
      const second = await again();
      effect = { changed: true, changes: [`${effect.changes.join(', ')} (the popup took the first click; clicked again)`, ...(second.changed ? second.changes : [])] };
    }
    return { ...base, method: 'pointer', ...point, effect };
  }
  if (!plain) throw new ControlNotActionableError(`${describe} is covered by another window: a ${options.double ? 'double' : `${options.button}`} click needs the pointer`);
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
    toggleBefore && answering ? await confirmToggle({ session, record, before: toggleBefore, first: `its accessibility action ${JSON.stringify(action.name)}`, effect: done }) : await done();
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
            'Use pointer input (click_on_coordinates where a screenshot shows the dialog\'s buttons) or close_window on the dialog until it answers again',
        }),
  };
}

/** How long an accessibility action may take to be acknowledged before the app is checked for a block. */
const ACTION_REPLY_MS = 2000;

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
  if (rect === 'off-screen') throw new ControlNotActionableError(`${offScreenReason(record)}, and it does not take the focus through accessibility: ${SCROLL_INTO_VIEW}`);
  if (!rect) throw new ControlNotActionableError(`control ${record.id} cannot take the focus: it has no GrabFocus and is not on screen`);
  const point = centre(rect);
  await session.input.click(point.x, point.y);
}

/** What {@link setControlText} did. */
export interface SetTextOutcome extends Partial<ActedControl> {
  id: string;
  /**
   * `editable_text`: through AT-SPI EditableText; `value`: a spin button's number set through AT-SPI Value; `typing`:
   * focused and typed with real key events.
   */
  method: 'editable_text' | 'value' | 'typing';
  /** The control's text afterwards, when it can be read. */
  text?: string;
  /** What changed on screen. */
  effect: ActionEffect;
}

/** A plain number (`3`, `-2.5`, `1,000`), or undefined for other text. */
function parseNumber(text: string): number | undefined {
  const plain = text.trim().replace(/(\d),(?=\d{3}\b)/g, '$1');
  return /^[-+]?\d+(\.\d+)?$/.test(plain) ? Number(plain) : undefined;
}

/** Roles that take no typed text (set_edit_text on them is refused). */
const TAKES_NO_TEXT: ReadonlySet<string> = new Set([
  'label', 'static', 'heading', 'image', 'icon', 'status bar', 'separator', 'push button', 'toggle button', 'check box',
  'radio button', 'menu', 'menu item', 'check menu item', 'radio menu item', 'menu bar', 'page tab', 'tool bar', 'scroll bar',
]);

/**
 * Sets (with `clear`) or inserts text into a control: through AT-SPI EditableText (replace the content, or
 * insert at the caret), falling back to focusing the control and typing (after ctrl+a when clearing).
 */
export async function setControlText(session: DesktopSession, id: string, text: string, options: { clear?: boolean; name?: string } = {}): Promise<SetTextOutcome> {
  const record = await resolveUsable(session, id, options.name);
  if (isScreenTextRecord(record)) return typeAtTextRegion(session, record, text, options);
  const selected = await session.requireSelected({ forAction: true });
  if (selected.target.app && !selected.target.responding) throw session.notResponding(selected.target);
  if (TAKES_NO_TEXT.has(record.role) && !DesktopSession.implements(record, 'editableText')) {
    // typing "into" it would type into whatever field has the focus
    throw new ControlNotActionableError(
      `control ${record.id} is a ${record.role} (${JSON.stringify(record.name)}), which takes no text: set the text of an editable field (a field a label captions is listed with \`labelled\`)`,
    );
  }
  await checkBeforeActing(session, record, 1000);
  const readBack = async (): Promise<string | undefined> =>
    DesktopSession.implements(record, 'text') ? session.atspi.text(record.ref).catch(() => undefined) : undefined;
  const shown = lastTypedLine(text);
  const observe = () =>
    observeEffect(session, {
      target: record,
      timeoutMs: Math.min(5000, 400 + 20 * [...text].length),
      ...(shown && DesktopSession.implements(record, 'text') ? { expect: (controls) => controls.get(record.id)?.text?.includes(shown) ?? false } : {}),
    });
  // a spin button keeps its number until its text is "entered": its value is set instead (the field shows it)
  const number = record.role === 'spin button' && DesktopSession.implements(record, 'value') && options.clear ? parseNumber(text) : undefined;
  if (number !== undefined) {
    const done = await observe();
    try {
      await session.atspi.setValue(record.ref, number);
      const now = await session.atspi.value(record.ref);
      if (Math.abs(now - number) < 1e-9) return { id: record.id, ...actedControl(record), method: 'value', text: await readBack(), effect: await done() };
    } catch (error) {
      if (isVanishedError(error)) throw session.vanished(record, error);
    }
  }
  if (DesktopSession.implements(record, 'editableText')) {
    const done = await observe();
    try {
      let ok: boolean;
      if (options.clear) ok = await session.atspi.setTextContents(record.ref, text);
      else {
        const caret = Number(await session.atspi.property(record.ref, 'org.a11y.atspi.Text', 'CaretOffset').catch(() => -1));
        const at = caret >= 0 ? caret : await session.atspi.characterCount(record.ref).catch(() => 0);
        ok = await session.atspi.insertText(record.ref, at, text);
      }
      if (ok) {
        const effect = await done();
        const now = await readBack();
        // the toolkit may answer true and still not keep the text (GTK 4's file chooser sets its name field
        // itself while it opens): only text that is there counts, else it is typed below
        if (!shown || now === undefined || now.includes(shown)) return { id: record.id, ...actedControl(record), method: 'editable_text', text: now, effect };
      }
    } catch (error) {
      if (isVanishedError(error)) throw session.vanished(record, error);
    }
  }
  await focusControl(session, record);
  const done = await observe();
  if (options.clear) await session.input.keys([{ modifiers: ['ctrl'], keysym: 0x61, repeat: 1, text: 'ctrl+a' }]);
  await session.input.type(text);
  const effect = await done();
  return { id: record.id, ...actedControl(record), method: 'typing', text: await readBack(), effect };
}

/**
 * The text of a control, read from the accessibility bus at call time (never the record of the last listing): its
 * Text content when it has one, else its current name as a listing would show it (a combo box: the item it shows
 * now), and its value for sliders and spin buttons. An id whose object now has another role is refused.
 */
export async function readControlText(session: DesktopSession, id: string): Promise<{ id: string; role: string; name: string; text: string; value?: number }> {
  const listed = resolveControl(session, id);
  // text read from the screen: read again from the screen (it has no accessible object)
  if (isScreenTextRecord(listed)) return readTextRegion(session, listed);
  await session.requireSelected();
  const record = await withLiveObject(session, listed);
  try {
    const [role, rawName] = await Promise.all([session.atspi.role(record.ref), session.atspi.name(record.ref)]);
    if (role !== record.role) {
      throw new StaleControlIdError(`control ${record.id} was the ${record.role} ${JSON.stringify(record.name)} when listed and is now a ${role}: list the controls again`);
    }
    const [name, text, value] = await Promise.all([
      liveDisplayName(session.atspi, record.ref, role, rawName),
      DesktopSession.implements(record, 'text') ? session.atspi.text(record.ref) : undefined,
      DesktopSession.implements(record, 'value') ? session.atspi.value(record.ref).catch(() => undefined) : undefined,
    ]);
    return { id: record.id, role, name, text: text ?? name, ...(value === undefined ? {} : { value }) };
  } catch (error) {
    if (isVanishedError(error)) throw session.vanished(record, error);
    throw error;
  }
}
