import { PNG } from 'pngjs';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A screenshot as the tools return it. */
export interface ScreenshotResult {
  /** `data:image/png;base64,…` */
  image: string;
  width: number;
  height: number;
}

/** Width and height from a PNG's IHDR chunk (no decoding). */
export function pngSize(png: Buffer): { width: number; height: number } {
  if (png.length < 24 || !png.subarray(0, 8).equals(PNG_SIGNATURE) || png.toString('latin1', 12, 16) !== 'IHDR') {
    throw new Error('not a PNG image');
  }
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

export const toPngDataUrl = (png: Buffer): string => `data:image/png;base64,${png.toString('base64')}`;

/** Decodes a `data:image/png;base64,` URL. */
export function fromPngDataUrl(url: string): Buffer {
  const prefix = 'data:image/png;base64,';
  if (!url.startsWith(prefix)) throw new Error('not a PNG data URL');
  return Buffer.from(url.slice(prefix.length), 'base64');
}

export function screenshotResult(png: Buffer): ScreenshotResult {
  return { image: toPngDataUrl(png), ...pngSize(png) };
}

/**
 * Whether an image is (nearly) all black: PrintWindow returns black frames for some GPU-rendered windows, and
 * those must be recaptured from the screen. Samples about 10 000 pixels.
 */
export function isBlankCapture(png: Buffer, threshold = 8): boolean {
  const image = PNG.sync.read(png);
  const total = image.width * image.height;
  if (total === 0) return true;
  const step = Math.max(1, Math.floor(total / 10_000));
  for (let p = 0; p < total; p += step) {
    const i = p * 4;
    if ((image.data[i] ?? 0) > threshold || (image.data[i + 1] ?? 0) > threshold || (image.data[i + 2] ?? 0) > threshold) {
      return false;
    }
  }
  return true;
}

/** A solid-colour PNG (tests, placeholders). */
export function solidPng(width: number, height: number, [r, g, b]: readonly [number, number, number]): Buffer {
  const image = new PNG({ width, height });
  for (let i = 0; i < width * height; i += 1) {
    image.data[i * 4] = r;
    image.data[i * 4 + 1] = g;
    image.data[i * 4 + 2] = b;
    image.data[i * 4 + 3] = 255;
  }
  return PNG.sync.write(image);
}
