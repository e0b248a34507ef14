import { UfoError, type UfoErrorOptions } from '@ufo-ts/core';

/** Codes of the errors `@ufo-ts/ocr` throws. */
export type OcrErrorCode = 'OCR_ENGINE_MISSING' | 'OCR_FAILED' | 'OCR_ABORTED' | 'OCR_INPUT_INVALID';

/**
 * A text recognizer could not read an image. Codes: `OCR_ENGINE_MISSING` (the engine's program or language data
 * is not installed), `OCR_FAILED` (the engine exited with an error or wrote output that cannot be read),
 * `OCR_ABORTED` (the caller's signal fired, or the recognizer was closed), `OCR_INPUT_INVALID` (an image or an area
 * that is not one).
 *
 * @example
 * ```ts
 * try {
 *   await createTesseractRecognizer();
 * } catch (error) {
 *   if (error instanceof OcrError && error.code === 'OCR_ENGINE_MISSING') console.error(error.message); // says what to install
 * }
 * ```
 */
export class OcrError extends UfoError<OcrErrorCode> {
  constructor(code: OcrErrorCode, message: string, options: UfoErrorOptions = {}) {
    super(code, message, options);
  }
}
