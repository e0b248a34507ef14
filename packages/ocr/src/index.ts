// @ufo-ts/ocr: text regions read from screenshots, for what the accessibility tree does not show.

export { TextBoxSchema, TextRegionSchema } from './text-region.js';
export type { TextBox, TextRegion } from './text-region.js';
export type { TextRecognizer, RecognizeOptions } from './text-recognizer.js';
export { OcrError, type OcrErrorCode } from './errors.js';
export { createTesseractRecognizer } from './tesseract-recognizer.js';
export type { TesseractRecognizerOptions } from './tesseract-recognizer.js';
export { wordsToRegions } from './line-regions.js';
export type { ReadWord, LineRegionOptions } from './line-regions.js';
export { findTextCandidates } from './segmentation/text-candidates.js';
export type { SegmentationOptions } from './segmentation/text-candidates.js';
export { parseTesseractTsv, TesseractWordSchema } from './tesseract/tsv.js';
export type { TesseractWord } from './tesseract/tsv.js';
export { boxIou } from './box-geometry.js';
export { createMosaicRecognizer } from './mosaic-recognizer.js';
export type { MosaicRecognizerOptions, MosaicReadingOptions } from './mosaic-recognizer.js';
