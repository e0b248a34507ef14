import { createCommand, type CommandDispatcher, type Result } from '@ufo-ts/core';
import { parseListedLine, targetsText, toTargetInfo, type ListedItem, type PromptListing } from '@ufo-ts/processor-strategies';

/** A rectangle in screen pixels: left, top, right, bottom. */
export type ScreenRect = [number, number, number, number];

/** A top-level window as the player sees it. */
export interface ScreenWindow extends ListedItem {
  focused: boolean;
  rect?: ScreenRect;
}

/** What the live accessibility tree shows at one moment: the windows, and the focused window's controls with where they are. */
export interface ScreenSnapshot {
  /** The controls (as a listing a reference resolves against) and the windows. */
  listing: PromptListing;
  windows: ScreenWindow[];
  /** The focused window, when there is one. */
  focused?: ScreenWindow;
  /** Where each listed control is on the screen, by its listed id. */
  rects: Map<string, ScreenRect>;
}

/** Reads a {@link ScreenSnapshot} of the live desktop (the reference player's eyes). */
export type ScreenLocate = () => Promise<ScreenSnapshot>;

/** Options of {@link dispatcherLocate}. */
export interface DispatcherLocateOptions {
  /** A dispatcher routed to the desktop's tool server (its own, not the agent's). */
  dispatcher: CommandDispatcher;
  /** The agent kind the dispatcher routes (default `LinuxAgent`). */
  agent?: string;
}

/**
 * A {@link ScreenLocate} over the Linux tool server's data tools: `list_windows` for the windows and the focused
 * one, `get_app_window_controls_target_info` for its controls (the listing a LinuxAgent's prompt shows, rendered and
 * read back the same way, so references resolve as they do against a prompt), with each control's rect. The
 * focused window is selected with `select_application_window` only when it changed since the last snapshot (it is
 * already focused, so nothing moves; re-raising it while a menu is open could cover the menu).
 *
 * @example
 * ```ts
 * const locate = dispatcherLocate({ dispatcher });
 * const { focused, listing } = await locate();
 * ```
 */
export function dispatcherLocate(options: DispatcherLocateOptions): ScreenLocate {
  const target = { agent: options.agent ?? 'LinuxAgent' };
  let selected: string | undefined;
  const run = async (tool: string, parameters: Record<string, unknown>, type: 'action' | 'data_collection'): Promise<Record<string, unknown>> => {
    const [result] = (await options.dispatcher.execute([createCommand(tool, parameters, type)], { target })) as Result[];
    if (!result || result.status !== 'success') throw new Error(`${tool} failed: ${result?.error ?? 'no result'}`);
    return result.result as Record<string, unknown>;
  };
  return async () => {
    const listed = ((await run('list_windows', {}, 'data_collection')).windows ?? []) as Array<Record<string, unknown>>;
    const windows = listed.map(windowItem);
    const focused = windows.find((w) => w.focused);
    const controls: ListedItem[] = [];
    const rects = new Map<string, ScreenRect>();
    if (focused) {
      if (selected !== focused.id) {
        await run('select_application_window', { id: focused.id, name: focused.name }, 'action');
        selected = focused.id;
      }
      const raw = ((await run('get_app_window_controls_target_info', {}, 'data_collection')).controls ?? []) as unknown[];
      raw.forEach((entry, i) => {
        const info = toTargetInfo(entry, 'control', i);
        if (!info) return;
        const item = parseListedLine(targetsText([info]));
        if (!item) return;
        controls.push(item);
        if (info.rect) rects.set(item.id, info.rect);
      });
    }
    return { listing: { controls, windows, text: '', lastActionFailed: false }, windows, ...(focused ? { focused } : {}), rects };
  };
}

function windowItem(raw: Record<string, unknown>): ScreenWindow {
  const id = String(raw.id ?? '');
  const name = String(raw.title ?? '');
  const role = String(raw.root_name ?? '');
  const r = raw.rect as { x?: number; y?: number; width?: number; height?: number } | undefined;
  const rect: ScreenRect | undefined =
    r && [r.x, r.y, r.width, r.height].every((n) => typeof n === 'number') ? [r.x!, r.y!, r.x! + r.width!, r.y! + r.height!] : undefined;
  return { id, role, name, rest: '', states: [], line: `[${id}] ${role} ${JSON.stringify(name)}`, focused: raw.focused === true, ...(rect ? { rect } : {}) };
}

/** The centre of the part of a rect that is on a screen of that size, in screen pixels. */
export function visibleCentre(rect: ScreenRect, screen: { width: number; height: number }): { x: number; y: number } {
  const left = Math.max(0, rect[0]);
  const top = Math.max(0, rect[1]);
  const right = Math.min(screen.width, rect[2]);
  const bottom = Math.min(screen.height, rect[3]);
  return { x: Math.round((left + Math.max(left, right)) / 2), y: Math.round((top + Math.max(top, bottom)) / 2) };
}
