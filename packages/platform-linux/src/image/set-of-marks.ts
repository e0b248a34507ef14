import type { Rect } from '../atspi/accessible-node.js';
import { GLYPH_HEIGHT, GLYPH_WIDTH, glyphRows } from './bitmap-font.js';
import { clipRect, cloneImage, type RgbImage } from './rgb-image.js';

/** One box to draw: a label and a rectangle in the image's pixel coordinates. */
export interface Mark {
  label: string;
  rect: Rect;
}

/** Options of {@link drawSetOfMarks}. */
export interface SetOfMarksOptions {
  /** Box outline width in pixels. Default 2. */
  lineWidth?: number;
  /** Label glyph scale (5×7 pixels per character at scale 1). Default 2. */
  fontScale?: number;
}

/** Colours cycled over the marks so that neighbouring boxes differ. */
const PALETTE: readonly (readonly [number, number, number])[] = [
  [230, 25, 75],
  [0, 130, 200],
  [60, 160, 40],
  [145, 30, 180],
  [245, 130, 48],
  [0, 128, 128],
  [170, 110, 40],
  [128, 0, 0],
];

function fillRect(image: RgbImage, rect: Rect, rgb: readonly [number, number, number]): void {
  const r = clipRect(rect, image.width, image.height);
  if (!r) return;
  const data = image.data;
  for (let y = r.y; y < r.y + r.height; y += 1) {
    let o = (y * image.width + r.x) * 3;
    for (let x = 0; x < r.width; x += 1, o += 3) {
      data[o] = rgb[0];
      data[o + 1] = rgb[1];
      data[o + 2] = rgb[2];
    }
  }
}

function strokeRect(image: RgbImage, rect: Rect, line: number, rgb: readonly [number, number, number]): void {
  fillRect(image, { x: rect.x, y: rect.y, width: rect.width, height: line }, rgb);
  fillRect(image, { x: rect.x, y: rect.y + rect.height - line, width: rect.width, height: line }, rgb);
  fillRect(image, { x: rect.x, y: rect.y, width: line, height: rect.height }, rgb);
  fillRect(image, { x: rect.x + rect.width - line, y: rect.y, width: line, height: rect.height }, rgb);
}

function drawText(image: RgbImage, text: string, x0: number, y0: number, scale: number, rgb: readonly [number, number, number]): void {
  let x = x0;
  for (const char of text) {
    const rows = glyphRows(char);
    rows.forEach((row, gy) => {
      for (let gx = 0; gx < GLYPH_WIDTH; gx += 1) {
        if (row[gx] === '#') fillRect(image, { x: x + gx * scale, y: y0 + gy * scale, width: scale, height: scale }, rgb);
      }
    });
    x += (GLYPH_WIDTH + 1) * scale;
  }
}

/** Size in pixels of a label drawn by {@link drawSetOfMarks}. */
export function labelSize(label: string, scale: number): { width: number; height: number } {
  return { width: [...label].length * (GLYPH_WIDTH + 1) * scale + scale + 2, height: GLYPH_HEIGHT * scale + 4 };
}

/**
 * Draws numbered boxes over an image (the "set-of-marks" prompt technique): an outline around each rectangle and
 * its label, white on the box colour, at the rectangle's top-left corner (just above it for small rectangles).
 * Returns a new image.
 */
export function drawSetOfMarks(image: RgbImage, marks: readonly Mark[], options: SetOfMarksOptions = {}): RgbImage {
  const out = cloneImage(image);
  const line = options.lineWidth ?? 2;
  const scale = options.fontScale ?? 2;
  marks.forEach((mark, index) => {
    const colour = PALETTE[index % PALETTE.length]!;
    const rect = { x: Math.round(mark.rect.x), y: Math.round(mark.rect.y), width: Math.round(mark.rect.width), height: Math.round(mark.rect.height) };
    strokeRect(out, rect, line, colour);
    const size = labelSize(mark.label, scale);
    // small controls: put the label just above the box (when there is room) so it does not hide the control
    const above = rect.height < size.height * 2 && rect.y - size.height >= 0;
    const lx = Math.min(Math.max(0, rect.x), Math.max(0, out.width - size.width));
    const ly = Math.min(Math.max(0, above ? rect.y - size.height : rect.y), Math.max(0, out.height - size.height));
    fillRect(out, { x: lx, y: ly, ...size }, colour);
    drawText(out, mark.label, lx + 2, ly + 2, scale, [255, 255, 255]);
  });
  return out;
}
