import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AtspiClient } from '../atspi/atspi-client.js';
import { DesktopStartError, DesktopStoppedError } from '../errors.js';
import { sleep } from '../util/wait.js';
import { XDisplay } from '../x11/x-display.js';
import { createAppHandle, type AppHandle } from './app-launch.js';
import { spawnManaged, type ManagedProcess } from './managed-process.js';
import { processesWithEnv, processState, signalPids } from './process-scan.js';
import { startAtspiBus, startSessionBus, startWindowManager, startXvfb, type WindowManagerKind } from './stack-parts.js';

/** Environment variable every process of one desktop carries, so the harness can find (and stop) all of them. */
export const DESKTOP_MARKER_ENV = 'UFO_DESKTOP_ID';

/** Options of {@link startDesktop}. */
export interface DesktopOptions {
  /** Screen width in pixels. Default 1280. */
  width?: number;
  /** Screen height in pixels. Default 800. */
  height?: number;
  /** Colour depth. Default 24. */
  depth?: number;
  /** Window manager: `matchbox` (default; maximised windows, no title bars) or `none`. */
  windowManager?: WindowManagerKind;
  /** Receives the stderr lines of the desktop's processes (silent by default). */
  log?: (line: string) => void;
  /** Time allowed for each part to come up, in milliseconds. Default 15000. */
  startTimeoutMs?: number;
  /** Kill the desktop's processes if this Node process exits without calling `stop()`. Default true. */
  killOnExit?: boolean;
  /** Extra environment variables for every process of the desktop (and the apps). */
  env?: Record<string, string>;
}

/** Options of {@link Desktop.launchApp}. */
export interface LaunchAppOptions {
  /** Extra environment variables for this app. */
  env?: Record<string, string>;
  /** Working directory. Default: the desktop's home folder. */
  cwd?: string;
}

/** What {@link Desktop.stop} left behind. */
export interface StopReport {
  /** Pids of the desktop's processes still running after the stop (should be empty). */
  leftovers: number[];
  durationMs: number;
}

/** A running virtual desktop: Xvfb + private session bus + AT-SPI bus + window manager. */
export interface Desktop {
  /** X display name, e.g. `:3`. */
  readonly display: string;
  /** Environment for programs that should run inside this desktop (DISPLAY, DBUS_SESSION_BUS_ADDRESS, …). */
  readonly env: Readonly<Record<string, string>>;
  readonly sessionBusAddress: string;
  /** Address of the accessibility bus. */
  readonly atspiBusAddress: string;
  /** Private XDG_RUNTIME_DIR (also holds the apps' config and home), removed by `stop()`. */
  readonly runtimeDir: string;
  /** Value of {@link DESKTOP_MARKER_ENV} in every process of this desktop. */
  readonly id: string;
  readonly width: number;
  readonly height: number;
  /** Start-up time of each part, in milliseconds. */
  readonly timings: Readonly<Record<string, number>>;
  /** Starts a program inside the desktop with accessibility on. `command` is a program name or absolute path. */
  launchApp(command: string, args?: readonly string[], options?: LaunchAppOptions): AppHandle;
  /** The desktop's shared AT-SPI client (connected on first use, closed by `stop()`). */
  atspi(): Promise<AtspiClient>;
  /** The desktop's shared X connection (opened on first use, closed by `stop()`). */
  xDisplay(): Promise<XDisplay>;
  /** Pids of every running process of this desktop (spawned by the harness or activated by D-Bus). */
  processes(): number[];
  /** Stops everything: apps, window manager, AT-SPI, D-Bus, Xvfb; waits until no process is left. Idempotent. */
  stop(): Promise<StopReport>;
}

function buildEnv(runtimeDir: string, id: string, extra: Record<string, string> | undefined): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined) env[key] = value;
  for (const key of [
    'DBUS_SESSION_BUS_ADDRESS',
    'AT_SPI_BUS_ADDRESS',
    'NO_AT_BRIDGE',
    'WAYLAND_DISPLAY',
    'XAUTHORITY',
    'DISPLAY',
    'SESSION_MANAGER',
    'XDG_CURRENT_DESKTOP',
  ]) {
    delete env[key];
  }
  for (const dir of ['home', 'config', 'data', 'cache', 'state']) mkdirSync(join(runtimeDir, dir), { recursive: true, mode: 0o700 });
  Object.assign(env, {
    [DESKTOP_MARKER_ENV]: id,
    XDG_RUNTIME_DIR: runtimeDir,
    XDG_CONFIG_HOME: join(runtimeDir, 'config'),
    XDG_DATA_HOME: join(runtimeDir, 'data'),
    XDG_CACHE_HOME: join(runtimeDir, 'cache'),
    XDG_STATE_HOME: join(runtimeDir, 'state'),
    XDG_SESSION_TYPE: 'x11',
    GDK_BACKEND: 'x11',
    GSETTINGS_BACKEND: 'memory', // no dconf-service
    GIO_USE_VFS: 'local', // no gvfs daemons
    GTK_USE_PORTAL: '0',
    GTK_A11Y: 'atspi', // GTK 4: the AT-SPI backend
    GSK_RENDERER: 'cairo', // GTK 4: draw with cairo; on Xvfb the GL renderer is emulated on the CPU, several times slower
    QT_LINUX_ACCESSIBILITY_ALWAYS_ON: '1',
    QT_ACCESSIBILITY: '1',
    SAL_USE_VCLPLUGIN: 'gtk3', // LibreOffice: its GTK 3 plugin is the one with AT-SPI accessibility
    NO_AT_ACCESSIBILITY_WARNINGS: '1',
    LANG: env.LANG && env.LANG !== 'C' && env.LANG !== 'POSIX' ? env.LANG : 'C.UTF-8',
  });
  env.HOME = join(runtimeDir, 'home');
  Object.assign(env, extra ?? {});
  return env;
}

/**
 * Starts a private virtual desktop: Xvfb on a free display, a private D-Bus session bus, the AT-SPI bus (with
 * accessibility enabled) and a window manager. Every process carries a marker variable and is stopped by `stop()`.
 */
export async function startDesktop(options: DesktopOptions = {}): Promise<Desktop> {
  const width = options.width ?? 1280;
  const height = options.height ?? 800;
  const timeoutMs = options.startTimeoutMs ?? 15_000;
  const log = options.log;
  const id = randomUUID();
  const runtimeDir = mkdtempSync(join(tmpdir(), 'ufo-desktop-'));
  const baseEnv = buildEnv(runtimeDir, id, options.env);
  const children: ManagedProcess[] = [];
  const timings: Record<string, number> = {};
  const t0 = performance.now();
  const mark = (part: string, since: number): void => {
    timings[part] = Math.round((performance.now() - since) * 10) / 10;
  };

  const killNow = (): void => {
    signalPids(
      children.filter((c) => c.running() && c.pid !== undefined).map((c) => c.pid!),
      'SIGTERM',
    );
    signalPids(processesWithEnv(DESKTOP_MARKER_ENV, id), 'SIGKILL');
    try {
      rmSync(runtimeDir, { recursive: true, force: true });
    } catch {
      // best effort at exit
    }
  };
  if (options.killOnExit !== false) process.once('exit', killNow);

  let env: Record<string, string>;
  let sessionBusAddress: string;
  let atspiBusAddress: string;
  let display: string;
  try {
    let t = performance.now();
    const xvfb = await startXvfb({ env: baseEnv, timeoutMs, log, width, height, depth: options.depth ?? 24 });
    children.push(xvfb.process);
    display = xvfb.display;
    mark('xvfb', t);
    t = performance.now();
    const bus = await startSessionBus({ env: { ...baseEnv, DISPLAY: display }, timeoutMs, log });
    children.push(bus.process);
    sessionBusAddress = bus.address;
    env = { ...baseEnv, DISPLAY: display, DBUS_SESSION_BUS_ADDRESS: sessionBusAddress };
    mark('sessionBus', t);
    t = performance.now();
    const atspiBus = await startAtspiBus({ env, timeoutMs, log, sessionBusAddress });
    children.push(atspiBus.process);
    atspiBusAddress = atspiBus.atspiBusAddress;
    mark('atspiBus', t);
    t = performance.now();
    const wm = await startWindowManager({ env, timeoutMs, log, kind: options.windowManager ?? 'matchbox', display });
    if (wm) children.push(wm);
    mark('windowManager', t);
    mark('total', t0);
  } catch (error) {
    await stopAll(children, id);
    process.off('exit', killNow);
    rmSync(runtimeDir, { recursive: true, force: true });
    throw error instanceof DesktopStartError ? error : new DesktopStartError(`the desktop did not start: ${(error as Error).message}`, { cause: error });
  }

  let atspiClient: Promise<AtspiClient> | undefined;
  let xConnection: Promise<XDisplay> | undefined;
  let stopped: Promise<StopReport> | undefined;
  const apps: ManagedProcess[] = [];

  const desktop: Desktop = {
    display,
    env,
    sessionBusAddress,
    atspiBusAddress,
    runtimeDir,
    id,
    width,
    height,
    timings,
    launchApp(command, args = [], launchOptions = {}) {
      if (stopped) throw new DesktopStoppedError();
      const proc = spawnManaged(command, command, args, { env: { ...env, ...launchOptions.env }, log, cwd: launchOptions.cwd ?? env.HOME });
      apps.push(proc);
      return createAppHandle({ command, process: proc, atspi: () => desktop.atspi(), xDisplay: () => desktop.xDisplay() });
    },
    atspi() {
      if (stopped) return Promise.reject(new DesktopStoppedError());
      atspiClient ??= AtspiClient.connect({ sessionBusAddress });
      atspiClient.catch(() => {
        atspiClient = undefined;
      });
      return atspiClient;
    },
    xDisplay() {
      if (stopped) return Promise.reject(new DesktopStoppedError());
      xConnection ??= XDisplay.open(display);
      xConnection.catch(() => {
        xConnection = undefined;
      });
      return xConnection;
    },
    processes() {
      const tracked = [...children, ...apps].filter((c) => c.running() && c.pid !== undefined).map((c) => c.pid!);
      return [...new Set([...tracked, ...processesWithEnv(DESKTOP_MARKER_ENV, id)])];
    },
    stop() {
      stopped ??= (async () => {
        const started = performance.now();
        await atspiClient?.then((c) => c.close()).catch(() => undefined);
        await xConnection?.then((x) => x.close()).catch(() => undefined);
        const leftovers = await stopAll([...children, ...apps], id);
        process.off('exit', killNow);
        rmSync(runtimeDir, { recursive: true, force: true });
        return { leftovers, durationMs: Math.round(performance.now() - started) };
      })();
      return stopped;
    },
  };
  return desktop;
}

/**
 * Stops processes in reverse start order (apps, window manager, AT-SPI, D-Bus, Xvfb), then everything else that
 * carries the desktop's marker (D-Bus-activated services such as at-spi2-registryd), and waits until they are
 * gone. Processes reparented to init linger as zombies for a moment after they exit; a zombie is not running.
 */
async function stopAll(processes: readonly ManagedProcess[], id: string): Promise<number[]> {
  const known = new Set<number>(processesWithEnv(DESKTOP_MARKER_ENV, id));
  for (const p of processes) if (p.pid !== undefined) known.add(p.pid);
  for (const p of [...processes].reverse()) {
    // SIGTERM first: at-spi-bus-launcher must live long enough to stop its own dbus-daemon.
    await p.stop(2000);
    for (const pid of processesWithEnv(DESKTOP_MARKER_ENV, id)) known.add(pid);
  }
  signalPids(processesWithEnv(DESKTOP_MARKER_ENV, id), 'SIGTERM');
  const deadline = performance.now() + 5000;
  let running: number[] = [];
  for (;;) {
    for (const pid of processesWithEnv(DESKTOP_MARKER_ENV, id)) known.add(pid);
    running = [...known].filter((pid) => processState(pid) === 'running');
    if (running.length === 0 || performance.now() > deadline) break;
    if (performance.now() > deadline - 3000) signalPids(running, 'SIGKILL');
    await sleep(25);
  }
  return running;
}
