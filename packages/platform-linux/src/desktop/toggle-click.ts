// Confirms that a click on a check box, radio button or switch flipped it: waits for the flip,
// clicks once more at the control's own box when it did not come, and fails NO_EFFECT when it still does not.
import { isVanishedError } from '../atspi/atspi-client.js';
import { NoEffectError } from '../errors.js';
import { sleep } from '../util/wait.js';
import type { ActionEffect } from './action-effect.js';
import type { ControlRecord } from './control-ids.js';
import type { DesktopSession } from './desktop-session.js';
import { isOn, isToggleRole, judgeToggle, stateChangeSummary, type ToggleVerdict } from './toggle-check.js';

/** How long a flip may take to show on the bus after the click's effect was measured. */
const FLIP_WAIT_MS = 300;
/** How long one read of the control's states may take. */
const PROBE_MS = 500;

/** A click on a toggle, to confirm with {@link confirmToggle}. */
export interface ToggleClick {
  session: DesktopSession;
  record: ControlRecord;
  /** The control's states right before the first click. */
  before: readonly string[];
  /** How the first click was made, for messages: `a click at (480, 239)`. */
  first: string;
  /** The effect measured since before the first click (callable again after a retry). */
  effect: () => Promise<ActionEffect>;
  /** Clicks once more at the control's own box; returns how (`a click at its box (462, 239)`), or undefined when it cannot. */
  retry?: () => Promise<string | undefined>;
}

/** The states of a control a click should flip (see `isToggleRole`), read before the click; undefined for other controls. */
export async function toggleStatesBefore(session: DesktopSession, record: ControlRecord): Promise<string[] | undefined> {
  if (!isToggleRole(record.role)) return undefined;
  try {
    return await session.atspi.states(record.ref);
  } catch (error) {
    if (isVanishedError(error)) throw session.vanished(record, error);
    throw error;
  }
}

/** The control's states once its toggle state differs from `before`, or after the wait; undefined when unreadable. */
async function statesAfter(session: DesktopSession, record: ControlRecord, before: readonly string[]): Promise<string[] | undefined> {
  const until = session.clock.monotonic() + FLIP_WAIT_MS;
  for (;;) {
    let states: string[];
    try {
      states = await session.atspi.states(record.ref, PROBE_MS);
    } catch {
      // gone (a menu closed with its item) or not answering (a modal dialog opened): it cannot be judged
      return undefined;
    }
    if (judgeToggle(record.role, before, states) !== 'unchanged' || session.clock.monotonic() >= until) return states;
    await sleep(25);
  }
}

/** Lines of an effect that show the action did something besides changing states: a window, a popup, a control's content. */
const REAL_EFFECT = /^(window opened|window closed|window \d+ title|\d+ popups? \(menu, list or tooltip\) opened)|^\S+ \(.*\) (name|text|value): /;

/** The lines of `effect` that show it did something besides changing states (focus and state changes do not count). */
export function effectsBeyondStates(effect: ActionEffect): string[] {
  return effect.changes.filter((line) => REAL_EFFECT.test(line));
}

/** Toggles that live in menus. */
const MENU_ITEM_ROLES: ReadonlySet<string> = new Set(['check menu item', 'radio menu item']);
/** An effect line saying popups (the menu) closed. */
const MENU_CLOSED = /^\d+ popups? closed$/;

const describeRecord = (record: ControlRecord): string => `control ${record.id} (${record.role} ${JSON.stringify(record.name)})`;

/** The effect with one more line, e.g. that a radio button was already checked. */
const withLine = (effect: ActionEffect, line: string): ActionEffect => ({
  changed: effect.changed,
  changes: [...effect.changes.filter((c) => !c.startsWith('no visible change')), line],
});

/**
 * Confirms a click on a toggle (see `TOGGLE_ROLES`): its `checked` (or `pressed`) state must flip. A success's
 * effect shows the flip (`a5 (check box "Wrap") states: +checked`); a radio button that was already checked stays
 * checked and is reported so (`already checked`). When the state did not flip, `retry` clicks once more at the
 * control's own box; when it still did not, fails with {@link NoEffectError} saying what changed instead. A click
 * that did not flip it but acted elsewhere (a toggle button used as a plain button: a calculator's key that types a
 * digit and springs back) is a success with that effect, and is not repeated.
 * A control that is gone or not answering after the click (a menu that closed with its item, a modal dialog it
 * opened) cannot be judged: its effect is returned. A check or radio menu item whose click closed its menu is a
 * success (the menu took the click; LibreOffice updates the item only when the menu opens again), and a menu item
 * is never clicked twice.
 */
export async function confirmToggle(click: ToggleClick): Promise<ActionEffect> {
  const { session, record, before } = click;
  let effect = await click.effect();
  let after = await statesAfter(session, record, before);
  if (after === undefined) return effect;
  let verdict: ToggleVerdict = judgeToggle(record.role, before, after);
  // a toggle used as a plain button (galculator's keypad keys) acts elsewhere and springs back: that is its effect,
  // and a second click would act twice
  if (verdict === 'unchanged' && effectsBeyondStates(effect).length > 0) return effect;
  // a menu item closes its menu when it is activated: that is its effect (LibreOffice updates the item's state only
  // when the menu opens again), and a second click would land on whatever was under the menu
  const menuItem = MENU_ITEM_ROLES.has(record.role);
  if (verdict === 'unchanged' && menuItem && effect.changes.some((line) => MENU_CLOSED.test(line))) return effect;
  let second: string | undefined;
  if (verdict === 'unchanged' && click.retry && !menuItem) {
    second = await click.retry();
    if (second !== undefined) {
      after = await statesAfter(session, record, before);
      if (after === undefined) return click.effect();
      verdict = judgeToggle(record.role, before, after);
      effect = await click.effect();
    }
  }
  // the effect may have been measured before the flip showed (another change ended the wait): measure it again
  const showsFlip = effect.changes.some((line) => line.startsWith(`${record.id} `) && /[+-](checked|pressed)\b/.test(line));
  if (verdict === 'flipped' && !showsFlip) effect = await click.effect();
  if (verdict === 'flipped')
    return second === undefined ? effect : withLine(effect, `${record.id} flipped on the second click (${second}), not on the first (${click.first})`);
  if (verdict === 'already-checked')
    return withLine(effect, `${record.id} (${record.role} ${JSON.stringify(record.name)}) was already checked: it stays checked`);
  const seen = stateChangeSummary(before, after);
  const others = effect.changes.filter((line) => !line.startsWith(`${record.id} `) && !line.startsWith('no visible change'));
  const tries = second === undefined ? click.first : `${click.first}, then ${second}`;
  throw new NoEffectError(
    `${describeRecord(record)} was not ${isOn(before) ? 'unchecked' : 'checked'}: ${tries} left its state as it was ` +
      `(seen on it: ${seen}${others.length > 0 ? `; elsewhere: ${others.join('; ')}` : ''}). ` +
      'Take a screenshot to see where its box is and click that point with click_on_coordinates, or focus it and press space',
  );
}
