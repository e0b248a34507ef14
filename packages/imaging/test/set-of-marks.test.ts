import { describe, expect, it } from 'vitest';
import {
  annotateSetOfMarks,
  createImage,
  decodePng,
  DEFAULT_MARK_COLORS,
  drawSetOfMarks,
  glyphRows,
  ImageFormatError,
  pixelAt,
  pngSize,
  type Mark,
} from '../src/index.js';
import { changedPixels, decode, gradientPng, outlinePixels, pixelsOf, rgbAt } from './helpers/pixels.js';

const sorted = (keys: Iterable<string>) => [...new Set(keys)].sort();

describe('annotateSetOfMarks on real PNGs', () => {
  const W = 200;
  const H = 120;
  const clean = gradientPng(W, H);

  it('changes exactly the outline and label pixels of every mark, nothing else', () => {
    const marks: Mark[] = [
      { label: '1', left: 20, top: 30, right: 100, bottom: 90, controlType: 'Edit' },
      { label: '12', rect: { x: 120, y: 10, width: 60, height: 50 }, controlType: 'Button' },
    ];
    const out = annotateSetOfMarks(clean, marks);
    expect(pngSize(out)).toEqual({ width: W, height: H });
    const expected = [
      ...outlinePixels({ left: 20, top: 30, right: 100, bottom: 90 }, 2, W, H),
      // label "1": one 5x7 glyph at scale 2 with 2 px padding = 14 x 18, at the box's top-left corner
      ...pixelsOf(20, 30, 34, 48, W, H),
      ...outlinePixels({ left: 120, top: 10, right: 180, bottom: 60 }, 2, W, H),
      // label "12": (5 + 1 + 5) * 2 + 4 = 26 wide
      ...pixelsOf(120, 10, 146, 28, W, H),
    ];
    expect(sorted(changedPixels(decode(clean), decode(out)))).toEqual(sorted(expected));
  });

  it('draws the label glyph for glyph: text colour on ink, mark colour elsewhere in the label box', () => {
    for (const fontScale of [1, 3]) {
      const out = decode(
        annotateSetOfMarks(clean, [{ label: 'a7Z', left: 10, top: 10, right: 150, bottom: 100, color: [255, 0, 0] }], { fontScale, textColor: [0, 0, 255] }),
      );
      const pad = fontScale;
      const boxWidth = (3 * 5 + 2) * fontScale + 2 * pad;
      const boxHeight = 7 * fontScale + 2 * pad;
      let ink = 0;
      for (let y = 10; y < 10 + boxHeight; y += 1) {
        for (let x = 10; x < 10 + boxWidth; x += 1) {
          const fx = Math.floor((x - 10 - pad) / fontScale);
          const fy = Math.floor((y - 10 - pad) / fontScale);
          const char = 'a7Z'[Math.floor(fx / 6)];
          const isInk = fx >= 0 && fy >= 0 && fy < 7 && fx % 6 < 5 && char !== undefined && glyphRows(char)[fy]![fx % 6] === '#';
          if (isInk) ink += 1;
          expect(rgbAt(out, x, y), `${x},${y} at scale ${fontScale}`).toEqual(isInk ? [0, 0, 255] : [255, 0, 0]);
        }
      }
      expect(ink).toBeGreaterThan(30 * fontScale * fontScale);
    }
  });

  it('draws "7" as the classic glyph (independent check of the font): full top row, then only the last column', () => {
    const out = decode(annotateSetOfMarks(clean, [{ label: '7', left: 20, top: 20, right: 120, bottom: 80, color: [255, 0, 0] }], { fontScale: 1 }));
    for (let col = 0; col < 5; col += 1) expect(rgbAt(out, 21 + col, 21)).toEqual([0, 0, 0]);
    expect(rgbAt(out, 21, 22)).toEqual([255, 0, 0]);
    expect(rgbAt(out, 25, 22)).toEqual([0, 0, 0]);
  });

  it('colours each mark by its own colour, then its control type, then the palette by index, then the default', () => {
    const box = (i: number) => ({ left: 5 + i * 24, top: 60, right: 25 + i * 24, bottom: 110 });
    const edgeColour = (png: Buffer, i: number) => rgbAt(decode(png), box(i).left, 100);
    const marks: Mark[] = [
      { label: '1', ...box(0), controlType: 'Edit' },
      { label: '2', ...box(1), controlType: 'Button' },
      { label: '3', ...box(2), controlType: 'Pane' },
      { label: '4', ...box(3), controlType: 'Edit', color: [1, 2, 3] },
      { label: '5', ...box(4) },
    ];
    const byType = annotateSetOfMarks(clean, marks);
    expect([0, 1, 2, 3, 4].map((i) => edgeColour(byType, i))).toEqual([
      [...DEFAULT_MARK_COLORS['Edit']!],
      [...DEFAULT_MARK_COLORS['Button']!],
      [255, 246, 143],
      [1, 2, 3],
      [255, 246, 143],
    ]);
    const custom = annotateSetOfMarks(clean, marks, { colors: { Pane: [9, 9, 9] }, defaultColor: [20, 30, 40] });
    expect([0, 2, 4].map((i) => edgeColour(custom, i))).toEqual([
      [20, 30, 40],
      [9, 9, 9],
      [20, 30, 40],
    ]);
    const palette = annotateSetOfMarks(clean, marks, {
      palette: [
        [50, 0, 0],
        [0, 50, 0],
      ],
      defaultColor: [20, 30, 40],
    });
    // index 2 (no type colour) -> palette[0]; index 4 -> palette[0]; typed marks keep their type colour
    expect([0, 2, 4].map((i) => edgeColour(palette, i))).toEqual([[...DEFAULT_MARK_COLORS['Edit']!], [50, 0, 0], [50, 0, 0]]);
    const cycled = annotateSetOfMarks(
      clean,
      [
        { label: '1', ...box(0) },
        { label: '2', ...box(1) },
        { label: '3', ...box(2) },
      ],
      {
        palette: [
          [50, 0, 0],
          [0, 50, 0],
        ],
      },
    );
    expect([0, 1, 2].map((i) => edgeColour(cycled, i))).toEqual([
      [50, 0, 0],
      [0, 50, 0],
      [50, 0, 0],
    ]);
  });

  it('clips boxes at the image edges and keeps labels inside the image, against their own box', () => {
    const w = 60;
    const h = 40;
    const small = gradientPng(w, h);
    const out = annotateSetOfMarks(small, [
      { label: '1', left: -10, top: -5, right: 30, bottom: 25 },
      { label: '12', left: 50, top: 30, right: 80, bottom: 60 },
    ]);
    const expected = [
      ...outlinePixels({ left: -10, top: -5, right: 30, bottom: 25 }, 2, w, h),
      ...pixelsOf(0, 0, 14, 18, w, h), // label pushed from (-10, -5) to (0, 0)
      ...outlinePixels({ left: 50, top: 30, right: 80, bottom: 60 }, 2, w, h),
      // the 26 x 18 label fits neither in the 10 x 10 visible part nor beside it within its row: shrunk to
      // scale 1 (13 x 9), left of the box
      ...pixelsOf(37, 30, 50, 39, w, h),
    ];
    expect(sorted(changedPixels(decode(small), decode(out)))).toEqual(sorted(expected));
  });

  it('leaves the image identical for an empty mark list, and never modifies its input', () => {
    const copy = Buffer.from(clean);
    const out = annotateSetOfMarks(clean, []);
    expect(changedPixels(decode(clean), decode(out)).size).toBe(0);
    annotateSetOfMarks(clean, [{ label: '3', left: 1, top: 1, right: 50, bottom: 50 }]);
    expect(clean.equals(copy)).toBe(true);
  });

  it("keeps labels on top: a later outline does not cross an earlier label (UFO's 'inside' placement)", () => {
    const out = decode(
      annotateSetOfMarks(
        clean,
        [
          { label: '1', left: 100, top: 50, right: 190, bottom: 110, color: [200, 0, 0] },
          // right edge (x = 104, 105) runs through the first label (100..114 x 50..68)
          { label: '2', left: 20, top: 60, right: 106, bottom: 100, color: [0, 200, 0] },
        ],
        { labelPlacement: 'inside' },
      ),
    );
    for (let y = 50; y < 68; y += 1) {
      for (let x = 100; x < 114; x += 1)
        expect([
          [200, 0, 0],
          [0, 0, 0],
        ]).toContainEqual(rgbAt(out, x, y));
    }
    expect(rgbAt(out, 104, 80)).toEqual([0, 200, 0]);
  });

  it('fails with ImageFormatError on bytes that are not a PNG', () => {
    expect(() => annotateSetOfMarks(Buffer.from('definitely not a png image'), [])).toThrow(ImageFormatError);
  });
});

describe('drawSetOfMarks on RGB images', () => {
  it('returns a new image and leaves the input alone; no marks = same pixels', () => {
    const image = createImage(80, 60, [255, 255, 255]);
    const copy = Buffer.from(image.data);
    const out = drawSetOfMarks(image, [{ label: 'a1', rect: { x: 10, y: 10, width: 50, height: 40 } }]);
    expect(image.data.equals(copy)).toBe(true);
    expect(pixelAt(out, 10, 30)).not.toEqual([255, 255, 255]);
    const none = drawSetOfMarks(image, []);
    expect(none.data.equals(image.data)).toBe(true);
    expect(none.data).not.toBe(image.data);
  });

  it('gives the same pixels for a box as x/y/width/height and as left/top/right/bottom', () => {
    const image = decodePng(gradientPng(90, 70));
    const a = drawSetOfMarks(image, [{ label: 'b12', rect: { x: 12.4, y: 7.6, width: 50, height: 40 } }]);
    const b = drawSetOfMarks(image, [{ label: 'b12', left: 12, top: 8, right: 62, bottom: 48 }]);
    expect(a.data.equals(b.data)).toBe(true);
  });

  it("with 'avoid' (the default) moves a label off a neighbour's box; 'inside' keeps UFO's corner", () => {
    const white = createImage(200, 100, [255, 255, 255]);
    const marks: Mark[] = [
      { label: 'a1', rect: { x: 60, y: 40, width: 100, height: 30 } },
      // overlaps the top-left corner of a1, where 'inside' puts a1's label
      { label: 'b2', rect: { x: 40, y: 30, width: 30, height: 20 } },
    ];
    const avoid = drawSetOfMarks(white, marks);
    const inside = drawSetOfMarks(white, marks, { labelPlacement: 'inside' });
    // a1's label (26 x 18) goes to its box's top-right corner: 134..160 x 40..58
    expect(pixelAt(avoid, 150, 50)).not.toEqual([255, 255, 255]);
    expect(pixelAt(inside, 150, 50)).toEqual([255, 255, 255]);
    expect(pixelAt(inside, 64, 44)).not.toEqual([255, 255, 255]);
  });

  it('draws a control listed twice once, and skips marks wholly outside the image', () => {
    const white = createImage(120, 80, [255, 255, 255]);
    const once = drawSetOfMarks(white, [{ label: 'e9', rect: { x: 10, y: 10, width: 80, height: 30 } }]);
    const twice = drawSetOfMarks(white, [
      { label: 'e9', rect: { x: 10, y: 10, width: 80, height: 30 } },
      { label: 'e10', rect: { x: 10, y: 10, width: 80, height: 30 } },
      { label: 'e11', rect: { x: 300, y: 10, width: 80, height: 30 } },
    ]);
    expect(twice.data.equals(once.data)).toBe(true);
  });

  it('honours thickness', () => {
    const white = createImage(60, 60, [255, 255, 255]);
    const out = drawSetOfMarks(white, [{ label: '1', left: 10, top: 30, right: 50, bottom: 55, color: [0, 0, 0] }], { thickness: 4 });
    expect(pixelAt(out, 49, 45)).toEqual([0, 0, 0]);
    expect(pixelAt(out, 46, 45)).toEqual([0, 0, 0]);
    expect(pixelAt(out, 45, 45)).toEqual([255, 255, 255]);
  });
});
