import type { RgbImage } from './rgb-image.js';

/**
 * `image` resized to `size` by area averaging: each output pixel is the mean of the source pixels it covers, so
 * text stays legible when a large screen is shrunk (enlarging repeats pixels).
 *
 * @example
 * ```ts
 * const shown = resizeByAreaAverage(screen, { width: 1280, height: 720 });
 * ```
 */
export function resizeByAreaAverage(image: RgbImage, size: { width: number; height: number }): RgbImage {
  const out = Buffer.alloc(size.width * size.height * 3);
  const xs = spans(image.width, size.width);
  const ys = spans(image.height, size.height);
  const src = image.data;
  for (let oy = 0; oy < size.height; oy++) {
    const [y0, y1] = ys[oy]!;
    for (let ox = 0; ox < size.width; ox++) {
      const [x0, x1] = xs[ox]!;
      let r = 0;
      let g = 0;
      let b = 0;
      for (let y = y0; y < y1; y++) {
        const end = (y * image.width + x1) * 3;
        for (let i = (y * image.width + x0) * 3; i < end; i += 3) {
          r += src[i]!;
          g += src[i + 1]!;
          b += src[i + 2]!;
        }
      }
      const n = (y1 - y0) * (x1 - x0);
      const o = (oy * size.width + ox) * 3;
      out[o] = Math.round(r / n);
      out[o + 1] = Math.round(g / n);
      out[o + 2] = Math.round(b / n);
    }
  }
  return { width: size.width, height: size.height, data: out };
}

/** For each output index, the half-open range of source indices it covers (at least one). */
function spans(source: number, target: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let i = 0; i < target; i++) {
    const start = Math.floor((i * source) / target);
    const end = Math.max(start + 1, Math.floor(((i + 1) * source) / target));
    out.push([Math.min(start, source - 1), Math.min(end, source)]);
  }
  return out;
}
