// An action's effect that shows late (an app on a busy machine): it is reported as a change, not as "no visible
// change" — which would send a model to repeat the action.
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startDesktop, type Desktop } from '../../src/harness/desktop.js';
import { describeDesktop } from '../helpers/desktop-suite.js';
import { startLinuxServer, type LinuxServerFixture } from '../helpers/linux-dispatcher.js';
import type { WindowInfo } from '../helpers/tool-shapes.js';

const FIXTURES = join(import.meta.dirname, '..', '__fixtures__');

interface Effect {
  changed: boolean;
  changes: string[];
}

describeDesktop('an effect that shows 700 ms after the key (Tk, pixels only)', ['wish'], () => {
  let desktop: Desktop;
  let fixture: LinuxServerFixture;

  beforeAll(async () => {
    desktop = await startDesktop();
    await desktop.launchApp('wish', [join(FIXTURES, 'late-effect.tcl')]).waitForWindow({ title: 'Late effect' });
    fixture = await startLinuxServer({ desktop, shell: false });
    const { windows } = await fixture.ok<{ windows: WindowInfo[] }>('list_windows');
    const window = windows.find((w) => w.title === 'Late effect');
    expect(window, JSON.stringify(windows)).toBeDefined();
    await fixture.ok('select_application_window', { id: window!.id, name: window!.title });
  });

  afterAll(async () => {
    await fixture?.close();
    const report = await desktop?.stop();
    expect(report?.leftovers ?? []).toEqual([]);
  });

  it('reports the late change of a key that has one, and no change (after waiting the grace too) for a key that has none', async () => {
    const late = await fixture.ok<{ effect: Effect }>('keyboard_input', { keys: 'x' });
    expect(late.effect, JSON.stringify(late.effect)).toMatchObject({ changed: true });
    expect(late.effect.changes.join(' ')).toMatch(/pixels changed/);
    const none = await fixture.ok<{ effect: Effect }>('keyboard_input', { keys: 'y' });
    expect(none.effect.changed, JSON.stringify(none.effect)).toBe(false);
    const waited = Number(/no visible change within (\d+) ms/.exec(none.effect.changes[0] ?? '')?.[1]);
    expect(waited, none.effect.changes[0]).toBeGreaterThanOrEqual(1200);
  });
});
