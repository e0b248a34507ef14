import { describe, expect, it } from 'vitest';
import type { AccessibleRef } from '../../src/atspi/accessible-node.js';
import type { AtspiClient } from '../../src/atspi/atspi-client.js';
import { readAccessibleTree } from '../../src/atspi/tree-reader.js';

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
      'application', 'featherpad', 1,
      [['frame', 'Untitled', 2, [['menu bar', '', 2, [['menu', 'File', 0, []], ['menu', 'Edit', 0, []]]], ['text', '', 0, []]]]],
    ]);
    // the application itself is read once with its child count; below it, children stand in for the count
    expect(counts['childCount']).toBe(1);
    expect(counts['children']).toBe(6);
    expect(counts['role']).toBe(6);
  });
});
