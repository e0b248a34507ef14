import { describe, expect, it } from 'vitest';
import type { AccessibleRef } from '../../src/atspi/accessible-node.js';
import { countNodes, findNode, walkTree } from '../../src/atspi/accessible-node.js';
import type { AtspiClient } from '../../src/atspi/atspi-client.js';
import { ATSPI_IFACE } from '../../src/atspi/atspi-constants.js';
import { emptyTreeReadStats, readAccessibleTree } from '../../src/atspi/tree-reader.js';
import { APP, BUS, fakeAtspi, SHEET_CHILDREN, type FakeObject } from './fake-atspi.js';

interface FakeNode {
  role: string;
  name: string;
  children: string[];
}

/** An AT-SPI client for a toolkit that publishes no cache and answers each call on its own, as Qt does. */
function cachelessClient(nodes: Record<string, FakeNode>) {
  const counts: Record<string, number> = {};
  const count = (what: string) => (counts[what] = (counts[what] ?? 0) + 1);
  const node = (ref: AccessibleRef) => nodes[ref.path] ?? Promise.reject(new Error(`no object ${ref.path}`));
  const client = {
    cacheItems: async () => (count('cacheItems'), Promise.reject(new Error('no cache'))),
    role: async (ref: AccessibleRef) => (count('role'), (await node(ref)).role),
    name: async (ref: AccessibleRef) => (count('name'), (await node(ref)).name),
    states: async (ref: AccessibleRef) => (count('states'), ['showing', 'visible']),
    interfaces: async (ref: AccessibleRef) => (count('interfaces'), ['org.a11y.atspi.Accessible']),
    childCount: async (ref: AccessibleRef) => (count('childCount'), (await node(ref)).children.length),
    children: async (ref: AccessibleRef) => (count('children'), (await node(ref)).children.map((path) => ({ bus: ':1.9', path }))),
    toolkit: async () => ({ name: 'Qt', version: '5.15' }),
    extents: async () => Promise.reject(new Error('not a component')),
  };
  return { client: client as unknown as AtspiClient, counts };
}

describe('readAccessibleTree without a cache', () => {
  it('reads every object with its children in one round trip: no ChildCount calls, one GetChildren per object', async () => {
    const { client, counts } = cachelessClient({
      '/app': { role: 'application', name: 'featherpad', children: ['/frame'] },
      '/frame': { role: 'frame', name: 'Untitled', children: ['/menu', '/text'] },
      '/menu': { role: 'menu bar', name: '', children: ['/file', '/edit'] },
      '/file': { role: 'menu', name: 'File', children: [] },
      '/edit': { role: 'menu', name: 'Edit', children: [] },
      '/text': { role: 'text', name: '', children: [] },
    });
    const tree = await readAccessibleTree(client, { bus: ':1.9', path: '/app' });
    const shape = (n: typeof tree): unknown => [n.role, n.name, n.childCount, n.children.map(shape)];
    expect(shape(tree)).toEqual([
      'application',
      'featherpad',
      1,
      [
        [
          'frame',
          'Untitled',
          2,
          [
            [
              'menu bar',
              '',
              2,
              [
                ['menu', 'File', 0, []],
                ['menu', 'Edit', 0, []],
              ],
            ],
            ['text', '', 0, []],
          ],
        ],
      ],
    ]);
    // the application itself is read once with its child count; below it, children stand in for the count
    expect(counts['childCount']).toBe(1);
    expect(counts['children']).toBe(6);
    expect(counts['role']).toBe(6);
  });
});

// ---- LibreOffice (GTK 3 plugin): cached hidden menus, incomplete containers, and a sheet of 2^31 - 1 cells ----

const SHEET_IFACES = [ATSPI_IFACE.accessible, ATSPI_IFACE.component, ATSPI_IFACE.table];
const HIDDEN = ['enabled', 'visible'];
const at = (x: number, y: number, width: number, height: number) => ({ x, y, width, height });

/** Children paths `${prefix}/0` … `${prefix}/${n - 1}`. */
const paths = (prefix: string, n: number): string[] => Array.from({ length: n }, (_, i) => `${prefix}/${i}`);

/**
 * A LibreOffice window: a frame whose root pane holds the menu bar (hidden behind the native one, its 10 menus with
 * 190 cached items each) and a tool bar the cache lists without its children (childCount 3, none cached).
 */
function officeWithClosedMenus(): Record<string, FakeObject> {
  const objects: Record<string, FakeObject> = {
    [APP]: { role: 'application', name: 'soffice', children: ['/frame'], cached: true, interfaces: [ATSPI_IFACE.accessible] },
    '/frame': { role: 'frame', name: 'Untitled 1 - LibreOffice Writer', children: ['/root'], cached: true, extents: at(0, 0, 800, 600) },
    '/root': { role: 'root pane', children: ['/menubar', '/toolbar'], cached: true, extents: at(0, 0, 800, 600) },
    '/menubar': { role: 'menu bar', states: HIDDEN, children: paths('/menu', 10), cached: true },
    '/toolbar': { role: 'tool bar', name: 'Formatting', children: ['/bold', '/italic', '/underline'], cached: true, extents: at(0, 60, 800, 30) },
    '/bold': { role: 'toggle button', name: 'Bold', extents: at(0, 60, 30, 30) },
    '/italic': { role: 'toggle button', name: 'Italic', extents: at(30, 60, 30, 30) },
    '/underline': { role: 'toggle button', name: 'Underline', extents: at(60, 60, 30, 30) },
  };
  for (const menu of paths('/menu', 10)) {
    objects[menu] = { role: 'menu', name: menu, states: HIDDEN, children: paths(`${menu}/item`, 190), cached: true };
    for (const item of paths(`${menu}/item`, 190)) objects[item] = { role: 'menu item', name: item, states: HIDDEN, cached: true };
  }
  // the cache lists the tool bar with its child count but none of its children
  for (const button of ['/bold', '/italic', '/underline']) objects[button]!.cached = false;
  return objects;
}

describe('readAccessibleTree: hidden cached subtrees (LibreOffice caches every item of its closed menus)', () => {
  it('cuts the cached children of hidden objects before counting the node budget: what is on screen is still read', async () => {
    const fake = fakeAtspi({ objects: officeWithClosedMenus() });
    const stats = emptyTreeReadStats();
    // 1,900 cached menu items: more than the 1,500-node budget
    const tree = await readAccessibleTree(fake.client, { bus: BUS, path: APP }, { stats });
    const names = [...walkTree(tree)].map(([n]) => n.name);
    expect(names).toEqual(expect.arrayContaining(['Bold', 'Italic', 'Underline']));
    const menubar = findNode(tree, (n) => n.role === 'menu bar')!;
    expect(menubar.children).toEqual([]);
    expect(menubar.unreadChildren).toBe('hidden');
    expect(stats.hiddenSubtrees).toBe(1);
    expect(stats.budgetReached).toBe(false);
    expect(countNodes(tree)).toBe(8);
    // the hidden menus were never asked for anything
    expect(fake.count('GetChildren /menu/0')).toBe(0);
  });

  it('keeps the cached children of hidden objects when asked for everything (onScreenOnly false)', async () => {
    const fake = fakeAtspi({ objects: officeWithClosedMenus() });
    const tree = await readAccessibleTree(fake.client, { bus: BUS, path: APP }, { onScreenOnly: false, maxNodes: 5000, extents: false });
    expect(findNode(tree, (n) => n.role === 'menu bar')!.children).toHaveLength(10);
  });
});

describe('readAccessibleTree: a container whose cache lists only some of its children', () => {
  it('keeps the cached children the read left out (here past maxChildrenPerContainer)', async () => {
    const objects: Record<string, FakeObject> = {
      [APP]: { role: 'application', name: 'soffice', children: ['/frame'], cached: true },
      '/frame': { role: 'frame', name: 'w', children: paths('/c', 5), cached: true },
    };
    for (const [i, path] of paths('/c', 5).entries()) objects[path] = { role: 'push button', name: `c${i}`, cached: i >= 3 };
    const fake = fakeAtspi({ objects });
    const tree = await readAccessibleTree(fake.client, { bus: BUS, path: APP }, { maxChildrenPerContainer: 3, extents: false });
    const frame = tree.children[0]!;
    // c0 … c2 read (the cap), c3 and c4 from the cache: none lost
    expect(frame.children.map((c) => c.name)).toEqual(['c0', 'c1', 'c2', 'c3', 'c4']);
    expect(frame.truncatedChildren).toBe(5);
  });

  it('keeps the cached children the node budget left out of the read (the final cut then drops deeper objects first)', async () => {
    const objects: Record<string, FakeObject> = {
      [APP]: { role: 'application', name: 'soffice', children: ['/frame'], cached: true },
      '/frame': { role: 'frame', name: 'w', children: ['/list', '/panel'], cached: true },
      '/list': { role: 'list', name: 'L', children: paths('/c', 5), cached: true },
      '/panel': { role: 'panel', name: 'P', children: ['/p1'], cached: true },
      '/p1': { role: 'panel', name: 'p1', children: ['/p1a', '/p1b'], cached: true },
      '/p1a': { role: 'label', name: 'p1a', cached: true },
      '/p1b': { role: 'label', name: 'p1b', cached: true },
    };
    for (const [i, path] of paths('/c', 5).entries()) objects[path] = { role: 'list item', name: `c${i}`, cached: i >= 3 };
    const fake = fakeAtspi({ objects });
    const stats = emptyTreeReadStats();
    // 9 cached objects, 11 allowed: the list's read gets room for 4 of its 5 children (c0 … c3)
    const tree = await readAccessibleTree(fake.client, { bus: BUS, path: APP }, { maxNodes: 11, stats, extents: false });
    expect(findNode(tree, (n) => n.name === 'L')!.children.map((c) => c.name)).toEqual(['c0', 'c1', 'c2', 'c3', 'c4']);
    expect(stats.budgetReached).toBe(true);
    expect(countNodes(tree)).toBe(11);
  });
});

/**
 * LibreOffice Calc: frame → scroll pane (cached without children) → the sheet: a table reporting 2^31 - 1 children,
 * 100 × 20 px cells from (10, 100), its visible area cut by the scroll pane to 4 columns and 5 rows.
 */
function calcWindow(texts: Record<string, string>, toolkit = { name: 'VCL', version: '25.2' }) {
  const objects: Record<string, FakeObject> = {
    [APP]: { role: 'application', name: 'soffice', children: ['/frame'], cached: true, interfaces: [ATSPI_IFACE.accessible] },
    '/frame': { role: 'frame', name: 'budget.ods - LibreOffice Calc', children: ['/scroll'], cached: true, extents: at(0, 0, 800, 600) },
    '/scroll': { role: 'scroll pane', children: ['/doc'], childCount: 1, cached: true, extents: at(10, 100, 400, 100) },
    '/doc': { role: 'document spreadsheet', children: ['/sheet'], extents: at(10, 100, 700, 400) },
    '/sheet': {
      role: 'table',
      name: 'Sheet Sheet1',
      interfaces: SHEET_IFACES,
      states: ['enabled', 'showing', 'visible', 'manages-descendants'],
      extents: at(10, 100, 700, 400),
    },
  };
  return fakeAtspi({ objects, sheet: { path: '/sheet', origin: { x: 10, y: 100 }, cell: { width: 100, height: 20 }, texts }, toolkit });
}

describe('readAccessibleTree: a LibreOffice sheet (2^31 - 1 children)', () => {
  const BUDGET = { A1: 'Item', B1: 'Amount', A2: 'Rent', B2: '1200', B4: '2400', B5: '1550', F1: 'off screen' };

  it('reads the child count before the children, never asks the sheet for its children, lists its on-screen cells with content once', async () => {
    const fake = calcWindow(BUDGET);
    const stats = emptyTreeReadStats();
    const tree = await readAccessibleTree(fake.client, { bus: BUS, path: APP }, { stats, extents: false });
    // GetChildren on the sheet would make LibreOffice build 2^31 - 1 cells (it hangs)
    expect(fake.count('GetChildren /sheet')).toBe(0);
    const sheet = findNode(tree, (n) => n.path === '/sheet')!;
    expect(sheet.childCount).toBe(SHEET_CHILDREN);
    expect(sheet.truncatedChildren).toBe(SHEET_CHILDREN);
    expect(sheet.unreadChildren).toBe('off-screen');
    expect(sheet.children.map((c) => [c.name, c.role])).toEqual([
      ['A1', 'table cell'],
      ['B1', 'table cell'],
      ['A2', 'table cell'],
      ['B2', 'table cell'],
      ['B4', 'table cell'],
      ['B5', 'table cell'],
    ]);
    // the on-screen range is the scroll pane's part of the sheet: A1:D5
    expect(stats.sheets).toEqual([
      { name: 'Sheet Sheet1', range: { firstRow: 0, lastRow: 4, firstColumn: 0, lastColumn: 3 }, onScreen: 20, listed: 6, asked: 20, cut: false },
    ]);
    // read once in the pass: one GetAccessibleAt per cell on screen
    expect(fake.count('GetAccessibleAt /sheet')).toBe(20);
    expect(stats.budgetReached).toBe(false);
  });

  it('a sheet with nothing on screen: no cells, the range still in the stats', async () => {
    const fake = calcWindow({ Z100: 'far away' });
    const stats = emptyTreeReadStats();
    const tree = await readAccessibleTree(fake.client, { bus: BUS, path: APP }, { stats, extents: false });
    expect(findNode(tree, (n) => n.path === '/sheet')!.children).toEqual([]);
    expect(stats.sheets).toMatchObject([{ listed: 0, onScreen: 20 }]);
  });

  it('the cells listed count against the node budget', async () => {
    const fake = calcWindow(BUDGET);
    const stats = emptyTreeReadStats();
    // application, frame, scroll pane (cached), document and sheet (read): 3 nodes left for cells
    const tree = await readAccessibleTree(fake.client, { bus: BUS, path: APP }, { stats, extents: false, maxNodes: 8 });
    expect(findNode(tree, (n) => n.path === '/sheet')!.children.map((c) => c.name)).toEqual(['A1', 'B1', 'A2']);
    expect(stats.budgetReached).toBe(true);
    expect(stats.sheets[0]).toMatchObject({ listed: 3, onScreen: 20 });
  });

  it('Qt still reads children with the properties (one round trip per level)', async () => {
    const { client, counts } = cachelessClient({
      '/app': { role: 'application', name: 'q', children: ['/frame'] },
      '/frame': { role: 'frame', name: 'w', children: ['/a'] },
      '/a': { role: 'panel', name: '', children: ['/b'] },
      '/b': { role: 'push button', name: 'OK', children: [] },
    });
    await readAccessibleTree(client, { bus: ':1.9', path: '/app' });
    expect(counts['childCount']).toBe(1);
  });
});

// ---- LibreOffice's cache lies: stale copies of subtrees, stale parent links, roles that change after creation ----

const names = (tree: ReturnType<typeof findNode> & object): string[] => [...walkTree(tree)].map(([n]) => n.name);

/**
 * An Impress window whose frame has one live child (its root pane with the "Outline" button) while the cache also
 * links a stale copy of that root pane (and its button) under the frame: the frame reports 1 child, the cache
 * gives it 2.
 */
function frameWithStaleCopy(appName: string): Record<string, FakeObject> {
  return {
    [APP]: { role: 'application', name: appName, children: ['/frame'], cached: true, interfaces: [ATSPI_IFACE.accessible] },
    '/frame': { role: 'frame', name: 'Untitled 1 - LibreOffice Impress', children: ['/root'], cached: true, extents: at(0, 0, 800, 600) },
    '/root': { role: 'root pane', children: ['/outline'], cached: true, extents: at(0, 0, 800, 600) },
    '/outline': { role: 'push button', name: 'Outline', cached: true, extents: at(10, 10, 60, 20) },
    // not in the live tree: only the cache links it under the frame
    '/stale-root': { role: 'root pane', children: ['/stale-outline'], cached: true, cachedParent: { path: '/frame', index: 1 }, extents: at(0, 0, 800, 600) },
    '/stale-outline': { role: 'push button', name: 'Outline', cached: true, extents: at(10, 10, 60, 20) },
  };
}

describe('readAccessibleTree: an object with fewer children than the cache links under it', () => {
  it('reads its live children: the stale cached copy is dropped and every control is listed once (any application)', async () => {
    // not named soffice: the check of every shown container's cached children is off, only the count tells
    const fake = fakeAtspi({ objects: frameWithStaleCopy('impress-like') });
    const tree = await readAccessibleTree(fake.client, { bus: BUS, path: APP }, { extents: false });
    const frame = findNode(tree, (n) => n.path === '/frame')!;
    expect(frame.children.map((c) => c.path)).toEqual(['/root']);
    expect(names(tree).filter((n) => n === 'Outline')).toHaveLength(1);
    expect(fake.count('GetChildren /frame')).toBe(1);
    // the live child kept its cached subtree
    expect(findNode(tree, (n) => n.path === '/root')!.children.map((c) => c.path)).toEqual(['/outline']);
  });

  it('LibreOffice (soffice) too', async () => {
    const fake = fakeAtspi({ objects: frameWithStaleCopy('soffice') });
    const tree = await readAccessibleTree(fake.client, { bus: BUS, path: APP }, { extents: false });
    expect(findNode(tree, (n) => n.path === '/frame')!.children.map((c) => c.path)).toEqual(['/root']);
    expect(names(tree).filter((n) => n === 'Outline')).toHaveLength(1);
  });

  it('a cache that agrees with the child count is trusted (no GetChildren) outside LibreOffice', async () => {
    const objects = frameWithStaleCopy('impress-like');
    delete objects['/stale-root'];
    delete objects['/stale-outline'];
    const fake = fakeAtspi({ objects, toolkit: { name: 'gtk', version: '3.24.38' } });
    await readAccessibleTree(fake.client, { bus: BUS, path: APP }, { extents: false });
    expect(fake.count('GetChildren')).toBe(0);
  });
});

/**
 * LibreOffice caches a tooltip's panel as the only child of the panel that holds the document: the count agrees (1),
 * the child does not. The document and its paragraph are not cached.
 */
function panelWithStaleChild(appName: string, toolkit = { name: 'VCL', version: '25.2' }) {
  const objects: Record<string, FakeObject> = {
    [APP]: { role: 'application', name: appName, children: ['/frame'], cached: true, interfaces: [ATSPI_IFACE.accessible] },
    '/frame': { role: 'frame', name: 'talk.odp - LibreOffice Impress', children: ['/docpanel'], cached: true, extents: at(0, 0, 800, 600) },
    '/docpanel': { role: 'panel', children: ['/document'], cached: true, extents: at(0, 50, 800, 500) },
    '/tooltip': {
      role: 'panel',
      name: 'Tooltip',
      children: ['/tip'],
      cached: true,
      cachedParent: { path: '/docpanel', index: 0 },
      extents: at(300, 300, 100, 20),
    },
    '/tip': { role: 'label', name: 'Slide Sorter', cached: true, extents: at(300, 300, 100, 20) },
    '/document': { role: 'document presentation', name: 'Slides', children: ['/para'], extents: at(0, 50, 800, 500) },
    '/para': { role: 'paragraph', name: 'Quarterly results', extents: at(100, 100, 300, 30) },
  };
  return fakeAtspi({ objects, toolkit });
}

describe('readAccessibleTree: LibreOffice (soffice) cached children that are not the live ones', () => {
  it('re-reads a shown container whose cached children differ from GetChildren: the document is listed, the stale tooltip is not', async () => {
    const fake = panelWithStaleChild('soffice');
    const tree = await readAccessibleTree(fake.client, { bus: BUS, path: APP }, { extents: false });
    const panel = findNode(tree, (n) => n.path === '/docpanel')!;
    expect(panel.children.map((c) => c.path)).toEqual(['/document']);
    expect(names(tree)).toEqual(expect.arrayContaining(['Slides', 'Quarterly results']));
    expect(names(tree)).not.toContain('Tooltip');
  });

  it('also when the application is named soffice.bin', async () => {
    const tree = await readAccessibleTree(panelWithStaleChild('soffice.bin').client, { bus: BUS, path: APP }, { extents: false });
    expect(findNode(tree, (n) => n.path === '/docpanel')!.children.map((c) => c.path)).toEqual(['/document']);
  });

  it('other applications: a cache whose count agrees is trusted, no container is asked for its children', async () => {
    const fake = panelWithStaleChild('gedit', { name: 'gtk', version: '3.24.38' });
    const tree = await readAccessibleTree(fake.client, { bus: BUS, path: APP }, { extents: false });
    expect(findNode(tree, (n) => n.path === '/docpanel')!.children.map((c) => c.path)).toEqual(['/tooltip']);
    expect(fake.count('GetChildren')).toBe(0);
  });
});

describe('readAccessibleTree: an object read live has its role read again, whatever knownObjects says', () => {
  it('a menu item LibreOffice turned into a check menu item after making it is listed with its new role', async () => {
    const objects: Record<string, FakeObject> = {
      [APP]: { role: 'application', name: 'soffice', children: ['/frame'], cached: true, interfaces: [ATSPI_IFACE.accessible] },
      // the frame is cached with its child count, its menu (and the menu's item) are not
      '/frame': { role: 'frame', name: 'Untitled 1 - LibreOffice Writer', children: ['/menu'], cached: true, extents: at(0, 0, 800, 600) },
      '/menu': { role: 'menu', name: 'AutoCorrect', children: ['/item'], extents: at(0, 0, 100, 25) },
      '/item': { role: 'check menu item', name: 'While Typing', extents: at(0, 25, 100, 25) },
    };
    const fake = fakeAtspi({ objects });
    // an earlier read saw the item when it was still a plain menu item
    const knownObjects = new Map([
      ['/menu', { role: 'menu', interfaces: [ATSPI_IFACE.accessible, ATSPI_IFACE.component] }],
      ['/item', { role: 'menu item', interfaces: [ATSPI_IFACE.accessible, ATSPI_IFACE.component] }],
    ]);
    const tree = await readAccessibleTree(fake.client, { bus: BUS, path: APP }, { extents: false, knownObjects });
    expect(findNode(tree, (n) => n.path === '/item')).toMatchObject({ role: 'check menu item', name: 'While Typing' });
    expect(fake.count('GetRole /item')).toBe(1);
  });
});
