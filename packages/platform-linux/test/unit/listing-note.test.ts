import { describe, expect, it } from 'vitest';
import { emptyTreeReadStats, type SheetReadStats } from '../../src/atspi/tree-reader.js';
import { listingNote } from '../../src/desktop/listing-note.js';

const sheet = (over: Partial<SheetReadStats> = {}): SheetReadStats => ({
  name: 'Sheet Sheet1',
  range: { firstRow: 0, lastRow: 33, firstColumn: 0, lastColumn: 14 },
  onScreen: 510,
  listed: 10,
  asked: 510,
  cut: false,
  ...over,
});

describe('listingNote: sheets', () => {
  it('names the range on screen and says only the cells with content are listed', () => {
    const note = listingNote({ ...emptyTreeReadStats(), sheets: [sheet()] }, 1500);
    expect(note).toBe(
      'Sheet Sheet1 shows cells A1:O34 on screen; the 10 with content are listed (each named by its address), the empty ones are not. Cells outside that range are not listed: to reach one, type its address in the name box (or scroll).',
    );
  });

  it('a scrolled sheet, all empty, and a cut grid', () => {
    const note = listingNote(
      { ...emptyTreeReadStats(), sheets: [sheet({ name: '', range: { firstRow: 99, lastRow: 130, firstColumn: 26, lastColumn: 40 }, listed: 0, cut: true })] },
      1500,
    );
    expect(note).toMatch(/^The sheet shows cells AA100:AO131 on screen; all of them are empty \(only the first rows of the grid were read\)\./);
  });

  it('comes after the other parts; no sheet, no sheet note', () => {
    const note = listingNote({ ...emptyTreeReadStats(), offScreenChildren: 5, sheets: [sheet()] }, 1500)!;
    expect(note.indexOf('5 items of long lists')).toBeLessThan(note.indexOf('Sheet Sheet1 shows cells A1:O34'));
    expect(listingNote(emptyTreeReadStats(), 1500)).toBeUndefined();
  });
});
