import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { AccessibleNode } from '../../src/atspi/accessible-node.js';
import { countNodes } from '../../src/atspi/accessible-node.js';
import { controlDisplayName, selectControls, keepSelected, withoutRepeats } from '../../src/desktop/control-selection.js';
import { coveredRects, showsOwnContent } from '../../src/desktop/screen-text-match.js';

const load = (name: string): AccessibleNode => JSON.parse(readFileSync(new URL(`../__fixtures__/${name}-tree.json`, import.meta.url), 'utf8'));

describe('selectControls on recorded trees', () => {
  it('gnome-calculator (GTK 4): every keypad button once, the display, no duplicate labels', () => {
    const tree = load('gnome-calculator');
    expect(countNodes(tree)).toBeGreaterThan(80);
    const chosen = selectControls(tree);
    const names = chosen.map((c) => controlDisplayName(c.node));
    for (const key of ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '×', '÷', '+', '−', '=']) {
      expect(
        names.filter((n) => n === key),
        `button ${key}`,
      ).toHaveLength(1);
    }
    expect(chosen.some((c) => c.node.role === 'label')).toBe(false);
    expect(chosen.filter((c) => c.node.role === 'text').length).toBeGreaterThanOrEqual(1);
    expect(chosen.length).toBeLessThan(countNodes(tree) / 2);
    for (const c of chosen) expect(c.node.extents, controlDisplayName(c.node)).toBeDefined();
  });

  it('mousepad (GTK 3): the text area and the menu bar items that are on screen', () => {
    const tree = load('mousepad');
    const chosen = selectControls(tree);
    const text = chosen.filter((c) => c.node.role === 'text' && c.node.interfaces.includes('org.a11y.atspi.EditableText'));
    expect(text.length).toBeGreaterThanOrEqual(1);
    const menus = chosen.filter((c) => c.node.role === 'menu').map((c) => controlDisplayName(c.node));
    expect(menus).toContain('File');
    // hidden menu items (not showing) have no extents and are left out
    expect(chosen.every((c) => c.node.extents !== undefined)).toBe(true);
    expect(chosen.length).toBeLessThan(countNodes(tree));
  });

  it('filters by role and keeps parent links', () => {
    const tree = load('gnome-calculator');
    const buttons = selectControls(tree, { roles: ['push button'] });
    expect(buttons.every((c) => c.node.role === 'push button')).toBe(true);
    const nested = buttons.find((c) => c.parentIndex >= 0);
    expect(nested).toBeDefined();
    expect(buttons[nested!.parentIndex]!.node.role).toBe('push button');
    const all = selectControls(tree, { includeAll: true });
    expect(all).toHaveLength(countNodes(tree));
  });

  it('leaves out controls outside the given area', () => {
    const tree = load('gnome-calculator');
    const topOnly = selectControls(tree, { within: { x: 0, y: 0, width: 1280, height: 60 } });
    expect(topOnly.length).toBeGreaterThan(0);
    expect(topOnly.every((c) => c.node.extents!.y < 60)).toBe(true);
  });
});

describe('controlDisplayName', () => {
  const node = (name: string, children: AccessibleNode[] = [], role = 'push button'): AccessibleNode => ({
    bus: ':1.1',
    path: `/${name}`,
    role,
    name,
    description: '',
    states: [],
    interfaces: [],
    childCount: children.length,
    children,
  });
  it('collapses GTK 4 doubled names, drops class names, falls back to labels', () => {
    expect(controlDisplayName(node('7 7'))).toBe('7');
    expect(controlDisplayName(node('mod mod'))).toBe('mod');
    expect(controlDisplayName(node('Save As'))).toBe('Save As');
    expect(controlDisplayName(node('GtkButton', [node('π', [], 'label')]))).toBe('π');
    expect(controlDisplayName(node('', [node('', [node('Open', [], 'label')], 'panel')]))).toBe('Open');
    expect(controlDisplayName(node('AdwGizmo'))).toBe('');
  });
});

describe('keeping part of a selection', () => {
  const node = (role: string, name: string, extents?: { x: number; y: number; width: number; height: number }) => ({
    bus: ':1.1',
    path: `/${role}/${name}/${extents?.y ?? ''}`,
    role,
    name,
    description: '',
    states: [],
    interfaces: [],
    extents,
    childCount: 0,
    children: [],
  });
  const item = (n: ReturnType<typeof node>, parentIndex: number) => ({ node: n, depth: parentIndex + 1, parentIndex, topIndex: 0 });

  it('re-points parents at the nearest kept ancestor', () => {
    const selected = [item(node('dialog', 'd'), -1), item(node('panel', 'p'), 0), item(node('push button', 'OK'), 1)];
    const kept = keepSelected(selected, ({ node: n }) => n.role !== 'panel');
    expect(kept.map((k) => [k.node.role, k.parentIndex])).toEqual([
      ['dialog', -1],
      ['push button', 0],
    ]);
  });

  it('lists a control shown twice (same role, name and place) once', () => {
    const at = (y: number) => ({ x: 10, y, width: 100, height: 20 });
    const selected = [
      item(node('combo box', 'Tabs', at(0)), -1),
      item(node('menu item', 'Insert Tabs', at(20)), 0),
      item(node('menu item', 'Insert Spaces', at(40)), 0),
      item(node('menu item', 'Insert Tabs', at(20)), 0),
      item(node('menu item', 'Insert Spaces', at(40)), 0),
      item(node('menu item', 'Insert Spaces', at(60)), 0),
    ];
    const kept = withoutRepeats(
      selected,
      selected.map((s) => s.node.name),
    );
    expect(kept.map((k) => `${k.node.name}@${k.node.extents?.y}`)).toEqual(['Tabs@0', 'Insert Tabs@20', 'Insert Spaces@40', 'Insert Spaces@60']);
  });
});

describe('items of a closed popup', () => {
  const COMPONENT = 'org.a11y.atspi.Component';
  const n = (
    role: string,
    name: string,
    extents: { x: number; y: number; width: number; height: number } | undefined,
    children: AccessibleNode[] = [],
  ): AccessibleNode => ({
    bus: ':1.2',
    path: `/${role}/${name}`,
    role,
    name,
    description: '',
    states: ['showing'],
    interfaces: [COMPONENT],
    extents,
    childCount: children.length,
    children,
  });

  it('rows under a list that is not on screen are not listed, though they report extents (Qt combo box)', () => {
    const rows = ['North', 'South'].map((name, i) => n('list item', name, { x: 0, y: i * 25, width: 756, height: 25 }));
    const closed = n('application', 'app', undefined, [
      n('dialog', 'Preferences', { x: 396, y: 95, width: 469, height: 530 }, [
        n('combo box', 'North', { x: 521, y: 556, width: 67, height: 18 }, [n('list', '', undefined, rows)]),
      ]),
    ]);
    expect(selectControls(closed).map((c) => `${c.node.role} ${c.node.name}`)).toEqual(['combo box North']);
    const openRows = ['North', 'South'].map((name, i) => n('list item', name, { x: 522, y: 557 + i * 25, width: 182, height: 25 }));
    const open = n('application', 'app', undefined, [
      n('dialog', 'Preferences', { x: 396, y: 95, width: 469, height: 530 }, [
        n('combo box', 'North', { x: 521, y: 556, width: 67, height: 18 }, [n('list', '', { x: 521, y: 556, width: 67, height: 102 }, openRows)]),
      ]),
    ]);
    expect(selectControls(open).map((c) => `${c.node.role} ${c.node.name}`)).toEqual(['combo box North', 'list item North', 'list item South']);
  });
});

// ---- LibreOffice Impress's slide pane: each slide's thumbnail is a named, selectable `panel` ----

describe('selectControls: a named, selectable panel (a slide thumbnail)', () => {
  let serial = 0;
  const panelNode = (name: string, states: string[], y: number, children: AccessibleNode[] = []): AccessibleNode => ({
    bus: ':1.7',
    path: `/p/${(serial += 1)}`,
    role: 'panel',
    name,
    description: '',
    states,
    interfaces: ['org.a11y.atspi.Accessible', 'org.a11y.atspi.Component'],
    childCount: children.length,
    children,
    extents: { x: 10, y, width: 150, height: 100 },
  });
  const SHOWN = ['enabled', 'showing', 'visible'];
  function slidePane() {
    const slide1 = panelNode('Slide 1', [...SHOWN, 'selectable', 'selected'], 100);
    const slide2 = panelNode('Slide 2', [...SHOWN, 'selectable'], 210);
    const unnamed = panelNode('', [...SHOWN, 'selectable'], 320);
    const unselectable = panelNode('Layout', SHOWN, 430);
    const pane = panelNode('Slides Pane', SHOWN, 100, [slide1, slide2, unnamed, unselectable]);
    const frame: AccessibleNode = { ...panelNode('talk.odp - LibreOffice Impress', SHOWN, 0, [pane]), role: 'frame' };
    const app: AccessibleNode = { ...panelNode('soffice', [], 0, [frame]), role: 'application' };
    return { app, slide1, slide2, unnamed, unselectable, pane };
  }

  it('is listed by default; an unnamed or unselectable panel is not', () => {
    const p = slidePane();
    const chosen = selectControls(p.app).map((c) => c.node);
    expect(chosen).toContain(p.slide1);
    expect(chosen).toContain(p.slide2);
    expect(chosen).not.toContain(p.unnamed);
    expect(chosen).not.toContain(p.unselectable);
    expect(chosen).not.toContain(p.pane);
  });

  it('is not listed when roles are given (not even when they name other roles)', () => {
    const p = slidePane();
    expect(selectControls(p.app, { roles: ['push button'] }).map((c) => c.node)).toEqual([]);
    // asking for panels lists every panel, as before
    expect(selectControls(p.app, { roles: ['panel'] }).map((c) => c.node)).toEqual(expect.arrayContaining([p.pane, p.slide1, p.unnamed, p.unselectable]));
  });
});

describe('showsOwnContent: a named, selectable panel covers its area for OCR', () => {
  const rect = { x: 10, y: 100, width: 150, height: 100 };
  const ifaces = ['org.a11y.atspi.Accessible', 'org.a11y.atspi.Component'];

  it('a slide thumbnail (named, selectable panel) shows its own content: its area is not read from the screen', () => {
    const thumbnail = { role: 'panel', interfaces: ifaces, rect, states: ['showing', 'selectable'], name: 'Slide 1' };
    expect(showsOwnContent(thumbnail)).toBe(true);
    expect(coveredRects([thumbnail])).toEqual([rect]);
  });

  it('an unnamed or unselectable panel still does not (its area needs reading)', () => {
    expect(showsOwnContent({ role: 'panel', interfaces: ifaces, rect, states: ['showing', 'selectable'], name: '  ' })).toBe(false);
    expect(showsOwnContent({ role: 'panel', interfaces: ifaces, rect, states: ['showing'], name: 'Slide 1' })).toBe(false);
    expect(showsOwnContent({ role: 'panel', interfaces: ifaces, rect })).toBe(false);
    // an OCR entry never covers
    expect(showsOwnContent({ role: 'panel', interfaces: ifaces, rect, states: ['selectable'], name: 'Slide 1', source: 'ocr' })).toBe(false);
  });
});
