import type { RgbImage } from '@ufo-ts/imaging';
import type { TextBox, TextRegion } from './text-region.js';

/** Options of {@link TextRecognizer.recognize}. */
export interface RecognizeOptions {
  /**
   * Read only these parts of the image (pixels of the image). Regions found are still in the whole image's
   * coordinates. Default: the whole image.
   */
  areas?: readonly TextBox[];
  /** Leave out regions less sure than this (0 to 1). Default 0.5. */
  minConfidence?: number;
  /**
   * Read crops that hold a single character a second time, as one character, and drop the first read when the two
   * disagree: a missed caption rather than a wrong one (a calculator's "1" read as "]"). Costs one more engine read
   * per call; worth it for windows made of one-character keys with no accessibility tree. Ignored by engines that
   * cannot do it. Default false.
   */
  checkSingleGlyphs?: boolean;
  /** Stops the reading; the promise rejects with the signal's reason. */
  signal?: AbortSignal;
}

/**
 * The port through which a platform reads text from a screenshot: what an app draws itself (canvases, a sheet's
 * cells, a calculator's display) and the whole window of an app with no accessibility tree.
 *
 * @example
 * ```ts
 * const regions = await recognizer.recognize(screenshot, { areas: [{ x: 0, y: 0, width: 400, height: 120 }] });
 * for (const region of regions) console.log(region.text, region.box, region.confidence);
 * ```
 */
export interface TextRecognizer {
  /** The engine's name and version, e.g. `tesseract 5.3.0`. */
  readonly name: string;
  /** Reads the text regions of an image, in reading order (top to bottom, left to right). */
  recognize(image: RgbImage, options?: RecognizeOptions): Promise<TextRegion[]>;
  /** Frees what the engine holds (worker processes). Safe to call twice. */
  close(): Promise<void>;
}
