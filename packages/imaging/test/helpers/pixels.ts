import { PNG } from 'pngjs';

/** A decoded PNG (by pngjs, a decoder independent of the code under test), RGBA. */
export interface Decoded {
  width: number;
  height: number;
  data: Buffer;
}

export const decode = (png: Buffer): Decoded => PNG.sync.read(png);

/** The RGB of a pixel of a decoded PNG. */
export const rgbAt = (image: Decoded, x: number, y: number): number[] => {
  const i = (y * image.width + x) * 4;
  return [image.data[i]!, image.data[i + 1]!, image.data[i + 2]!];
};

/**
 * A screenshot-like PNG written by pngjs (RGBA, its own filters): a gradient whose blue channel is always 7, a
 * value no mark or text colour of the tests uses, so every drawn pixel differs from the background.
 */
export function gradientPng(width: number, height: number): Buffer {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 4;
      png.data[i] = (x * 3) % 256;
      png.data[i + 1] = (y * 5) % 256;
      png.data[i + 2] = 7;
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

/** The set of `x,y` pixels whose RGB differs between two decoded images of the same size. */
export function changedPixels(a: Decoded, b: Decoded): Set<string> {
  const out = new Set<string>();
  for (let y = 0; y < a.height; y += 1) {
    for (let x = 0; x < a.width; x += 1) {
      if (rgbAt(a, x, y).join() !== rgbAt(b, x, y).join()) out.add(`${x},${y}`);
    }
  }
  return out;
}

/** The `x,y` pixels of a rectangle (left/top inclusive, right/bottom exclusive) inside `width`×`height`. */
export function pixelsOf(left: number, top: number, right: number, bottom: number, width: number, height: number): string[] {
  const out: string[] = [];
  for (let y = Math.max(0, top); y < Math.min(height, bottom); y += 1) {
    for (let x = Math.max(0, left); x < Math.min(width, right); x += 1) out.push(`${x},${y}`);
  }
  return out;
}

/** The pixels of a box's outline drawn `t` pixels wide inside the box, clipped to the image. */
export function outlinePixels(box: { left: number; top: number; right: number; bottom: number }, t: number, width: number, height: number): string[] {
  const { left, top, right, bottom } = box;
  return pixelsOf(left, top, right, bottom, width, height).filter((key) => {
    const [x, y] = key.split(',').map(Number) as [number, number];
    return x < left + t || x >= right - t || y < top + t || y >= bottom - t;
  });
}
