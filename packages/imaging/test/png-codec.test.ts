import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import {
  createImage,
  cropImage,
  decodePng,
  encodePng,
  encodePngSync,
  fromPngDataUrl,
  ImageFormatError,
  isBlankCapture,
  isBlankImage,
  pixelAt,
  pngSize,
  screenshotResult,
  toPngDataUrl,
  type RgbImage,
} from '../src/index.js';
import { decode, rgbAt } from './helpers/pixels.js';

function gradient(width: number, height: number): RgbImage {
  const image = createImage(width, height);
  for (let y = 0; y < height; y += 1) for (let x = 0; x < width; x += 1) image.data.set([x % 256, y % 256, (x * y) % 256], (y * width + x) * 3);
  return image;
}

function pngjsImage(width: number, height: number, colorType: 0 | 2 | 6, pixel: (x: number, y: number) => [number, number, number]): Buffer {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) png.data.set([...pixel(x, y), 255], (y * width + x) * 4);
  }
  return PNG.sync.write(png, { colorType });
}

describe('encodePng', () => {
  it('round-trips through an independent decoder (pngjs), sync and async, any level', async () => {
    const image = gradient(123, 45);
    for (const png of [encodePngSync(image), await encodePng(image, { level: 6 }), encodePngSync(image, { level: 0 })]) {
      const decoded = decode(png);
      expect([decoded.width, decoded.height]).toEqual([123, 45]);
      for (let y = 0; y < 45; y += 1)
        for (let x = 0; x < 123; x += 1) if (rgbAt(decoded, x, y).join() !== pixelAt(image, x, y).join()) throw new Error(`pixel ${x},${y} differs`);
      expect(decoded.data[3]).toBe(255);
    }
  });

  it('encodes large images off the event loop with the same bytes as the sync path', async () => {
    const image = gradient(2000, 1300);
    const png = await encodePng(image);
    expect(png.equals(encodePngSync(image))).toBe(true);
    const decoded = decode(png);
    expect([decoded.width, decoded.height]).toEqual([2000, 1300]);
    expect(rgbAt(decoded, 1999, 1299)).toEqual(pixelAt(image, 1999, 1299));
  });
});

describe('decodePng', () => {
  it('decodes its own PNGs back to the same pixels', () => {
    const image = gradient(64, 33);
    const back = decodePng(encodePngSync(image));
    expect([back.width, back.height]).toEqual([64, 33]);
    expect(back.data.equals(image.data)).toBe(true);
  });

  it('decodes PNGs written by another encoder: RGBA with filters and greyscale', () => {
    const rgba = decodePng(pngjsImage(40, 20, 6, (x, y) => [x * 6, y * 12, 200]));
    expect(pixelAt(rgba, 39, 19)).toEqual([234, 228, 200]);
    const grey = decodePng(pngjsImage(10, 10, 0, (x) => [x * 20, x * 20, x * 20]));
    expect(pixelAt(grey, 7, 3)).toEqual([140, 140, 140]);
  });

  it('rejects bytes that are not a (valid) PNG with ImageFormatError', () => {
    const png = encodePngSync(gradient(30, 30));
    for (const bad of [Buffer.from('not a png at all, really'), png.subarray(0, 40)]) {
      const error = (() => {
        try {
          decodePng(bad);
        } catch (e) {
          return e;
        }
        return undefined;
      })();
      expect(error).toBeInstanceOf(ImageFormatError);
      expect(error).toMatchObject({ code: 'IMAGE_FORMAT_INVALID' });
    }
  });
});

describe('PNG helpers', () => {
  it('reads the size from the header and rejects other bytes', () => {
    expect(pngSize(encodePngSync(createImage(64, 32)))).toEqual({ width: 64, height: 32 });
    expect(() => pngSize(Buffer.from('not a png at all, really'))).toThrow(/not a PNG/);
  });

  it('builds and reads data URLs, and screenshot results', () => {
    const png = encodePngSync(createImage(64, 32, [0, 0, 40]));
    expect(toPngDataUrl(Buffer.from('x'))).toBe('data:image/png;base64,eA==');
    const result = screenshotResult(png);
    expect(result).toEqual({ image: toPngDataUrl(png), width: 64, height: 32 });
    expect(fromPngDataUrl(result.image).equals(png)).toBe(true);
    expect(() => fromPngDataUrl('data:image/jpeg;base64,AAAA')).toThrow(ImageFormatError);
  });

  it('detects black captures', () => {
    expect(isBlankCapture(encodePngSync(createImage(64, 32)))).toBe(true);
    expect(isBlankCapture(encodePngSync(createImage(64, 32, [5, 8, 3])))).toBe(true);
    expect(isBlankCapture(encodePngSync(createImage(64, 32, [0, 0, 40])))).toBe(false);
    expect(isBlankCapture(pngjsImage(64, 32, 6, () => [0, 0, 40]))).toBe(false);
    expect(isBlankCapture(encodePngSync(createImage(64, 32, [5, 8, 3])), 4)).toBe(false);
    expect(isBlankImage(createImage(300, 300))).toBe(true);
    expect(isBlankImage(gradient(300, 300))).toBe(false);
  });

  it('crops with clipping', () => {
    const image = gradient(10, 10);
    const crop = cropImage(image, { x: 8, y: 8, width: 5, height: 5 });
    expect([crop.width, crop.height]).toEqual([2, 2]);
    expect(pixelAt(crop, 1, 1)).toEqual(pixelAt(image, 9, 9));
    expect(cropImage(image, { x: 20, y: 0, width: 5, height: 5 })).toMatchObject({ width: 0, height: 0 });
  });
});
