// The event-invalidated tree cache on real apps (GTK 3; GTK 4 and Qt 5, whose trees it reads whole as they send too few events): after each change a person or the agent makes
// (text typed, a menu opened, a dialog opened and closed, a check item flipped), the tree the cache gives equals a
// whole fresh read, object by object (path, role, name, states, extents).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { walkTree, type AccessibleNode } from '../../src/atspi/accessible-node.js';
import type { AtspiApplication, AtspiClient } from '../../src/atspi/atspi-client.js';
import { TreeCache } from '../../src/atspi/tree-cache.js';
import { readAccessibleTree } from '../../src/atspi/tree-reader.js';
import { startDesktop, type Desktop } from '../../src/harness/desktop.js';
import { parseKeySequence } from '../../src/x11/key-combo.js';
import { XInput } from '../../src/x11/xtest-input.js';
import { sleep } from '../../src/util/wait.js';
import { describeDesktop } from '../helpers/desktop-suite.js';

/**
 * Every object of a tree as one line (role, name, states, interfaces, extents, children), sorted. Object paths are
 * left out: Qt gives some objects (a table's column headers) a new path at each read.
 */
function lines(tree: AccessibleNode): string[] {
  const out: string[] = [];
  for (const [node] of walkTree(tree)) {
    const box = node.extents ? `${node.extents.x},${node.extents.y},${node.extents.width}x${node.extents.height}` : '-';
    out.push(`${node.role} ${JSON.stringify(node.name)} [${[...node.states].sort().join(' ')}] ${node.interfaces.length} ${box} ${node.children.length}`);
  }
  return out.sort();
}

/** A step: what it does to the app, by keys or by the app's tree. */
type Change = [what: string, act: (input: XInput, atspi: AtspiClient, app: AtspiApplication) => Promise<void>];

const keys = (combo: string) => async (input: XInput) => input.keys(parseKeySequence(combo));
const type = (text: string) => async (input: XInput) => input.type(text);
/** Flips the first check menu item or check box of the app through its accessible action. */
const flipCheck = async (_input: XInput, atspi: AtspiClient, app: AtspiApplication) => {
  const tree = await readAccessibleTree(atspi, app, { extents: false });
  let target: AccessibleNode | undefined;
  for (const [node] of walkTree(tree)) {
    if (
      !target &&
      /^(check menu item|check box|toggle button)$/.test(node.role) &&
      node.states.includes('enabled') &&
      node.interfaces.includes('org.a11y.atspi.Action')
    )
      target = node;
  }
  expect(target, 'a check item to flip').toBeDefined();
  await atspi.doAction(target!, 0);
};

const ROWS = Array.from({ length: 1600 }, (_, i) => [`item ${i}`, String(i * 3)]).flat();

/** Per app: its toolkit, whether the cache keeps its tree (the toolkit sends every event needed), the changes. */
const APPS: [toolkit: string, command: string | [string, string[]], kept: boolean, changes: Change[]][] = [
  [
    'GTK 3',
    ['zenity', ['--list', '--column=Name', '--column=Price', '--width=600', '--height=500', ...ROWS]],
    true,
    [
      ['select a row', keys('Down Down')],
      ['scroll a page', keys('Page_Down')],
      ['scroll to the end', keys('End')],
      ['scroll back up', keys('Home')],
    ],
  ],
  [
    'GTK 3',
    'galculator',
    true,
    [
      ['type digits', type('12')],
      ['flip a toggle button', flipCheck],
      ['open the menu', keys('F10')],
      ['close it', keys('Escape')],
      ['type more', type('3')],
    ],
  ],
  [
    'GTK 3',
    'mousepad',
    true,
    [
      ['type text', type('hello tree')],
      ['open the File menu', keys('F10')],
      ['close it', keys('Escape')],
      ['open a dialog', keys('ctrl+o')],
      ['close it', keys('Escape')],
      ['type more', type(' again')],
    ],
  ],
  [
    'GTK 4',
    'gnome-text-editor',
    false,
    [
      ['type text', type('hello tree')],
      ['open the main menu', keys('F10')],
      ['close it', keys('Escape')],
      ['open a dialog', keys('ctrl+o')],
      ['close it', keys('Escape')],
      ['type more', type(' again')],
    ],
  ],
  [
    'Qt 5',
    'featherpad',
    false,
    [
      ['type text', type('hello tree')],
      ['flip a check item', flipCheck],
      ['open the File menu', keys('alt+f')],
      ['close it', keys('Escape')],
      ['open a dialog', keys('ctrl+shift+s')],
      ['close it', keys('Escape')],
      ['type more', type(' again')],
    ],
  ],
];

for (const [toolkit, launch, kept, changes] of APPS) {
  const [command, args] = typeof launch === 'string' ? [launch, []] : launch;
  describeDesktop(`the tree cache equals a fresh read after changes (${toolkit}: ${command}${args.length ? ' with 3,200 list cells' : ''})`, [command], () => {
    let desktop: Desktop;
    let atspi: AtspiClient;
    let input: XInput;
    let app: AtspiApplication;
    let cache: TreeCache;

    beforeAll(async () => {
      desktop = await startDesktop();
      const frame = await desktop.launchApp(command, args).waitForFrame({ timeoutMs: 60_000 });
      atspi = await desktop.atspi();
      input = await XInput.create(await desktop.xDisplay());
      app = (await atspi.applications()).find((a) => a.pid === frame.pid)!;
      // every kept tree is served as it is (no check against a whole read): the test is that check
      cache = new TreeCache(atspi, { verifyEvery: 0 });
      await cache.start();
      await sleep(1000);
    });

    afterAll(async () => {
      cache?.close();
      const report = await desktop?.stop();
      expect(report?.leftovers).toEqual([]);
    });

    /** The cached tree and a fresh one, equal; settles and compares again once if the app was still changing. */
    const compare = async (what: string) => {
      let cached: string[] = [];
      let fresh: string[] = [];
      for (let attempt = 0; attempt < 3; attempt += 1) {
        cached = lines(await cache.read(app));
        fresh = lines(await readAccessibleTree(atspi, app));
        if (cached.join('\n') === fresh.join('\n')) return cache.lastSource;
        await sleep(700);
      }
      const missing = fresh.filter((l) => !cached.includes(l));
      const extra = cached.filter((l) => !fresh.includes(l));
      expect({ what, missing: missing.slice(0, 20), extra: extra.slice(0, 20) }).toEqual({ what, missing: [], extra: [] });
      return cache.lastSource;
    };

    it('matches a full read after each change, and serves steps without changes from the kept tree', async () => {
      const sources: string[] = [await compare('first read')];
      sources.push(await compare('no change'));
      for (const [what, act] of changes) {
        await act(input, atspi, app);
        await sleep(600);
        sources.push(await compare(what));
        sources.push(await compare(`${what}, no further change`));
      }
      // the first read is a whole one; then the kept tree is used when the toolkit sends every event needed, and
      // never otherwise (a whole read each time)
      expect(sources[0]).toBe('full');
      if (kept) expect(sources).toContain('refreshed');
      else expect(sources.every((s) => s === 'full')).toBe(true);
    });
  });
}
