import { decodePng } from './png-decode.js';
import { encodePngSync, type PngOptions } from './png-encode.js';
import type { Mark } from './mark.js';
import { paintSetOfMarks, type SetOfMarksOptions } from './set-of-marks.js';

/** Options of {@link annotateSetOfMarks}: the drawing options and the PNG encoding options. */
export interface AnnotatePngOptions extends SetOfMarksOptions, PngOptions {}

/**
 * Draws set-of-marks annotations on a PNG (see `paintSetOfMarks`) and returns a new PNG (8-bit RGB); the input
 * is not modified. Throws `ImageFormatError` when `png` is not a valid PNG.
 */
export function annotateSetOfMarks(png: Buffer, marks: readonly Mark[], options: AnnotatePngOptions = {}): Buffer {
  const image = decodePng(png);
  paintSetOfMarks(image, marks, options);
  return encodePngSync(image, options);
}
