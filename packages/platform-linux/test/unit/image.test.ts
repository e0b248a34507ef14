import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { encodePng, encodePngSync, pngDataUrl } from '../../src/image/png-encode.js';
import { createImage, cropImage, type RgbImage } from '../../src/image/rgb-image.js';
import { drawSetOfMarks } from '../../src/image/set-of-marks.js';

const pixel = (image: RgbImage, x: number, y: number) => [...image.data.subarray((y * image.width + x) * 3, (y * image.width + x) * 3 + 3)];

function gradient(width: number, height: number): RgbImage {
  const image = createImage(width, height);
  for (let y = 0; y < height; y += 1) for (let x = 0; x < width; x += 1) image.data.set([x % 256, y % 256, (x * y) % 256], (y * width + x) * 3);
  return image;
}

describe('PNG encoding', () => {
  it('round-trips through a standard decoder, sync and async', async () => {
    const image = gradient(123, 45);
    for (const png of [encodePngSync(image), await encodePng(image, { level: 6 })]) {
      const decoded = PNG.sync.read(png);
      expect([decoded.width, decoded.height]).toEqual([123, 45]);
      for (const [x, y] of [[0, 0], [122, 44], [60, 20]] as const) {
        const i = (y * 123 + x) * 4;
        expect([decoded.data[i], decoded.data[i + 1], decoded.data[i + 2], decoded.data[i + 3]]).toEqual([...pixel(image, x, y), 255]);
      }
    }
    expect(pngDataUrl(Buffer.from('x'))).toBe('data:image/png;base64,eA==');
  });

  it('encodes large images off the event loop with the same result', async () => {
    const image = gradient(2000, 1300);
    const png = await encodePng(image);
    expect(png.equals(encodePngSync(image))).toBe(true);
    const decoded = PNG.sync.read(png);
    expect([decoded.width, decoded.height]).toEqual([2000, 1300]);
    const i = (1299 * 2000 + 1999) * 4;
    expect([decoded.data[i], decoded.data[i + 1], decoded.data[i + 2]]).toEqual(pixel(image, 1999, 1299));
  });

  it('crops with clipping', () => {
    const image = gradient(10, 10);
    const crop = cropImage(image, { x: 8, y: 8, width: 5, height: 5 });
    expect([crop.width, crop.height]).toEqual([2, 2]);
    expect(pixel(crop, 1, 1)).toEqual(pixel(image, 9, 9));
  });
});

describe('drawSetOfMarks', () => {
  it('draws outlines and labels only where the marks are, on a copy', () => {
    const image = createImage(200, 100, [255, 255, 255]);
    const out = drawSetOfMarks(image, [
      { label: 'a1', rect: { x: 20, y: 30, width: 60, height: 40 } },
      { label: 'b12', rect: { x: 120, y: 10, width: 50, height: 50 } },
    ]);
    expect(pixel(image, 20, 50)).toEqual([255, 255, 255]);
    expect(pixel(out, 20, 50)).not.toEqual([255, 255, 255]);
    expect(pixel(out, 79, 50)).not.toEqual([255, 255, 255]);
    expect(pixel(out, 50, 69)).not.toEqual([255, 255, 255]);
    expect(pixel(out, 50, 50)).toEqual([255, 255, 255]);
    expect(pixel(out, 5, 5)).toEqual([255, 255, 255]);
    expect(pixel(out, 100, 90)).toEqual([255, 255, 255]);
    // the label box holds white glyph pixels on the mark colour
    let labelInk = 0;
    for (let y = 31; y < 45; y += 1) for (let x = 21; x < 40; x += 1) if (pixel(out, x, y).join() === '255,255,255') labelInk += 1;
    expect(labelInk).toBeGreaterThan(10);
    expect(pixel(out, 120, 10)).not.toEqual(pixel(out, 20, 30));
  });

  it('keeps labels inside the image for marks at the edges', () => {
    const image = createImage(50, 30, [0, 0, 0]);
    expect(() => drawSetOfMarks(image, [{ label: 'zz99', rect: { x: 45, y: 25, width: 20, height: 20 } }, { label: 'a1', rect: { x: -5, y: -5, width: 10, height: 10 } }])).not.toThrow();
  });
});

describe('drawSetOfMarks label placement', () => {
  it('puts the label above a small box when there is room', () => {
    const image = createImage(100, 100, [255, 255, 255]);
    const out = drawSetOfMarks(image, [{ label: 'a1', rect: { x: 10, y: 50, width: 40, height: 20 } }]);
    expect(pixel(out, 11, 40)).not.toEqual([255, 255, 255]); // label background above the box
    expect(pixel(out, 30, 60)).toEqual([255, 255, 255]); // the control itself stays visible
  });
});
