import { decodePng, encodePng, fromPngDataUrl, resizeByAreaAverage, toPngDataUrl } from '@ufo-ts/imaging';

/** A size in pixels. */
export interface PixelSize {
  width: number;
  height: number;
}

/** The largest display a computer-use model sees by default (Anthropic's recommended 1280×800 WXGA bound). */
export const DEFAULT_MAX_DISPLAY: PixelSize = { width: 1280, height: 800 };

/**
 * The display size a computer-use model is told about for a screen of `screen` pixels: the screen scaled down to
 * fit `max` keeping its aspect ratio, never scaled up.
 *
 * @example
 * ```ts
 * computerDisplaySize({ width: 1920, height: 1080 }); // { width: 1280, height: 720 }
 * ```
 */
export function computerDisplaySize(screen: PixelSize, max: PixelSize = DEFAULT_MAX_DISPLAY): PixelSize {
  const scale = Math.min(1, max.width / screen.width, max.height / screen.height);
  return { width: Math.max(1, Math.round(screen.width * scale)), height: Math.max(1, Math.round(screen.height * scale)) };
}

/**
 * A point of the model's display in screen pixels: each axis scaled by screen/display, rounded, kept on screen.
 *
 * @example
 * ```ts
 * toScreenPoint({ x: 640, y: 400 }, { width: 1280, height: 800 }, { width: 1600, height: 1000 }); // { x: 800, y: 500 }
 * ```
 */
export function toScreenPoint(point: { x: number; y: number }, display: PixelSize, screen: PixelSize): { x: number; y: number } {
  const x = Math.round((point.x * screen.width) / display.width);
  const y = Math.round((point.y * screen.height) / display.height);
  return { x: Math.min(screen.width - 1, Math.max(0, x)), y: Math.min(screen.height - 1, Math.max(0, y)) };
}

/**
 * A PNG data URL scaled to `size` by area averaging (each display pixel is the mean of the screen pixels it
 * covers), so text stays legible when a large screen is shown at the model's display size. Returned unchanged when
 * it already has that size.
 */
export async function scalePngDataUrl(dataUrl: string, size: PixelSize): Promise<string> {
  const image = decodePng(fromPngDataUrl(dataUrl));
  if (image.width === size.width && image.height === size.height) return dataUrl;
  return toPngDataUrl(await encodePng(resizeByAreaAverage(image, size)));
}
