import type { Agent } from '@ufo-ts/agent-fsm';
import type { ActionRecord, TargetInfo } from '@ufo-ts/core';
import type { StepContext } from '../framework/step-context.js';
import { STEP_KEYS } from '../framework/step-keys.js';
import type { ActionGuardVerdict } from '../strategies/action-execution.js';
import { listFromResult, runTool, toTargetInfo } from '../strategies/tool-results.js';

/** Changes in an action's measured effect after which the screen is no longer the one the model saw. */
const STRUCTURAL_CHANGE = /^(window opened|window closed|focus moved to window)/;

/** The tool that selects a window: its target is a window of the window list, not a control. */
const WINDOW_TOOL = 'select_application_window';

/** What changed structurally, by the previous action's `effect.changes`. */
function structuralChanges(previous: ActionRecord | undefined): string[] {
  const effect = (previous?.result?.result as { effect?: { changes?: unknown } } | undefined)?.effect;
  const changes = Array.isArray(effect?.changes) ? effect.changes.filter((c): c is string => typeof c === 'string') : [];
  return changes.filter((c) => STRUCTURAL_CHANGE.test(c));
}

const normalized = (name: string): string =>
  name
    .toLowerCase()
    .replace(/\.\.\.|…/g, '')
    .replace(/[\s_:]+/g, ' ')
    .trim();
const shown = (t: TargetInfo): string => `${t.type ? `${t.type} ` : ''}${JSON.stringify(t.name)}`;
const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

/** Whether the name a model gave its target is the listed control's name or caption. */
function namesMatch(expected: string, now: TargetInfo): boolean {
  const label = typeof now.extra?.['label'] === 'string' ? (now.extra['label'] as string) : '';
  return [now.name, label].some((n) => n !== '' && normalized(n) === normalized(expected));
}

/** The one target of `listing` with the given name (and role, when given), or why there is not exactly one. */
function findByName(listing: readonly TargetInfo[], name: string, role: string | undefined, what: string): TargetInfo | string {
  const found = listing.filter((t) => namesMatch(name, t) && (role === undefined || normalized(t.type ?? '') === normalized(role)));
  const described = `${role ? `${role} ` : ''}${JSON.stringify(name)}`;
  if (found.length === 1) return found[0]!;
  if (found.length === 0) return `no ${what} ${described} is listed now`;
  return `${found.length} ${what}s ${described} are listed now (${found.map((t) => `[${t.id}]`).join(', ')}): give the id`;
}

/** Options of {@link batchTargetGuard}. */
export interface BatchTargetGuardOptions {
  /** The data-collection tool that lists the selected window's controls as targets. */
  controlsTool: string;
  /** The data-collection tool that lists the desktop's windows (to find a window named by title). */
  windowsTool: string;
}

/**
 * Checks each action of a reply against the live UI before it runs.
 *
 * - An action after the first that names a control id is checked on a fresh control listing: the id must still be
 *   listed, as the same control the step's listing showed, under the `name` the model gave.
 * - An action that names its control by `name` (and `role`) without an `id` is given the id of the one control
 *   listed under that name — from the step's listing for the first action, from a fresh listing after an earlier
 *   action (a menu item of the menu it opened, a field of the dialog it opened). `select_application_window` is
 *   looked up by title in a fresh window list.
 * - An action without a target may not follow an action that opened or closed a window or moved the focus to
 *   another window (its keys would land elsewhere than the model saw).
 *
 * Returns the verdict: run as sent, run with the id filled in, or refuse with the reason.
 */
export function batchTargetGuard(options: BatchTargetGuardOptions) {
  const fresh = async (agent: Agent, step: StepContext, tool: string, kind: TargetInfo['kind']): Promise<TargetInfo[] | string> => {
    const result = await runTool(agent, step, tool);
    if (result.status !== 'success')
      return `the ${kind === 'window' ? 'window' : 'control'} list could not be read again: ${result.error ?? 'no reason given'}`;
    return listFromResult(result.result)
      .map((raw, i) => toTargetInfo(raw, kind, i))
      .filter((t): t is TargetInfo => t !== undefined);
  };
  return async (agent: Agent, step: StepContext, action: ActionRecord, previous: ActionRecord | undefined, index: number): Promise<ActionGuardVerdict> => {
    const moved = structuralChanges(previous);
    const after = previous ? ` after ${previous.function}${moved.length ? ` (${moved.join('; ')})` : ''}` : '';
    const id = text(action.arguments['id']);
    const name = text(action.arguments['name']);
    const role = text(action.arguments['role']);
    if (id === undefined && name !== undefined) {
      // a target named, not numbered: find it on the screen as it is now
      const window = action.function === WINDOW_TOOL;
      const listing =
        index === 0 && !window
          ? (step.get(STEP_KEYS.controls) ?? [])
          : await fresh(agent, step, window ? options.windowsTool : options.controlsTool, window ? 'window' : 'control');
      if (typeof listing === 'string') return { refuse: `${listing}${after}` };
      const found = findByName(listing, name, window ? undefined : role, window ? 'window' : 'control');
      if (typeof found === 'string') return { refuse: `${found}${after}` };
      const { role: _role, ...rest } = action.arguments;
      return { arguments: { ...rest, id: found.id } };
    }
    if (index === 0) return undefined;
    if (id === undefined)
      return moved.length ? { refuse: `the screen changed${after}; ${action.function} names no control to check, so it did not run` } : undefined;
    const before = step.get(STEP_KEYS.controls)?.find((t) => t.id === id);
    if (!before) return undefined; // a window id, or an id the model took from elsewhere: the tool itself judges it
    const listing = await fresh(agent, step, options.controlsTool, 'control');
    if (typeof listing === 'string') return { refuse: `${listing}${after}` };
    const now = listing.find((t) => t.id === id);
    if (!now) return { refuse: `[${id}] ${shown(before)} is no longer in the control list${after}` };
    if (now.name !== before.name || now.type !== before.type) return { refuse: `[${id}] was ${shown(before)} and is now ${shown(now)}${after}` };
    if (name !== undefined && !namesMatch(name, now)) return { refuse: `[${id}] is ${shown(now)}, not ${JSON.stringify(name)}` };
    return undefined;
  };
}

/** A guard run before each action of a reply: the verdict on it (see {@link batchTargetGuard}). */
export type BatchGuard = ReturnType<typeof batchTargetGuard>;
