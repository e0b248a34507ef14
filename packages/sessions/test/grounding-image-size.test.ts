import { describe, expect, it } from 'vitest';
import { alignedImageSize, IMAGE_PIXELS, QWEN25_RESIZE, QWEN3_RESIZE, RELATIVE_1000, readPoint, smartResize } from '../src/index.js';

describe('image sizes of the grounding dialects', () => {
  it('smartResize rounds each side to the factor and keeps the pixel count within the limits', () => {
    expect(smartResize({ width: 1280, height: 800 }, QWEN25_RESIZE)).toEqual({ width: 1288, height: 812 });
    expect(smartResize({ width: 1092, height: 683 }, QWEN3_RESIZE)).toEqual({ width: 1088, height: 672 });
    // a 4K screen is scaled down below the maximum pixel count
    const big = smartResize({ width: 3840, height: 2160 }, { factor: 28, minPixels: 3136, maxPixels: 1280 * 28 * 28 });
    expect(big.width % 28).toBe(0);
    expect(big.height % 28).toBe(0);
    expect(big.width * big.height).toBeLessThanOrEqual(1280 * 28 * 28);
    // a tiny image is scaled up to the minimum
    expect(smartResize({ width: 20, height: 20 }, QWEN25_RESIZE)).toEqual({ width: 56, height: 56 });
  });

  it.each([
    [
      { width: 1280, height: 800 },
      { width: 1280, height: 800 },
    ],
    [
      { width: 1920, height: 1080 },
      { width: 1280, height: 800 },
    ],
    [
      { width: 3840, height: 2160 },
      { width: 1920, height: 1200 },
    ],
    [
      { width: 1366, height: 768 },
      { width: 1092, height: 683 },
    ],
  ])('the aligned size of %o within %o is one the processor keeps', (screen, max) => {
    const size = alignedImageSize(screen, max, QWEN25_RESIZE);
    expect(size.width).toBeLessThanOrEqual(max.width);
    expect(size.height).toBeLessThanOrEqual(max.height);
    expect(smartResize(size, QWEN25_RESIZE)).toEqual(size);
  });

  it('keeps the aligned size within a smaller maximum pixel count', () => {
    const limits = { factor: 28, minPixels: 3136, maxPixels: 600 * 28 * 28 };
    const size = alignedImageSize({ width: 1920, height: 1080 }, { width: 1920, height: 1080 }, limits);
    expect(size.width * size.height).toBeLessThanOrEqual(limits.maxPixels);
    expect(smartResize(size, limits)).toEqual(size);
  });

  it('readPoint scales per axis and keeps the point on screen', () => {
    const screen = { width: 1280, height: 800 };
    expect(readPoint([1000, 1000], RELATIVE_1000, { width: 10, height: 10 }, screen, 'click')).toEqual({ ok: true, point: { x: 1279, y: 799 } });
    expect(readPoint(['546', '341'], IMAGE_PIXELS, { width: 1092, height: 683 }, screen, 'click')).toEqual({ ok: true, point: { x: 640, y: 399 } });
    expect(readPoint([546, 341], IMAGE_PIXELS, { width: 546, height: 341 }, { width: 1092, height: 683 }, 'click')).toEqual({
      ok: true,
      point: { x: 1091, y: 682 },
    });
    expect(readPoint(undefined, RELATIVE_1000, screen, screen, 'click')).toMatchObject({ ok: false, problem: { kind: 'missing_coordinate' } });
    expect(readPoint('None', RELATIVE_1000, screen, screen, 'click')).toMatchObject({ ok: false, problem: { kind: 'null_coordinate' } });
    expect(readPoint([Number.NaN, 3], RELATIVE_1000, screen, screen, 'click')).toMatchObject({ ok: false, problem: { kind: 'bad_argument' } });
  });
});
