import type { WindowRecord } from '../bridge/protocol.js';
import { rectToXywh } from '../geometry/rect.js';

/** UFO's WindowInfo (`aip.messages.WindowInfo`), returned by `select_application_window`. */
export interface WindowInfo {
  annotation_id: string | null;
  name: string;
  title: string;
  handle: number;
  class_name: string;
  process_id: number;
  is_visible: boolean;
  is_minimized: boolean;
  is_maximized: boolean;
  is_active: boolean;
  rectangle: { x: number; y: number; width: number; height: number };
  text_content: string;
  control_type: string;
}

/** UFO's WindowInfo of `window`, with the id it has in the annotated window list (or `null`). */
export function windowInfo(window: WindowRecord, annotationId: string | null): WindowInfo {
  return {
    annotation_id: annotationId,
    name: window.title,
    title: window.title,
    handle: window.hwnd,
    class_name: window.className,
    process_id: window.pid,
    is_visible: window.visible,
    is_minimized: window.minimized,
    is_maximized: window.maximized,
    is_active: window.active,
    rectangle: rectToXywh(window.rect),
    text_content: window.title,
    control_type: window.controlType,
  };
}

/** A window seen as a control (for `get_app_window_info(field_list)`). */
export function windowAsControl(window: WindowRecord) {
  return {
    controlType: window.controlType,
    name: window.title,
    automationId: '',
    className: window.className,
    rect: window.rect,
    selected: null,
    source: 'uia',
    runtimeId: [] as number[],
    enabled: window.enabled,
  };
}
