// Captions never cross windows, on a real GTK 3 app: mousepad's preferences dialog over its main window. Runs
// without a window manager (in a file of its own: its desktops differ from the managed ones), so the test can
// place the dialog where the main window's label lies just above the dialog's unnamed field.
import { expect, it } from 'vitest';
import { waitFor } from '../../src/util/wait.js';
import { describeDesktop } from '../helpers/desktop-suite.js';
import { useAppDesktop } from '../helpers/app-desktop.js';

interface Control {
  id: string;
  role: string;
  name: string;
  rect: { x: number; y: number; width: number; height: number } | null;
  label?: string;
}
interface WindowInfo {
  id: string;
  title: string;
  rect: { x: number; y: number; width: number; height: number };
}

// The main window shows that label ("Warning: you are using the root account …") only to root.
const asRoot = process.getuid?.() === 0;

describeDesktop('labels never cross windows (mousepad preferences over its main window)', ['mousepad'], () => {
  const suite = useAppDesktop({ apps: [{ name: 'mousepad' }], desktop: { windowManager: 'none' } });
  const controls = async () => (await suite.fixture.ok<{ controls: Control[] }>('get_controls', { details: false })).controls;
  const windows = async () => (await suite.fixture.ok<{ windows: WindowInfo[] }>('list_windows')).windows;
  const find = async (what: string, predicate: (c: Control) => boolean) => waitFor(async () => (await controls()).find(predicate), { timeoutMs: 10_000, what });
  const click = (id: string) => suite.fixture.ok('click_input', { id });

  it.skipIf(!asRoot)('an unnamed field of a dialog does not take the label of the window behind it', async () => {
    const main = (await windows())[0]!;
    await suite.fixture.ok('select_application_window', { id: main.id });
    const edit = (await controls()).find((c) => c.role === 'menu' && c.name === 'Edit')!;
    await click(edit.id);
    await click((await find('Preferences', (c) => c.role === 'menu item' && /^Preferences/.test(c.name))).id);
    const dialog = await waitFor(async () => (await windows()).find((w) => w.title === 'Mousepad Preferences'), {
      timeoutMs: 10_000,
      what: 'the preferences dialog',
    });
    await suite.fixture.ok('select_application_window', { id: dialog.id });
    const spin = await find('the long line margin spin button', (c) => c.role === 'spin button' && c.name === '');
    // the main window, selected, comes to the front; its listing covers the dialog's open windows too
    await suite.fixture.ok('select_application_window', { id: main.id });
    const warning = await find("the main window's warning label", (c) => c.role === 'label' && c.name.startsWith('Warning:'));
    // place the dialog so that its unnamed spin button sits right below the main window's label, then raise it
    const session = suite.fixture.server.session!;
    const client = session.x.client as unknown as { MoveWindow(id: number, x: number, y: number): void; RaiseWindow(id: number): void };
    const dx = spin.rect!.x - dialog.rect.x;
    const dy = spin.rect!.y - dialog.rect.y;
    client.MoveWindow(Number(dialog.id), warning.rect!.x + 10 - dx, warning.rect!.y + warning.rect!.height + 10 - dy);
    client.RaiseWindow(Number(dialog.id));
    await session.x.sync();
    const moved = await find(
      'the spin button below the warning',
      (c) => c.role === 'spin button' && c.name === '' && c.rect !== null && c.rect.y === warning.rect!.y + warning.rect!.height + 10,
    );
    expect(moved.label, JSON.stringify(moved)).toBeUndefined();
  });
});
