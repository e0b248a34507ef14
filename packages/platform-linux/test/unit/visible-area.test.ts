import { describe, expect, it } from 'vitest';
import type { AccessibleNode, XywhRect } from '../../src/atspi/accessible-node.js';
import { clipToAncestors, isScrollingContainer } from '../../src/desktop/visible-area.js';

let next = 0;
function node(role: string, extents: XywhRect | undefined, children: AccessibleNode[] = [], name = ''): AccessibleNode {
  next += 1;
  return {
    bus: ':1.1',
    path: `/${next}`,
    role,
    name,
    description: '',
    states: [],
    interfaces: [],
    ...(extents ? { extents } : {}),
    childCount: children.length,
    children,
  };
}
const rect = (x: number, y: number, width: number, height: number): XywhRect => ({ x, y, width, height });

/**
 * FeatherPad's (Qt 5) Preferences ▸ Window page, as read: the scroll area is a `filler` with the viewport and a
 * filler holding the scroll bar; the page panel is taller than the viewport, its last check boxes below it.
 */
function qtScrollArea(panelExtents: XywhRect | undefined) {
  const visibleBox = node('check box', rect(428, 499, 176, 21), [], 'Always show status bar');
  const halfBox = node('check box', rect(428, 560, 200, 21), [], 'Half shown');
  const hiddenBox = node('check box', rect(428, 588, 210, 21), [], 'Tab navigation wraps around');
  const panel = node('panel', panelExtents, [visibleBox, halfBox, hiddenBox]);
  const viewport = node('filler', rect(416, 144, 415, 430), [node('filler', rect(416, 144, 415, 430), [panel])]);
  const scrollArea = node('filler', rect(416, 144, 429, 430), [
    viewport,
    node('filler', rect(831, 144, 14, 430), [node('scroll bar', rect(831, 144, 14, 430))]),
  ]);
  const dialog = node('dialog', rect(396, 95, 469, 530), [scrollArea, node('push button', rect(774, 589, 80, 25), [], 'Close')]);
  return { dialog, scrollArea, visibleBox, halfBox, hiddenBox };
}

describe('visible areas and controls scrolled out of view', () => {
  it("knows scrolling containers by role, or by a scroll bar of their own (Qt's scroll area is a filler)", () => {
    expect(isScrollingContainer(node('scroll pane', rect(0, 0, 10, 10)))).toBe(true);
    expect(isScrollingContainer(node('list', rect(0, 0, 10, 10)))).toBe(true);
    expect(isScrollingContainer(qtScrollArea(rect(416, 144, 415, 600)).scrollArea)).toBe(true);
    expect(isScrollingContainer(node('panel', rect(0, 0, 10, 10), [node('push button', rect(0, 0, 5, 5))]))).toBe(false);
  });

  it("a control wholly below a Qt scroll area's viewport keeps its extents and is marked scrolled out; one half shown is clipped", () => {
    const { dialog, visibleBox, halfBox, hiddenBox } = qtScrollArea(rect(416, 144, 415, 600));
    clipToAncestors(dialog);
    expect(visibleBox.scrolledOutOf).toBeUndefined();
    expect(visibleBox.extents).toEqual(rect(428, 499, 176, 21));
    expect(halfBox.scrolledOutOf).toBeUndefined();
    expect(halfBox.extents).toEqual(rect(428, 560, 200, 14));
    expect(hiddenBox.extents).toEqual(rect(428, 588, 210, 21));
    expect(hiddenBox.scrolledOutOf).toEqual(rect(416, 144, 429, 430));
  });

  it('a container with no useful rectangle still hides nothing', () => {
    // a panel without extents, and a list with a 1×1 rectangle: their children are neither clipped nor marked
    const inPanel = node('check box', rect(10, 300, 100, 20));
    clipToAncestors(node('frame', rect(0, 0, 800, 600), [node('panel', undefined, [inPanel])]));
    expect(inPanel.scrolledOutOf).toBeUndefined();
    const item = node('list item', rect(10, 300, 100, 20));
    clipToAncestors(node('frame', rect(0, 0, 800, 600), [node('list', rect(10, 10, 1, 1), [item])]));
    expect(item.scrolledOutOf).toBeUndefined();
    expect(item.extents).toEqual(rect(10, 300, 100, 20));
    // outside a non-scrolling container (a tab page reporting a stale rectangle): kept as it is
    const field = node('text', rect(10, 300, 100, 20));
    clipToAncestors(node('frame', rect(0, 0, 800, 600), [node('filler', rect(0, 0, 200, 100), [field])]));
    expect(field.scrolledOutOf).toBeUndefined();
  });

  it('rows of a list below its visible part are scrolled out, and so are their children', () => {
    const label = node('label', rect(20, 420, 50, 18));
    const row = node('list item', rect(10, 420, 200, 24), [label]);
    const shown = node('list item', rect(10, 100, 200, 24));
    clipToAncestors(node('frame', rect(0, 0, 800, 600), [node('scroll pane', rect(10, 90, 220, 300), [node('list', rect(10, 90, 200, 500), [shown, row])])]));
    expect(shown.scrolledOutOf).toBeUndefined();
    expect(row.scrolledOutOf).toEqual(rect(10, 90, 200, 300));
    expect(label.scrolledOutOf).toEqual(rect(10, 90, 200, 300));
  });

  it("an open combo box's list is a popup: its rows are neither clipped by the combo box nor scrolled out of the page", () => {
    // FeatherPad's "Tab position:" combo box, open, inside the Preferences scroll area (its popup reaches below it)
    const north = node('list item', rect(522, 557, 66, 17), [], 'North');
    const west = node('list item', rect(522, 607, 182, 25), [], 'West');
    const list = node('list', rect(522, 557, 182, 100), [north, west]);
    const combo = node('combo box', rect(521, 556, 67, 18), [list], 'North');
    const { dialog } = qtScrollArea(rect(416, 144, 415, 600));
    const panel = dialog.children[0]!.children[0]!.children[0]!.children[0]!;
    panel.children.push(combo);
    clipToAncestors(dialog);
    expect(list.extents).toEqual(rect(522, 557, 182, 100));
    expect(west.scrolledOutOf).toBeUndefined();
    expect(west.extents).toEqual(rect(522, 607, 182, 25));
    expect(north.scrolledOutOf).toBeUndefined();
  });
});
