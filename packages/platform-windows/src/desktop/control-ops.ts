import type { ElementRecord } from '../bridge/protocol.js';
import type { Rect } from '@ufo-ts/desktop-common';
import { filterControls } from '../controls/control-filter.js';
import type { ControlEntry } from '../controls/control-registry.js';
import { controlVanished, isElementGone, isWindowGone, windowVanished } from './bridge-errors.js';
import type { DesktopContext } from './desktop-context.js';
import { freshSelectedWindow, windowsOfSelection } from './window-ops.js';

/** Asks the bridge for the filtered controls of the selected window and its dialogs. */
async function snapshotSelection(ctx: DesktopContext): Promise<{ controls: ElementRecord[]; truncated: boolean }> {
  const selected = await freshSelectedWindow(ctx);
  const roots = await windowsOfSelection(ctx, selected);
  ctx.state.roots = roots;
  try {
    const snapshot = await ctx.bridge.request('snapshot', {
      hwnds: roots.map((w) => w.hwnd),
      controlTypes: [...ctx.options.controlTypes],
      onlyEnabled: true,
      onlyOnscreen: true,
      maxElements: ctx.options.maxControls,
    });
    const filtered = filterControls(snapshot.elements, {
      controlTypes: ctx.options.controlTypes,
      maxControls: ctx.options.maxControls,
    });
    return { controls: filtered.controls, truncated: filtered.truncated || snapshot.truncated };
  } catch (error) {
    if (isWindowGone(error)) throw windowVanished(selected.title, error);
    throw error;
  }
}

/**
 * Enumerates the controls of the selected window (and its dialogs) and labels them "1".."N": the ids the next
 * actions refer to (UFO's `get_app_window_controls_info`).
 */
export async function enumerateControls(ctx: DesktopContext): Promise<{ entries: ControlEntry[]; truncated: boolean }> {
  const { controls, truncated } = await snapshotSelection(ctx);
  return { entries: ctx.state.controls.replace(controls, ctx.bridge.generation), truncated };
}

/** Re-attaches the current labels to a fresh snapshot; throws if `id` is gone. */
async function rebound(ctx: DesktopContext, entry: ControlEntry, cause?: unknown): Promise<ControlEntry> {
  const { controls } = await snapshotSelection(ctx);
  const { vanished } = ctx.state.controls.rebind(controls, ctx.bridge.generation);
  if (vanished.includes(entry.id)) throw controlVanished(entry.id, entry.name, cause);
  return ctx.state.controls.get(entry.id);
}

/**
 * Runs a bridge call on a control's element. When the element went stale (the UI changed, or the bridge
 * restarted) the labels are re-attached to a fresh snapshot and the call is tried once more; a control that is
 * really gone becomes ControlVanishedError, a closed window WindowVanishedError.
 */
export async function withElement<T>(ctx: DesktopContext, entry: ControlEntry, call: (ref: string) => Promise<T>): Promise<T> {
  let current = ctx.state.controls.get(entry.id);
  if (current.ref === undefined) throw new Error(`control ${entry.id} has no UIA element (grounded control)`);
  if (current.generation !== ctx.bridge.generation) current = await rebound(ctx, current);
  try {
    return await call(current.ref as string);
  } catch (error) {
    if (isWindowGone(error)) throw windowVanished(ctx.state.selected?.window.title ?? '', error);
    if (!isElementGone(error)) throw error;
    current = await rebound(ctx, current, error);
    try {
      return await call(current.ref as string);
    } catch (again) {
      if (isElementGone(again)) throw controlVanished(entry.id, entry.name, again);
      if (isWindowGone(again)) throw windowVanished(ctx.state.selected?.window.title ?? '', again);
      throw again;
    }
  }
}

/** The control's rectangle right now (grounded controls keep the rectangle they were given). */
export async function currentRect(ctx: DesktopContext, entry: ControlEntry): Promise<Rect> {
  if (entry.ref === undefined) return entry.rect;
  const { element } = await withElement(ctx, entry, (ref) => ctx.bridge.request('elementInfo', { ref }));
  return element.rect;
}
