// The selected window closed (a dialog a model selected, then closed): the next listing follows the focused window
// and says so once; an action on a control of the closed window still fails WINDOW_VANISHED (mousepad's Save As).
import { expect, it } from 'vitest';
import { waitFor } from '../../src/util/wait.js';
import { useAppDesktop } from '../helpers/app-desktop.js';
import { describeDesktop } from '../helpers/desktop-suite.js';
import type { WindowInfo } from '../helpers/tool-shapes.js';

interface Target {
  id: string;
  name: string;
  type: string;
  states?: string[];
}
interface Listing {
  controls: Target[];
  notes?: string[];
}

describeDesktop('a listing after the selected window closed (mousepad Save As)', ['mousepad'], () => {
  const suite = useAppDesktop({ apps: [{ name: 'mousepad' }] });

  const windows = async (): Promise<WindowInfo[]> => (await suite.fixture.ok<{ windows: WindowInfo[] }>('list_windows')).windows;
  const listing = async (): Promise<Listing> => {
    const result = await suite.fixture.run('get_app_window_controls_target_info');
    expect(result.status, String(result.error)).toBe('success');
    return result.result as Listing;
  };

  it('follows the focus to the main window with a note (once); an action on the closed dialog fails WINDOW_VANISHED', async () => {
    const main = (await windows()).find((w) => w.root_name === 'mousepad');
    expect(main).toBeDefined();
    await suite.fixture.ok('select_application_window', { id: main!.id, name: main!.title });
    expect((await listing()).controls.some((t) => t.type === 'menu' && t.name === 'File')).toBe(true);

    await suite.fixture.ok('keyboard_input', { keys: 'ctrl+shift+s' });
    const dialog = await waitFor(async () => (await windows()).find((w) => w.title === 'Save As'), { timeoutMs: 20_000, what: 'the Save As dialog' });
    await suite.fixture.ok('select_application_window', { id: dialog.id, name: dialog.title });
    const inDialog = await listing();
    const cancel = inDialog.controls.find((t) => t.type === 'push button' && t.name === 'Cancel');
    expect(cancel, JSON.stringify(inDialog.controls.map((t) => [t.type, t.name]))).toBeDefined();

    await suite.fixture.ok('keyboard_input', { keys: 'Escape' });
    await waitFor(async () => ((await windows()).some((w) => w.title === 'Save As') ? undefined : true), { timeoutMs: 20_000, what: 'the dialog to close' });

    // an action never follows the focus: the window it was meant for is gone
    const gone = await suite.fixture.run('click_input', { id: cancel!.id, name: 'Cancel' });
    expect(gone.status).toBe('failure');
    expect(gone.error).toMatch(/WINDOW_VANISHED/);

    // a listing does, and says so
    const after = await listing();
    expect(after.notes ?? [], JSON.stringify(after.notes)).toContain(
      `The selected window "Save As" was closed; the focused window ${JSON.stringify(main!.title)} of the same application is listed now.`,
    );
    expect(
      after.controls.some((t) => t.type === 'menu' && t.name === 'File'),
      JSON.stringify(after.controls.map((t) => [t.type, t.name])),
    ).toBe(true);
    expect(after.controls.some((t) => t.id === cancel!.id)).toBe(false);
    // once
    const next = await listing();
    expect((next.notes ?? []).filter((n) => n.includes('was closed'))).toEqual([]);
    // actions work again, on the window now selected
    const file = next.controls.find((t) => t.type === 'menu' && t.name === 'File')!;
    await suite.fixture.ok('click_input', { id: file.id, name: 'File' });
    await suite.fixture.ok('keyboard_input', { keys: 'Escape' });
  });
});
