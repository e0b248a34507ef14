// Whether a click on a check box, radio button or switch flipped it, and what was seen if not.
import type { XywhRect } from '../atspi/accessible-node.js';

/**
 * Roles whose click is meant to flip a `checked` (or `pressed`) state. Not `toggle button`: toolkits use it for
 * plain keys too (galculator's keypad: a click on "*" changes nothing the accessibility tree shows and never
 * latches), so a toggle button that did not flip is no sign of a click gone astray.
 */
export const TOGGLE_ROLES: ReadonlySet<string> = new Set(['check box', 'radio button', 'switch', 'check menu item', 'radio menu item']);

/** Roles that stay on when clicked while on (a radio button is turned off by checking another one). */
const RADIO_ROLES: ReadonlySet<string> = new Set(['radio button', 'radio menu item']);

/** Roles drawn with a small indicator (square or circle) at their start, before their label. */
const INDICATOR_ROLES: ReadonlySet<string> = new Set(['check box', 'radio button']);

/** Whether a click on a control of this role is meant to flip it. */
export function isToggleRole(role: string): boolean {
  return TOGGLE_ROLES.has(role);
}

/** Whether a toggle is on: `checked` (GTK, Qt), or `pressed` (GTK 4 toggle buttons). */
export function isOn(states: readonly string[]): boolean {
  return states.includes('checked') || states.includes('pressed');
}

/** What a click did to a toggle: flipped it, left a checked radio button checked, or changed nothing it is for. */
export type ToggleVerdict = 'flipped' | 'already-checked' | 'unchanged';

/**
 * Judges a click on a toggle from its states before and after.
 *
 * @example
 * judgeToggle('check box', ['focusable'], ['focusable', 'focused']); // → 'unchanged'
 * judgeToggle('radio button', ['checked'], ['checked', 'focused']); // → 'already-checked'
 */
export function judgeToggle(role: string, before: readonly string[], after: readonly string[]): ToggleVerdict {
  const was = isOn(before);
  const now = isOn(after);
  if (was !== now) return 'flipped';
  return was && RADIO_ROLES.has(role) ? 'already-checked' : 'unchanged';
}

/** States worth naming in a report of what a click changed. */
const REPORTED_STATES = ['checked', 'pressed', 'indeterminate', 'focused', 'selected', 'armed', 'expanded'];

/**
 * What changed in a control's states, for a report: `+focused only`, `+focused -selected`, or `no state changed`.
 *
 * @example
 * stateChangeSummary(['focusable'], ['focusable', 'focused']); // → '+focused only'
 */
export function stateChangeSummary(before: readonly string[], after: readonly string[]): string {
  const added = REPORTED_STATES.filter((s) => after.includes(s) && !before.includes(s)).map((s) => `+${s}`);
  const removed = REPORTED_STATES.filter((s) => before.includes(s) && !after.includes(s)).map((s) => `-${s}`);
  const all = [...added, ...removed];
  if (all.length === 0) return 'no state changed';
  return all.length === 1 ? `${all[0]} only` : all.join(' ');
}

/**
 * Where a second click on a toggle goes: the indicator of a check box or radio button (the square or circle at
 * the start of its row, where a wide control with a long label is sure to take the click), else the centre of
 * the control's own extents.
 */
export function togglePoint(role: string, rect: XywhRect): { x: number; y: number } {
  const y = Math.round(rect.y + rect.height / 2);
  if (!INDICATOR_ROLES.has(role)) return { x: Math.round(rect.x + rect.width / 2), y };
  const half = Math.min(rect.height, rect.width) / 2;
  return { x: Math.round(rect.x + Math.min(half, 12)), y };
}
