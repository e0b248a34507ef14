// The text recognizer a tool server reads the screen with: the caller's, or Tesseract started on first use.
import type { RecognizeOptions, TextRecognizer } from '@ufo-ts/ocr';
import { createTesseractRecognizer } from '@ufo-ts/ocr';
import type { RgbImage } from '@ufo-ts/imaging';
import type { OcrMode, ScreenTextOptions } from '../desktop/ocr-entries.js';

/** Options of the OCR part of a Linux tool server (`createLinuxToolServer`'s `ocr`). */
export interface LinuxOcrOptions {
  /** When listings read text from the window's pixels (see `OcrMode`). Default `auto`. */
  mode?: OcrMode;
  /**
   * The engine. Default: Tesseract (`createTesseractRecognizer()` of `@ufo-ts/ocr`), started at the first listing
   * that needs it and closed with the server; when it is not installed, listings say so once and carry no OCR
   * entries. A recognizer passed here is the caller's to close.
   */
  recognizer?: TextRecognizer;
  /** Leave out text less sure than this (0 to 1). Default: the recognizer's (0.5). */
  minConfidence?: number;
}

/** The session's OCR options and how to free what was started for them. */
export interface ScreenTextSetup {
  options: ScreenTextOptions;
  close(): Promise<void>;
}

/**
 * A recognizer that creates the real one on the first `recognize` (a server whose apps the tree describes fully
 * starts no engine). A failure to create it (e.g. `OCR_ENGINE_MISSING`) rejects that call and every later one.
 */
export function lazyRecognizer(name: string, create: () => Promise<TextRecognizer>): TextRecognizer & { started(): boolean } {
  let engine: Promise<TextRecognizer> | undefined;
  return {
    name,
    started: () => engine !== undefined,
    async recognize(image: RgbImage, options?: RecognizeOptions) {
      engine ??= create();
      return (await engine).recognize(image, options);
    },
    async close() {
      if (!engine) return;
      const started = await engine.catch(() => undefined);
      await started?.close();
    },
  };
}

/** The OCR options of a tool server's session: off, the caller's recognizer, or Tesseract started on first use. */
export function screenTextSetup(options: LinuxOcrOptions = {}): ScreenTextSetup {
  const mode = options.mode ?? 'auto';
  const minConfidence = options.minConfidence === undefined ? {} : { minConfidence: options.minConfidence };
  if (mode === 'off') return { options: { mode }, close: async () => {} };
  if (options.recognizer) return { options: { mode, recognizer: options.recognizer, ...minConfidence }, close: async () => {} };
  const recognizer = lazyRecognizer('tesseract', () => createTesseractRecognizer());
  return { options: { mode, recognizer, ...minConfidence }, close: () => recognizer.close() };
}
