import { GLYPH_HEIGHT, GLYPH_SPACING, GLYPH_WIDTH, glyphRows, textWidth } from './bitmap-font.js';
import { fillRect } from './draw-shapes.js';
import type { Rgb, RgbImage } from './rgb-image.js';

/**
 * Draws a text in the bitmap font with its top-left corner at (`x`, `y`), each font pixel `scale`×`scale` image
 * pixels, clipped to the image. Only the ink is drawn (no background). Mutates `image`.
 */
export function drawText(image: RgbImage, text: string, x: number, y: number, scale: number, rgb: Rgb): void {
  let left = x;
  for (const char of text) {
    const rows = glyphRows(char);
    for (let gy = 0; gy < GLYPH_HEIGHT; gy += 1) {
      const row = rows[gy] ?? '';
      for (let gx = 0; gx < GLYPH_WIDTH; gx += 1) {
        if (row[gx] === '#') fillRect(image, { x: left + gx * scale, y: y + gy * scale, width: scale, height: scale }, rgb);
      }
    }
    left += (GLYPH_WIDTH + GLYPH_SPACING) * scale;
  }
}

/** Size in image pixels of a text drawn at `scale` with `padding` pixels of background on every side. */
export function textBoxSize(text: string, scale: number, padding: number): { width: number; height: number } {
  return { width: textWidth(text) * scale + 2 * padding, height: GLYPH_HEIGHT * scale + 2 * padding };
}
