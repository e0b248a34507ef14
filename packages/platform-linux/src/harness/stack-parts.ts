// Starting the parts of the virtual desktop: Xvfb, a private session bus, the AT-SPI bus and a window manager.
import { connectDbus } from '../atspi/dbus-transport.js';
import { DesktopStartError } from '../errors.js';
import { waitFor } from '../util/wait.js';
import { XDisplay } from '../x11/x-display.js';
import { readFirstLine, spawnManaged, type ManagedProcess } from './managed-process.js';

/** Common inputs of the start functions. */
export interface PartOptions {
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
  log?: (line: string) => void;
}

function failed(part: string, proc: ManagedProcess, error: unknown): DesktopStartError {
  const tail = proc.stderrTail();
  return new DesktopStartError(`${part} did not start: ${(error as Error).message}${tail ? `\n${tail}` : ''}`, { cause: error });
}

/**
 * Starts Xvfb on a free display: Xvfb picks the number itself and writes it to fd 3 (`-displayfd`), so there is
 * no race with other X servers and no fixed `:99`.
 */
export async function startXvfb(
  options: PartOptions & { width: number; height: number; depth: number; binary?: string },
): Promise<{ process: ManagedProcess; display: string }> {
  const proc = spawnManaged(
    'Xvfb',
    options.binary ?? 'Xvfb',
    ['-displayfd', '3', '-screen', '0', `${options.width}x${options.height}x${options.depth}`, '-nolisten', 'tcp', '-noreset', '+extension', 'XTEST'],
    { env: options.env, extraStdio: ['pipe'], log: options.log },
  );
  try {
    const fd3 = proc.child.stdio[3] as NodeJS.ReadableStream | null;
    if (!fd3) throw new Error('no display pipe');
    const number = await readFirstLine(fd3, options.timeoutMs, 'the display number from Xvfb -displayfd', proc.exited);
    if (!/^\d+$/.test(number)) throw new Error(`unexpected display number "${number}"`);
    return { process: proc, display: `:${number}` };
  } catch (error) {
    await proc.stop(500);
    throw failed('Xvfb', proc, error);
  }
}

/** Starts a private D-Bus session bus in the foreground (so its pid is ours) and returns its address. */
export async function startSessionBus(options: PartOptions): Promise<{ process: ManagedProcess; address: string }> {
  const proc = spawnManaged('dbus-daemon', 'dbus-daemon', ['--session', '--nofork', '--nopidfile', '--print-address=1'], {
    env: options.env,
    pipeStdout: true,
    log: options.log,
  });
  try {
    if (!proc.child.stdout) throw new Error('no stdout');
    const address = await readFirstLine(proc.child.stdout, options.timeoutMs, 'the bus address from dbus-daemon', proc.exited);
    if (!address.startsWith('unix:')) throw new Error(`unexpected bus address "${address}"`);
    return { process: proc, address };
  } catch (error) {
    await proc.stop(500);
    throw failed('dbus-daemon', proc, error);
  }
}

/**
 * Starts the AT-SPI bus launcher with accessibility switched on (`--a11y=1` sets `org.a11y.Status.IsEnabled`, which
 * GTK 3 checks) and waits until it owns `org.a11y.Bus` and hands out the accessibility bus address. The name is
 * polled with NameHasOwner first: calling the launcher before it owns its name would D-Bus-activate a second one.
 */
export async function startAtspiBus(
  options: PartOptions & { sessionBusAddress: string; launcher?: string },
): Promise<{ process: ManagedProcess; atspiBusAddress: string }> {
  const proc = spawnManaged('at-spi-bus-launcher', options.launcher ?? '/usr/libexec/at-spi-bus-launcher', ['--launch-immediately', '--a11y=1'], {
    env: options.env,
    log: options.log,
  });
  const bus = await connectDbus({ address: options.sessionBusAddress, callTimeoutMs: options.timeoutMs }).catch(async (error: unknown) => {
    await proc.stop(500);
    throw failed('the session bus connection', proc, error);
  });
  try {
    await waitFor(
      async () => {
        if (!proc.running()) throw new Error('at-spi-bus-launcher exited');
        const [owned] = await bus.call({
          destination: 'org.freedesktop.DBus',
          path: '/org/freedesktop/DBus',
          interface: 'org.freedesktop.DBus',
          member: 'NameHasOwner',
          signature: 's',
          body: ['org.a11y.Bus'],
        });
        return owned === true;
      },
      { timeoutMs: options.timeoutMs, intervalMs: 10, what: 'org.a11y.Bus on the session bus' },
    );
    const [address] = await bus.call({ destination: 'org.a11y.Bus', path: '/org/a11y/bus', interface: 'org.a11y.Bus', member: 'GetAddress' });
    if (typeof address !== 'string' || !address.includes('unix:')) throw new Error(`unexpected accessibility bus address ${String(address)}`);
    return { process: proc, atspiBusAddress: address };
  } catch (error) {
    await proc.stop(1000);
    throw failed('the AT-SPI bus', proc, error);
  } finally {
    bus.close();
  }
}

/** Window managers the harness can start. */
export type WindowManagerKind = 'matchbox' | 'none';

/**
 * Starts a window manager so that windows get focus and EWMH properties (`_NET_CLIENT_LIST`, `_NET_ACTIVE_WINDOW`),
 * and waits until it announces itself on the root window. matchbox shows one maximised window at a time, without
 * title bars: screenshots and coordinates stay simple.
 */
export async function startWindowManager(options: PartOptions & { kind: WindowManagerKind; display: string }): Promise<ManagedProcess | undefined> {
  if (options.kind === 'none') return undefined;
  const proc = spawnManaged('matchbox-window-manager', 'matchbox-window-manager', ['-use_titlebar', 'no', '-use_cursor', 'no'], {
    env: options.env,
    log: options.log,
  });
  const xd = await XDisplay.open(options.display);
  try {
    await waitFor(
      async () => {
        if (!proc.running()) throw new Error('the window manager exited');
        return (await xd.cardinals(xd.root, '_NET_SUPPORTING_WM_CHECK'))?.[0];
      },
      { timeoutMs: options.timeoutMs, intervalMs: 10, what: '_NET_SUPPORTING_WM_CHECK on the root window' },
    );
    return proc;
  } catch (error) {
    await proc.stop(500);
    throw failed('matchbox-window-manager', proc, error);
  } finally {
    xd.close();
  }
}
