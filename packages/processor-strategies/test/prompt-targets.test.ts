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

describe('what listed controls show, in the prompt', () => {
  it("shows a slider's value with its range, a document's visible part with caret and selection, a table and its cells", () => {
    const targets: TargetInfo[] = [
      { kind: 'control', id: 'a3', name: '', type: 'slider', extra: { value: { current: 30, min: 0, max: 100, step: 1 } } },
      { kind: 'control', id: 'a4', name: '', type: 'spin button', extra: { text: '5', value: { current: 5, min: 0, max: 10, text: '5 px' } } },
      {
        kind: 'control',
        id: 'a5',
        name: '',
        type: 'text',
        extra: {
          text: 'line 1\nline 2',
          text_truncated: true,
          text_range: [0, 13],
          text_length: 5000,
          caret: { offset: 9, line: 2, column: 3 },
          selection: { start: 7, end: 11, text: 'line' },
        },
      },
      { kind: 'control', id: 'a6', name: '', type: 'table', extra: { rows: 1000, columns: 2, cells_omitted: 4 } },
      { kind: 'control', id: 'a7', name: 'item0', type: 'table cell', extra: { row: 0, column: 0, column_header: 'Name' } },
      { kind: 'control', id: 'a8', name: 'Zoom', type: 'slider', extra: { value: 3 } },
    ];
    expect(targetsText(targets).split('\n')).toEqual([
      '[a3] slider "" value 30 (min 0, max 100, step 1)',
      '[a4] spin button "" shows "5" value 5 (min 0, max 10, shown as "5 px")',
      '[a5] text "" shows "line 1\\nline 2" (only characters 0–13 of 5000) caret at line 2, column 3 (offset 9) selected "line" (characters 7–11)',
      '[a6] table "" with 1000 rows × 2 columns, 4 visible cells not listed',
      '[a7] table cell "item0" at row 0, column 0 (column "Name")',
      '[a8] slider "Zoom" shows "3"',
    ]);
  });
});
