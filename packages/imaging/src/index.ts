// @ufo-ts/imaging: screenshots as RGB images, fast PNG encoding, data URLs and set-of-marks annotation.

export { ImageFormatError, type ImagingErrorCode } from './errors.js';

// images and drawing
export { createImage, clipRect, cropImage, cloneImage, pixelAt } from './rgb-image.js';
export { resizeByAreaAverage } from './resize.js';
export type { Rgb, PixelRect, RgbImage } from './rgb-image.js';
export { fillRect, strokeRect } from './draw-shapes.js';
export { drawText, textBoxSize } from './draw-text.js';
export { GLYPH_WIDTH, GLYPH_HEIGHT, GLYPH_SPACING, glyphRows, hasGlyph, textWidth } from './bitmap-font.js';

// set-of-marks
export { drawSetOfMarks, paintSetOfMarks, layoutSetOfMarks, markColor, DEFAULT_MARK_COLORS, DISTINCT_MARK_PALETTE } from './set-of-marks.js';
export type { SetOfMarksOptions, SetOfMarksLayout } from './set-of-marks.js';
export { markRect } from './mark.js';
export type { Mark, MarkStyle, RectMark, SetOfMark } from './mark.js';
export { dedupeMarks } from './mark-dedupe.js';
export { placeLabels } from './label-placement.js';
export type { LabelPlacement, LabelPosition, LabelRequest, LabelLayoutOptions, PlacedLabel } from './label-placement.js';
export { rectsOverlap, rectContains, overlapArea, isBackdropOf } from './rect-geometry.js';
export { labelLayoutProblems } from './label-layout-check.js';
export type { LabelLayoutToCheck } from './label-layout-check.js';
export { annotateSetOfMarks } from './annotate-png.js';
export type { AnnotatePngOptions } from './annotate-png.js';

// PNG and data URLs
export { encodePng, encodePngSync } from './png-encode.js';
export type { PngOptions } from './png-encode.js';
export { decodePng, decodePngRgba, pngSize } from './png-decode.js';
export { isBlankCapture, isBlankImage } from './blank-capture.js';
export { toPngDataUrl, fromPngDataUrl, screenshotResult } from './png-data-url.js';
export type { ScreenshotResult } from './png-data-url.js';
