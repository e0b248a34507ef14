/** An RGB colour, 0–255 per channel. */
export type Rgb = readonly [number, number, number];

/** A rectangle in image pixels: top-left corner and size. */
export interface PixelRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** An 8-bit RGB image, 3 bytes per pixel, rows top to bottom without padding. */
export interface RgbImage {
  width: number;
  height: number;
  data: Buffer;
}

/** A new image of one colour (default black). */
export function createImage(width: number, height: number, rgb: Rgb = [0, 0, 0]): RgbImage {
  const data = Buffer.alloc(width * height * 3);
  if (rgb[0] !== 0 || rgb[1] !== 0 || rgb[2] !== 0) {
    for (let i = 0; i < data.length; i += 3) {
      data[i] = rgb[0];
      data[i + 1] = rgb[1];
      data[i + 2] = rgb[2];
    }
  }
  return { width, height, data };
}

/**
 * The part of a rectangle inside `width`×`height` (coordinates rounded to whole pixels), or undefined when
 * nothing is left.
 */
export function clipRect(rect: PixelRect, width: number, height: number): PixelRect | undefined {
  const x = Math.max(0, Math.round(rect.x));
  const y = Math.max(0, Math.round(rect.y));
  const right = Math.min(width, Math.round(rect.x + rect.width));
  const bottom = Math.min(height, Math.round(rect.y + rect.height));
  if (right <= x || bottom <= y) return undefined;
  return { x, y, width: right - x, height: bottom - y };
}

/** Copies a rectangle out of an image (clipped to the image; 0×0 when nothing is left). */
export function cropImage(image: RgbImage, rect: PixelRect): RgbImage {
  const r = clipRect(rect, image.width, image.height);
  if (!r) return { width: 0, height: 0, data: Buffer.alloc(0) };
  const out = Buffer.allocUnsafe(r.width * r.height * 3);
  for (let row = 0; row < r.height; row += 1) {
    const from = ((r.y + row) * image.width + r.x) * 3;
    image.data.copy(out, row * r.width * 3, from, from + r.width * 3);
  }
  return { width: r.width, height: r.height, data: out };
}

/** A copy of an image. */
export function cloneImage(image: RgbImage): RgbImage {
  return { width: image.width, height: image.height, data: Buffer.from(image.data) };
}

/** The colour of one pixel (no bounds check beyond the buffer's). */
export function pixelAt(image: RgbImage, x: number, y: number): [number, number, number] {
  const i = (y * image.width + x) * 3;
  return [image.data[i] ?? 0, image.data[i + 1] ?? 0, image.data[i + 2] ?? 0];
}
