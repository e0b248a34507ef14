import { describe, expect, it } from 'vitest';
import { numbersIn } from '../../src/tasks/screen-text.js';
import { cellPosition, csvCell, csvFields } from '../../src/tasks/sheet-cells.js';
import { ORDER_FORM_TCL } from '../../src/tasks/tk-order-form.js';

describe('perception checkers (pure parts)', () => {
  it('numbersIn reads the numbers Tesseract printed, in order', () => {
    expect(numbersIn('84\nDEG DEC\n')).toEqual(['84']);
    expect(numbersIn('-12,5 x 3.25')).toEqual(['-12.5', '3.25']);
    expect(numbersIn('DEG DEC')).toEqual([]);
  });

  it('cellPosition turns A1-style references into zero-based column and row', () => {
    expect(cellPosition('A1')).toEqual({ column: 0, row: 0 });
    expect(cellPosition('b4')).toEqual({ column: 1, row: 3 });
    expect(cellPosition('AA10')).toEqual({ column: 26, row: 9 });
    expect(() => cellPosition('1A')).toThrow(/not a cell reference/);
  });

  it('csvFields splits quoted fields', () => {
    expect(csvFields('a,"b,c","say ""hi""",')).toEqual(['a', 'b,c', 'say "hi"', '']);
  });

  it('csvCell reads a cell of ssconvert CSV output', () => {
    const csv = '12.5,50.15\n7.25,\n30.4,\n50.15,\n';
    expect(csvCell(csv, 'B1')).toBe('50.15');
    expect(csvCell(csv, 'A4')).toBe('50.15');
    expect(csvCell(csv, 'B2')).toBe('');
    expect(csvCell(csv, 'C9')).toBe('');
  });

  it('the Tk order form writes the quantity and the check box to the file named on its command line', () => {
    expect(ORDER_FORM_TCL).toContain('set out [lindex $argv 0]');
    expect(ORDER_FORM_TCL).toContain('puts $f "gift_wrap=$gift"');
    expect(ORDER_FORM_TCL).toContain('wm title . Order');
  });
});
