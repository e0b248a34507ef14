import { PNG } from 'pngjs';
import { ImageFormatError } from './errors.js';
import type { RgbImage } from './rgb-image.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from a PNG's IHDR chunk, without decoding. Throws {@link ImageFormatError} for non-PNG bytes. */
export function pngSize(png: Buffer): { width: number; height: number } {
  if (png.length < 24 || !png.subarray(0, 8).equals(PNG_SIGNATURE) || png.toString('latin1', 12, 16) !== 'IHDR') {
    throw new ImageFormatError('not a PNG image');
  }
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** A decoded PNG as 8-bit RGBA (any PNG colour type and bit depth). Throws {@link ImageFormatError}. */
export function decodePngRgba(png: Buffer): { width: number; height: number; data: Buffer } {
  pngSize(png);
  try {
    const image = PNG.sync.read(png);
    return { width: image.width, height: image.height, data: image.data };
  } catch (error) {
    throw new ImageFormatError(`not a valid PNG image: ${(error as Error).message}`, { cause: error });
  }
}

/**
 * Decodes a PNG (any colour type and bit depth) to an {@link RgbImage}. Alpha is dropped, not blended:
 * screenshots are opaque. Throws {@link ImageFormatError} for bytes that are not a valid PNG.
 */
export function decodePng(png: Buffer): RgbImage {
  const { width, height, data: rgba } = decodePngRgba(png);
  const data = Buffer.allocUnsafe(width * height * 3);
  for (let s = 0, d = 0; d < data.length; s += 4, d += 3) {
    data[d] = rgba[s]!;
    data[d + 1] = rgba[s + 1]!;
    data[d + 2] = rgba[s + 2]!;
  }
  return { width, height, data };
}
