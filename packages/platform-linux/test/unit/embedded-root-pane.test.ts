import { describe, expect, it } from 'vitest';
import type { AccessibleNode, XywhRect } from '../../src/atspi/accessible-node.js';
import { alignEmbeddedRootPanes } from '../../src/desktop/embedded-root-pane.js';

let serial = 0;
function node(role: string, name: string, extents: XywhRect | undefined, children: AccessibleNode[] = []): AccessibleNode {
  serial += 1;
  return {
    bus: ':1.7',
    path: `/obj/${serial}`,
    role,
    name,
    description: '',
    states: ['showing', 'visible'],
    interfaces: [],
    childCount: children.length,
    children,
    ...(extents ? { extents } : {}),
  };
}
const at = (x: number, y: number, width: number, height: number): XywhRect => ({ x, y, width, height });

/**
 * LibreOffice's GTK 3 window: the native menu bar takes the top 25 px, the VCL tree's GTK host (a filler) is below
 * it at (0, 25), but the VCL root pane in it reports (0, 0), and so does everything under it.
 */
function writerWindow() {
  const bold = node('toggle button', 'Bold', at(100, 30, 26, 26));
  const toolbar = node('tool bar', 'Formatting', at(0, 30, 800, 30), [bold]);
  const ruler = node('ruler', 'Horizontal Ruler', at(0, 60, 800, 20));
  const statusbar = node('status bar', '', at(0, 550, 800, 25));
  const vclMenu = node('menu bar', '', undefined, [node('menu', 'File', undefined), node('menu', 'Edit', undefined)]);
  const root = node('root pane', '', at(0, 0, 800, 575), [vclMenu, toolbar, ruler, statusbar]);
  const host = node('filler', '', at(0, 25, 800, 575), [root]);
  const nativeMenu = node('menu bar', '', at(0, 0, 800, 25), [node('menu', 'File', at(0, 0, 40, 25))]);
  const frame = node('frame', 'letter.odt - LibreOffice Writer', at(0, 0, 800, 600), [nativeMenu, host]);
  return { frame, host, root, toolbar, bold, ruler, statusbar, vclMenu, nativeMenu };
}

describe('alignEmbeddedRootPanes', () => {
  it("moves a root pane with its parent's size but not its place, and its whole subtree, to its parent's place", () => {
    const w = writerWindow();
    const shifts = alignEmbeddedRootPanes(w.frame);
    expect(w.root.extents).toEqual(at(0, 25, 800, 575));
    expect(w.toolbar.extents).toEqual(at(0, 55, 800, 30));
    expect(w.bold.extents).toEqual(at(100, 55, 26, 26));
    expect(w.ruler.extents).toEqual(at(0, 85, 800, 20));
    // the status bar ends at the window's bottom edge (it was 25 px too high)
    expect(w.statusbar.extents).toEqual(at(0, 575, 800, 25));
    for (const n of [w.root, w.toolbar, w.bold, w.ruler, w.statusbar]) expect(shifts.get(n)).toEqual({ x: 0, y: 25 });
    // what is outside the root pane is not moved
    expect(w.host.extents).toEqual(at(0, 25, 800, 575));
    expect(w.frame.extents).toEqual(at(0, 0, 800, 600));
    expect(w.nativeMenu.extents).toEqual(at(0, 0, 800, 25));
    expect(shifts.has(w.host)).toBe(false);
    expect(shifts.has(w.nativeMenu)).toBe(false);
  });

  it('drops the menu bar without area under the root pane (the native menu bar lists its menus)', () => {
    const w = writerWindow();
    alignEmbeddedRootPanes(w.frame);
    expect(w.root.children).not.toContain(w.vclMenu);
    expect(w.root.children.map((c) => c.role)).toEqual(['tool bar', 'ruler', 'status bar']);
    expect(w.frame.children).toContain(w.nativeMenu);
  });

  it('drops the VCL menu bar under the root pane when it HAS an area, as long as the window has a native menu bar outside the root pane', () => {
    // after an action LibreOffice gives the hidden VCL menu bar an area: it was listed a second time, at y 25–44
    const w = writerWindow();
    w.vclMenu.extents = at(0, 0, 800, 20);
    alignEmbeddedRootPanes(w.frame);
    expect(w.root.children).not.toContain(w.vclMenu);
    expect(w.root.children.map((c) => c.role)).toEqual(['tool bar', 'ruler', 'status bar']);
    expect(w.frame.children).toContain(w.nativeMenu);
  });

  it('drops the VCL menu bar of a root pane reported at its true place too, when the window has a native menu bar', () => {
    // Impress after a text box was entered: the root pane reports (0, 25), nothing is moved, and the VCL menus (at
    // y 25–44, over the first tool bar's New button) were listed as a second File … Help
    const w = writerWindow();
    w.root.extents = at(0, 25, 800, 575);
    w.vclMenu.children.forEach((menu, i) => (menu.extents = at(i * 40, 25, 40, 19)));
    expect(alignEmbeddedRootPanes(w.frame).size).toBe(0);
    expect(w.root.children).not.toContain(w.vclMenu);
    expect(w.frame.children).toContain(w.nativeMenu);
  });

  it('keeps a menu bar with an area under the root pane when the window has no other menu bar', () => {
    const file = node('menu', 'File', at(0, 0, 40, 20));
    const menuBar = node('menu bar', '', at(0, 0, 800, 20), [file]);
    const root = node('root pane', '', at(0, 0, 800, 575), [menuBar]);
    const host = node('filler', '', at(0, 25, 800, 575), [root]);
    const frame = node('frame', 'w', at(0, 0, 800, 600), [host]);
    alignEmbeddedRootPanes(frame);
    expect(root.children).toContain(menuBar);
    expect(file.extents).toEqual(at(0, 25, 40, 20));
  });

  it("leaves an embedded GTK widget that reports true coordinates (its parent's size, at its parent's shifted place) and its subtree where they are", () => {
    // the name box's GTK entry in Calc's formula tool bar: at the true place of its (VCL) parent
    const entry = node('text', '', at(5, 57, 90, 20));
    const nameBox = node('combo box', 'Name Box', at(0, 55, 100, 24), [entry]);
    const formulaBar = node('tool bar', 'Formula Bar', at(0, 30, 100, 24), [nameBox]);
    const root = node('root pane', '', at(0, 0, 800, 575), [formulaBar]);
    const host = node('filler', '', at(0, 25, 800, 575), [root]);
    const shifts = alignEmbeddedRootPanes(host);
    expect(formulaBar.extents).toEqual(at(0, 55, 100, 24));
    expect(nameBox.extents).toEqual(at(0, 55, 100, 24));
    expect(entry.extents).toEqual(at(5, 57, 90, 20));
    expect(shifts.get(formulaBar)).toEqual({ x: 0, y: 25 });
    expect(shifts.has(nameBox)).toBe(false);
    expect(shifts.has(entry)).toBe(false);
  });

  it("leaves a root pane at its parent's place untouched (and one of another size, and other roles)", () => {
    const inPlace = node('root pane', '', at(0, 25, 800, 575), [node('push button', 'OK', at(10, 40, 80, 30))]);
    const smaller = node('root pane', '', at(0, 0, 400, 300), [node('push button', 'OK', at(10, 40, 80, 30))]);
    const panel = node('panel', '', at(0, 0, 800, 575), [node('push button', 'OK', at(10, 40, 80, 30))]);
    for (const child of [inPlace, smaller, panel]) {
      const host = node('filler', '', at(0, 25, 800, 575), [child]);
      const before = JSON.stringify(host);
      expect(alignEmbeddedRootPanes(host).size).toBe(0);
      expect(JSON.stringify(host)).toBe(before);
    }
  });

  it('shifts sideways too, and within a pixel of size difference', () => {
    const button = node('push button', 'OK', at(10, 10, 80, 30));
    const root = node('root pane', '', at(0, 0, 401, 300), [button]);
    const host = node('filler', '', at(200, 100, 400, 301), [root]);
    const shifts = alignEmbeddedRootPanes(host);
    expect(button.extents).toEqual(at(210, 110, 80, 30));
    expect(shifts.get(button)).toEqual({ x: 200, y: 100 });
  });
});
