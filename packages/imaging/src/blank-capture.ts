import { decodePngRgba } from './png-decode.js';

/** Pixels sampled by {@link isBlankCapture}. */
const SAMPLES = 10_000;

function isBlankPixels(data: Buffer, pixels: number, bytesPerPixel: number, threshold: number): boolean {
  if (pixels === 0) return true;
  const step = Math.max(1, Math.floor(pixels / SAMPLES));
  for (let p = 0; p < pixels; p += step) {
    const i = p * bytesPerPixel;
    if ((data[i] ?? 0) > threshold || (data[i + 1] ?? 0) > threshold || (data[i + 2] ?? 0) > threshold) return false;
  }
  return true;
}

/**
 * Whether a PNG is (nearly) all black: no channel of about 10 000 sampled pixels is above `threshold`. Windows'
 * PrintWindow returns such frames for some GPU-rendered windows, which must then be captured from the screen.
 * Throws `ImageFormatError` for bytes that are not a PNG.
 */
export function isBlankCapture(png: Buffer, threshold = 8): boolean {
  const image = decodePngRgba(png);
  return isBlankPixels(image.data, image.width * image.height, 4, threshold);
}

/** {@link isBlankCapture} for a decoded RGB image. */
export function isBlankImage(image: { width: number; height: number; data: Buffer }, threshold = 8): boolean {
  return isBlankPixels(image.data, image.width * image.height, 3, threshold);
}
