import { createImage, drawText, fillRect, strokeRect, textBoxSize } from '@ufo-ts/imaging';
import { describe, expect, it } from 'vitest';
import { boxIou } from '../src/box-geometry.js';
import { findTextCandidates } from '../src/segmentation/text-candidates.js';

const WHITE = [245, 245, 245] as const;
const INK = [30, 30, 30] as const;
const full = (w: number, h: number) => ({ x: 0, y: 0, width: w, height: h });

/** The box a bitmap-font caption occupies (drawText at scale 2). */
function caption(text: string, x: number, y: number) {
  const size = textBoxSize(text, 2, 0);
  return { x, y, width: size.width, height: size.height };
}

describe('findTextCandidates', () => {
  it('finds a caption inside a bordered button, not the border', () => {
    const image = createImage(300, 120, [...WHITE]);
    strokeRect(image, { x: 20, y: 20, width: 200, height: 60 }, 1, [120, 120, 120]);
    drawText(image, 'SAVE', 90, 42, 2, [...INK]);
    const boxes = findTextCandidates(image, full(300, 120));
    const expected = caption('SAVE', 90, 42);
    expect(boxes.some((b) => boxIou(b, expected) > 0.6)).toBe(true);
    // no candidate spans the button's outline
    expect(boxes.every((b) => b.width < 150 && b.height < 50)).toBe(true);
  });

  it('finds light text on a dark bar as well as dark text on light', () => {
    const image = createImage(300, 80, [...WHITE]);
    fillRect(image, { x: 0, y: 30, width: 300, height: 30 }, [170, 30, 60]);
    drawText(image, 'WARNING', 40, 38, 2, [255, 255, 255]);
    drawText(image, 'OK', 40, 5, 2, [...INK]);
    const boxes = findTextCandidates(image, full(300, 80));
    expect(boxes.some((b) => boxIou(b, caption('WARNING', 40, 38)) > 0.6)).toBe(true);
    expect(boxes.some((b) => boxIou(b, caption('OK', 40, 5)) > 0.6)).toBe(true);
  });

  it('keeps two captions far apart on one row as two candidates, and a column rule out of the caption beside it', () => {
    const image = createImage(400, 60, [...WHITE]);
    drawText(image, 'C', 40, 20, 2, [...INK]);
    drawText(image, 'AC', 160, 20, 2, [...INK]);
    fillRect(image, { x: 260, y: 10, width: 1, height: 30 }, [150, 150, 150]); // a table's column separator
    drawText(image, 'PRICE', 265, 20, 2, [...INK]);
    const boxes = findTextCandidates(image, full(400, 60));
    expect(boxes.some((b) => boxIou(b, caption('C', 40, 20)) > 0.5)).toBe(true);
    expect(boxes.some((b) => boxIou(b, caption('AC', 160, 20)) > 0.5)).toBe(true);
    expect(boxes.some((b) => boxIou(b, caption('PRICE', 265, 20)) > 0.7)).toBe(true);
  });

  it('reads only the given area and reports boxes in image coordinates', () => {
    const image = createImage(300, 100, [...WHITE]);
    drawText(image, 'LEFT', 10, 10, 2, [...INK]);
    drawText(image, 'RIGHT', 200, 60, 2, [...INK]);
    const boxes = findTextCandidates(image, { x: 150, y: 40, width: 150, height: 60 });
    expect(boxes).toHaveLength(1);
    expect(boxIou(boxes[0]!, caption('RIGHT', 200, 60))).toBeGreaterThan(0.6);
  });

  it('finds nothing on a blank or smoothly shaded image', () => {
    const image = createImage(200, 100, [...WHITE]);
    for (let y = 0; y < 100; y += 1) fillRect(image, { x: 0, y, width: 200, height: 1 }, [200 + Math.floor(y / 4), 200 + Math.floor(y / 4), 200]);
    expect(findTextCandidates(image, full(200, 100))).toEqual([]);
  });
});
