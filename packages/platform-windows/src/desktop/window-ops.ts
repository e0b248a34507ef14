import type { WindowRecord } from '../bridge/protocol.js';
import { NoWindowSelectedError, UFO_NO_WINDOW_SELECTED_MESSAGE, UnknownTargetIdError } from '../errors.js';
import { pythonList } from '../controls/control-registry.js';
import { filterDesktopWindows, labelWindows, relatedWindows } from '../windows/window-filter.js';
import { windowInfo, type WindowInfo } from '../windows/window-info.js';
import { isWindowGone, windowVanished } from './bridge-errors.js';
import type { DesktopContext } from './desktop-context.js';

/** One entry of `get_desktop_app_info` (UFO's shape, plus the process and owner). */
export interface DesktopAppInfo {
  id: string;
  name: string;
  type: string;
  kind: 'window';
  /** Addition: the executable (UFO's `root_name`). */
  process_name: string;
  /** Addition: the id of the window this one belongs to (dialogs), when that window is listed. */
  owner_id: string | null;
}

/** Lists the desktop's windows and labels them "1".."N" (UFO's `get_desktop_app_info`). */
export async function listDesktopWindows(ctx: DesktopContext, options: { removeEmpty?: boolean; refresh?: boolean } = {}): Promise<DesktopAppInfo[]> {
  const removeEmpty = options.removeEmpty ?? true;
  if (options.refresh === false && ctx.state.lastWindows && ctx.state.lastWindows.size > 0) {
    return describe(ctx.state.lastWindows);
  }
  const { windows } = await ctx.bridge.request('listWindows', {});
  const filtered = filterDesktopWindows(windows, { ...ctx.options.windowFilter, removeEmpty });
  ctx.state.lastWindows = labelWindows(filtered);
  return describe(ctx.state.lastWindows);
}

function describe(labels: Map<string, WindowRecord>): DesktopAppInfo[] {
  const idOfHwnd = new Map([...labels].map(([id, w]) => [w.hwnd, id]));
  return [...labels].map(([id, w]) => ({
    id,
    name: w.title,
    type: w.controlType,
    kind: 'window',
    process_name: w.processName,
    owner_id: idOfHwnd.get(w.ownerHwnd) ?? null,
  }));
}

/** What `select_application_window` returns (UFO's shape, plus a warning on a name mismatch). */
export interface SelectWindowResult {
  root_name: string;
  window_info: WindowInfo;
  warning?: string;
}

/**
 * Selects a listed window: checks it still exists, brings it to the foreground (optionally maximised) and
 * forgets the previous window's control ids.
 *
 * @throws UnknownTargetIdError when the id is not in the last listing; WindowVanishedError when it closed since.
 */
export async function selectWindow(ctx: DesktopContext, id: string, name: string): Promise<SelectWindowResult> {
  const labels = ctx.state.lastWindows;
  if (!labels || labels.size === 0) {
    throw new UnknownTargetIdError('WINDOW_ID_UNKNOWN', 'No application windows available. Please call get_desktop_app_info first.');
  }
  const listed = labels.get(id);
  if (!listed) {
    throw new UnknownTargetIdError('WINDOW_ID_UNKNOWN', `Window with id '${id}' not found. Available window ids: ${pythonList([...labels.keys()])}`);
  }
  let fresh: WindowRecord;
  try {
    ({ window: fresh } = await ctx.bridge.request('windowState', { hwnd: listed.hwnd }));
    const { foreground } = await ctx.bridge.request('focusWindow', {
      hwnd: listed.hwnd,
      maximize: ctx.options.maximizeOnSelect,
    });
    if (!foreground) fresh = { ...fresh, active: false };
  } catch (error) {
    if (isWindowGone(error)) throw windowVanished(listed.title, error);
    throw error;
  }
  ctx.state.selected = { window: fresh, label: id };
  ctx.state.roots = [fresh];
  ctx.state.controls.clear();
  const result: SelectWindowResult = { root_name: fresh.processName, window_info: windowInfo(fresh, id) };
  const warnings: string[] = [];
  if (name !== listed.title) {
    warnings.push(`The name of window id ${id} is ${listed.title}, but the name argument is ${name}. Window ${id}:${listed.title} was selected.`);
  }
  if (!fresh.active) warnings.push('Windows did not let the window come to the foreground; input may go elsewhere.');
  if (warnings.length > 0) result.warning = warnings.join(' ');
  return result;
}

/** The selected window as it is now. @throws NoWindowSelectedError, WindowVanishedError */
export async function freshSelectedWindow(ctx: DesktopContext): Promise<WindowRecord> {
  const selected = ctx.state.selected;
  if (!selected) throw new NoWindowSelectedError(UFO_NO_WINDOW_SELECTED_MESSAGE);
  try {
    const { window } = await ctx.bridge.request('windowState', { hwnd: selected.window.hwnd });
    ctx.state.selected = { ...selected, window };
    return window;
  } catch (error) {
    if (isWindowGone(error)) throw windowVanished(selected.window.title, error);
    throw error;
  }
}

/** The selected window plus the dialogs and popups that belong with it (when enabled). */
export async function windowsOfSelection(ctx: DesktopContext, selected: WindowRecord): Promise<WindowRecord[]> {
  if (!ctx.options.includeRelatedWindows) return [selected];
  const { windows } = await ctx.bridge.request('listWindows', {});
  return [selected, ...relatedWindows(selected, windows)];
}

/** Brings a window to the foreground before input; a vanished window becomes WindowVanishedError. */
export async function focusForInput(ctx: DesktopContext, hwnd: number, title: string): Promise<void> {
  try {
    await ctx.bridge.request('focusWindow', { hwnd, maximize: false });
  } catch (error) {
    if (isWindowGone(error)) throw windowVanished(title, error);
    throw error;
  }
}
