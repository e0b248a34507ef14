// Shared by the desktop suites: skip (visibly) where no virtual desktop can run, and start one otherwise.
import { describe } from 'vitest';
import { checkDesktopAvailability } from '../../src/harness/desktop-availability.js';

/** `describe` for suites that need Xvfb and the given apps; skipped with the reason in the title otherwise. */
export function describeDesktop(name: string, apps: readonly string[], body: () => void): void {
  const availability = checkDesktopAvailability(apps);
  if (!availability.available) {
    process.stderr.write(`[platform-linux] skipping "${name}": ${availability.reason}\n`);
    describe.skip(`${name} (skipped: ${availability.reason})`, body);
    return;
  }
  describe(name, body);
}
