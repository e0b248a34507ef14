// What an action changed on screen: a snapshot before, snapshots after until they settle, and the difference.
import type { AccessibleRef } from '../atspi/accessible-node.js';
import { DesktopSession } from './desktop-session.js';
import { isScreenTextRecord, type ControlRecord } from './control-ids.js';
import { notableStates } from './control-details.js';
import { activeWindow, clientWindowTitles, mappedPopups } from '../x11/window-list.js';
import { captureScreen } from '../x11/screen-capture.js';
import { createHash } from 'node:crypto';
import { watchEffect, type ActionEffect, type ControlState, type EffectSnapshot, type EffectTiming } from './effect-watch.js';

export { NO_CHANGE_GRACE_MS, type ActionEffect } from './effect-watch.js';

/** The piece of typed text a field shows once the keys were handled: its last non-empty line (Return ends a line). */
export function lastTypedLine(text: string): string {
  return (
    text
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .pop() ?? ''
  );
}

/** Options of {@link observeEffect}. */
export interface ObserveOptions extends EffectTiming {
  /** The control acted on, if any. */
  target?: ControlRecord;
  /**
   * Also compare the selected window's pixels (one capture per snapshot), for input whose effect may only be
   * visual: scrolling, dragging, a click at coordinates. Default false.
   */
  pixels?: boolean;
}

const TEXT_ROLES: ReadonlySet<string> = new Set(['text', 'entry', 'spin button', 'combo box', 'document text', 'paragraph', 'terminal']);
const MAX_WATCHED = 8;
const PROBE_MS = 500;

/** The controls whose text, name and states are compared: the target and the listing's text-bearing controls. */
function watchedControls(session: DesktopSession, target: ControlRecord | undefined): ControlRecord[] {
  const live = session.controlIds.liveRecords();
  const listed = live.filter((r) => TEXT_ROLES.has(r.role) && r.role !== 'password text' && DesktopSession.implements(r, 'text'));
  // the target's container too: choosing a combo box's item changes the combo box, not the item
  const parent = target?.parent === undefined ? undefined : live.find((r) => r.id === target.parent);
  // text read from the screen (OCR) has no accessible object to read: its effect shows in the pixels
  const first = [target, parent].filter((r): r is ControlRecord => r !== undefined && !isScreenTextRecord(r));
  const out = [...first, ...listed.filter((r) => !first.some((f) => f.id === r.id))];
  return out.slice(0, MAX_WATCHED);
}

async function readControl(session: DesktopSession, record: ControlRecord): Promise<ControlState> {
  const ref: AccessibleRef = record.ref;
  const atspi = session.atspi;
  try {
    const readsText = DesktopSession.implements(record, 'text') && record.role !== 'password text';
    const [states, name, text, value, caret] = await Promise.all([
      atspi.states(ref, PROBE_MS),
      atspi.name(ref, PROBE_MS),
      readsText ? atspi.text(ref, PROBE_MS).catch(() => undefined) : undefined,
      DesktopSession.implements(record, 'value') ? atspi.value(ref).catch(() => undefined) : undefined,
      readsText ? atspi.caretOffset(ref, PROBE_MS).catch(() => undefined) : undefined,
    ]);
    return {
      gone: false,
      states: notableStates(states),
      name,
      ...(text === undefined ? {} : { text }),
      ...(value === undefined || !Number.isFinite(value) ? {} : { value }),
      ...(caret === undefined || caret < 0 ? {} : { caret }),
    };
  } catch {
    return { gone: true, states: [], name: '' };
  }
}

/** A digest of the selected window's pixels as shown on screen (undefined when it cannot be captured). */
async function windowPixels(session: DesktopSession): Promise<string | undefined> {
  const rect = session.current?.target.rect;
  if (!rect) return undefined;
  const image = await captureScreen(session.x, rect).catch(() => undefined);
  return image ? createHash('sha1').update(image.data).digest('hex') : undefined;
}

async function snapshot(session: DesktopSession, watched: readonly ControlRecord[], pixels: boolean): Promise<EffectSnapshot> {
  const [windows, popups, active, controls, digest] = await Promise.all([
    clientWindowTitles(session.x).catch(() => new Map<number, string>()),
    mappedPopups(session.x).catch(() => []),
    activeWindow(session.x).catch(() => undefined),
    Promise.all(watched.map((r) => readControl(session, r))),
    pixels ? windowPixels(session) : undefined,
  ]);
  return {
    windows,
    popups: new Set(popups),
    active,
    controls: new Map(watched.map((r, i) => [r.id, controls[i]!])),
    ...(digest === undefined ? {} : { pixels: digest }),
  };
}

/**
 * Measures what an action changes: call it before acting, then call the returned function after acting. It takes
 * snapshots (windows, popups, the focused window, the target's and the listing's text controls' states, names and
 * texts) until a real effect shows (press feedback alone waits `quietMs` for more, another window taking the focus
 * waits the whole timeout for more), until `expect` holds, or until the timeout ends (see {@link watchEffect}).
 *
 * @example
 * const done = await observeEffect(session, { target: record });
 * await session.input.click(x, y);
 * const effect = await done(); // { changed: true, changes: ['window opened: "Save As" (8388620)'] }
 */
export async function observeEffect(session: DesktopSession, options: ObserveOptions = {}): Promise<() => Promise<ActionEffect>> {
  const watched = watchedControls(session, options.target);
  const records = new Map(watched.map((r) => [r.id, r]));
  const before = await snapshot(session, watched, options.pixels ?? false);
  const compared = options.pixels
    ? "windows, focus, the listed controls' states and text, and the window's pixels"
    : "windows, focus and the listed controls' states and text";
  const take = () => snapshot(session, watched, options.pixels ?? false);
  return () => watchEffect({ before, take, records, ...(options.target ? { targetId: options.target.id } : {}), clock: session.clock, compared }, options);
}
