// The grounded model reads what the LinuxAgent's prompt builder writes: this holds the two together, so a change
// to the prompt's control list shows up here before it shows up as failing desktop tasks.
import type { TargetInfo } from '@ufo-ts/core';
import { targetsText, parseListedLine } from '@ufo-ts/processor-strategies';
import { describe, expect, it } from 'vitest';
import { findControl } from '../../src/grounded/resolve.js';

const TARGETS: TargetInfo[] = [
  {
    kind: 'control',
    id: 'a23',
    name: '',
    type: 'text',
    extra: { text: 'x "quoted"', states: ['focused', 'editable'], label: 'Name:', label_source: 'inferred' },
  },
  { kind: 'control', id: 'a39', name: 'Save As…', type: 'menu item', extra: { states: ['disabled'] } },
  { kind: 'control', id: 'a40', name: '', type: 'combo box', extra: { label: 'Encoding:', label_source: 'relation' } },
  { kind: 'control', id: 'a41', name: 'OK', type: 'push button' },
];

describe("the prompt builder's control list, read back", () => {
  it('gives back each control’s id, role, name, caption, shown text and states', () => {
    const items = targetsText(TARGETS).split('\n').map(parseListedLine);
    expect(items.map((i) => [i?.id, i?.role, i?.name, i?.shows, i?.states])).toEqual([
      ['a23', 'text', '', 'x "quoted"', ['focused', 'editable']],
      ['a39', 'menu item', 'Save As…', undefined, ['disabled']],
      ['a40', 'combo box', '', undefined, []],
      ['a41', 'push button', 'OK', undefined, []],
    ]);
    const listing = { controls: items.filter((i) => i !== undefined), windows: [], text: '', lastActionFailed: false };
    expect(findControl(listing, { role: 'text', label: 'Name:' })?.id).toBe('a23');
    expect(findControl(listing, { role: 'combo box', label: 'Encoding:' })?.id).toBe('a40');
    expect(findControl(listing, { role: 'menu item', name: 'Save As...', state: 'disabled' })?.id).toBe('a39');
  });
});
