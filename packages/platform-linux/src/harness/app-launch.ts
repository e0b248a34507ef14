import { basename } from 'node:path';
import type { AccessibleRef, XywhRect } from '../atspi/accessible-node.js';
import type { AtspiClient } from '../atspi/atspi-client.js';
import { AppLaunchError, AppNotReadyError } from '../errors.js';
import { waitFor, WaitTimeoutError } from '../util/wait.js';
import { listClientWindows } from '../x11/window-list.js';
import type { XDisplay } from '../x11/x-display.js';
import type { ManagedProcess, ProcessExit } from './managed-process.js';
import { processFamily } from './process-scan.js';

/** An application's first window, once it is on the accessibility tree and mapped on screen. */
export interface AppFrame {
  /** Accessible name of the application (for GTK apps the program name, e.g. `gnome-calculator`). */
  appName: string;
  pid: number;
  /** Window title. */
  title: string;
  /** X window id. */
  windowId: number;
  /** Window position and size on screen. */
  geometry: XywhRect;
  /** The frame's accessible object. */
  frame: AccessibleRef;
}

/** Options of {@link AppHandle.waitForFrame}. */
export interface WaitForFrameOptions {
  /** Default 20000 ms (gnome-calculator takes ~1 s on an idle machine, several on a loaded one). */
  timeoutMs?: number;
}

/** An application's window as X shows it (for apps with no accessibility tree). */
export interface LaunchedAppWindow {
  /** The process id the window names (`_NET_WM_PID`), when it names one (xcalc does not). */
  pid: number | undefined;
  title: string;
  /** X window id. */
  windowId: number;
  /** Window position and size on screen. */
  geometry: XywhRect;
}

/** Options of {@link AppHandle.waitForWindow}. */
export interface WaitForWindowOptions {
  /**
   * The window's title contains this text. Default: the window names the app's process id (`_NET_WM_PID`); X
   * toolkit programs name none, so give their title.
   */
  title?: string;
  /** Default 20000 ms. */
  timeoutMs?: number;
}

/** An application started by the harness. */
export interface AppHandle {
  /** The command it was started with. */
  readonly command: string;
  readonly pid: number | undefined;
  /** Resolves when its first window is on the AT-SPI tree (frame showing or visible) and mapped as an X window. */
  waitForFrame(options?: WaitForFrameOptions): Promise<AppFrame>;
  /**
   * Resolves when a window of the app is mapped on screen, as X shows it: for apps with no accessibility tree (X
   * toolkit and Tk programs), whose frame never comes on the accessibility tree.
   *
   * @example
   * ```ts
   * const window = await desktop.launchApp('xcalc').waitForWindow({ title: 'Calculator' });
   * ```
   */
  waitForWindow(options?: WaitForWindowOptions): Promise<LaunchedAppWindow>;
  /** Whether the process is still running. */
  running(): boolean;
  /** Terminates the application (SIGTERM, then SIGKILL). */
  stop(): Promise<void>;
}

const FRAME_ROLES = new Set(['frame', 'window', 'dialog', 'alert', 'file chooser']);

/** Dependencies of {@link createAppHandle}. */
export interface AppHandleDeps {
  command: string;
  process: ManagedProcess;
  atspi: () => Promise<AtspiClient>;
  xDisplay: () => Promise<XDisplay>;
}

/** Wraps a launched process with the frame-wait logic. */
export function createAppHandle(deps: AppHandleDeps): AppHandle {
  const { process: proc, command } = deps;
  const programName = basename(command);
  let exitedEarly: ProcessExit | undefined;
  void proc.exited.then((exit) => {
    exitedEarly = exit;
  });

  const probe = async (atspi: AtspiClient, xd: XDisplay): Promise<AppFrame | undefined> => {
    if (exitedEarly?.error) throw new AppLaunchError(`${command} could not be started: ${exitedEarly.error.message}`, { cause: exitedEarly.error });
    if (exitedEarly && exitedEarly.code !== 0) {
      throw new AppLaunchError(
        `${command} exited (code ${exitedEarly.code}, signal ${exitedEarly.signal}) before showing a window${proc.stderrTail() ? `:\n${proc.stderrTail()}` : ''}`,
      );
    }
    const apps = await atspi.applications();
    const family = proc.pid === undefined ? new Set<number>() : processFamily(proc.pid);
    // A single-instance app (GApplication) may hand over to an instance already running and exit 0: match by name then.
    const app = apps.find((a) => a.pid !== undefined && family.has(a.pid)) ?? (exitedEarly ? apps.find((a) => a.name === programName) : undefined);
    if (!app) return undefined;
    for (const ref of await atspi.children(app)) {
      const [role, states] = await Promise.all([atspi.role(ref), atspi.states(ref)]);
      if (!FRAME_ROLES.has(role) || !(states.includes('showing') || states.includes('visible'))) continue;
      const title = await atspi.name(ref);
      const windows = await listClientWindows(xd);
      const window = windows.find((w) => w.pid === app.pid && w.title === title) ?? windows.find((w) => w.pid === app.pid);
      if (!window) return undefined;
      return { appName: app.name, pid: app.pid ?? window.pid ?? 0, title, windowId: window.id, geometry: window.geometry, frame: ref };
    }
    return undefined;
  };

  const exitedError = (): AppLaunchError | undefined => {
    if (exitedEarly?.error) return new AppLaunchError(`${command} could not be started: ${exitedEarly.error.message}`, { cause: exitedEarly.error });
    if (exitedEarly)
      return new AppLaunchError(
        `${command} exited (code ${exitedEarly.code}, signal ${exitedEarly.signal}) before showing a window${proc.stderrTail() ? `:\n${proc.stderrTail()}` : ''}`,
      );
    return undefined;
  };

  return {
    command,
    pid: proc.pid,
    running: () => proc.running(),
    async waitForWindow(options = {}) {
      const timeoutMs = options.timeoutMs ?? 20_000;
      const xd = await deps.xDisplay();
      try {
        return await waitFor(
          async () => {
            const family = proc.pid === undefined ? new Set<number>() : processFamily(proc.pid);
            const matches = (w: { pid: number | undefined; title: string }): boolean =>
              options.title === undefined ? w.pid !== undefined && family.has(w.pid) : w.title.includes(options.title);
            const window = (await listClientWindows(xd)).find(matches);
            if (window) return { pid: window.pid, title: window.title, windowId: window.id, geometry: window.geometry };
            const exited = exitedError();
            if (exited) throw exited;
            return undefined;
          },
          { timeoutMs, intervalMs: 50, what: `a window of ${command}`, fatal: (error) => error instanceof AppLaunchError },
        );
      } catch (error) {
        if (error instanceof WaitTimeoutError) {
          throw new AppNotReadyError(
            `${command} showed no window${options.title === undefined ? '' : ` titled "…${options.title}…"`} within ${timeoutMs} ms${proc.stderrTail() ? `; its stderr:\n${proc.stderrTail()}` : ''}`,
            { cause: error },
          );
        }
        throw error;
      }
    },
    stop: () => proc.stop(),
    async waitForFrame(options = {}) {
      const timeoutMs = options.timeoutMs ?? 20_000;
      const [atspi, xd] = await Promise.all([deps.atspi(), deps.xDisplay()]);
      try {
        return await waitFor(() => probe(atspi, xd), {
          timeoutMs,
          intervalMs: 50,
          what: `a window of ${command}`,
          fatal: (error) => error instanceof AppLaunchError,
        });
      } catch (error) {
        if (error instanceof WaitTimeoutError) {
          throw new AppNotReadyError(
            `${command} showed no window on the accessibility tree within ${timeoutMs} ms${proc.stderrTail() ? `; its stderr:\n${proc.stderrTail()}` : ''}`,
            { cause: error },
          );
        }
        throw error;
      }
    },
  };
}
