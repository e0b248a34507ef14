import type { XywhRect } from '../atspi/accessible-node.js';
import type { ControlRecord } from './control-ids.js';
import { DesktopSession } from './desktop-session.js';

/** A control as `get_controls` returns it. */
export interface ControlDetails {
  id: string;
  role: string;
  name: string;
  states: string[];
  rect: XywhRect | null;
  /** Id of the nearest listed ancestor. */
  parent: string | null;
  depth: number;
  /** AT-SPI action names (e.g. `click`). */
  actions?: string[];
  /** Text content (first 500 characters) of text controls. */
  text?: string;
  /** Current value of sliders, spin buttons, progress bars. */
  value?: number;
  /** The control accepts text (EditableText). */
  editable?: boolean;
  /** Caption of an unnamed input field (see `label_source`). */
  label?: string;
  /** `relation`: the toolkit's labelled-by relation; `inferred`: the nearest label beside or above the field. */
  label_source?: 'relation' | 'container' | 'inferred';
}

/** States a model needs to act well, in a fixed order; `disabled` stands for "neither enabled nor sensitive". */
const NOTABLE_STATES = [
  'disabled',
  'off-screen',
  'focused',
  'checked',
  'pressed',
  'indeterminate',
  'selected',
  'expanded',
  'editable',
  'read-only',
  'modal',
] as const;

/** Whether a state set says the control is disabled (greyed out): toolkits set `enabled`/`sensitive` on usable controls. */
export function isDisabled(states: readonly string[]): boolean {
  return !states.includes('enabled') && !states.includes('sensitive');
}

/**
 * The states worth showing a model, e.g. `["disabled"]`, `["checked", "focused"]` (`disabled` when the control
 * is neither enabled nor sensitive; `read-only` for editable-looking controls that are not; `off-screen` when a
 * listing found it scrolled out of its container's view).
 */
export function notableStates(states: readonly string[]): string[] {
  const have = new Set(states);
  if (isDisabled(states)) have.add('disabled');
  return NOTABLE_STATES.filter((s) => have.has(s));
}

/** The label fields of a record, as the tools return them. */
export function labelFields(record: Pick<ControlRecord, 'label' | 'labelSource'>): Pick<ControlDetails, 'label' | 'label_source'> {
  return record.label ? { label: record.label, label_source: record.labelSource ?? 'inferred' } : {};
}

const INTERESTING_STATES = new Set([
  'focused',
  'focusable',
  'checked',
  'pressed',
  'selected',
  'expanded',
  'collapsed',
  'editable',
  'sensitive',
  'enabled',
  'active',
  'modal',
  'multi-line',
  'read-only',
  'indeterminate',
  'visited',
  'has-popup',
  'off-screen',
]);

/** Reads actions, text and value of listed controls (pipelined). */
export async function describeControls(session: DesktopSession, records: readonly ControlRecord[], options: { details: boolean }): Promise<ControlDetails[]> {
  return Promise.all(
    records.map(async (r) => {
      const base: ControlDetails = {
        id: r.id,
        role: r.role,
        name: r.name,
        states: [...(isDisabled(r.states) ? ['disabled'] : []), ...r.states.filter((s) => INTERESTING_STATES.has(s))],
        rect: r.rect ?? null,
        parent: r.parent ?? null,
        depth: r.depth,
        ...labelFields(r),
      };
      if (!options.details) return base;
      const [actions, text, value] = await Promise.all([
        DesktopSession.implements(r, 'action')
          ? session.atspi
              .actions(r.ref)
              .then((a) => a.map((x) => x.name.toLowerCase()))
              .catch(() => undefined)
          : undefined,
        DesktopSession.implements(r, 'text')
          ? session.atspi
              .text(r.ref)
              .then((t) => t.slice(0, 500))
              .catch(() => undefined)
          : undefined,
        DesktopSession.implements(r, 'value') ? session.atspi.value(r.ref).catch(() => undefined) : undefined,
      ]);
      if (actions && actions.length > 0) base.actions = actions;
      if (text !== undefined) base.text = text;
      if (value !== undefined && Number.isFinite(value)) base.value = value;
      if (DesktopSession.implements(r, 'editableText')) base.editable = true;
      return base;
    }),
  );
}
