// The caption of an unnamed field from its named container (LibreOffice names the toolbar item, `panel "Font
// Name"`, and leaves the box inside it unnamed), after the labelled-by relation and before the layout.
import { describe, expect, it } from 'vitest';
import type { AccessibleNode, AccessibleRef, XywhRect } from '../../src/atspi/accessible-node.js';
import type { AtspiClient } from '../../src/atspi/atspi-client.js';
import { labelUnnamedFields } from '../../src/desktop/field-labels.js';

let serial = 0;
function node(role: string, name: string, extents: XywhRect | undefined, children: AccessibleNode[] = []): AccessibleNode {
  serial += 1;
  return {
    bus: ':1.7',
    path: `/n/${serial}`,
    role,
    name,
    description: '',
    states: ['enabled', 'showing', 'visible'],
    interfaces: [],
    childCount: children.length,
    children,
    ...(extents ? { extents } : {}),
  };
}
const at = (x: number, y: number, width: number, height: number): XywhRect => ({ x, y, width, height });

/** A client answering the labelled-by relation from `relations` (field path → label node) and names of those nodes. */
function client(relations: Map<string, AccessibleNode> = new Map()): AtspiClient {
  return {
    labelledBy: async (ref: AccessibleRef) => {
      const label = relations.get(ref.path);
      return label ? [{ bus: label.bus, path: label.path }] : [];
    },
    name: async (ref: AccessibleRef) => [...relations.values()].find((n) => n.path === ref.path)?.name ?? '',
  } as unknown as AtspiClient;
}

/** Writer's formatting tool bar: `panel "Font Name"` → unnamed panels → the unnamed text field of the font box. */
function fontNameBox(extra: AccessibleNode[] = []) {
  const field = node('text', '', at(10, 60, 150, 24));
  const inner = node('panel', '', at(10, 60, 150, 24), [node('panel', '', at(10, 60, 150, 24), [field])]);
  const fontName = node('panel', 'Font Name', at(10, 60, 150, 24), [inner, ...extra]);
  const toolbar = node('tool bar', 'Formatting', at(0, 55, 800, 34), [fontName]);
  const frame = node('frame', 'letter.odt - LibreOffice Writer', at(0, 0, 800, 600), [toolbar]);
  const app = node('application', 'soffice', undefined, [frame]);
  return { app, field, fontName, toolbar };
}

describe('labelUnnamedFields: the named container of an unnamed field', () => {
  it("an unnamed text field alone in a named panel gets the panel's name, with label_source container", async () => {
    const w = fontNameBox();
    const labels = await labelUnnamedFields(client(), w.app, [w.field], ['']);
    expect(labels).toEqual([{ label: 'Font Name', labelSource: 'container' }]);
  });

  it('not when the named panel holds two fields (the name is not the caption of either)', async () => {
    const second = node('spin button', '', at(170, 60, 60, 24));
    const w = fontNameBox([second]);
    const labels = await labelUnnamedFields(client(), w.app, [w.field, second], ['', '']);
    for (const label of labels) expect(label.labelSource).not.toBe('container');
    expect(labels.map((l) => l.label)).not.toContain('Font Name');
  });

  it('the labelled-by relation still wins over the container', async () => {
    const w = fontNameBox();
    const caption = node('label', 'Typeface', at(0, 0, 10, 10));
    const labels = await labelUnnamedFields(client(new Map([[w.field.path, caption]])), w.app, [w.field], ['']);
    expect(labels).toEqual([{ label: 'Typeface', labelSource: 'relation' }]);
  });

  it('a container beats a label inferred from the layout', async () => {
    const w = fontNameBox();
    // a label right left of the field, in the same window
    w.toolbar.children.unshift(node('label', 'Paragraph Style', at(0, 60, 9, 24)));
    const labels = await labelUnnamedFields(client(), w.app, [w.field], ['']);
    expect(labels).toEqual([{ label: 'Font Name', labelSource: 'container' }]);
  });

  it('a notebook page named by its tab is no caption for the one field on it (only a tool bar item is)', async () => {
    const field = node('spin button', '', at(16, 55, 120, 34));
    const page = node('panel', 'Display', at(0, 40, 400, 260), [node('filler', '', at(0, 40, 400, 260), [field])]);
    const frame = node('dialog', 'Preferences', at(0, 0, 400, 300), [node('page tab list', '', at(0, 0, 400, 300), [page])]);
    const app = node('application', 'mousepad', undefined, [frame]);
    const [label] = await labelUnnamedFields(client(), app, [field], ['']);
    expect(label?.labelSource).not.toBe('container');
  });

  it('a field with no named container inside its window gets no container label', async () => {
    const field = node('text', '', at(10, 60, 150, 24));
    const frame = node('frame', 'Find', at(0, 0, 400, 300), [node('panel', '', at(0, 0, 400, 300), [field])]);
    const app = node('application', 'soffice', undefined, [frame]);
    expect(await labelUnnamedFields(client(), app, [field], [''])).toEqual([{}]);
  });
});
