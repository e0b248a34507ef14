// Deciding what an action changed: the difference between two snapshots of what it may change, and how long to keep
// watching after an action before that difference is its effect. Pure: the snapshots come from the caller.
import type { Clock } from '@ufo-ts/core';
import type { ControlRecord } from './control-ids.js';

/** What an action did, as the action tools report it. */
export interface ActionEffect {
  /** Whether anything below changed. */
  changed: boolean;
  /** One line per change (`window opened: "Save As"`, `a5 states: +checked`), or `no visible change …`. */
  changes: string[];
}

/** The observable state an action may change. */
export interface EffectSnapshot {
  /** Client windows by X id, with their titles. */
  windows: Map<number, string>;
  /** Mapped override-redirect windows (menus, lists, tooltips). */
  popups: Set<number>;
  /** The active (focused) X window. */
  active: number | undefined;
  /** Per watched control id, what it shows. */
  controls: Map<string, ControlState>;
  /** A digest of the selected window's pixels, when asked for (input whose effect may be visual only). */
  pixels?: string;
}

/** What one watched control shows. */
export interface ControlState {
  gone: boolean;
  states: string[];
  name: string;
  text?: string;
  value?: number;
  /** The caret's character offset in a text control. */
  caret?: number;
}

/** How long to keep watching an action's effect. */
export interface EffectTiming {
  /** Give up waiting for a change after this many milliseconds. Default 400. */
  timeoutMs?: number;
  /** Pause between two snapshots. Default 10. */
  intervalMs?: number;
  /** When only press feedback changed, how long to wait for more before reporting it. Default 150. */
  quietMs?: number;
  /** The change the action should produce (e.g. the typed text in a field): wait for it, not just any change. */
  expect?: (controls: ReadonlyMap<string, { text?: string }>) => boolean;
  /** Wait until nothing has changed for `quietMs`, even after a real effect (e.g. an app's key feedback timers). */
  untilQuiet?: boolean;
  /**
   * When nothing at all changed within `timeoutMs`, keep watching this much longer before reporting no change: an
   * app slowed by a busy machine (LibreOffice entering a cell's edit mode) shows the effect late, and a false "no
   * visible change" sends a model to repeat the action. Default {@link NO_CHANGE_GRACE_MS}.
   */
  graceMs?: number;
}

/** Default of {@link EffectTiming.graceMs}. */
export const NO_CHANGE_GRACE_MS = 800;

/**
 * How surely a change is the action's effect. `effect` (a window opened, a control's text or own state changed) ends
 * the wait at once. `feedback` (press feedback, a menu closing, another control losing its highlight, pixels) comes
 * before the effect: it waits `quietMs` for more. `focus` (another window took the focus) is what a click into a window
 * without the focus does first, before the application handles the click — on a busy machine well after — so it
 * waits the whole timeout for more: reported alone, it would tell a model its click did nothing but move the focus,
 * and the model would click again.
 */
export type ChangeWeight = 'effect' | 'feedback' | 'focus';

/** One observed change. */
export interface Change {
  line: string;
  weight: ChangeWeight;
}

const clip = (text: string, max = 80): string => JSON.stringify(text.length > max ? `${text.slice(0, max)}…` : text);

/** States that change with the press itself (not an effect of the action): a change of only these is weak. */
const TRANSIENT_STATES: ReadonlySet<string> = new Set(['focused', 'pressed']);

/** The differences between two snapshots, one line each; `targetId` is the control acted on. */
export function differences(
  before: EffectSnapshot,
  after: EffectSnapshot,
  records: ReadonlyMap<string, ControlRecord>,
  targetId: string | undefined,
): Change[] {
  const out: Change[] = [];
  const push = (line: string, weight: ChangeWeight = 'effect'): void => {
    out.push({ line, weight });
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
  if (closed > 0) push(`${closed} popup${closed > 1 ? 's' : ''} closed`, 'feedback');
  if (after.active !== before.active)
    push(`focus moved to window ${after.active === undefined ? 'none' : `${clip(after.windows.get(after.active) ?? '')} (${after.active})`}`, 'focus');
  for (const [id, now] of after.controls) {
    const was = before.controls.get(id);
    if (!was) continue;
    const record = records.get(id);
    const who = `${id}${record ? ` (${record.role} ${clip(record.name, 40)})` : ''}`;
    if (now.gone !== was.gone) {
      push(now.gone ? `${who} is gone` : `${who} is back`, now.gone ? 'feedback' : 'effect');
      continue;
    }
    const added = now.states.filter((s) => !was.states.includes(s));
    const removed = was.states.filter((s) => !now.states.includes(s));
    // another control's states (a menu losing its highlight, a field losing the focus) follow the action; only the
    // target's own states (checked, expanded ...) are its effect
    const weakStates = id !== targetId || [...added, ...removed].every((s) => TRANSIENT_STATES.has(s));
    if (added.length || removed.length)
      push(`${who} states: ${[...added.map((s) => `+${s}`), ...removed.map((s) => `-${s}`)].join(' ')}`, weakStates ? 'feedback' : 'effect');
    if (now.name !== was.name) push(`${who} name: ${clip(was.name)} → ${clip(now.name)}`);
    if (now.text !== was.text && now.text !== undefined) push(`${who} text: ${clip(was.text ?? '')} → ${clip(now.text)}`);
    if (now.value !== was.value && now.value !== undefined) push(`${who} value: ${was.value ?? '?'} → ${now.value}`);
    // the caret moving (ctrl+End, arrow keys, a click in a document) is what such input does; typing shows as text
    if (now.caret !== was.caret && now.caret !== undefined && was.caret !== undefined && now.text === was.text)
      push(`${who} caret: offset ${was.caret} → ${now.caret}`);
  }
  if (before.pixels !== undefined && after.pixels !== undefined && before.pixels !== after.pixels)
    push("the window's pixels changed (e.g. scrolled, redrawn)", 'feedback');
  return out;
}

/** What {@link watchEffect} compares and how. */
export interface EffectWatch {
  /** The snapshot taken before the action. */
  before: EffectSnapshot;
  /** Takes a snapshot now. */
  take: () => Promise<EffectSnapshot>;
  /** The watched controls by id (to name them in the lines). */
  records: ReadonlyMap<string, ControlRecord>;
  /** The control acted on, if any. */
  targetId?: string;
  /** Measures the wait and paces the snapshots. */
  clock: Clock;
  /** What the snapshots compare, for the "no visible change" line. */
  compared: string;
}

/**
 * Takes snapshots after an action until its effect shows: a real effect ends the wait at once, feedback alone waits
 * `quietMs` for more, a window taking the focus waits the whole timeout for more, `expect` waits for what it expects,
 * and nothing at all waits the timeout and then the grace before it is reported as no visible change.
 */
export async function watchEffect(watch: EffectWatch, timing: EffectTiming = {}): Promise<ActionEffect> {
  const timeoutMs = timing.timeoutMs ?? 400;
  const interval = timing.intervalMs ?? 10;
  const quietMs = timing.quietMs ?? 150;
  const { clock } = watch;
  const started = clock.monotonic();
  let lastKey = '';
  let lastChangeAt = started;
  for (;;) {
    const now = await watch.take();
    const found = differences(watch.before, now, watch.records, watch.targetId);
    const changes = found.map((c) => c.line);
    const key = changes.join('\n');
    const at = clock.monotonic();
    if (key !== lastKey) {
      lastKey = key;
      lastChangeAt = at;
    }
    // a focus move waits for the timeout below, which reports what changed by then
    const quiet = found.length > 0 && at - lastChangeAt >= quietMs && !found.some((c) => c.weight === 'focus');
    const met = timing.expect ? timing.expect(now.controls) : timing.untilQuiet ? quiet : found.some((c) => c.weight === 'effect') || quiet;
    if (met) return { changed: changes.length > 0, changes };
    if (at - started >= timeoutMs) {
      if (changes.length > 0) return { changed: true, changes };
      const waited = at - started;
      if (waited >= timeoutMs + (timing.graceMs ?? NO_CHANGE_GRACE_MS))
        return { changed: false, changes: [`no visible change within ${Math.round(waited)} ms (${watch.compared} are unchanged)`] };
    }
    await clock.sleep(interval);
  }
}
