import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** Programs the desktop harness needs, with the Debian package that provides each. */
export const DESKTOP_REQUIREMENTS: readonly { program: string; debianPackage: string }[] = [
  { program: 'Xvfb', debianPackage: 'xvfb' },
  { program: 'dbus-daemon', debianPackage: 'dbus-daemon' },
  { program: '/usr/libexec/at-spi-bus-launcher', debianPackage: 'at-spi2-core' },
  { program: 'matchbox-window-manager', debianPackage: 'matchbox-window-manager' },
];

/** The test applications and their Debian packages. */
export const TEST_APPS: readonly { program: string; debianPackage: string }[] = [
  { program: 'gnome-calculator', debianPackage: 'gnome-calculator' },
  { program: 'galculator', debianPackage: 'galculator' },
  { program: 'mousepad', debianPackage: 'mousepad' },
];

/** Absolute path of an executable, searched in PATH (or checked as given when it contains a slash). */
export function findExecutable(program: string, path = process.env.PATH ?? '/usr/bin:/bin'): string | undefined {
  const candidates = program.includes('/')
    ? [program]
    : path
        .split(delimiter)
        .filter(Boolean)
        .map((dir) => join(dir, program));
  for (const candidate of candidates) {
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** Whether a virtual desktop can be started here, and if not, why. */
export interface DesktopAvailability {
  available: boolean;
  /** Debian packages whose programs are missing. */
  missingPackages: string[];
  /** A sentence for skip messages. */
  reason: string;
}

/** Checks that Linux and the harness's programs (optionally also the given apps) are present. */
export function checkDesktopAvailability(apps: readonly string[] = []): DesktopAvailability {
  if (process.platform !== 'linux') return { available: false, missingPackages: [], reason: `the desktop harness needs Linux (this is ${process.platform})` };
  const wanted = [...DESKTOP_REQUIREMENTS, ...apps.map((app) => TEST_APPS.find((t) => t.program === app) ?? { program: app, debianPackage: app })];
  const missing = wanted.filter((req) => !findExecutable(req.program, `${process.env.PATH ?? ''}${delimiter}/usr/bin${delimiter}/bin`));
  const missingPackages = [...new Set(missing.map((req) => req.debianPackage))];
  return {
    available: missing.length === 0,
    missingPackages,
    reason:
      missing.length === 0 ? 'ok' : `missing programs ${missing.map((m) => m.program).join(', ')} (install: apt-get install ${missingPackages.join(' ')})`,
  };
}
