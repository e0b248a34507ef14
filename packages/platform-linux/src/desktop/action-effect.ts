// What an action changed on screen: a snapshot before, snapshots after until they settle, and the difference.
import type { AccessibleRef } from '../atspi/accessible-node.js';
import { DesktopSession } from './desktop-session.js';
import { isScreenTextRecord, type ControlRecord } from './control-ids.js';
import { notableStates } from './control-details.js';
import { activeWindow, clientWindowTitles, mappedPopups } from '../x11/window-list.js';
import { sleep } from '../util/wait.js';
import { captureScreen } from '../x11/screen-capture.js';
import { createHash } from 'node:crypto';

/** What an action did, as the action tools report it. */
export interface ActionEffect {
  /** Whether anything below changed. */
  changed: boolean;
  /** One line per change (`window opened: "Save As"`, `a5 states: +checked`), or `no visible change …`. */
  changes: string[];
}

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

/** The observable state an action may change. */
interface Snapshot {
  windows: Map<number, string>;
  popups: Set<number>;
  active: number | undefined;
  /** Per watched control id: `states|name|text|value|caret`, or `gone`. */
  controls: Map<string, ControlState>;
  /** A digest of the selected window's pixels, when asked for (input whose effect may be visual only). */
  pixels?: string;
}

interface ControlState {
  gone: boolean;
  states: string[];
  name: string;
  text?: string;
  value?: number;
  /** The caret's character offset in a text control. */
  caret?: number;
}

/** Options of {@link observeEffect}. */
export interface ObserveOptions {
  /** The control acted on, if any. */
  target?: ControlRecord;
  /** Give up waiting for a change after this many milliseconds. Default 400. */
  timeoutMs?: number;
  /** Pause between two snapshots. Default 10. */
  intervalMs?: number;
  /** When only focus or press feedback changed, how long to wait for more before reporting it. Default 150. */
  quietMs?: number;
  /** The change the action should produce (e.g. the typed text in a field): wait for it, not just any change. */
  expect?: (controls: ReadonlyMap<string, { text?: string }>) => boolean;
  /**
   * Also compare the selected window's pixels (one capture per snapshot), for input whose effect may only be
   * visual: scrolling, dragging, a click at coordinates. Default false.
   */
  pixels?: boolean;
  /** Wait until nothing has changed for `quietMs`, even after a real effect (e.g. an app's key feedback timers). */
  untilQuiet?: boolean;
  /**
   * When nothing at all changed within `timeoutMs`, keep watching this much longer before reporting no change: an
   * app slowed by a busy machine (LibreOffice entering a cell's edit mode) shows the effect late, and a false "no
   * visible change" sends a model to repeat the action. Default {@link NO_CHANGE_GRACE_MS}.
   */
  graceMs?: number;
}

/** Default of {@link ObserveOptions.graceMs}. */
export const NO_CHANGE_GRACE_MS = 800;

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

async function snapshot(session: DesktopSession, watched: readonly ControlRecord[], pixels: boolean): Promise<Snapshot> {
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

const clip = (text: string, max = 80): string => JSON.stringify(text.length > max ? `${text.slice(0, max)}…` : text);

/** States that change with the press itself (not an effect of the action): a change of only these is weak. */
const TRANSIENT_STATES: ReadonlySet<string> = new Set(['focused', 'pressed']);

/** One observed change; `weak` when it is only focus or press feedback, which comes before the action's real effect. */
interface Change {
  line: string;
  weak: boolean;
}

/** The differences between two snapshots, one line each. */
function differences(before: Snapshot, after: Snapshot, records: ReadonlyMap<string, ControlRecord>, targetId: string | undefined): Change[] {
  const out: Change[] = [];
  const push = (line: string, weak = false): void => {
    out.push({ line, weak });
  };
  for (const [id, title] of after.windows) if (!before.windows.has(id)) push(`window opened: ${clip(title)} (${id})`);
  for (const [id, title] of before.windows) if (!after.windows.has(id)) push(`window closed: ${clip(title)} (${id})`);
  for (const [id, title] of after.windows) {
    const old = before.windows.get(id);
    if (old !== undefined && old !== title) push(`window ${id} title: ${clip(old)} → ${clip(title)}`);
  }
  const opened = [...after.popups].filter((p) => !before.popups.has(p)).length;
  const closed = [...before.popups].filter((p) => !after.popups.has(p)).length;
  if (opened > 0) push(`${opened} popup${opened > 1 ? 's' : ''} (menu, list or tooltip) opened`);
  // a menu closing is the click's feedback; what the chosen item does comes after
  if (closed > 0) push(`${closed} popup${closed > 1 ? 's' : ''} closed`, true);
  if (after.active !== before.active)
    push(`focus moved to window ${after.active === undefined ? 'none' : `${clip(after.windows.get(after.active) ?? '')} (${after.active})`}`);
  for (const [id, now] of after.controls) {
    const was = before.controls.get(id);
    if (!was) continue;
    const record = records.get(id);
    const who = `${id}${record ? ` (${record.role} ${clip(record.name, 40)})` : ''}`;
    if (now.gone !== was.gone) {
      push(now.gone ? `${who} is gone` : `${who} is back`, now.gone);
      continue;
    }
    const added = now.states.filter((s) => !was.states.includes(s));
    const removed = was.states.filter((s) => !now.states.includes(s));
    // another control's states (a menu losing its highlight, a field losing the focus) follow the action; only the
    // target's own states (checked, expanded ...) are its effect
    const weakStates = id !== targetId || [...added, ...removed].every((s) => TRANSIENT_STATES.has(s));
    if (added.length || removed.length) push(`${who} states: ${[...added.map((s) => `+${s}`), ...removed.map((s) => `-${s}`)].join(' ')}`, weakStates);
    if (now.name !== was.name) push(`${who} name: ${clip(was.name)} → ${clip(now.name)}`);
    if (now.text !== was.text && now.text !== undefined) push(`${who} text: ${clip(was.text ?? '')} → ${clip(now.text)}`);
    if (now.value !== was.value && now.value !== undefined) push(`${who} value: ${was.value ?? '?'} → ${now.value}`);
    // the caret moving (ctrl+End, arrow keys, a click in a document) is what such input does; typing shows as text
    if (now.caret !== was.caret && now.caret !== undefined && was.caret !== undefined && now.text === was.text)
      push(`${who} caret: offset ${was.caret} → ${now.caret}`);
  }
  if (before.pixels !== undefined && after.pixels !== undefined && before.pixels !== after.pixels)
    push("the window's pixels changed (e.g. scrolled, redrawn)", true);
  return out;
}

/**
 * Measures what an action changes: call it before acting, then call the returned function after acting. It takes
 * snapshots (windows, popups, the focused window, the target's and the listing's text controls' states, names and
 * texts) until a real effect shows (focus or press feedback alone waits `quietMs` for more), until `expect` holds,
 * or until the timeout ends.
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
  return async () => {
    const timeoutMs = options.timeoutMs ?? 400;
    const interval = options.intervalMs ?? 10;
    const quietMs = options.quietMs ?? 150;
    const started = session.clock.monotonic();
    let lastKey = '';
    let lastChangeAt = started;
    for (;;) {
      const now = await snapshot(session, watched, options.pixels ?? false);
      const found = differences(before, now, records, options.target?.id);
      const changes = found.map((c) => c.line);
      const key = changes.join('\n');
      const at = session.clock.monotonic();
      if (key !== lastKey) {
        lastKey = key;
        lastChangeAt = at;
      }
      // a real effect (not just focus or press feedback) ends the wait at once; feedback alone waits for more
      const quiet = found.length > 0 && at - lastChangeAt >= quietMs;
      const met = options.expect ? options.expect(now.controls) : options.untilQuiet ? quiet : found.some((c) => !c.weak) || quiet;
      if (met) return { changed: changes.length > 0, changes };
      if (at - started >= timeoutMs) {
        if (changes.length > 0) return { changed: true, changes };
        const waited = at - started;
        if (waited < timeoutMs + (options.graceMs ?? NO_CHANGE_GRACE_MS)) {
          await sleep(interval);
          continue;
        }
        const compared = options.pixels
          ? "windows, focus, the listed controls' states and text, and the window's pixels"
          : "windows, focus and the listed controls' states and text";
        return { changed: false, changes: [`no visible change within ${Math.round(waited)} ms (${compared} are unchanged)`] };
      }
      await sleep(interval);
    }
  };
}
