import { readlinkSync } from 'node:fs';
import { basename } from 'node:path';
import type { AccessibleRef, XywhRect } from '../atspi/accessible-node.js';
import type { AtspiApplication, AtspiClient } from '../atspi/atspi-client.js';
import { activeWindow, listClientWindows, type XWindowInfo } from '../x11/window-list.js';
import type { XDisplay } from '../x11/x-display.js';

/** A top-level window as the tools report it. */
export interface WindowSummary {
  /** Window id (the X window id in decimal), valid while the window exists. */
  id: string;
  title: string;
  /** The application's program name, e.g. `gnome-calculator` (the engine's APPLICATION_ROOT_NAME). */
  root_name: string;
  pid: number | null;
  /** Screen rectangle. */
  rect: XywhRect;
  /** Whether the window has the input focus. */
  focused: boolean;
  /** Whether the window's application is on the accessibility tree (its controls can be listed). */
  accessible: boolean;
  /**
   * Whether that application answered in time. `false` means it is busy or blocked (e.g. in a modal dialog's nested
   * loop): its controls cannot be listed now, but pointer and keyboard input still reach it.
   */
  responding: boolean;
}

/** A window with what the session needs to act on it. */
export interface WindowTarget extends WindowSummary {
  windowId: number;
  /** The application on the AT-SPI bus, if found. */
  app: AtspiApplication | undefined;
}

/** The program name of a process, from /proc/<pid>/exe (not /proc/<pid>/comm, which is cut at 15 characters). */
export function programNameOfPid(pid: number | undefined): string | undefined {
  if (!pid) return undefined;
  try {
    return basename(readlinkSync(`/proc/${pid}/exe`)).replace(/ \(deleted\)$/, '');
  } catch {
    return undefined;
  }
}

function toTarget(window: XWindowInfo, apps: readonly AtspiApplication[], focused: number | undefined): WindowTarget {
  const app = window.pid === undefined ? undefined : apps.find((a) => a.pid === window.pid);
  const rootName = programNameOfPid(window.pid) ?? app?.name ?? window.instance ?? 'unknown';
  return {
    id: String(window.id),
    windowId: window.id,
    title: window.title,
    root_name: rootName,
    pid: window.pid ?? null,
    rect: window.geometry,
    focused: focused === window.id,
    accessible: app !== undefined,
    responding: app?.responding ?? false,
    app,
  };
}

/** The desktop's top-level windows joined with their AT-SPI applications (by pid). */
export async function listWindowTargets(atspi: AtspiClient, xd: XDisplay): Promise<WindowTarget[]> {
  const [windows, apps, focused] = await Promise.all([listClientWindows(xd), atspi.applications().catch(() => []), activeWindow(xd).catch(() => undefined)]);
  return windows.map((w) => toTarget(w, apps, focused));
}

const TOP_LEVEL_ROLES = new Set(['frame', 'window', 'dialog', 'alert', 'file chooser', 'popup menu', 'menu']);

/**
 * The accessible top-levels that belong to a window: the one whose name is the window title (else the first
 * showing frame), followed by the application's other showing dialogs, alerts and popups (a modal dialog is a
 * window of its own in X11 but part of the task at hand). A top-level named like one of the application's X windows
 * counts whatever its role: GTK 4.8 gives its file chooser dialog the role `filler`.
 */
export async function topLevelsForWindow(
  atspi: AtspiClient,
  app: AccessibleRef,
  title: string,
  appWindowTitles: readonly string[] = [],
): Promise<AccessibleRef[]> {
  const kids = await atspi.children(app);
  const described = await Promise.all(
    kids.map(async (ref) => {
      const [role, name, states] = await Promise.all([atspi.role(ref), atspi.name(ref), atspi.states(ref)]);
      return { ref, role, name, shown: states.includes('showing') || states.includes('visible') };
    }),
  );
  const titles = new Set([title, ...appWindowTitles].filter(Boolean));
  const candidates = described.filter((d) => d.shown && (TOP_LEVEL_ROLES.has(d.role) || titles.has(d.name)));
  const main = candidates.find((d) => d.name === title) ?? candidates.find((d) => d.role === 'frame') ?? candidates[0];
  if (!main) return [];
  const others = candidates.filter((d) => d !== main && d.role !== 'frame');
  return [main.ref, ...others.map((d) => d.ref)];
}

/** The JSON-safe summary of a window target. */
export function publicSummary(target: WindowTarget): WindowSummary {
  const { id, title, root_name, pid, rect, focused, accessible, responding } = target;
  return { id, title, root_name, pid, rect, focused, accessible, responding };
}
