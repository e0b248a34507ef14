// Display names of controls whose toolkit gives them no name of their own: the GTK 4.8 drop-down's subtree as
// gnome-text-editor's Save As dialog publishes it (a toggle button around a stack with a hidden "(None)" page).
import { describe, expect, it } from 'vitest';
import type { AccessibleNode, XywhRect } from '../../src/atspi/accessible-node.js';
import { controlDisplayName } from '../../src/desktop/control-selection.js';

let serial = 0;
const node = (role: string, name: string, children: AccessibleNode[] = [], extents?: XywhRect): AccessibleNode => ({
  bus: ':1.1',
  path: `/n${(serial += 1)}`,
  role,
  name,
  description: '',
  states: ['sensitive', 'visible'],
  interfaces: [],
  childCount: children.length,
  children,
  ...(extents ? { extents } : {}),
});
const box = (x: number, width: number): XywhRect => ({ x, y: 521, width, height: 30 });

/** GtkDropDown → GtkToggleButton → box → stack { "(None)" page (hidden), list item page showing `shown` }. */
function gtk4DropDown(shown: string, toggleName = 'GtkToggleButton'): AccessibleNode {
  const item = node('filler', 'GtkListItemWidget', [node('panel', '', [node('label', shown, [], box(176, 177))], box(176, 177))], box(176, 177));
  const stack = node('panel', '', [node('panel', '', [node('label', '(None)')]), node('panel', '', [item])], box(176, 177));
  const toggle = node('push button', toggleName, [node('panel', '', [stack, node('filler', 'GtkBuiltinIcon')], box(176, 199))], box(176, 199));
  return node('combo box', 'GtkDropDown', [toggle], { x: 166, y: 513, width: 219, height: 46 });
}

describe('captions of GTK 4 drop-downs', () => {
  it('the drop-down and its toggle button show the selected item, not the hidden placeholder or a part name', () => {
    const dropDown = gtk4DropDown('Automatically Detected');
    expect(controlDisplayName(dropDown)).toBe('Automatically Detected');
    expect(controlDisplayName(dropDown.children[0]!)).toBe('Automatically Detected');
  });

  it('a toggle button that GTK names after its CSS node ("togglebutton") is no caption', () => {
    const dropDown = gtk4DropDown('Unix/Linux (LF)', 'togglebutton');
    expect(controlDisplayName(dropDown.children[0]!)).toBe('Unix/Linux (LF)');
  });

  it('a placeholder that is the only label shown stays the caption', () => {
    const empty = node(
      'combo box',
      'GtkDropDown',
      [node('push button', 'GtkToggleButton', [node('panel', '', [node('label', '(None)', [], box(1168, 50))])], box(1168, 72))],
      box(1158, 92),
    );
    expect(controlDisplayName(empty)).toBe('(None)');
  });
});
