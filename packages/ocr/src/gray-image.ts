import type { RgbImage } from '@ufo-ts/imaging';
import type { TextBox } from './text-region.js';

/** A grayscale image: one byte of luminance a pixel, row by row. */
export interface GrayImage {
  width: number;
  height: number;
  data: Uint8Array;
}

/** The luminance (ITU-R 601 weights) of a rectangle of an RGB image. The rectangle must lie inside the image. */
export function luminanceOf(image: RgbImage, rect: TextBox): GrayImage {
  const out = new Uint8Array(rect.width * rect.height);
  const src = image.data;
  let d = 0;
  for (let y = rect.y; y < rect.y + rect.height; y += 1) {
    let s = (y * image.width + rect.x) * 3;
    for (let x = 0; x < rect.width; x += 1, s += 3, d += 1) {
      out[d] = (src[s]! * 77 + src[s + 1]! * 150 + src[s + 2]! * 29) >> 8;
    }
  }
  return { width: rect.width, height: rect.height, data: out };
}
