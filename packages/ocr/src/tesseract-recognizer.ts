import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { OcrError } from './errors.js';
import { createMosaicRecognizer, type MosaicReadingOptions } from './mosaic-recognizer.js';
import { TesseractProcessPool } from './tesseract/process-pool.js';
import { INSTALL_HINT, type TesseractCommand } from './tesseract/tesseract-process.js';
import type { TextRecognizer } from './text-recognizer.js';

/** Options of {@link createTesseractRecognizer}; all optional (the mosaic options are those of `createMosaicRecognizer`). */
export interface TesseractRecognizerOptions extends MosaicReadingOptions {
  /** The Tesseract program: a name on `PATH` or an absolute path. Default `tesseract`. */
  program?: string;
  /** Tesseract language(s), e.g. `eng` or `eng+deu`. Default `eng`. */
  language?: string;
  /** Folder of the `.traineddata` files. Default: Tesseract's own (`/usr/share/tesseract-ocr/5/tessdata` on Debian). */
  dataDir?: string;
  /**
   * Keep `parallel` processes (and one for `checkSingleGlyphs`) started and waiting between reads, so a read does
   * not wait for Tesseract to load its model (0.1 to 0.2 s). They are replaced after each read, and exit with Node.
   * Default true.
   */
  keepWarm?: boolean;
  /** Tesseract's page segmentation mode for the mosaics. Default 6 (a block of lines). */
  pageSegmentationMode?: number;
  /**
   * Be able to check single characters (`RecognizeOptions.checkSingleGlyphs`): crops that hold one character are
   * read a second time as a single character (`--psm 10`, enlarged and with a wide margin, all in one extra process,
   * kept ready with `keepWarm`) and kept only when both reads agree: a key read as another (`1` as `]`) is dropped
   * rather than returned. Default true; reads ask for the check one by one.
   */
  checkSingleGlyphs?: boolean;
}

const execFileAsync = promisify(execFile);

/**
 * A {@link TextRecognizer} on the Tesseract command-line program (LSTM engine, TSV output), run as argv, never
 * through a shell, one thread a process. It reads screenshots as `createMosaicRecognizer` describes: text-like
 * boxes found in JavaScript, packed onto `parallel` mosaics (default 2) read by as many Tesseract processes at once;
 * processes are started ahead (`keepWarm`), so a read does not wait for the model to load. Crops holding a single
 * character are read a second time meanwhile, as one character each, by one more process, when a read asks for it
 * (`checkSingleGlyphs`).
 *
 * Checks first that the program and the language data are installed: `OcrError` `OCR_ENGINE_MISSING` otherwise,
 * whose message says `apt-get install tesseract-ocr tesseract-ocr-eng`.
 *
 * @example
 * ```ts
 * import { createTesseractRecognizer } from '@ufo-ts/ocr';
 *
 * const recognizer = await createTesseractRecognizer();
 * const regions = await recognizer.recognize(screenshot);          // an RgbImage, e.g. from captureScreen
 * const ok = regions.find((r) => r.text === 'OK');                  // { text: 'OK', box: { x, y, width, height }, confidence }
 * await recognizer.close();
 * ```
 */
export async function createTesseractRecognizer(options: TesseractRecognizerOptions = {}): Promise<TextRecognizer> {
  const program = options.program ?? 'tesseract';
  const language = options.language ?? 'eng';
  const dataArgs = options.dataDir ? ['--tessdata-dir', options.dataDir] : [];
  const version = await engineVersion(program, language, dataArgs);
  const parallel = Math.max(1, Math.floor(options.parallel ?? 2));
  const command: TesseractCommand = {
    program,
    args: [...dataArgs, '-l', language, '--oem', '1', '--psm', String(options.pageSegmentationMode ?? 6), '-c', 'tessedit_do_invert=0', 'tsv'],
  };
  const pool = new TesseractProcessPool(command, options.keepWarm === false ? 0 : parallel);
  pool.warm();
  const checkGlyphs = options.checkSingleGlyphs !== false;
  const glyphCommand: TesseractCommand = { program, args: [...dataArgs, '-l', language, '--oem', '1', '--psm', '10', 'tsv'] };
  const glyphPool = new TesseractProcessPool(glyphCommand, checkGlyphs && options.keepWarm !== false ? 1 : 0);
  glyphPool.warm();
  let glyphDir: string | undefined;
  let glyphReads = 0;
  return createMosaicRecognizer({
    ...options,
    parallel,
    name: `tesseract ${version}`,
    readMosaics: (images, signal) => pool.readAll(images, signal),
    ...(checkGlyphs
      ? {
          // one process reads them all: Tesseract takes a list of image files on stdin, one page each
          readGlyphs: async (images: readonly Buffer[], signal?: AbortSignal) => {
            glyphDir ??= mkdtempSync(join(tmpdir(), 'ufo-ocr-'));
            const read = (glyphReads += 1);
            const files = images.map((image, i) => {
              const file = join(glyphDir!, `${read}-${i}.pgm`);
              writeFileSync(file, image);
              return file;
            });
            try {
              const [tsv] = await glyphPool.readAll([Buffer.from(`${files.join('\n')}\n`)], signal);
              return tsv!;
            } finally {
              for (const file of files) rmSync(file, { force: true });
            }
          },
        }
      : {}),
    close: () => {
      pool.close();
      glyphPool.close();
      if (glyphDir) rmSync(glyphDir, { recursive: true, force: true });
    },
  });
}

/** The program's version; throws `OCR_ENGINE_MISSING` when the program or a language's data is not installed. */
async function engineVersion(program: string, language: string, dataArgs: readonly string[]): Promise<string> {
  let versionText: string;
  let languages: string;
  try {
    const [version, langs] = await Promise.all([execFileAsync(program, ['--version']), execFileAsync(program, [...dataArgs, '--list-langs'])]);
    versionText = `${version.stdout}\n${version.stderr}`;
    languages = langs.stdout;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new OcrError('OCR_ENGINE_MISSING', `the OCR engine \`${program}\` is not installed (not found on PATH): ${INSTALL_HINT}`, { cause: error });
    }
    throw new OcrError('OCR_FAILED', `\`${program} --version\` failed: ${(error as Error).message}`, { cause: error });
  }
  const installed = new Set(
    languages
      .split('\n')
      .slice(1)
      .map((l) => l.trim())
      .filter(Boolean),
  );
  const missing = language.split('+').filter((l) => !installed.has(l));
  if (missing.length > 0) {
    throw new OcrError(
      'OCR_ENGINE_MISSING',
      `\`${program}\` has no language data for ${missing.join(', ')} (installed: ${[...installed].join(', ') || 'none'}): ${INSTALL_HINT}`,
    );
  }
  return /tesseract\s+v?([\d.]+\S*)/i.exec(versionText)?.[1] ?? 'unknown';
}
