import type { WindowRecord } from '../bridge/protocol.js';

/** Options of {@link filterDesktopWindows}. */
export interface WindowFilterOptions {
  /** Drop windows without a title and IME windows (UFO's `remove_empty`, default true). */
  removeEmpty?: boolean;
  /** Window classes never listed (default UFO's `IME`, `MSCTFIME UI`). */
  excludeClassNames?: readonly string[];
  /** Drop DWM-cloaked windows: suspended UWP frames and windows on other virtual desktops (default true). */
  dropCloaked?: boolean;
  /** Process ids never listed (e.g. the agent's own console). */
  excludePids?: readonly number[];
}

export const DEFAULT_EXCLUDED_WINDOW_CLASSES: readonly string[] = Object.freeze(['IME', 'MSCTFIME UI']);

/**
 * UFO's desktop window list (`get_desktop_windows`): top-level windows from EnumWindows in z-order, visible,
 * titled, not IME. Owned, modal and popup windows are top-level windows too, so they are listed.
 * Cloaked windows are dropped: they pass IsWindowVisible but nobody can see or click them.
 */
export function filterDesktopWindows(windows: readonly WindowRecord[], options: WindowFilterOptions = {}): WindowRecord[] {
  const removeEmpty = options.removeEmpty ?? true;
  const excluded = new Set(options.excludeClassNames ?? DEFAULT_EXCLUDED_WINDOW_CLASSES);
  const dropCloaked = options.dropCloaked ?? true;
  const excludedPids = new Set(options.excludePids ?? []);
  return windows.filter((w) => {
    if (!w.visible) return false;
    if (dropCloaked && w.cloaked) return false;
    if (excludedPids.has(w.pid)) return false;
    if (removeEmpty && (w.title === '' || excluded.has(w.className))) return false;
    return true;
  });
}

/**
 * The windows that belong with `selected` when enumerating its controls: windows it owns (directly or through
 * other owned windows: a dialog opened from a dialog) and popups of the same process (menus, flyouts, unowned
 * modal dialogs). UFO enumerated only the selected window's own subtree and missed modal dialogs. Result is
 * in z-order (topmost first), visible and not cloaked only.
 */
export function relatedWindows(selected: WindowRecord, windows: readonly WindowRecord[]): WindowRecord[] {
  const byHwnd = new Map(windows.map((w) => [w.hwnd, w]));
  const ownedBySelected = (w: WindowRecord): boolean => {
    let owner = w.ownerHwnd;
    for (let depth = 0; owner !== 0 && depth < 16; depth += 1) {
      if (owner === selected.hwnd) return true;
      owner = byHwnd.get(owner)?.ownerHwnd ?? 0;
    }
    return false;
  };
  return windows.filter(
    (w) => w.hwnd !== selected.hwnd && w.visible && !w.cloaked && (ownedBySelected(w) || (w.pid === selected.pid && w.popup && w.ownerHwnd === 0)),
  );
}

/** Labels "1".."N" in list order (UFO's `get_desktop_app_dict`). */
export function labelWindows(windows: readonly WindowRecord[]): Map<string, WindowRecord> {
  return new Map(windows.map((w, i) => [String(i + 1), w]));
}
