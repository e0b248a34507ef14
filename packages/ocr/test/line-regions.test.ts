import { describe, expect, it } from 'vitest';
import { wordsToRegions, type ReadWord } from '../src/line-regions.js';

const word = (text: string, x: number, y: number, width: number, height = 10, confidence = 0.9): ReadWord => ({
  text,
  box: { x, y, width, height },
  confidence,
});

describe('wordsToRegions', () => {
  it('keeps a phrase (word spaces) as one region with the union box and the lowest confidence', () => {
    const regions = wordsToRegions([word('Email', 21, 127, 35, 11, 0.96), word('address', 62, 127, 49, 11, 0.93)]);
    expect(regions).toEqual([{ text: 'Email address', box: { x: 21, y: 127, width: 90, height: 11 }, confidence: 0.93 }]);
  });

  it('splits one line at wide gaps: two buttons, two table columns, menu titles', () => {
    const regions = wordsToRegions([
      word('Cancel', 827, 618, 44, 12),
      word('OK', 929, 620, 20, 10),
      word('File', 8, 5, 24),
      word('Edit', 47, 5, 24),
      word('View', 88, 5, 30),
    ]);
    expect(regions.map((r) => r.text)).toEqual(['File', 'Edit', 'View', 'Cancel', 'OK']);
  });

  it('keeps a monospaced line together (a space is one character wide there)', () => {
    // 8 pixels a character: "Risks: the vendor" as mousepad draws it
    const regions = wordsToRegions([word('Risks:', 3, 180, 46, 11), word('the', 59, 180, 22, 11), word('vendor', 91, 180, 46, 11)]);
    expect(regions.map((r) => r.text)).toEqual(['Risks: the vendor']);
  });

  it('puts words on separate lines into separate regions, top to bottom then left to right', () => {
    const regions = wordsToRegions([word('B', 100, 40, 8), word('Second', 10, 40, 40), word('First', 10, 10, 30), word('2', 200, 11, 7, 9)]);
    expect(regions.map((r) => r.text)).toEqual(['First', '2', 'Second', 'B']);
  });

  it('treats words sharing less than half their height as different lines', () => {
    const regions = wordsToRegions([word('upper', 10, 10, 30, 10), word('lower', 45, 16, 30, 10)]);
    expect(regions).toHaveLength(2);
  });

  it('returns nothing for no words', () => {
    expect(wordsToRegions([])).toEqual([]);
  });
});
