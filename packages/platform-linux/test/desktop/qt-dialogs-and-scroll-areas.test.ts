// A Qt 5 app (FeatherPad): a modal dialog blocks the main window (Qt drops input to it), and controls scrolled out of
// a scroll area are listed `off-screen` — Qt reports them at their place in the scrolled content, where a pointer
// click lands on something else — so a click uses their accessibility action, or is refused, never aimed there.
import { expect, it } from 'vitest';
import { waitFor } from '../../src/util/wait.js';
import { describeDesktop } from '../helpers/desktop-suite.js';
import { useAppDesktop } from '../helpers/app-desktop.js';
import type { Effect, WindowInfo } from '../helpers/tool-shapes.js';

interface Target {
  id: string;
  name: string;
  type: string;
  states?: string[];
  text?: string;
  rect: [number, number, number, number];
}
interface Click {
  method: 'pointer' | 'action';
  action?: string;
  effect: Effect;
}

const WRAP = 'Tab navigation wraps around';

describeDesktop('a Qt 5 app through the MCP tool servers (FeatherPad: modal Save as, scrolled Preferences)', ['featherpad'], () => {
  const suite = useAppDesktop({ apps: [{ name: 'featherpad', frameTimeoutMs: 60_000 }] });

  const targets = async () => (await suite.fixture.ok<{ controls: Target[] }>('get_app_window_controls_target_info')).controls;
  const find = async (type: string, name: string, list?: Target[]) => {
    const found = await waitFor(async () => (list ?? (await targets())).find((c) => c.type === type && c.name === name), {
      timeoutMs: 10_000,
      what: `${type} "${name}"`,
    });
    return found;
  };
  const windows = async () => (await suite.fixture.ok<{ windows: WindowInfo[] }>('list_windows')).windows;

  it('a modal dialog (Save as) leaves the main window out of the listing, and refuses its ids naming the dialog', async () => {
    const options = await find('menu item', 'Options');
    await suite.fixture.ok('keyboard_input', { keys: 'ctrl+shift+s' });
    const withDialog = await waitFor(
      async () => {
        const list = await targets();
        return list.some((c) => c.type === 'text' && c.name === 'File name:') ? list : undefined;
      },
      { timeoutMs: 15_000, what: 'the Save as dialog in the listing' },
    );
    expect(
      withDialog.some((c) => c.type === 'menu item'),
      JSON.stringify(withDialog.map((c) => `${c.type}:${c.name}`)),
    ).toBe(false);
    const refused = await suite.fixture.run('click_input', { id: options.id, name: 'Options' });
    expect(refused.error).toMatch(
      /CONTROL_NOT_ACTIONABLE: control a\d+ \(menu item "Options"\) is blocked by the modal dialog "Save as\.\.\.": finish or close the dialog first/,
    );
    await suite.fixture.ok('keyboard_input', { keys: 'Escape' });
    await waitFor(async () => (await windows()).length === 1, { timeoutMs: 10_000, what: 'the Save as dialog to close' });
    expect((await find('menu item', 'Options')).id).toBe(options.id);
  });

  it("check boxes below the scroll area's visible part are listed off-screen; a click toggles them through accessibility, never by the pointer", async () => {
    await suite.fixture.ok('click_input', { id: (await find('menu item', 'Options')).id });
    await suite.fixture.ok('click_input', { id: (await find('menu item', 'Preferences')).id });
    const prefs = await waitFor(async () => (await windows()).find((w) => w.title === 'Preferences'), { timeoutMs: 10_000, what: 'the Preferences window' });
    await suite.fixture.ok('select_application_window', { id: prefs.id });
    const list = await targets();
    const shown = await find('check box', 'Always show status bar', list);
    const wrap = await find('check box', WRAP, list);
    expect(shown.states ?? []).not.toContain('off-screen');
    expect(wrap.states).toContain('off-screen');
    const detailed = (await suite.fixture.ok<{ controls: Array<{ id: string; states: string[] }> }>('get_controls', {})).controls.find((c) => c.id === wrap.id);
    expect(detailed?.states).toContain('off-screen');

    const pointer = await suite.fixture.run('click_input', { id: wrap.id, name: WRAP, method: 'pointer' });
    expect(pointer.error).toMatch(/CONTROL_NOT_ACTIONABLE: control b\d+ \(check box "Tab navigation wraps around"\) is off screen: scrolled out of view/);
    const toggled = await suite.fixture.ok<Click>('click_input', { id: wrap.id, name: WRAP });
    expect(toggled).toMatchObject({ method: 'action', action: 'Toggle' });
    expect(
      toggled.effect.changes.some((c) => c.includes('states: +checked')),
      JSON.stringify(toggled.effect),
    ).toBe(true);
    const back = await suite.fixture.ok<Click>('click_input', { id: wrap.id, name: WRAP });
    expect(
      back.effect.changes.some((c) => c.includes('states: -checked')),
      JSON.stringify(back.effect),
    ).toBe(true);
  });

  it('an off-screen field with no click action is refused as scrolled out of view; the wheel at it scrolls it into view, then the pointer clicks it', async () => {
    await suite.fixture.ok('click_input', { id: (await find('page tab', 'Text')).id });
    const fieldAfterLabel = async () => {
      const list = await targets();
      const label = list.findIndex((c) => c.type === 'label' && c.name === 'Date and time format:');
      return label >= 0 ? list.slice(label + 1).find((c) => c.type === 'text') : undefined;
    };
    const field = await waitFor(fieldAfterLabel, { timeoutMs: 10_000, what: 'the "Date and time format:" field' });
    expect(field.states).toContain('off-screen');
    const refused = await suite.fixture.run('click_input', { id: field.id });
    expect(refused.status).toBe('failure');
    expect(refused.error).toMatch(/CONTROL_NOT_ACTIONABLE: .* is off screen: scrolled out of view, .* and it has no click action: scroll it into view first/);
    // the annotated screenshot lists it too (its box is left out: it is not drawn there)
    const shot = await suite.fixture.ok<{ controls: { id: string }[] }>('capture_annotated_screenshot');
    expect(shot.controls.some((c) => c.id === field.id)).toBe(true);

    await suite.fixture.ok('wheel_mouse_input', { id: field.id, wheel_dist: -10 });
    const inView = await waitFor(
      async () => {
        const now = await fieldAfterLabel();
        return now && !(now.states ?? []).includes('off-screen') ? now : undefined;
      },
      { timeoutMs: 10_000, what: 'the field to scroll into view' },
    );
    expect(inView.id).toBe(field.id);
    const clicked = await suite.fixture.ok<Click>('click_input', { id: field.id });
    expect(clicked.method).toBe('pointer');
    expect(
      clicked.effect.changes.some((c) => c.includes('+focused')),
      JSON.stringify(clicked.effect),
    ).toBe(true);
  });
});
