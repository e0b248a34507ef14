import type { TargetInfo } from '@ufo-ts/core';
import { describe, expect, it } from 'vitest';
import { targetsText } from '../src/prompts/prompt-parts.js';

describe('the control list in the prompt', () => {
  it('shows states, and the caption of an unnamed field with where it comes from', () => {
    const targets: TargetInfo[] = [
      { kind: 'control', id: 'a23', name: '', type: 'text', extra: { text: '', states: ['focused', 'editable'], label: 'Name:', label_source: 'inferred' } },
      { kind: 'control', id: 'a39', name: 'Save', type: 'push button', extra: { states: ['disabled'] } },
      { kind: 'control', id: 'a40', name: '', type: 'combo box', extra: { label: 'Encoding:', label_source: 'relation' } },
      { kind: 'control', id: 'a41', name: 'OK', type: 'push button' },
    ];
    expect(targetsText(targets).split('\n')).toEqual([
      '[a23] text "" labelled "Name:" (inferred from the layout) shows "" [focused, editable]',
      '[a39] push button "Save" [disabled]',
      '[a40] combo box "" labelled "Encoding:"',
      '[a41] push button "OK"',
    ]);
  });
});
