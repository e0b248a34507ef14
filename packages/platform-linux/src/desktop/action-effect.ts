// What an action changed on screen: a snapshot before, snapshots after until they settle, and the difference.
import type { AccessibleRef } from '../atspi/accessible-node.js';
import { DesktopSession } from './desktop-session.js';
import type { ControlRecord } from './control-ids.js';
import { notableStates } from './control-details.js';
import { activeWindow, clientWindowTitles, mappedPopups } from '../x11/window-list.js';
import { sleep } from '../util/wait.js';

/** What an action did, as the action tools report it. */
export interface ActionEffect {
  /** Whether anything below changed. */
  changed: boolean;
  /** One line per change (`window opened: "Save As"`, `a5 states: +checked`), or `no visible change …`. */
  changes: string[];
}

/** The observable state an action may change. */
interface Snapshot {
  windows: Map<number, string>;
  popups: Set<number>;
  active: number | undefined;
  /** Per watched control id: `states|name|text|value`, or `gone`. */
  controls: Map<string, ControlState>;
}

interface ControlState {
  gone: boolean;
  states: string[];
  name: string;
  text?: string;
  value?: number;
}

/** Options of {@link observeEffect}. */
export interface ObserveOptions {
  /** The control acted on, if any. */
  target?: ControlRecord;
  /** Give up waiting for a change after this many milliseconds. Default 400. */
  timeoutMs?: number;
  /** Pause between two snapshots. Default 10. */
  intervalMs?: number;
  /** Once something changed, how long nothing more must change before the effect counts as complete. Default 40. */
  quietMs?: number;
  /** The change the action should produce (e.g. the typed text in a field): wait for it, not just any change. */
  expect?: (controls: ReadonlyMap<string, { text?: string }>) => boolean;
}

const TEXT_ROLES: ReadonlySet<string> = new Set(['text', 'entry', 'spin button', 'combo box', 'document text', 'paragraph', 'terminal', 'label', 'password text']);
const MAX_WATCHED = 16;
const PROBE_MS = 500;

/** The controls whose text, name and states are compared: the target and the listing's text-bearing controls. */
function watchedControls(session: DesktopSession, target: ControlRecord | undefined): ControlRecord[] {
  const listed = session.controlIds.liveRecords().filter((r) => TEXT_ROLES.has(r.role) && r.role !== 'password text' && DesktopSession.implements(r, 'text'));
  const out = target ? [target, ...listed.filter((r) => r.id !== target.id)] : listed;
  return out.slice(0, MAX_WATCHED);
}

async function readControl(session: DesktopSession, record: ControlRecord): Promise<ControlState> {
  const ref: AccessibleRef = record.ref;
  const atspi = session.atspi;
  try {
    const [states, name, text, value] = await Promise.all([
      atspi.states(ref, PROBE_MS),
      atspi.name(ref, PROBE_MS),
      DesktopSession.implements(record, 'text') && record.role !== 'password text' ? atspi.text(ref, PROBE_MS).catch(() => undefined) : undefined,
      DesktopSession.implements(record, 'value') ? atspi.value(ref).catch(() => undefined) : undefined,
    ]);
    return { gone: false, states: notableStates(states), name, ...(text === undefined ? {} : { text }), ...(value === undefined || !Number.isFinite(value) ? {} : { value }) };
  } catch {
    return { gone: true, states: [], name: '' };
  }
}

async function snapshot(session: DesktopSession, watched: readonly ControlRecord[]): Promise<Snapshot> {
  const [windows, popups, active, controls] = await Promise.all([
    clientWindowTitles(session.x).catch(() => new Map<number, string>()),
    mappedPopups(session.x).catch(() => []),
    activeWindow(session.x).catch(() => undefined),
    Promise.all(watched.map((r) => readControl(session, r))),
  ]);
  return {
    windows,
    popups: new Set(popups),
    active,
    controls: new Map(watched.map((r, i) => [r.id, controls[i]!])),
  };
}

const clip = (text: string, max = 80): string => JSON.stringify(text.length > max ? `${text.slice(0, max)}…` : text);

/** The differences between two snapshots, one line each. */
function differences(before: Snapshot, after: Snapshot, records: ReadonlyMap<string, ControlRecord>): string[] {
  const out: string[] = [];
  for (const [id, title] of after.windows) if (!before.windows.has(id)) out.push(`window opened: ${clip(title)} (${id})`);
  for (const [id, title] of before.windows) if (!after.windows.has(id)) out.push(`window closed: ${clip(title)} (${id})`);
  for (const [id, title] of after.windows) {
    const old = before.windows.get(id);
    if (old !== undefined && old !== title) out.push(`window ${id} title: ${clip(old)} → ${clip(title)}`);
  }
  const opened = [...after.popups].filter((p) => !before.popups.has(p)).length;
  const closed = [...before.popups].filter((p) => !after.popups.has(p)).length;
  if (opened > 0) out.push(`${opened} popup${opened > 1 ? 's' : ''} (menu, list or tooltip) opened`);
  if (closed > 0) out.push(`${closed} popup${closed > 1 ? 's' : ''} closed`);
  if (after.active !== before.active) out.push(`focus moved to window ${after.active === undefined ? 'none' : `${clip(after.windows.get(after.active) ?? '')} (${after.active})`}`);
  for (const [id, now] of after.controls) {
    const was = before.controls.get(id);
    if (!was) continue;
    const record = records.get(id);
    const who = `${id}${record ? ` (${record.role} ${clip(record.name, 40)})` : ''}`;
    if (now.gone !== was.gone) {
      out.push(now.gone ? `${who} is gone` : `${who} is back`);
      continue;
    }
    const added = now.states.filter((s) => !was.states.includes(s));
    const removed = was.states.filter((s) => !now.states.includes(s));
    if (added.length || removed.length) out.push(`${who} states: ${[...added.map((s) => `+${s}`), ...removed.map((s) => `-${s}`)].join(' ')}`);
    if (now.name !== was.name) out.push(`${who} name: ${clip(was.name)} → ${clip(now.name)}`);
    if (now.text !== was.text && now.text !== undefined) out.push(`${who} text: ${clip(was.text ?? '')} → ${clip(now.text)}`);
    if (now.value !== was.value && now.value !== undefined) out.push(`${who} value: ${was.value ?? '?'} → ${now.value}`);
  }
  return out;
}

/**
 * Measures what an action changes: call it before acting, then call the returned function after acting. It takes
 * snapshots (windows, popups, the focused window, the target's and the listing's text controls' states, names and
 * texts) until something changed and then nothing more for `quietMs` — or until `expect` holds — or the timeout ends.
 *
 * @example
 * const done = await observeEffect(session, { target: record });
 * await session.input.click(x, y);
 * const effect = await done(); // { changed: true, changes: ['window opened: "Save As" (8388620)'] }
 */
export async function observeEffect(session: DesktopSession, options: ObserveOptions = {}): Promise<() => Promise<ActionEffect>> {
  const watched = watchedControls(session, options.target);
  const records = new Map(watched.map((r) => [r.id, r]));
  const before = await snapshot(session, watched);
  return async () => {
    const timeoutMs = options.timeoutMs ?? 400;
    const interval = options.intervalMs ?? 10;
    const quietMs = options.quietMs ?? 40;
    const started = Date.now();
    let lastKey = '';
    let lastChangeAt = started;
    for (;;) {
      const now = await snapshot(session, watched);
      const changes = differences(before, now, records);
      const key = changes.join('\n');
      const at = Date.now();
      if (key !== lastKey) {
        lastKey = key;
        lastChangeAt = at;
      }
      const met = options.expect ? options.expect(now.controls) : changes.length > 0;
      if (met && (options.expect || at - lastChangeAt >= quietMs)) return { changed: changes.length > 0, changes };
      if (at - started >= timeoutMs) {
        if (changes.length > 0) return { changed: true, changes };
        return { changed: false, changes: [`no visible change within ${timeoutMs} ms (windows, focus and the listed controls' states and text are unchanged)`] };
      }
      await sleep(interval);
    }
  };
}
