import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { isBlankCapture, pngSize, solidPng, fromPngDataUrl, screenshotResult } from '../screenshot/png-image.js';
import { glyphRows, textWidth } from './bitmap-font.js';
import { annotateSetOfMarks } from './set-of-marks.js';

const pixel = (png: Buffer, x: number, y: number) => {
  const image = PNG.sync.read(png);
  const i = (y * image.width + x) * 4;
  return [image.data[i], image.data[i + 1], image.data[i + 2]];
};

describe('annotateSetOfMarks', () => {
  const white = solidPng(200, 100, [255, 255, 255]);

  it('outlines each mark in its control-type colour and leaves the rest of the image alone', () => {
    const out = annotateSetOfMarks(white, [{ label: '1', left: 50, top: 40, right: 150, bottom: 90, controlType: 'Edit' }], {
      thickness: 2,
    });
    expect(pngSize(out)).toEqual({ width: 200, height: 100 });
    expect(pixel(out, 100, 89)).toEqual([165, 242, 243]); // bottom edge
    expect(pixel(out, 149, 60)).toEqual([165, 242, 243]); // right edge
    expect(pixel(out, 100, 65)).toEqual([255, 255, 255]); // inside
    expect(pixel(out, 10, 10)).toEqual([255, 255, 255]); // outside
  });

  it('draws the label glyphs in a filled box at the top-left corner', () => {
    const out = annotateSetOfMarks(white, [{ label: '7', left: 20, top: 20, right: 120, bottom: 80, color: [255, 0, 0] }], {
      fontScale: 1,
    });
    // Box: pad 1, glyph 5x7. "7" top row is all five pixels set.
    for (let col = 0; col < 5; col += 1) expect(pixel(out, 21 + col, 21)).toEqual([0, 0, 0]);
    // Second row of "7" only has its last pixel set; the others show the box colour.
    expect(pixel(out, 21, 22)).toEqual([255, 0, 0]);
    expect(pixel(out, 25, 22)).toEqual([0, 0, 0]);
  });

  it('keeps labels of marks at the image edge inside the image and ignores the input buffer', () => {
    const copy = Buffer.from(white);
    const out = annotateSetOfMarks(white, [{ label: '12', left: 195, top: 95, right: 200, bottom: 100 }], { fontScale: 2 });
    expect(white.equals(copy)).toBe(true);
    const boxWidth = textWidth('12') * 2 + 4;
    expect(pixel(out, 200 - boxWidth, 100 - 18)).not.toEqual([255, 255, 255]);
  });

  it('renders unknown characters as a question mark', () => {
    expect(glyphRows('€')).toEqual(glyphRows('?'));
    expect(glyphRows('a')).toEqual(glyphRows('A'));
  });
});

describe('png helpers', () => {
  it('reads the size, builds data URLs and detects black captures', () => {
    const black = solidPng(64, 32, [0, 0, 0]);
    const result = screenshotResult(black);
    expect(result).toMatchObject({ width: 64, height: 32 });
    expect(result.image.startsWith('data:image/png;base64,')).toBe(true);
    expect(fromPngDataUrl(result.image).equals(black)).toBe(true);
    expect(isBlankCapture(black)).toBe(true);
    expect(isBlankCapture(solidPng(64, 32, [0, 0, 40]))).toBe(false);
    expect(() => pngSize(Buffer.from('not a png at all, really'))).toThrow(/not a PNG/);
  });
});
