import type { TargetDescription } from './cached-run-schema.js';
import { fillTemplate } from './cache-variables.js';

/** One control of a listing as the desktop tools give it (`get_app_window_controls_target_info`). */
export interface ListedControl {
  id: string;
  /** The role (`push button`). */
  type?: string;
  name?: string;
  label?: string;
}

/** Why a cached step's control was not found again. */
export type TargetMiss = 'TARGET_NOT_FOUND' | 'TARGET_AMBIGUOUS';

/** A control found again, or why not. */
export type TargetResolution = { id: string } | { miss: TargetMiss; detail: string };

/** Names compare without case, repeated spaces or the difference between `...` and `…`. */
function normalize(text: string): string {
  return text
    .replace(/\.\.\./g, '…')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/**
 * Finds a cached step's control in a fresh listing: same role, same name (variables filled in) and same label (none
 * when none was recorded); the `nth` of several such (default: the only one), and only among as many as recorded (`of`). Several
 * such with no `nth`, or another number than recorded, is `TARGET_AMBIGUOUS`: choosing one could be a wrong action
 * no one sees.
 */
export function resolveTarget(
  target: TargetDescription,
  controls: readonly ListedControl[],
  variables: Readonly<Record<string, string>> = {},
): TargetResolution {
  const role = normalize(target.role);
  const name = normalize(fillTemplate(target.name, variables));
  // no label recorded means the control had none: an unnamed field is told from a captioned one
  const label = normalize(fillTemplate(target.label ?? '', variables));
  const matches = controls.filter((c) => normalize(c.type ?? '') === role && normalize(c.name ?? '') === name && normalize(c.label ?? '') === label);
  const described = describeTarget(target, variables);
  if (matches.length === 0) return { miss: 'TARGET_NOT_FOUND', detail: `no ${described} is listed` };
  if (target.nth === undefined && matches.length > 1) return { miss: 'TARGET_AMBIGUOUS', detail: `${matches.length} controls are ${described}` };
  // "the 2nd of 3 alike" means nothing among another number of alike controls
  if (target.of !== undefined && matches.length !== target.of)
    return { miss: 'TARGET_AMBIGUOUS', detail: `${matches.length} controls are ${described}, not ${target.of} as when recorded` };
  const found = matches[(target.nth ?? 1) - 1];
  return found ? { id: found.id } : { miss: 'TARGET_NOT_FOUND', detail: `only ${matches.length} ${described} listed, not a ${target.nth}th` };
}

/** A cached control as a person reads it: `push button "Save"`, or `text labelled "City"` for an unnamed field. */
export function describeTarget(target: TargetDescription, variables: Readonly<Record<string, string>> = {}): string {
  const name = fillTemplate(target.name, variables);
  if (name === '' && target.label) return `${target.role} labelled "${fillTemplate(target.label, variables)}"`;
  return `${target.role} "${name}"`;
}
