// What the perception tasks' reference solutions read from a listing line: OCR entries, a slider's value, a table
// cell's column header (the line formats of processor-strategies' control listing).
import { describe, expect, it } from 'vitest';
import { parseListedLine } from '@ufo-ts/processor-strategies';
import { findControl, matchesControl } from '../../src/grounded/resolve.js';
import { ocrText } from '../../src/tasks/perception.js';

describe('perception content in listing lines', () => {
  it('reads a slider value after its caption', () => {
    const item = parseListedLine('[a2] slider "" labelled "Volume" (inferred from the layout) value 30 (min 0, max 100, step 1) [focused]')!;
    expect(item).toMatchObject({ role: 'slider', name: '', value: 30, states: ['focused'] });
    expect(matchesControl(item, { role: 'slider', value: 30 })).toBe(true);
    expect(matchesControl(item, { role: 'slider', value: 35 })).toBe(false);
  });

  it("reads a table cell's column header, not the row and column numbers", () => {
    const item = parseListedLine('[a39] table cell "4.20" at row 10, column 2 (column "Price") [selected]')!;
    expect(item).toMatchObject({ role: 'table cell', name: '4.20', column: 'Price', states: ['selected'] });
    expect(item.value).toBeUndefined();
    expect(matchesControl(item, { role: 'table cell', name: '4.20', column: 'price' })).toBe(true);
    expect(matchesControl(item, { role: 'table cell', name: '4.20', column: 'Weight' })).toBe(false);
    const noHeader = parseListedLine('[a40] table cell "6" at row 10, column 3')!;
    expect(noHeader.column).toBeUndefined();
    expect(matchesControl(noHeader, { role: 'table cell', column: 'Stock' })).toBe(false);
  });

  it('does not take a value or a column from the text a control shows', () => {
    const item = parseListedLine('[a8] text "" shows "value 12 (column \\"Price\\")" caret at line 1, column 3 (offset 2) [focused, editable]')!;
    expect(item.shows).toBe('value 12 (column "Price")');
    expect(item.value).toBeUndefined();
    expect(item.column).toBeUndefined();
  });

  it('finds OCR entries by their text', () => {
    const listing = {
      controls: ['[o1] ocr text "Quantity:"', '[o2] ocr text "10"', '[o3] ocr text "Gift wrap"'].map((l) => parseListedLine(l)!),
      windows: [],
      text: '',
      lastActionFailed: false,
    };
    expect(findControl(listing, ocrText('Gift wrap'))?.id).toBe('o3');
    expect(findControl(listing, ocrText('Save'))).toBeUndefined();
  });
});
