import { computerDisplaySize, type PixelSize } from '../display-scaling.js';

/** Limits of the Qwen-VL image processors' resize: a side multiple, and the least and most pixels. */
export interface SmartResizeLimits {
  /** Both sides become multiples of this (28 for Qwen2.5-VL and UI-TARS-1.5, 32 for Qwen3-VL). */
  factor: number;
  minPixels: number;
  maxPixels: number;
}

/** Qwen2.5-VL's (and UI-TARS-1.5's) processor defaults: 28-pixel patches, 4×28×28 to 16384×28×28 pixels. */
export const QWEN25_RESIZE: SmartResizeLimits = { factor: 28, minPixels: 4 * 28 * 28, maxPixels: 16384 * 28 * 28 };
/** Qwen3-VL's processor: 32-pixel patches, with the pixel limits of Qwen2.5-VL. */
export const QWEN3_RESIZE: SmartResizeLimits = { factor: 32, minPixels: 3136, maxPixels: 12_845_056 };

/**
 * The size a Qwen-VL image processor resizes an image of `size` to before the model sees it: each side rounded to
 * a multiple of `factor`, then scaled down (or up) so the pixel count stays within the limits, keeping the aspect
 * ratio. A model that answers in pixels answers in pixels of this size.
 *
 * @example
 * ```ts
 * smartResize({ width: 1280, height: 800 }, QWEN25_RESIZE); // { width: 1288, height: 812 }
 * ```
 */
export function smartResize(size: PixelSize, limits: SmartResizeLimits): PixelSize {
  const { factor, minPixels, maxPixels } = limits;
  let width = Math.max(factor, Math.round(size.width / factor) * factor);
  let height = Math.max(factor, Math.round(size.height / factor) * factor);
  if (width * height > maxPixels) {
    const beta = Math.sqrt((size.width * size.height) / maxPixels);
    width = Math.max(factor, Math.floor(size.width / beta / factor) * factor);
    height = Math.max(factor, Math.floor(size.height / beta / factor) * factor);
  } else if (width * height < minPixels) {
    const beta = Math.sqrt(minPixels / (size.width * size.height));
    width = Math.ceil((size.width * beta) / factor) * factor;
    height = Math.ceil((size.height * beta) / factor) * factor;
  }
  return { width, height };
}

/**
 * The size to send a screenshot at so that the model's processor does not resize it again: the screen fitted into
 * `max` (never enlarged), each side then cut down to a multiple of `limits.factor`. {@link smartResize} of the
 * result is the result itself as long as it lies within the pixel limits, so pixels the model answers in are
 * pixels of the image it was sent.
 *
 * @example
 * ```ts
 * alignedImageSize({ width: 1280, height: 800 }, { width: 1280, height: 800 }, QWEN25_RESIZE); // { width: 1260, height: 784 }
 * ```
 */
export function alignedImageSize(screen: PixelSize, max: PixelSize, limits: SmartResizeLimits): PixelSize {
  const fitted = computerDisplaySize(screen, max);
  const shrink = Math.min(1, Math.sqrt(limits.maxPixels / (fitted.width * fitted.height)));
  const align = (n: number) => Math.max(limits.factor, Math.floor((n * shrink) / limits.factor) * limits.factor);
  return { width: align(fitted.width), height: align(fitted.height) };
}
