import { describe, expect, it } from 'vitest';
import { resizeByAreaAverage } from '../src/index.js';

describe('resizeByAreaAverage', () => {
  it('area averaging: each display pixel is the mean of the screen pixels it covers', () => {
    // 4×2 → 2×1: the left half is black and white (mean 128 after rounding 127.5), the right half all 90
    const data = Buffer.from([0, 0, 0, 255, 255, 255, 90, 90, 90, 90, 90, 90, 0, 0, 0, 255, 255, 255, 90, 90, 90, 90, 90, 90]);
    const out = resizeByAreaAverage({ width: 4, height: 2, data }, { width: 2, height: 1 });
    expect([...out.data]).toEqual([128, 128, 128, 90, 90, 90]);
  });
});
