import type { GrayImage } from '../gray-image.js';

/** A grayscale image as binary PGM (`P5`), which Tesseract reads from stdin without decompression. */
export function encodePgm(image: GrayImage): Buffer {
  const header = Buffer.from(`P5\n${image.width} ${image.height}\n255\n`, 'ascii');
  return Buffer.concat([header, image.data]);
}
