import { ImageFormatError } from './errors.js';
import { pngSize } from './png-decode.js';

const PREFIX = 'data:image/png;base64,';

/** A screenshot as the tool servers return it. */
export interface ScreenshotResult {
  /** `data:image/png;base64,…` */
  image: string;
  width: number;
  height: number;
}

/** A `data:image/png;base64,…` URL of a PNG. */
export function toPngDataUrl(png: Buffer): string {
  return `${PREFIX}${png.toString('base64')}`;
}

/** The PNG bytes of a `data:image/png;base64,…` URL. Throws {@link ImageFormatError} for any other string. */
export function fromPngDataUrl(url: string): Buffer {
  if (!url.startsWith(PREFIX)) throw new ImageFormatError('not a PNG data URL');
  return Buffer.from(url.slice(PREFIX.length), 'base64');
}

/** A PNG as a {@link ScreenshotResult}: its data URL and its size (read from the header). */
export function screenshotResult(png: Buffer): ScreenshotResult {
  return { image: toPngDataUrl(png), ...pngSize(png) };
}
