// The event-invalidated tree cache on LibreOffice (GTK 3 plugin), checked against a whole read after every refresh:
// LibreOffice updates its tool bar (Bold, the paragraph style list) a moment after the caret moved, so its events
// arrive while the check's whole read runs, and Calc makes a new object for a sheet cell each time one is asked
// for. Neither is a missing event: the cache must keep serving LibreOffice from its kept tree, and that tree must
// equal a whole read once the app settled.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { walkTree, type AccessibleNode } from '../../src/atspi/accessible-node.js';
import type { AtspiApplication, AtspiClient } from '../../src/atspi/atspi-client.js';
import { TreeCache } from '../../src/atspi/tree-cache.js';
import { readAccessibleTree } from '../../src/atspi/tree-reader.js';
import { startDesktop, type Desktop } from '../../src/harness/desktop.js';
import { parseKeySequence } from '../../src/x11/key-combo.js';
import { XInput } from '../../src/x11/xtest-input.js';
import { sleep, waitFor } from '../../src/util/wait.js';
import { describeDesktop } from '../helpers/desktop-suite.js';

const FIXTURES = join(import.meta.dirname, '..', '__fixtures__', 'office');

/** Every object as one line without its path (a sheet's cells get new paths at each read), sorted. */
function lines(tree: AccessibleNode): string[] {
  const out: string[] = [];
  for (const [node] of walkTree(tree)) out.push(`${node.role} ${JSON.stringify(node.name)} [${[...node.states].sort().join(' ')}] ${node.children.length}`);
  return out.sort();
}

/** Per document: the module, the fixture, and the keys that move the caret (or cell cursor) back and forth. */
const DOCUMENTS: [module: 'writer' | 'calc', fixture: string, moves: string[]][] = [
  // the caret goes from the bold heading to plain text and back: Bold and the style list change each time
  ['writer', 'styled.odt', ['Down', 'Up', 'Down', 'Up']],
  ['calc', 'budget.ods', ['Down', 'Right', 'Up', 'Left']],
];

for (const [module, fixtureName, moves] of DOCUMENTS) {
  describeDesktop(`the tree cache keeps LibreOffice ${module}'s tree when checked against whole reads`, ['soffice'], () => {
    let desktop: Desktop;
    let atspi: AtspiClient;
    let input: XInput;
    let app: AtspiApplication;
    let cache: TreeCache;
    let dir: string;

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'ufo-office-cache-'));
      const copy = join(dir, fixtureName);
      copyFileSync(join(FIXTURES, fixtureName), copy);
      desktop = await startDesktop();
      const frame = await desktop
        .launchApp('soffice', ['--norestore', '--nologo', `--${module}`, copy], { cwd: dir })
        .waitForWindow({ title: fixtureName, timeoutMs: 90_000 });
      atspi = await desktop.atspi();
      input = await XInput.create(await desktop.xDisplay());
      app = await waitFor(async () => (await atspi.applications()).find((a) => a.pid === frame.pid), {
        timeoutMs: 20_000,
        what: 'LibreOffice on the accessibility bus',
      });
      // every refresh is checked against a whole read
      cache = new TreeCache(atspi, { verifyEvery: 1 });
      await cache.start();
      // LibreOffice is busy for a while after its window shows: wait for a first whole read
      await waitFor(async () => ((await cache.read(app).catch(() => undefined)) ? true : undefined), { timeoutMs: 30_000, what: 'a first read' });
    });

    afterAll(async () => {
      cache?.close();
      const report = await desktop?.stop();
      if (dir) rmSync(dir, { recursive: true, force: true });
      expect(report?.leftovers).toEqual([]);
    });

    // a whole read of the app after each move: about 9 s on an idle machine, 15 s with both cores kept busy
    it(
      'serves it from the kept tree after the caret moves (read at once, as an agent does), and equals a whole read once settled',
      { timeout: 90_000 },
      async () => {
        for (const keys of moves) {
          await input.keys(parseKeySequence(keys));
          // no pause: the tool bar changes while the check's whole read runs
          await cache.read(app);
        }
        await sleep(1500);
        const kept = await cache.read(app);
        expect(cache.lastSource, 'LibreOffice is still served from its kept tree').toBe('refreshed');
        const whole = await readAccessibleTree(atspi, app);
        const [a, b] = [lines(kept), lines(whole)];
        expect({ missing: b.filter((l) => !a.includes(l)).slice(0, 20), extra: a.filter((l) => !b.includes(l)).slice(0, 20) }).toEqual({
          missing: [],
          extra: [],
        });
      },
    );
  });
}
