import { existsSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AppLaunchError } from '../../src/errors.js';
import { DESKTOP_MARKER_ENV, startDesktop, type Desktop } from '../../src/harness/desktop.js';
import { processesWithEnv, processState } from '../../src/harness/process-scan.js';
import { listClientWindows } from '../../src/x11/window-list.js';
import { describeDesktop } from '../helpers/desktop-suite.js';
import { startLinuxServer } from '../helpers/linux-dispatcher.js';

describeDesktop('desktop harness', ['galculator'], () => {
  let desktop: Desktop;
  beforeAll(async () => {
    desktop = await startDesktop();
  });
  afterAll(async () => {
    await desktop?.stop();
  });

  it('starts Xvfb on a free display with a private session bus, AT-SPI bus and window manager', async () => {
    expect(desktop.display).toMatch(/^:\d+$/);
    expect(desktop.env.DISPLAY).toBe(desktop.display);
    expect(desktop.env.DBUS_SESSION_BUS_ADDRESS).toBe(desktop.sessionBusAddress);
    expect(desktop.sessionBusAddress).not.toBe(process.env.DBUS_SESSION_BUS_ADDRESS);
    expect(desktop.atspiBusAddress).toMatch(/^unix:/);
    const x = await desktop.xDisplay();
    expect([x.width, x.height]).toEqual([1280, 800]);
    expect(await x.cardinals(x.root, '_NET_SUPPORTING_WM_CHECK')).toBeDefined();
    const atspi = await desktop.atspi();
    expect(await atspi.applications()).toEqual([]);
    expect(desktop.processes().length).toBeGreaterThanOrEqual(4);
  });

  it('launches an app with accessibility on and waits for its frame', async () => {
    const app = desktop.launchApp('galculator');
    const frame = await app.waitForFrame();
    expect(frame.appName).toBe('galculator');
    expect(frame.title).toBe('galculator');
    expect(frame.pid).toBe(app.pid);
    const windows = await listClientWindows(await desktop.xDisplay());
    expect(windows.find((w) => w.id === frame.windowId)?.pid).toBe(app.pid);
    expect(frame.geometry.width).toBeGreaterThan(100);
  });

  it('reports a program that is missing or exits early as a launch error', async () => {
    await expect(desktop.launchApp('/nonexistent/program').waitForFrame({ timeoutMs: 10_000 })).rejects.toThrow(AppLaunchError);
    await expect(desktop.launchApp('/nonexistent/program').waitForFrame({ timeoutMs: 10_000 })).rejects.toThrow(/could not be started: .*ENOENT/);
    const started = performance.now();
    await expect(desktop.launchApp('false').waitForFrame({ timeoutMs: 10_000 })).rejects.toThrow(/exited \(code 1/);
    expect(performance.now() - started).toBeLessThan(9_000);
  });

  it('gives parallel desktops their own displays and buses', async () => {
    const other = await startDesktop({ windowManager: 'none', width: 640, height: 480 });
    try {
      expect(other.display).not.toBe(desktop.display);
      expect(other.sessionBusAddress).not.toBe(desktop.sessionBusAddress);
      expect((await other.xDisplay()).width).toBe(640);
      // an empty desktop: window tools fail clearly, screen tools work
      const fixture = await startLinuxServer({ desktop: other, shell: false });
      try {
        const controls = await fixture.run('get_controls');
        expect(controls.status).toBe('failure');
        expect(controls.error).toMatch(/no window is selected: call select_application_window/);
        expect((await fixture.ok<{ windows: unknown[] }>('list_windows')).windows).toEqual([]);
        expect((await fixture.ok<{ width: number }>('capture_desktop_screenshot')).width).toBe(640);
      } finally {
        await fixture.close();
      }
    } finally {
      expect((await other.stop()).leftovers).toEqual([]);
    }
  });

  it('stops everything and leaves no process behind', async () => {
    const pids = desktop.processes();
    const app = desktop.launchApp('galculator');
    await app.waitForFrame();
    const report = await desktop.stop();
    expect(report.leftovers).toEqual([]);
    expect(processesWithEnv(DESKTOP_MARKER_ENV, desktop.id)).toEqual([]);
    for (const pid of [...pids, app.pid!]) expect(processState(pid), `pid ${pid}`).not.toBe('running');
    expect(existsSync(desktop.runtimeDir)).toBe(false);
    expect(existsSync(`/tmp/.X11-unix/X${desktop.display.slice(1)}`)).toBe(false);
    expect(await desktop.stop()).toBe(report);
    expect(() => desktop.launchApp('galculator')).toThrow(/stopped/);
  });
});
