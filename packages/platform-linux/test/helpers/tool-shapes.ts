// The shapes of the tool results the desktop suites read (the fields they use).

/** What an action changed (`effect` of the action tools). */
export interface Effect {
  changed: boolean;
  changes: string[];
}

/** A window as `list_windows` lists it. */
export interface WindowInfo {
  id: string;
  title: string;
  root_name: string;
  responding: boolean;
  accessible: boolean;
  rect: { x: number; y: number; width: number; height: number };
}

/** A control as `get_app_window_controls_target_info` lists it (the fields the suites read). */
export interface Target {
  kind: string;
  id: string;
  name: string;
  type: string;
  rect: [number, number, number, number];
  text?: string;
  formula?: string;
  states?: string[];
  source?: string;
  confidence?: number;
  label?: string;
  label_source?: string;
  value?: { current: number };
  rows?: number;
  columns?: number;
}
