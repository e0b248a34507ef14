import { clipRect, type PixelRect, type Rgb, type RgbImage } from './rgb-image.js';

/** Fills a rectangle with one colour, clipped to the image. Mutates `image`. */
export function fillRect(image: RgbImage, rect: PixelRect, rgb: Rgb): void {
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

/**
 * Draws a rectangle's outline `thickness` pixels wide, inside the rectangle, clipped to the image. Empty
 * rectangles draw nothing. Mutates `image`.
 */
export function strokeRect(image: RgbImage, rect: PixelRect, thickness: number, rgb: Rgb): void {
  if (rect.width <= 0 || rect.height <= 0) return;
  const t = Math.min(thickness, rect.width, rect.height);
  fillRect(image, { x: rect.x, y: rect.y, width: rect.width, height: t }, rgb);
  fillRect(image, { x: rect.x, y: rect.y + rect.height - t, width: rect.width, height: t }, rgb);
  fillRect(image, { x: rect.x, y: rect.y, width: t, height: rect.height }, rgb);
  fillRect(image, { x: rect.x + rect.width - t, y: rect.y, width: t, height: rect.height }, rgb);
}
