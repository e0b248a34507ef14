import { AppLaunchError, AppNotAllowedError, WindowNotFoundError } from '../errors.js';
import { createAppHandle } from '../harness/app-launch.js';
import { findExecutable } from '../harness/desktop-availability.js';
import { spawnManaged } from '../harness/managed-process.js';
import { sleep } from '../util/wait.js';
import { requestWindowClose, windowExists } from '../x11/window-list.js';
import type { AppAllowList } from './app-allow-list.js';
import type { DesktopSession } from './desktop-session.js';
import { publicSummary } from './window-catalog.js';
import type { WindowSummary } from './window-catalog.js';

/** Options of {@link launchAllowedApp}. */
export interface LaunchAllowedAppOptions {
  allowList: AppAllowList;
  /** Environment of the launched app (the desktop's DISPLAY, DBUS_SESSION_BUS_ADDRESS, …). */
  env: NodeJS.ProcessEnv;
  /** How long to wait for its window. Default 20000 ms. */
  timeoutMs?: number;
}

/** Starts an allow-listed application (argv, no shell) and waits for its window. */
export async function launchAllowedApp(session: DesktopSession, name: string, options: LaunchAllowedAppOptions): Promise<WindowSummary> {
  const entry = options.allowList.find((app) => app.name === name.trim());
  if (!entry) {
    throw new AppNotAllowedError(`"${name}" is not an allowed application; allowed: ${options.allowList.map((a) => a.name).join(', ') || 'none'}`);
  }
  const executable = findExecutable(entry.command, options.env.PATH ?? process.env.PATH);
  if (!executable) throw new AppLaunchError(`${entry.name}: program ${entry.command} is not installed`);
  const proc = spawnManaged(entry.name, executable, entry.args, { env: options.env });
  proc.child.unref();
  const handle = createAppHandle({ command: executable, process: proc, atspi: async () => session.atspi, xDisplay: async () => session.x });
  const frame = await handle.waitForFrame({ timeoutMs: options.timeoutMs });
  const window = (await session.listWindows()).find((w) => w.windowId === frame.windowId);
  if (!window) throw new AppLaunchError(`${entry.name} opened a window that closed again`);
  return publicSummary(window);
}

/**
 * Asks a window (default: the selected one) to close, as its close button would, and waits up to 3 s for it to
 * go. An application may keep it open (e.g. to ask about unsaved changes): then `closed` is false.
 */
export async function closeWindow(
  session: DesktopSession,
  options: { id?: string; force?: boolean } = {},
): Promise<{ id: string; closed: boolean; note?: string }> {
  let windowId: number;
  if (options.id !== undefined) {
    windowId = Number(options.id);
    if (!Number.isInteger(windowId) || !(await windowExists(session.x, windowId))) {
      throw new WindowNotFoundError(`no window with id "${options.id}": list the windows first`);
    }
  } else {
    windowId = (await session.requireSelected()).target.windowId;
  }
  await requestWindowClose(session.x, windowId, options.force ?? false);
  for (let waited = 0; waited < 3000; waited += 50) {
    if (!(await windowExists(session.x, windowId))) return { id: String(windowId), closed: true };
    await sleep(50);
  }
  return {
    id: String(windowId),
    closed: false,
    note: 'the window is still open: the application may be asking something (e.g. to save changes); list the windows and look at the screen',
  };
}
