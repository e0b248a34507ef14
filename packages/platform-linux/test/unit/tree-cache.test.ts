import { describe, expect, it } from 'vitest';
import type { AccessibleNode, AccessibleRef, XywhRect } from '../../src/atspi/accessible-node.js';
import { countNodes } from '../../src/atspi/accessible-node.js';
import type { AtspiClient } from '../../src/atspi/atspi-client.js';
import { decodeAtspiEvent, type AtspiEvent } from '../../src/atspi/atspi-events.js';
import { pruneToBudget } from '../../src/atspi/tree-budget.js';
import { noPendingChanges, recordTreeEvent, sendsTreeEvents } from '../../src/atspi/tree-cache.js';
import { emptyTreeReadStats, readAccessibleTree, refreshAccessibleTree } from '../../src/atspi/tree-reader.js';
import { listedChildren, visibleChildIndices } from '../../src/atspi/visible-children.js';
import { listingNote } from '../../src/desktop/listing-note.js';

const APP = ':1.7';
const ROOT = '/org/a11y/atspi/accessible/root';
const event = (kind: AtspiEvent['kind'], path: string, detail = ''): AtspiEvent => ({ kind, source: { bus: APP, path }, detail, value: 1 });
const known = new Set([ROOT, '/frame', '/button', '/list']);

describe('recordTreeEvent', () => {
  it('re-reads the children of an object whose children changed, the properties of one whose name or state changed', () => {
    const changes = noPendingChanges();
    recordTreeEvent(changes, event('children-changed', '/list', 'add'), known);
    recordTreeEvent(changes, event('property-change', '/button', 'accessible-name'), known);
    recordTreeEvent(changes, event('state-changed', '/frame', 'checked'), known);
    expect(changes.all).toBe(false);
    expect([...changes.children]).toEqual(['/list']);
    expect([...changes.props].sort()).toEqual(['/button', '/frame']);
  });

  it('re-reads the children of an object that was shown or hidden', () => {
    const changes = noPendingChanges();
    recordTreeEvent(changes, event('state-changed', '/list', 'showing'), known);
    expect([...changes.children]).toEqual(['/list']);
    expect([...changes.props]).toEqual(['/list']);
  });

  it('reads the whole tree again for window events, an unknown object, or children of the application', () => {
    for (const e of [event('window', '/frame', 'Create'), event('state-changed', '/new-widget', 'showing'), event('children-changed', ROOT, 'add')]) {
      const changes = noPendingChanges();
      recordTreeEvent(changes, e, known);
      expect(changes.all, e.kind).toBe(true);
    }
  });

  it('ignores a state change (other than shown or hidden) of an object the tree does not have: no full read', () => {
    // focus and selection moving through a sheet's cells, a closed menu's item armed: parts no listing reads
    for (const detail of ['focused', 'selected', 'armed', 'checked', 'active']) {
      const changes = noPendingChanges();
      recordTreeEvent(changes, event('state-changed', '/sheet/cell/4/1', detail), known);
      expect(changes, detail).toEqual(noPendingChanges());
    }
  });

  it('still reads the whole tree when an object the tree does not have is shown or made visible', () => {
    for (const detail of ['showing', 'visible']) {
      const changes = noPendingChanges();
      recordTreeEvent(changes, event('state-changed', '/new-panel', detail), known);
      expect(changes.all, detail).toBe(true);
    }
    // and for other events of unknown objects that may mean a new object in the tree
    for (const e of [event('children-changed', '/new-panel', 'add'), event('property-change', '/new-panel', 'accessible-parent')]) {
      const changes = noPendingChanges();
      recordTreeEvent(changes, e, known);
      expect(changes.all, e.kind).toBe(true);
    }
  });

  it('ignores a property change (other than the parent) of an object the tree does not have: no full read', () => {
    // LibreOffice Writer: the document's scroll bar (not in the tree) changes its value as the caret moves
    for (const detail of ['accessible-value', 'accessible-name', 'accessible-description', 'accessible-role']) {
      const changes = noPendingChanges();
      recordTreeEvent(changes, event('property-change', '/scroll-bar', detail), known);
      expect(changes, detail).toEqual(noPendingChanges());
    }
  });

  it('ignores bounds changes (extents are read at every listing)', () => {
    const changes = noPendingChanges();
    recordTreeEvent(changes, event('bounds-changed', '/nowhere'), known);
    expect(changes).toEqual(noPendingChanges());
  });
});

describe('decodeAtspiEvent', () => {
  it('decodes object and window signals, with the child of children-changed', () => {
    expect(
      decodeAtspiEvent({
        sender: APP,
        path: '/list',
        interface: 'org.a11y.atspi.Event.Object',
        member: 'ChildrenChanged',
        body: ['add', 3, 0, { value: [APP, '/row3'] }, {}],
      }),
    ).toEqual({ kind: 'children-changed', source: { bus: APP, path: '/list' }, detail: 'add', value: 3, child: { bus: APP, path: '/row3' } });
    expect(decodeAtspiEvent({ sender: APP, path: '/frame', interface: 'org.a11y.atspi.Event.Window', member: 'Create', body: ['', 0, 0, 0, {}] })?.kind).toBe(
      'window',
    );
    expect(
      decodeAtspiEvent({ sender: APP, path: '/text', interface: 'org.a11y.atspi.Event.Object', member: 'TextCaretMoved', body: ['', 4, 0, 0, {}] }),
    ).toBeUndefined();
  });
});

describe('sendsTreeEvents', () => {
  it('keeps GTK 3 trees; reads GTK 4 and Qt trees whole', () => {
    expect(sendsTreeEvents({ name: 'gtk', version: '3.24.38' })).toBe(true);
    expect(sendsTreeEvents({ name: 'GTK', version: '4.8.3' })).toBe(false);
    expect(sendsTreeEvents({ name: 'Qt', version: '5.15.8' })).toBe(false);
  });
});

const node = (path: string, children: AccessibleNode[] = []): AccessibleNode => ({
  bus: APP,
  path,
  role: 'panel',
  name: path,
  description: '',
  states: [],
  interfaces: [],
  childCount: children.length,
  children,
});

describe('pruneToBudget', () => {
  it('keeps the upper levels first, in tree order, and marks the parents that lost children', () => {
    const tree = node('/app', [node('/a', [node('/a1', [node('/a1x')]), node('/a2')]), node('/b', [node('/b1')])]);
    expect(pruneToBudget(tree, 5)).toBe(true);
    expect(countNodes(tree)).toBe(5);
    const shape = (n: AccessibleNode): unknown => [n.path, ...n.children.map(shape)];
    expect(shape(tree)).toEqual(['/app', ['/a', ['/a1'], ['/a2']], ['/b']]);
    expect(tree.children[1]!.truncatedChildren).toBe(1);
    expect(tree.children[0]!.children[0]!.truncatedChildren).toBe(1);
  });

  it('changes nothing within the budget', () => {
    const tree = node('/app', [node('/a')]);
    expect(pruneToBudget(tree, 2)).toBe(false);
    expect(countNodes(tree)).toBe(2);
  });
});

/** A list of `n` rows of 20 px, scrolled by `scroll` px, under two headers, as GTK 3 reports it. */
function scrolledList(n: number, scroll: number, view: XywhRect) {
  const rows: AccessibleRef[] = Array.from({ length: n + 2 }, (_, i) => ({ bus: APP, path: `/c${i}` }));
  let extentsCalls = 0;
  const box = (i: number): XywhRect => {
    if (i < 2) return { x: view.x + i * 50, y: view.y, width: 50, height: 20 };
    const y = view.y + 20 + (i - 2) * 20 - scroll;
    // GTK 3 puts rows outside the view at INT_MIN
    return y + 20 <= view.y + 20 || y >= view.y + view.height
      ? { x: -2147483648, y: -2147483648, width: 50, height: 20 }
      : { x: view.x, y, width: 50, height: 20 };
  };
  const client = {
    extents: async (ref: AccessibleRef) => (extentsCalls++, box(Number(ref.path.slice(2)))),
    call: async (_ref: AccessibleRef, _iface: string, member: string, _sig: string, body: number[]) => {
      if (member !== 'GetAccessibleAtPoint') throw new Error(member);
      const y = body[1]!;
      const i = rows.findIndex((_, k) => k >= 2 && box(k).y <= y && y < box(k).y + 20);
      return [[APP, i < 0 ? '/org/a11y/atspi/null' : rows[i]!.path]];
    },
  };
  return { client: client as unknown as AtspiClient, rows, calls: () => extentsCalls };
}

describe('visibleChildIndices', () => {
  const view = { x: 0, y: 100, width: 300, height: 220 };

  it('finds the headers and the rows in view of a scrolled 3,000-row list with a few dozen probes', async () => {
    const { client, rows, calls } = scrolledList(3000, 20 * 1000, view);
    const shown = await visibleChildIndices(client, { bus: APP, path: '/table' }, listedChildren(rows), view);
    // 200 px of rows below a 20 px header row: rows 1000..1009 (children 1002..1011)
    expect(shown).toEqual([0, 1, ...Array.from({ length: 10 }, (_, i) => 1002 + i)]);
    expect(calls()).toBeLessThan(60);
  });

  it('finds the first rows of an unscrolled list', async () => {
    const { client, rows } = scrolledList(3000, 0, view);
    const shown = await visibleChildIndices(client, { bus: APP, path: '/table' }, listedChildren(rows), view);
    expect(shown).toEqual(Array.from({ length: 12 }, (_, i) => i));
  });

  it('gives up (undefined) when no child is found at the probe points', async () => {
    const { client, rows } = scrolledList(3000, 0, view);
    const empty = { ...view, x: 1000 };
    const c = { ...(client as object), call: async () => [[APP, '/org/a11y/atspi/null']] } as unknown as AtspiClient;
    expect(await visibleChildIndices(c, { bus: APP, path: '/table' }, listedChildren(rows), empty)).toBeUndefined();
  });
});

describe('listingNote', () => {
  it('says what the read left out, and nothing when it left nothing out', () => {
    expect(listingNote(emptyTreeReadStats(), 1500)).toBeUndefined();
    const note = listingNote({ ...emptyTreeReadStats(), budgetReached: true, offScreenChildren: 3166 }, 1500);
    expect(note).toMatch(/more than 1500 accessible objects: this listing read the first 1500 of them, the upper levels of each window first/);
    expect(note).toMatch(/3166 items of long lists or tables are outside their visible area and not listed: scroll/);
  });
});

interface FakeNode {
  role: string;
  name: string;
  children: string[];
  hidden?: boolean;
}

/** A toolkit without a cache (as Qt), whose objects can change between reads; counts the calls per object. */
function fakeApp(nodes: Record<string, FakeNode>) {
  const calls: string[] = [];
  const get = (ref: AccessibleRef) => nodes[ref.path] ?? Promise.reject(new Error(`no object ${ref.path}`));
  const client = {
    cacheItems: async () => undefined,
    toolkit: async () => ({ name: 'gtk', version: '3.24' }),
    role: async (ref: AccessibleRef) => (calls.push(`role ${ref.path}`), (await get(ref)).role),
    name: async (ref: AccessibleRef) => (await get(ref)).name,
    states: async (ref: AccessibleRef) => ((await get(ref)).hidden ? ['enabled'] : ['enabled', 'showing', 'visible']),
    interfaces: async () => ['org.a11y.atspi.Accessible'],
    childCount: async (ref: AccessibleRef) => (await get(ref)).children.length,
    children: async (ref: AccessibleRef) => (calls.push(`children ${ref.path}`), (await get(ref)).children.map((path) => ({ bus: APP, path }))),
    extents: async () => Promise.reject(new Error('not a component')),
  };
  return { client: client as unknown as AtspiClient, calls, nodes };
}

describe('readAccessibleTree: hidden subtrees and the node budget', () => {
  it('does not read the children of a hidden object below the top-levels', async () => {
    const { client, calls } = fakeApp({
      '/app': { role: 'application', name: 'app', children: ['/frame'] },
      '/frame': { role: 'frame', name: 'Main', children: ['/page1', '/page2'] },
      '/page1': { role: 'panel', name: 'shown', children: ['/b1'] },
      '/page2': { role: 'panel', name: 'hidden', children: ['/b2'], hidden: true },
      '/b1': { role: 'push button', name: 'B1', children: [] },
      '/b2': { role: 'push button', name: 'B2', children: [] },
    });
    const stats = emptyTreeReadStats();
    const tree = await readAccessibleTree(client, { bus: APP, path: '/app' }, { stats });
    const hidden = tree.children[0]!.children[1]!;
    expect(hidden.children).toEqual([]);
    expect(hidden.unreadChildren).toBe('hidden');
    expect(calls).not.toContain('role /b2');
    expect(stats).toMatchObject({ hiddenSubtrees: 1, budgetReached: false, nodes: 5 });
  });

  it('stops at the node budget and says so', async () => {
    const kids = Array.from({ length: 30 }, (_, i) => `/k${i}`);
    const nodes: Record<string, FakeNode> = {
      '/app': { role: 'application', name: 'app', children: ['/frame'] },
      '/frame': { role: 'frame', name: 'Main', children: kids },
    };
    for (const k of kids) nodes[k] = { role: 'label', name: k, children: [] };
    const stats = emptyTreeReadStats();
    const tree = await readAccessibleTree(fakeApp(nodes).client, { bus: APP, path: '/app' }, { stats, maxNodes: 10 });
    expect(countNodes(tree)).toBe(10);
    expect(stats.budgetReached).toBe(true);
    expect(tree.children[0]!.truncatedChildren).toBe(30);
  });
});

describe('refreshAccessibleTree', () => {
  it('re-reads only the objects the changes name, and takes the rest from the kept tree', async () => {
    const app = fakeApp({
      '/app': { role: 'application', name: 'app', children: ['/frame'] },
      '/frame': { role: 'frame', name: 'Main', children: ['/bar', '/list'] },
      '/bar': { role: 'tool bar', name: '', children: ['/save'] },
      '/save': { role: 'push button', name: 'Save', children: [] },
      '/list': { role: 'list', name: '', children: ['/r1'] },
      '/r1': { role: 'list item', name: 'one', children: [] },
    });
    const ref = { bus: APP, path: '/app' };
    const kept = await readAccessibleTree(app.client, ref, { extents: false });
    app.nodes['/list']!.children.push('/r2');
    app.nodes['/r2'] = { role: 'list item', name: 'two', children: [] };
    app.nodes['/save']!.name = 'Save as';
    app.calls.length = 0;
    const fresh = await refreshAccessibleTree(app.client, ref, kept, { props: new Set(['/save']), children: new Set(['/list']) });
    const shape = (n: AccessibleNode): unknown => [n.name, ...n.children.map(shape)];
    expect(shape(fresh)).toEqual(shape(await readAccessibleTree(app.client, ref, { extents: false })));
    expect(shape(fresh)).toEqual(['app', ['Main', ['', ['Save as']], ['', ['one'], ['two']]]]);
    // the kept tree is not changed
    expect(shape(kept)).toEqual(['app', ['Main', ['', ['Save']], ['', ['one']]]]);
  });
});
