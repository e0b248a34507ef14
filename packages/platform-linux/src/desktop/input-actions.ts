// Pointer and keyboard actions that are not tied to one control id (or optionally are).
import type { XywhRect } from '../atspi/accessible-node.js';
import { actedControl, type ActedControl } from './acted-control.js';
import { InputError } from '../errors.js';
import { heldKeysyms } from '../x11/held-keys.js';
import { parseKeySequence } from '../x11/key-combo.js';
import type { MouseButton } from '../x11/xtest-input.js';
import { centre, focusControl, visibleControlRect } from './control-actions.js';
import { resolveUsable } from './control-resolve.js';
import { DesktopSession } from './desktop-session.js';
import { isScreenTextRecord, type ControlRecord } from './control-ids.js';
import { lastTypedLine, observeEffect, type ActionEffect } from './action-effect.js';

/** How x/y are given: `fraction` of the selected window (0–1, top-left origin, as the original) or `absolute` screen pixels. */
export type CoordinateType = 'fraction' | 'absolute';

/** Converts a point to screen pixels; fractions are of the selected window (of the screen when none is selected). */
export async function toScreenPoint(session: DesktopSession, x: number, y: number, type: CoordinateType): Promise<{ x: number; y: number }> {
  if (type === 'absolute') return { x: Math.round(x), y: Math.round(y) };
  if (x < 0 || x > 1 || y < 0 || y > 1)
    throw new InputError(`fractional coordinates must be between 0 and 1 (got ${x}, ${y}); pass coordinate_type "absolute" for pixels`);
  const area: XywhRect = (await session.requireSelected().catch(() => undefined))?.target.rect ?? {
    x: 0,
    y: 0,
    width: session.x.width,
    height: session.x.height,
  };
  return {
    x: Math.min(area.x + area.width - 1, Math.round(area.x + x * area.width)),
    y: Math.min(area.y + area.height - 1, Math.round(area.y + y * area.height)),
  };
}

/** Raises and focuses the selected window, when one is selected. */
export async function focusIfSelected(session: DesktopSession): Promise<void> {
  await session.focusSelected().catch((error: unknown) => {
    if ((error as { code?: string }).code !== 'NO_WINDOW_SELECTED') throw error;
  });
}

/**
 * Clicks at a point `clicks` times (1 to 3; `double` asks for at least 2), optionally holding keys (`keyHold`, e.g.
 * `ctrl` or `ctrl+shift`) down during the clicks.
 */
export async function clickAt(
  session: DesktopSession,
  options: { x: number; y: number; coordinateType: CoordinateType; button?: MouseButton; double?: boolean; clicks?: number; keyHold?: string },
): Promise<{ x: number; y: number; button: MouseButton; double: boolean; clicks: number; key_hold?: string; effect: ActionEffect }> {
  const point = await toScreenPoint(session, options.x, options.y, options.coordinateType);
  const clicks = Math.max(options.clicks ?? 1, options.double ? 2 : 1);
  if (!Number.isInteger(clicks) || clicks > 3) throw new InputError(`clicks must be 1, 2 or 3 (got ${clicks})`);
  const holdKeysyms = options.keyHold ? heldKeysyms(options.keyHold) : [];
  const done = await observeEffect(session, { pixels: true });
  await focusIfSelected(session);
  await session.input.click(point.x, point.y, { button: options.button, count: clicks, holdKeysyms });
  return {
    ...point,
    button: options.button ?? 'left',
    double: clicks === 2,
    clicks,
    ...(options.keyHold ? { key_hold: options.keyHold } : {}),
    effect: await done(),
  };
}

/** Drags from one point to another, optionally holding keys (e.g. `shift`). */
export async function dragBetween(
  session: DesktopSession,
  options: {
    start: { x: number; y: number };
    end: { x: number; y: number };
    coordinateType: CoordinateType;
    button?: MouseButton;
    durationMs?: number;
    keyHold?: string;
  },
): Promise<{ from: { x: number; y: number }; to: { x: number; y: number }; effect: ActionEffect }> {
  const from = await toScreenPoint(session, options.start.x, options.start.y, options.coordinateType);
  const to = await toScreenPoint(session, options.end.x, options.end.y, options.coordinateType);
  const held = options.keyHold ? heldKeysyms(options.keyHold) : [];
  await focusIfSelected(session);
  const steps = 10;
  const done = await observeEffect(session, { pixels: true });
  await session.input.drag(from, to, {
    button: options.button,
    steps,
    stepDelayMs: Math.max(0, Math.round((options.durationMs ?? 300) / steps)),
    holdKeysyms: held,
  });
  return { from, to, effect: await done() };
}

/**
 * Splits text where a character comes again within the same piece: `"250+175="` → `["250+17", "5="]`. Apps that
 * turn keys into button presses (calculators) ignore a key whose button still shows the earlier press.
 */
export function splitAtRepeatedKeys(text: string): string[] {
  const pieces: string[] = [];
  let current: string[] = [];
  for (const char of text) {
    if (current.includes(char)) {
      pieces.push(current.join(''));
      current = [];
    }
    current.push(char);
  }
  if (current.length > 0) pieces.push(current.join(''));
  return pieces;
}

/** Whether keys go into an editable text control: the target, or else a listed text control that has the focus. */
async function typingIntoEditable(session: DesktopSession, record: ControlRecord | undefined): Promise<boolean> {
  const candidates = (
    record
      ? [record]
      : session.controlIds
          .liveRecords()
          .filter((r) => DesktopSession.implements(r, 'editableText'))
          .slice(0, 8)
  ).filter((r) => !isScreenTextRecord(r));
  const states = await Promise.all(candidates.map((r) => session.atspi.states(r.ref).catch(() => [] as string[])));
  return states.some((s) => s.includes('editable') && (record !== undefined || s.includes('focused')));
}

/**
 * Types text with real key events, into a control (focused first) or the focused window, and returns once the
 * application has handled them: when a listed text control shows the typed text (its last line), or, for keys no
 * text control shows, once the screen has settled. The next action cannot overtake the keys. Keys that do not go
 * into an editable field are typed in pieces with no repeated key, each piece waited out until the window is
 * still, so an app that turns keys into button presses sees every press.
 */
export async function typeText(
  session: DesktopSession,
  text: string,
  options: { id?: string } = {},
): Promise<{ typed: number; effect: ActionEffect } & Partial<ActedControl>> {
  const record = options.id ? await resolveUsable(session, options.id) : undefined;
  if (record) await focusControl(session, record);
  else await focusIfSelected(session);
  const editable = await typingIntoEditable(session, record);
  const shown = lastTypedLine(text);
  const timeoutMs = Math.min(5000, 400 + 20 * [...text].length);
  const done = await observeEffect(
    session,
    editable
      ? { target: record, timeoutMs, ...(shown ? { expect: (controls) => [...controls.values()].some((c) => c.text?.includes(shown)) } : {}) }
      : { target: record, timeoutMs, pixels: true, untilQuiet: true, quietMs: 150 },
  );
  const pieces = editable ? [text] : splitAtRepeatedKeys(text);
  for (const [i, piece] of pieces.entries()) {
    const last = i === pieces.length - 1;
    const still = last ? undefined : await observeEffect(session, { pixels: true, untilQuiet: true, quietMs: 150, timeoutMs: 1500 });
    await session.input.type(piece);
    await still?.();
  }
  return { typed: [...text].length, ...(record ? actedControl(record) : {}), effect: await done() };
}

/** Presses key combinations (see `parseKeySequence` for the syntax), into a control or the focused window, and reports what changed. */
export async function pressKeys(
  session: DesktopSession,
  keys: string,
  options: { id?: string } = {},
): Promise<{ keys: string[]; effect: ActionEffect } & Partial<ActedControl>> {
  const chords = parseKeySequence(keys);
  const record = options.id ? await resolveUsable(session, options.id) : undefined;
  if (record) await focusControl(session, record);
  else await focusIfSelected(session);
  // a window with no accessibility tree shows what keys did only in its pixels; several key presses (`Right*5`,
  // `ctrl+2 Down`) show their effect over time: the effect is taken once the controls stopped changing
  const presses = chords.reduce((n, chord) => n + chord.repeat, 0);
  const done = await observeEffect(session, {
    target: record,
    pixels: hasNoAccessibleTree(session),
    ...(presses > 1 ? { untilQuiet: true, quietMs: 150, timeoutMs: 1500 } : {}),
  });
  await session.input.keys(chords);
  return { keys: chords.map((c) => c.text), ...(record ? actedControl(record) : {}), effect: await done() };
}

/** Whether the selected window's app is not on the accessibility bus (X toolkit and Tk programs). */
function hasNoAccessibleTree(session: DesktopSession): boolean {
  const target = session.current?.target;
  return target !== undefined && target.app === undefined;
}

/**
 * Scrolls at a control's centre, a point, or the selected window's centre. Positive `wheelDist` scrolls up.
 * `keyHold` (e.g. `ctrl`) is held down while the wheel turns.
 */
export async function scrollWheel(
  session: DesktopSession,
  options: { id?: string; x?: number; y?: number; coordinateType?: CoordinateType; wheelDist: number; horizontal?: boolean; keyHold?: string },
): Promise<{ x: number; y: number; notches: number; effect: ActionEffect } & Partial<ActedControl>> {
  const holdKeysyms = options.keyHold ? heldKeysyms(options.keyHold) : [];
  let point: { x: number; y: number };
  let acted: ActedControl | undefined;
  if (options.id) {
    const record = await resolveUsable(session, options.id);
    acted = actedControl(record);
    await session.requireSelected();
    const rect = await visibleControlRect(session, record);
    if (!rect) throw new InputError(`control ${options.id} is not on screen: scroll at coordinates instead`);
    // a control scrolled out of view: scroll its container, where the wheel brings it into view
    point = centre(rect === 'off-screen' ? record.scrolledOutOf! : rect);
  } else if (options.x !== undefined && options.y !== undefined) {
    point = await toScreenPoint(session, options.x, options.y, options.coordinateType ?? 'fraction');
  } else {
    point = await toScreenPoint(session, 0.5, 0.5, 'fraction');
  }
  await focusIfSelected(session);
  const done = await observeEffect(session, { pixels: true });
  if (options.horizontal) await session.input.scroll(point.x, point.y, 0, options.wheelDist, { holdKeysyms });
  else await session.input.scroll(point.x, point.y, options.wheelDist, 0, { holdKeysyms });
  return { ...point, notches: options.wheelDist, ...acted, effect: await done() };
}
