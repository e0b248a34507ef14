import type { RgbImage } from '@ufo-ts/imaging';
import { luminanceOf, type GrayImage } from '../gray-image.js';
import type { MosaicLayout } from './mosaic-layout.js';

/**
 * Draws a mosaic: a white canvas with each crop of `image` at its place, enlarged by its scale (bilinear) and
 * normalised to dark text on white whatever its colours (a pixel's darkness is its distance from the crop's most
 * common luminance, stretched to the crop's full contrast), so one global threshold suits every crop.
 */
export function renderMosaic(image: RgbImage, layout: MosaicLayout): GrayImage {
  const out: GrayImage = { width: layout.width, height: layout.height, data: new Uint8Array(layout.width * layout.height).fill(255) };
  for (const tile of layout.tiles) {
    const crop = normalizedCrop(luminanceOf(image, tile.source));
    drawScaled(out, crop, tile.x, tile.y, tile.scale);
  }
  return out;
}

/** Dark ink on white: 255 minus the distance from the most common luminance, stretched to 0…255. */
export function normalizedCrop(gray: GrayImage): GrayImage {
  const histogram = new Uint32Array(256);
  for (const v of gray.data) histogram[v]! += 1;
  let background = 0;
  for (let v = 1; v < 256; v += 1) if (histogram[v]! > histogram[background]!) background = v;
  let contrast = 0;
  for (const v of gray.data) contrast = Math.max(contrast, Math.abs(v - background));
  const data = new Uint8Array(gray.data.length);
  if (contrast === 0) return { ...gray, data: data.fill(255) };
  const k = 255 / contrast;
  for (let i = 0; i < data.length; i += 1) data[i] = 255 - Math.round(Math.abs(gray.data[i]! - background) * k);
  return { ...gray, data };
}

function drawScaled(out: GrayImage, crop: GrayImage, left: number, top: number, scale: number): void {
  const w = crop.width * scale;
  const h = crop.height * scale;
  for (let y = 0; y < h; y += 1) {
    const sy = Math.min(crop.height - 1, Math.max(0, (y + 0.5) / scale - 0.5));
    const y0 = Math.floor(sy);
    const y1 = Math.min(crop.height - 1, y0 + 1);
    const fy = sy - y0;
    const row = (top + y) * out.width + left;
    for (let x = 0; x < w; x += 1) {
      const sx = Math.min(crop.width - 1, Math.max(0, (x + 0.5) / scale - 0.5));
      const x0 = Math.floor(sx);
      const x1 = Math.min(crop.width - 1, x0 + 1);
      const fx = sx - x0;
      const a = crop.data[y0 * crop.width + x0]!;
      const b = crop.data[y0 * crop.width + x1]!;
      const c = crop.data[y1 * crop.width + x0]!;
      const d = crop.data[y1 * crop.width + x1]!;
      out.data[row + x] = Math.round((a * (1 - fx) + b * fx) * (1 - fy) + (c * (1 - fx) + d * fx) * fy);
    }
  }
}
