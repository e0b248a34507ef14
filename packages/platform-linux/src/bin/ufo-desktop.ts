#!/usr/bin/env node
// ufo-desktop: start a private virtual desktop (Xvfb + D-Bus + AT-SPI + window manager), check or set it up.
import { spawn, spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { checkDesktopAvailability, TEST_APPS } from '../harness/desktop-availability.js';
import { startDesktop } from '../harness/desktop.js';
import { fail, onTerminationSignal } from './cli-support.js';

const HELP = `Usage: ufo-desktop <command> [options]

Commands:
  check                      report whether the desktop programs and test apps are installed (exit 1 if not)
  setup                      install the missing Debian packages with apt-get (needs root)
  start [--launch APP]...    start a desktop, print its environment as JSON, run until SIGINT/SIGTERM
  run [--launch APP]... -- COMMAND [ARGS...]
                             start a desktop, run COMMAND inside it (DISPLAY, DBUS_SESSION_BUS_ADDRESS set),
                             stop the desktop when COMMAND exits, and exit with its code

Options of start and run:
  --width N --height N       screen size (default 1280x800)
  --wm matchbox|none         window manager (default matchbox)
  --verbose                  print the desktop processes' stderr
`;

function setup(): void {
  const availability = checkDesktopAvailability(TEST_APPS.map((a) => a.program));
  if (availability.available) {
    process.stderr.write('desktop packages present\n');
    return;
  }
  if (process.getuid?.() !== 0) throw new Error(`not root: install them yourself with apt-get install ${availability.missingPackages.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  if (update.status !== 0) throw new Error('apt-get update failed');
  const install = spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...availability.missingPackages], { stdio: 'inherit', env });
  if (install.status !== 0) throw new Error(`apt-get install failed for ${availability.missingPackages.join(' ')}`);
}

async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  if (!command || command === '-h' || command === '--help') {
    process.stdout.write(HELP);
    return;
  }
  if (command === 'check') {
    const availability = checkDesktopAvailability(TEST_APPS.map((a) => a.program));
    process.stdout.write(`${JSON.stringify(availability)}\n`);
    process.exitCode = availability.available ? 0 : 1;
    return;
  }
  if (command === 'setup') return setup();
  if (command !== 'start' && command !== 'run') throw new Error(`unknown command ${command}; see ufo-desktop --help`);
  const dashDash = rest.indexOf('--');
  const own = dashDash >= 0 ? rest.slice(0, dashDash) : rest;
  const child = dashDash >= 0 ? rest.slice(dashDash + 1) : [];
  const { values } = parseArgs({
    args: own,
    options: {
      width: { type: 'string', default: '1280' },
      height: { type: 'string', default: '800' },
      wm: { type: 'string', default: 'matchbox' },
      launch: { type: 'string', multiple: true },
      verbose: { type: 'boolean', default: false },
    },
  });
  if (command === 'run' && child.length === 0) throw new Error('run needs a command after --');
  const desktop = await startDesktop({
    width: Number(values.width),
    height: Number(values.height),
    windowManager: values.wm === 'none' ? 'none' : 'matchbox',
    log: values.verbose ? (line) => process.stderr.write(`${line}\n`) : undefined,
  });
  onTerminationSignal(() => desktop.stop());
  for (const app of values.launch ?? []) await desktop.launchApp(app).waitForFrame();
  if (command === 'start') {
    process.stdout.write(
      `${JSON.stringify({ DISPLAY: desktop.display, DBUS_SESSION_BUS_ADDRESS: desktop.sessionBusAddress, XDG_RUNTIME_DIR: desktop.runtimeDir, timings: desktop.timings })}\n`,
    );
    return; // runs until a signal
  }
  const proc = spawn(child[0]!, child.slice(1), { stdio: 'inherit', env: { ...desktop.env } });
  const code = await new Promise<number>((resolve) => {
    proc.once('error', (error) => {
      process.stderr.write(`cannot start ${child[0]}: ${error.message}\n`);
      resolve(127);
    });
    proc.once('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 128 : 1)));
  });
  await desktop.stop();
  process.exit(code);
}

main().catch(fail);
