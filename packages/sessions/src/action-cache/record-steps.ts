import type { StepRecord } from '@ufo-ts/core';
import { CachedStepSchema, type CachedStep, type RecordedEffect, type TargetDescription } from './cached-run-schema.js';
import { templateValues, toTemplate } from './cache-variables.js';
import type { ListedControl } from './resolve-target.js';

/** The argument that names a control by its id in the desktop tools (`click_input({ id: 'a12' })`). */
export const CONTROL_ID_ARGUMENT = 'id';

/** The tool that picks a window by its id from the window list; its cached target is the window, by title. */
export const WINDOW_TOOL = 'select_application_window';

/** The role of a cached window target (found again in the prompt's window list by its title). */
export const WINDOW_ROLE = 'window';

/**
 * The steps of a cached run from the `response.log` records of a run that succeeded: every tool call that ran and
 * succeeded, in order, whatever server it went to. A call on a control keeps the control as the tool reported it
 * (role, name and label as the step's listing showed it, with its place among look-alikes; else as the tool
 * reported it; never only its id, which the next run's listing gives anew; a window picked by
 * `select_application_window` by its title) and its `id` argument is left out;
 * the values of `variables` become placeholders everywhere. Calls that failed or did not run are left out: the run
 * succeeded without their effect.
 */
export function recordSteps(
  records: readonly StepRecord[],
  variables: Readonly<Record<string, string>> = {},
  /** The listing the model read at a step (see `PromptListings`): a control is described as that listing showed it. */
  listingAt?: (step: number) => readonly ListedControl[] | undefined,
): CachedStep[] {
  const steps: CachedStep[] = [];
  for (const record of records) {
    const listing = listingAt?.(record.session_step);
    for (const action of record.actions) {
      if (action.result?.status !== 'success') continue;
      const reported = asObject(action.result.result);
      const target =
        action.function === WINDOW_TOOL
          ? windowOf(action.arguments, reported, variables)
          : (listedTarget(action.arguments, listing, variables) ?? targetOf(action.arguments, reported, variables));
      const { [CONTROL_ID_ARGUMENT]: _id, ...rest } = action.arguments;
      const effect = effectOf(reported, variables);
      steps.push(
        CachedStepSchema.parse({
          function: action.function,
          arguments: templateValues(target ? rest : action.arguments, variables),
          ...(target ? { target } : {}),
          ...(effect ? { effect } : {}),
        }),
      );
    }
  }
  return steps;
}

function targetOf(
  args: Record<string, unknown>,
  reported: Record<string, unknown> | undefined,
  variables: Readonly<Record<string, string>>,
): TargetDescription | undefined {
  if (typeof args[CONTROL_ID_ARGUMENT] !== 'string' || !reported) return undefined;
  const { role, name, label } = reported;
  if (typeof role !== 'string' || typeof name !== 'string') return undefined;
  return { role, name: toTemplate(name, variables), ...(typeof label === 'string' && label ? { label: toTemplate(label, variables) } : {}) };
}

/**
 * The control behind an action's id as the step's listing showed it, with which of its look-alikes it was (in
 * listing order, and how many there were) when the listing had several with its role, name and label.
 */
function listedTarget(
  args: Record<string, unknown>,
  listing: readonly ListedControl[] | undefined,
  variables: Readonly<Record<string, string>>,
): TargetDescription | undefined {
  const id = args[CONTROL_ID_ARGUMENT];
  const control = typeof id === 'string' ? listing?.find((c) => c.id === id) : undefined;
  if (!control?.type) return undefined;
  const alike = listing!.filter((c) => c.type === control.type && (c.name ?? '') === (control.name ?? '') && (c.label ?? '') === (control.label ?? ''));
  return {
    role: control.type,
    name: toTemplate(control.name ?? '', variables),
    ...(control.label ? { label: toTemplate(control.label, variables) } : {}),
    ...(alike.length > 1 ? { nth: alike.indexOf(control) + 1, of: alike.length } : {}),
  };
}

function windowOf(
  args: Record<string, unknown>,
  reported: Record<string, unknown> | undefined,
  variables: Readonly<Record<string, string>>,
): TargetDescription | undefined {
  const title = reported?.title ?? args.name;
  if (typeof args[CONTROL_ID_ARGUMENT] !== 'string' || typeof title !== 'string' || !title) return undefined;
  return { role: WINDOW_ROLE, name: toTemplate(title, variables) };
}

function effectOf(reported: Record<string, unknown> | undefined, variables: Readonly<Record<string, string>>): RecordedEffect | undefined {
  const effect = asObject(reported?.effect);
  if (!effect || typeof effect.changed !== 'boolean') return undefined;
  const changes = Array.isArray(effect.changes) ? effect.changes.filter((c): c is string => typeof c === 'string') : [];
  return { changed: effect.changed, changes: changes.map((c) => toTemplate(c, variables)) };
}

function asObject(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}
