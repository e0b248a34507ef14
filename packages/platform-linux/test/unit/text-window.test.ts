import { describe, expect, it } from 'vitest';
import { boundSpan, firstCharacters, lineAndColumn, probePoints, spanAroundCaret } from '../../src/desktop/text-window.js';
import { cellsOverCap } from '../../src/desktop/control-content.js';
import { tidy } from '../../src/desktop/value-content.js';

describe('the part of a long text a listing reads', () => {
  it('reads all of a text that fits, and a window with the caret a third of the way in otherwise', () => {
    expect(spanAroundCaret(10, 500, 2000)).toEqual({ start: 0, end: 500 });
    expect(spanAroundCaret(-1, 10_000, 2000)).toEqual({ start: 0, end: 2000 });
    expect(spanAroundCaret(5000, 10_000, 1500)).toEqual({ start: 4500, end: 6000 });
    // near the end the window ends at the end of the text
    expect(spanAroundCaret(9990, 10_000, 2000)).toEqual({ start: 8000, end: 10_000 });
    expect(spanAroundCaret(20_000, 10_000, 2000)).toEqual({ start: 8000, end: 10_000 });
  });

  it('cuts a span to the limit and says so', () => {
    expect(boundSpan({ start: 100, end: 200 }, 2000)).toEqual({ span: { start: 100, end: 200 }, cut: false });
    expect(boundSpan({ start: 100, end: 5000 }, 2000)).toEqual({ span: { start: 100, end: 2100 }, cut: true });
    expect(boundSpan({ start: 0, end: 10 }, -5)).toEqual({ span: { start: 0, end: 0 }, cut: true });
  });

  it('counts characters as AT-SPI does (code points, not UTF-16 units)', () => {
    expect(firstCharacters('a😀b', 2)).toBe('a😀');
    expect(firstCharacters('abc', 10)).toBe('abc');
    expect(lineAndColumn('')).toEqual({ line: 1, column: 1 });
    expect(lineAndColumn('one\ntwo')).toEqual({ line: 2, column: 4 });
    expect(lineAndColumn('one\n')).toEqual({ line: 2, column: 1 });
    expect(lineAndColumn('😀😀')).toEqual({ line: 1, column: 3 });
  });

  it('asks for the first and last visible characters inside the visible rectangle', () => {
    const points = probePoints({ x: 100, y: 50, width: 400, height: 300 });
    expect(points.top[0]).toEqual([104, 54]);
    expect(points.bottom[0]).toEqual([495, 345]);
    for (const [x, y] of [...points.top, ...points.bottom]) {
      expect(x).toBeGreaterThanOrEqual(100);
      expect(x).toBeLessThan(500);
      expect(y).toBeGreaterThanOrEqual(50);
      expect(y).toBeLessThan(350);
    }
    // a tiny control: the points stay inside
    const tiny = probePoints({ x: 0, y: 0, width: 3, height: 3 });
    for (const [x, y] of [...tiny.top, ...tiny.bottom]) expect([x >= 0 && x < 3, y >= 0 && y < 3]).toEqual([true, true]);
  });
});

describe('bounded listings of tables and values', () => {
  it('leaves out table cells beyond the cap and counts them under their table', () => {
    const entries = [
      { parent: undefined, cell: false },
      ...Array.from({ length: 5 }, () => ({ parent: 'a1', cell: true })),
      { parent: 'a1', cell: false },
      ...Array.from({ length: 2 }, () => ({ parent: 'a9', cell: true })),
    ];
    const { omit, omittedUnder } = cellsOverCap(entries, 3);
    expect([...omit]).toEqual([4, 5, 7, 8]);
    expect(Object.fromEntries(omittedUnder)).toEqual({ a1: 2, a9: 2 });
    expect(cellsOverCap(entries, 300).omit.size).toBe(0);
  });

  it('shows values without binary noise', () => {
    expect(tidy(27.400000000000002)).toBe(27.4);
    expect(tidy(30)).toBe(30);
    expect(tidy(0.1 + 0.2)).toBe(0.3);
  });
});
