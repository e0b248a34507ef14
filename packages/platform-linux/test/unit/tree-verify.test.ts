import { describe, expect, it } from 'vitest';
import type { AccessibleNode } from '../../src/atspi/accessible-node.js';
import { noPendingChanges } from '../../src/atspi/tree-cache.js';
import { treeLines, unexplainedDifferences } from '../../src/atspi/tree-verify.js';

const APP = ':1.7';
const node = (path: string, role: string, name: string, states: string[], children: AccessibleNode[] = []): AccessibleNode => ({
  bus: APP,
  path,
  role,
  name,
  description: '',
  states,
  interfaces: [],
  childCount: children.length,
  children,
});

describe('treeLines', () => {
  const cell = (path: string, name: string, states = ['showing', 'transient']): AccessibleNode => node(path, 'table cell', name, states);
  const sheet = (cells: AccessibleNode[]): AccessibleNode => node('/sheet', 'table', 'Sheet Sheet1', ['showing'], cells);

  it('knows a transient object (a sheet cell made anew on every read) by role and name, not by its path', () => {
    // LibreOffice Calc answers GetAccessibleAt with a new object each time: two reads of an unchanged sheet
    expect(treeLines(sheet([cell('/c/101', 'A1'), cell('/c/102', 'B1')]))).toEqual(treeLines(sheet([cell('/c/207', 'A1'), cell('/c/208', 'B1')])));
    // a changed cell still differs
    expect(treeLines(sheet([cell('/c/101', 'A1'), cell('/c/102', 'B1')]))).not.toEqual(treeLines(sheet([cell('/c/207', 'A1'), cell('/c/208', 'B2')])));
  });

  it('knows other objects by their path', () => {
    const stable = (path: string): AccessibleNode => cell(path, 'A1', ['showing']);
    expect(treeLines(sheet([stable('/c/101')]))).not.toEqual(treeLines(sheet([stable('/c/207')])));
  });
});

describe('unexplainedDifferences', () => {
  // a Writer window: the Bold button and the paragraph style list's items
  const window = (bold: boolean, extra: AccessibleNode[] = []): AccessibleNode =>
    node(
      '/frame',
      'frame',
      'report.odt',
      ['showing'],
      [
        node('/bold', 'toggle button', 'Bold', bold ? ['showing', 'checked'] : ['showing']),
        node('/styles', 'list', 'Styles', ['showing'], [node('/body', 'list item', 'Text Body', ['showing']), ...extra]),
      ],
    );

  it('blames the events for a difference no event explains', () => {
    expect(unexplainedDifferences(window(true), window(false), noPendingChanges())).toEqual(['/bold']);
  });

  it('does not blame them when an event received since the refresh began names the object (it changed between the reads)', () => {
    // LibreOffice updates a tool bar button's state a moment after the caret moved: its event arrives during the whole read
    const since = noPendingChanges();
    since.props.add('/bold');
    expect(unexplainedDifferences(window(true), window(false), since)).toEqual([]);
  });

  it('does not blame them for an object added under one whose children changed meanwhile, but does without that event', () => {
    const added = node('/heading', 'list item', 'Heading 1', ['showing']);
    expect(unexplainedDifferences(window(false), window(false, [added]), noPendingChanges())).toEqual(['/heading', '/styles']);
    const since = noPendingChanges();
    since.children.add('/styles');
    expect(unexplainedDifferences(window(false), window(false, [added]), since)).toEqual([]);
  });

  it('cannot compare when a whole read was asked for meanwhile', () => {
    expect(unexplainedDifferences(window(true), window(false), { ...noPendingChanges(), all: true })).toEqual([]);
  });
});
