// A list of 3,200 cells (zenity --list, GTK 3) through the MCP tool servers: the listing reads only the rows in view
// and says how many items it left out; after scrolling it lists the rows then in view. With a small node budget the
// listing is cut and says so.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startDesktop, type Desktop } from '../../src/harness/desktop.js';
import { waitFor } from '../../src/util/wait.js';
import { describeDesktop } from '../helpers/desktop-suite.js';
import { startLinuxServer, type LinuxServerFixture } from '../helpers/linux-dispatcher.js';

interface Listing {
  controls: { id: string; name: string; type: string }[];
  notes?: string[];
}

const ROWS = 1600;
const rows = Array.from({ length: ROWS }, (_, i) => [`item ${i}`, String(i * 3)]).flat();

describeDesktop('a 3,200-cell list through the MCP tool servers (zenity --list, GTK 3)', ['zenity'], () => {
  let desktop: Desktop;
  let fixture: LinuxServerFixture;
  let small: LinuxServerFixture;

  beforeAll(async () => {
    desktop = await startDesktop();
    await desktop
      .launchApp('zenity', ['--list', '--title=Big list', '--column=Name', '--column=Price', '--width=600', '--height=500', ...rows])
      .waitForFrame({ timeoutMs: 60_000 });
    fixture = await startLinuxServer({ desktop, shell: false, ocr: { mode: 'off' } });
    small = await startLinuxServer({ desktop, shell: false, ocr: { mode: 'off' }, treeReading: { maxNodes: 20 } });
  });

  afterAll(async () => {
    await fixture?.close();
    await small?.close();
    const report = await desktop?.stop();
    expect(report?.leftovers).toEqual([]);
  });

  const cells = (listing: Listing) => listing.controls.filter((c) => c.type === 'table cell').map((c) => c.name);

  it('lists the rows in view with a note on the others, and the rows in view after scrolling to the end', async () => {
    const first = await fixture.ok<Listing>('get_app_window_controls_target_info');
    const shown = cells(first);
    expect(shown.slice(0, 4)).toEqual(['item 0', '0', 'item 1', '3']);
    expect(shown.length).toBeGreaterThan(10);
    expect(shown.length).toBeLessThan(100);
    expect(first.notes?.join(' ')).toMatch(
      /^\d+ items of long lists or tables are outside their visible area and not listed: scroll the list to see others\.$/,
    );
    await fixture.ok('keyboard_input', { keys: 'End' });
    const last = await waitFor(
      async () => {
        const listing = await fixture.ok<Listing>('get_app_window_controls_target_info');
        return cells(listing).includes(`item ${ROWS - 1}`) ? listing : undefined;
      },
      { timeoutMs: 10_000, what: 'the last row in the listing' },
    );
    expect(cells(last)).not.toContain('item 0');
    expect(cells(last).at(-1)).toBe(String((ROWS - 1) * 3));
  });

  it('stops at the node budget and says so in the listing', async () => {
    const listing = await small.ok<Listing>('get_app_window_controls_target_info');
    expect(listing.notes?.[0]).toMatch(
      /^The window has more than 20 accessible objects: this listing read the first 20 of them, the upper levels of each window first/,
    );
    expect(listing.controls.length).toBeLessThan(20);
  });
});
