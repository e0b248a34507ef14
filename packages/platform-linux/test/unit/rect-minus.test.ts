// rectMinus: the parts of a window outside another (a blocked window's area outside the modal dialog over it is not
// read by OCR; only what the dialog leaves).
import { describe, expect, it } from 'vitest';
import type { XywhRect } from '../../src/atspi/accessible-node.js';
import { rectMinus } from '../../src/desktop/unreadable-areas.js';

const r = (x: number, y: number, width: number, height: number): XywhRect => ({ x, y, width, height });
const area = (rects: XywhRect[]): number => rects.reduce((sum, x) => sum + x.width * x.height, 0);
const overlap = (a: XywhRect, b: XywhRect): number =>
  Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)) * Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));

describe('rectMinus', () => {
  it('a hole in the middle: four parts (above, below, left, right), covering exactly the rest', () => {
    const a = r(0, 0, 800, 600);
    const b = r(200, 150, 400, 300);
    const parts = rectMinus(a, b);
    expect(parts).toEqual([r(0, 0, 800, 150), r(0, 450, 800, 150), r(0, 150, 200, 300), r(600, 150, 200, 300)]);
    expect(area(parts)).toBe(800 * 600 - 400 * 300);
    for (const p of parts) expect(overlap(p, b)).toBe(0);
    // the parts do not overlap each other
    for (const [i, p] of parts.entries()) for (const q of parts.slice(i + 1)) expect(overlap(p, q)).toBe(0);
  });

  it('no overlap (or only touching edges): `a` whole', () => {
    expect(rectMinus(r(0, 0, 100, 100), r(200, 200, 50, 50))).toEqual([r(0, 0, 100, 100)]);
    expect(rectMinus(r(0, 0, 100, 100), r(100, 0, 50, 100))).toEqual([r(0, 0, 100, 100)]);
    expect(rectMinus(r(0, 0, 100, 100), r(0, 100, 100, 10))).toEqual([r(0, 0, 100, 100)]);
  });

  it('`b` covering `a`: nothing', () => {
    expect(rectMinus(r(10, 10, 100, 100), r(0, 0, 200, 200))).toEqual([]);
    expect(rectMinus(r(10, 10, 100, 100), r(10, 10, 100, 100))).toEqual([]);
  });

  it('`b` over one edge: one part; over a corner: two parts', () => {
    // a dialog over the top of the window
    expect(rectMinus(r(0, 0, 800, 600), r(-50, -20, 900, 120))).toEqual([r(0, 100, 800, 500)]);
    // over the bottom-right corner
    const parts = rectMinus(r(0, 0, 800, 600), r(600, 400, 400, 400));
    expect(parts).toEqual([r(0, 0, 800, 400), r(0, 400, 600, 200)]);
    expect(area(parts)).toBe(800 * 600 - 200 * 200);
  });

  it('a band across the middle: above and below', () => {
    expect(rectMinus(r(0, 0, 100, 100), r(-10, 40, 200, 20))).toEqual([r(0, 0, 100, 40), r(0, 60, 100, 40)]);
  });
});
