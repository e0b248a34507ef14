import type { Rect } from '../atspi/accessible-node.js';
import type { ControlRecord } from './control-ids.js';
import { DesktopSession } from './desktop-session.js';

/** A control as `get_controls` returns it. */
export interface ControlDetails {
  id: string;
  role: string;
  name: string;
  states: string[];
  rect: Rect | null;
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
}

const INTERESTING_STATES = new Set([
  'focused', 'focusable', 'checked', 'pressed', 'selected', 'expanded', 'collapsed', 'editable', 'sensitive',
  'enabled', 'active', 'modal', 'multi-line', 'read-only', 'indeterminate', 'visited', 'has-popup',
]);

/** Reads actions, text and value of listed controls (pipelined). */
export async function describeControls(session: DesktopSession, records: readonly ControlRecord[], options: { details: boolean }): Promise<ControlDetails[]> {
  return Promise.all(
    records.map(async (r) => {
      const base: ControlDetails = {
        id: r.id,
        role: r.role,
        name: r.name,
        states: r.states.filter((s) => INTERESTING_STATES.has(s)),
        rect: r.rect ?? null,
        parent: r.parent ?? null,
        depth: r.depth,
      };
      if (!options.details) return base;
      const [actions, text, value] = await Promise.all([
        DesktopSession.implements(r, 'action') ? session.atspi.actions(r.ref).then((a) => a.map((x) => x.name.toLowerCase())).catch(() => undefined) : undefined,
        DesktopSession.implements(r, 'text') ? session.atspi.text(r.ref).then((t) => t.slice(0, 500)).catch(() => undefined) : undefined,
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
