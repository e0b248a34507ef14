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
