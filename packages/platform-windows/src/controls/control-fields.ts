import { rectToLtrb } from '../geometry/rect.js';
import type { ControlEntry } from './control-registry.js';

/** Fields UFO's `get_control_info` knows, plus this package's additions. */
export const CONTROL_INFO_FIELDS = [
  'control_type',
  'control_id',
  'control_class',
  'control_name',
  'control_rect',
  'control_text',
  'control_title',
  'selected',
  'source',
  // additions
  'automation_id',
  'is_enabled',
  'runtime_id',
] as const;
export type ControlInfoField = (typeof CONTROL_INFO_FIELDS)[number];

/** The subset of a control record {@link controlInfo} reads (a control entry, or a window as a control). */
export interface ControlLike {
  controlType: string;
  name: string;
  automationId: string;
  className: string;
  rect: ControlEntry['rect'];
  selected: boolean | null;
  source: string;
  runtimeId: readonly number[];
  enabled?: boolean;
}

/**
 * UFO's `get_control_info(control, field_list)`: the requested fields (all known fields when the list is empty);
 * unknown field names are ignored, as in UFO. `control_rect` is `[left, top, right, bottom]` in screen pixels.
 */
export function controlInfo(control: ControlLike, fieldList: readonly string[] = []): Record<string, unknown> {
  const wanted = (field: ControlInfoField) => fieldList.length === 0 || fieldList.includes(field);
  const out: Record<string, unknown> = {};
  const put = (field: ControlInfoField, value: () => unknown) => {
    if (wanted(field)) out[field] = value();
  };
  put('control_type', () => control.controlType);
  put('control_id', () => control.automationId);
  put('control_class', () => control.className);
  put('control_name', () => control.name);
  put('control_rect', () => rectToLtrb(control.rect));
  put('control_text', () => control.name);
  put('control_title', () => control.name);
  put('selected', () => control.selected);
  put('source', () => control.source);
  put('automation_id', () => control.automationId);
  put('is_enabled', () => control.enabled ?? true);
  put('runtime_id', () => [...control.runtimeId]);
  return out;
}

/** UFO's TargetInfo of a control: what AppAgent reads and the annotation labels. */
export interface ControlTargetInfo {
  kind: 'control';
  id: string;
  name: string;
  type: string;
  rect: [number, number, number, number];
  source: string;
  /** Addition: the top-level window the control belongs to (the selected window or one of its owned dialogs). */
  window_handle: number;
}

/** The control as the agents' prompts list it (UFO's `get_app_window_controls_target_info` fields). */
export function controlTargetInfo(entry: ControlEntry): ControlTargetInfo {
  return {
    kind: 'control',
    id: entry.id,
    name: entry.name,
    type: entry.controlType,
    rect: rectToLtrb(entry.rect),
    source: entry.source,
    window_handle: entry.rootHwnd,
  };
}
