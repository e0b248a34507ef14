import type { ControlRecord } from './control-ids.js';

/** The control an action acted on, as the listing showed it: role, name and (for an unnamed field) its label. */
export interface ActedControl {
  role: string;
  name: string;
  /** The caption the listing gave an unnamed field (`labelled "…"`), when it gave one. */
  label?: string;
}

/**
 * How an action's result names its control, so a reader of the result (a log, an action cache recording the run)
 * knows what was acted on without the listing's ids, which change from listing to listing.
 */
export function actedControl(record: ControlRecord): ActedControl {
  return { role: record.role, name: record.name, ...(record.label ? { label: record.label } : {}) };
}
