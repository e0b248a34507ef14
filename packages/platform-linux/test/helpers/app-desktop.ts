// Shared by the desktop suites: a private desktop with apps and the Linux tool servers, for one describe block.
import { afterAll, beforeAll, expect } from 'vitest';
import { startDesktop, type Desktop, type DesktopOptions } from '../../src/harness/desktop.js';
import type { LinuxToolServerOptions } from '../../src/server/create-linux-tool-server.js';
import { startLinuxServer, type LinuxServerFixture } from './linux-dispatcher.js';

/** One app to start, in order, before the suite's tests. */
export interface SuiteApp {
  /** Program name or path. */
  name: string;
  args?: string[];
  /** How long to wait for its window on the accessibility tree. Default 30000. */
  frameTimeoutMs?: number;
}

/** Options of {@link useAppDesktop}. */
export interface AppDesktopOptions {
  apps: SuiteApp[];
  /** Options of the desktop (window manager, size …). */
  desktop?: DesktopOptions;
  /** Options of the tool servers besides the desktop (default: no shell tool). */
  server?: Omit<LinuxToolServerOptions, 'desktop'>;
}

/** The suite's desktop and tool servers, set once `beforeAll` ran. */
export interface AppDesktop {
  readonly desktop: Desktop;
  readonly fixture: LinuxServerFixture;
}

/**
 * Starts a desktop, its apps and the Linux tool servers (over HTTP, through the real dispatcher) before the tests of
 * the enclosing `describe`, and stops them after, checking no process was left behind.
 */
export function useAppDesktop(options: AppDesktopOptions): AppDesktop {
  let desktop: Desktop | undefined;
  let fixture: LinuxServerFixture | undefined;
  beforeAll(async () => {
    desktop = await startDesktop(options.desktop);
    for (const app of options.apps) await desktop.launchApp(app.name, app.args).waitForFrame({ timeoutMs: app.frameTimeoutMs ?? 30_000 });
    fixture = await startLinuxServer({ shell: false, ...options.server, desktop });
  });
  afterAll(async () => {
    await fixture?.close();
    const report = await desktop?.stop();
    expect(report?.leftovers).toEqual([]);
  });
  return {
    get desktop() {
      if (!desktop) throw new Error('the suite desktop is not started yet');
      return desktop;
    },
    get fixture() {
      if (!fixture) throw new Error('the suite tool servers are not started yet');
      return fixture;
    },
  };
}
