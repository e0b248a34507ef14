import { createImage, fillRect } from '@ufo-ts/imaging';
import { describe, expect, it } from 'vitest';
import { hasInk, pixelDigest } from '../../src/desktop/screen-pixels.js';

describe('hasInk', () => {
  const whole = { x: 0, y: 0, width: 200, height: 100 };

  it('finds nothing in a blank area or one with only frame lines', () => {
    const image = createImage(200, 100, [250, 250, 250]);
    expect(hasInk(image, whole)).toBe(false);
    fillRect(image, { x: 4, y: 0, width: 1, height: 100 }, [120, 120, 120]);
    fillRect(image, { x: 0, y: 50, width: 200, height: 1 }, [120, 120, 120]);
    expect(hasInk(image, whole)).toBe(false);
  });

  it('finds a glyph-sized mark', () => {
    const image = createImage(200, 100, [250, 250, 250]);
    fillRect(image, { x: 60, y: 40, width: 2, height: 10 }, [0, 0, 0]);
    fillRect(image, { x: 64, y: 40, width: 4, height: 2 }, [0, 0, 0]);
    expect(hasInk(image, whole)).toBe(true);
    expect(hasInk(image, { x: 100, y: 0, width: 100, height: 100 })).toBe(false);
    // the mark is on a listed control reaching into the area
    expect(hasInk(image, whole, [{ x: 58, y: 38, width: 20, height: 20 }])).toBe(false);
  });
});

describe('pixelDigest', () => {
  it('changes with the pixels of the rectangle only', () => {
    const image = createImage(50, 50, [255, 255, 255]);
    const box = { x: 10, y: 10, width: 10, height: 10 };
    const before = pixelDigest(image, box);
    fillRect(image, { x: 30, y: 30, width: 5, height: 5 }, [0, 0, 0]);
    expect(pixelDigest(image, box)).toBe(before);
    fillRect(image, { x: 12, y: 12, width: 2, height: 2 }, [0, 0, 0]);
    expect(pixelDigest(image, box)).not.toBe(before);
    expect(pixelDigest(image, { x: 100, y: 100, width: 5, height: 5 })).toBe('');
  });
});
