import type { RgbImage } from '@ufo-ts/imaging';
import { growBox, intersectBox } from './box-geometry.js';
import { OcrError } from './errors.js';
import { wordsToRegions, type ReadWord } from './line-regions.js';
import { renderGlyph, singleGlyphInk } from './glyph/single-glyph.js';
import { luminanceOf } from './gray-image.js';
import { layoutMosaic, mapFromMosaic } from './mosaic/mosaic-layout.js';
import { normalizedCrop, renderMosaic } from './mosaic/mosaic-image.js';
import { partitionCrops } from './mosaic/partition.js';
import { RegionCache } from './region-cache.js';
import { findTextCandidates, type SegmentationOptions } from './segmentation/text-candidates.js';
import { encodePgm } from './tesseract/pgm.js';
import { parseTesseractTsv } from './tesseract/tsv.js';
import type { RecognizeOptions, TextRecognizer } from './text-recognizer.js';
import { TextBoxSchema, type TextBox, type TextRegion } from './text-region.js';

/** How a screenshot is cut into crops and packed onto mosaics (options shared by the recognizers). */
export interface MosaicReadingOptions {
  /** Mosaics made of one screenshot, read in parallel (one engine process or worker each). Default 2. */
  parallel?: number;
  /** Crops whose height is below this many pixels are read enlarged twice (small captions, single characters). Default 28. */
  upscaleBelow?: number;
  /** Blank space beside each crop on a mosaic, in times its height, so two crops are never read as one word. Default 1.5. */
  mosaicGapFactor?: number;
  /** Crops remembered with their words, so unchanged parts of the next screenshot are not read again. 0 turns it off. Default 1000. */
  cacheSize?: number;
  /** Words further apart than this many character widths are separate regions (see `wordsToRegions`). Default 2. */
  maxGapChars?: number;
  /** Tuning of the search for text-like boxes (see `findTextCandidates`). */
  segmentation?: SegmentationOptions;
}

/** Options of {@link createMosaicRecognizer}. */
export interface MosaicRecognizerOptions extends MosaicReadingOptions {
  /** The recognizer's name (engine and version). */
  name: string;
  /**
   * Reads mosaics (binary PGM, dark text on white) in parallel and resolves with one Tesseract TSV output each, in
   * order. Rejects with {@link OcrError} (`OCR_ABORTED` when `signal` fires).
   */
  readMosaics(images: readonly Buffer[], signal?: AbortSignal): Promise<string[]>;
  /**
   * Optional second opinion on crops that hold a single character: reads each image (binary PGM, one glyph with a
   * wide white margin) as one character (`--psm 10`) and resolves with one Tesseract TSV whose `page_num` (1, 2 …)
   * is the image's place in `images`. A one-character crop keeps its mosaic read only when both reads agree (a miss
   * is better than a wrong key); without this function the mosaic read is kept as is.
   */
  readGlyphs?(images: readonly Buffer[], signal?: AbortSignal): Promise<string>;
  /** Frees the engine (called once by `close()`). */
  close?(): Promise<void> | void;
}

/** Blank pixels above and below each crop on the mosaic. */
const MOSAIC_MARGIN = 12;
const MOSAIC_MAX_WIDTH = 1600;
/** Pixels added around a candidate box: the edge mask marks a step between two pixels, the ink may be one further. */
const CROP_PADDING = 2;
/**
 * One-character crops read a second time per screenshot, at most (about 8 ms each): a sheet's row numbers and cells
 * beyond these keep their mosaic read unchecked.
 */
const MAX_GLYPHS = 32;
const DASHES = new Set(['-', '—', '–', '_', '‒']);

/**
 * A {@link TextRecognizer} around any engine that reads an image into Tesseract's TSV (the `tesseract` program,
 * tesseract.js, a remote service). A screenshot is read in three steps: boxes that may hold text are found in
 * JavaScript (glyph outlines, borders removed; see `findTextCandidates`); their crops are packed onto `parallel`
 * mosaics, normalised to dark text on white and small ones enlarged (so single characters are read too); the engine
 * reads the mosaics. Words are mapped back to the screenshot and grouped into line regions split at wide gaps (see
 * `wordsToRegions`). Crops already read in an earlier screenshot come from a cache.
 *
 * @example
 * ```ts
 * import { createWorker } from 'tesseract.js';
 * import { createMosaicRecognizer } from '@ufo-ts/ocr';
 *
 * const workers = await Promise.all([createWorker('eng'), createWorker('eng')]);
 * for (const w of workers) await w.setParameters({ tessedit_pageseg_mode: '6' });
 * const recognizer = createMosaicRecognizer({
 *   name: 'tesseract.js',
 *   readMosaics: (images) => Promise.all(images.map(async (image, i) => (await workers[i].recognize(image, {}, { tsv: true })).data.tsv ?? '')),
 *   close: async () => { await Promise.all(workers.map((w) => w.terminate())); },
 * });
 * ```
 */
export function createMosaicRecognizer(options: MosaicRecognizerOptions): TextRecognizer {
  const parallel = Math.max(1, Math.floor(options.parallel ?? 2));
  const upscaleBelow = options.upscaleBelow ?? 28;
  const cache = new RegionCache(options.cacheSize ?? 1000);
  const scaleFor = (height: number) => (height < upscaleBelow ? 2 : 1);
  let closed = false;

  return {
    name: options.name,
    async recognize(image: RgbImage, recognizeOptions: RecognizeOptions = {}): Promise<TextRegion[]> {
      if (closed) throw new OcrError('OCR_ABORTED', 'the text recognizer is closed');
      const { signal } = recognizeOptions;
      throwIfAborted(signal);
      const bounds = { x: 0, y: 0, width: image.width, height: image.height };
      const checkGlyphs = options.readGlyphs !== undefined && recognizeOptions.checkSingleGlyphs === true;
      const candidates = readAreas(image, recognizeOptions.areas).flatMap((area) => findTextCandidates(image, area, options.segmentation));
      const crops = uniqueBoxes(candidates.map((c) => intersectBox(growBox(c, CROP_PADDING), bounds)!));
      const words: ReadWord[] = [];
      const toRead: { crop: TextBox; scale: number; key: string }[] = [];
      for (const crop of crops) {
        const scale = scaleFor(crop.height);
        // a crop read with the single-character check may read otherwise than without it: cached apart
        const key = `${cache.keyOf(image, crop, scale)}${checkGlyphs ? ':glyph-checked' : ''}`;
        const known = cache.get(key);
        if (known) words.push(...known.map((w) => ({ ...w, box: { ...w.box, x: w.box.x + crop.x, y: w.box.y + crop.y } })));
        else toRead.push({ crop, scale, key });
      }
      const groups = partitionCrops(toRead, parallel);
      const layouts = groups.map((group) =>
        layoutMosaic(
          group.map((g) => g.crop),
          { maxWidth: MOSAIC_MAX_WIDTH, margin: MOSAIC_MARGIN, gapFactor: options.mosaicGapFactor ?? 1.5, scaleFor },
        ),
      );
      // one-character crops, each read once however often it appears (same pixels, same key)
      const glyphs = checkGlyphs ? singleGlyphCrops(image, toRead) : { index: new Map<string, number>(), images: [], components: [] };
      const glyphImages = glyphs.images;
      const [outputs, glyphTsv] = await Promise.all([
        layouts.length === 0
          ? Promise.resolve([] as string[])
          : options.readMosaics(
              layouts.map((layout) => encodePgm(renderMosaic(image, layout))),
              signal,
            ),
        glyphImages.length === 0 ? Promise.resolve(undefined) : options.readGlyphs!(glyphImages, signal),
      ]);
      const glyphReads = (glyphTsv === undefined ? [] : glyphTextsByPage(glyphTsv, glyphImages.length)).map((text, i) =>
        // Tesseract reads a lone "=" as a dash; two bars are an "="
        text !== undefined && DASHES.has(text) && glyphs.components[i] === 2 ? '=' : text,
      );
      layouts.forEach((layout, i) => {
        const perCrop = new Map<TextBox, ReadWord[]>(layout.tiles.map((t) => [t.source, []]));
        for (const word of parseOutput(outputs[i]!)) {
          const mapped = mapFromMosaic(layout, word.box);
          if (!mapped) continue;
          perCrop.get(mapped.tile.source)!.push({ text: word.text, box: mapped.box, confidence: word.confidence / 100 });
        }
        for (const item of groups[i]!) {
          let found = perCrop.get(item.crop) ?? [];
          const glyphIndex = glyphs.index.get(item.key);
          if (glyphIndex !== undefined && !sameGlyph(found, glyphReads[glyphIndex])) found = [];
          words.push(...found);
          cache.set(
            item.key,
            found.map((w) => ({ ...w, box: { ...w.box, x: w.box.x - item.crop.x, y: w.box.y - item.crop.y } })),
          );
        }
      });
      const minConfidence = recognizeOptions.minConfidence ?? 0.5;
      return wordsToRegions(
        words.filter((w) => w.confidence >= minConfidence),
        { maxGapChars: options.maxGapChars },
      );
    },
    async close() {
      if (closed) return;
      closed = true;
      cache.clear();
      await options.close?.();
    },
  };
}

/**
 * The crops (to be read) that look like one character, drawn for the single-character read (the first
 * `MAX_GLYPHS`): `index` gives the place of a crop's image (by its pixel key; identical crops share one).
 */
function singleGlyphCrops(
  image: RgbImage,
  items: readonly { crop: TextBox; key: string }[],
): { index: Map<string, number>; images: Buffer[]; components: number[] } {
  const index = new Map<string, number>();
  const images: Buffer[] = [];
  const components: number[] = [];
  for (const { crop, key } of items) {
    if (images.length >= MAX_GLYPHS) break;
    if (index.has(key) || crop.height > 40 || crop.width > 44) continue;
    const gray = normalizedCrop(luminanceOf(image, crop));
    const ink = singleGlyphInk(gray);
    if (!ink) continue;
    index.set(key, images.length);
    images.push(encodePgm(renderGlyph(gray, ink, crop.height).image));
    components.push(ink.components);
  }
  return { index, images, components };
}

/** The text read on each page of a multi-page TSV (words of a page joined), `undefined` for a blank page. */
function glyphTextsByPage(tsv: string, pages: number): (string | undefined)[] {
  const texts: (string | undefined)[] = Array.from({ length: pages }, () => undefined);
  for (const line of tsv.split('\n')) {
    const cells = line.split('\t');
    if (cells[0] !== '5' || cells.length < 12) continue;
    const page = Number(cells[1]) - 1;
    const text = cells.slice(11).join('\t').trim();
    if (!text || !(Number(cells[10]) >= 0) || !(page >= 0 && page < pages)) continue;
    texts[page] = texts[page] === undefined ? text : `${texts[page]}${text}`;
  }
  return texts;
}

/**
 * Whether the mosaic read of a one-character crop stands: kept when the single-character read says the same (case
 * aside), or has no clear opinion (nothing, or several characters: a glyph Tesseract could not isolate); dropped
 * when it reads another single character (a miss is better than a wrong key).
 */
function sameGlyph(words: readonly ReadWord[], glyph: string | undefined): boolean {
  if (words.length === 0) return true;
  if (glyph === undefined) return true;
  const read = words.map((w) => w.text).join('');
  if (read.toLowerCase() === glyph.toLowerCase()) return true;
  return [...glyph].length > 1;
}

function readAreas(image: RgbImage, areas: readonly TextBox[] | undefined): TextBox[] {
  if (image.width <= 0 || image.height <= 0 || image.data.length !== image.width * image.height * 3) {
    throw new OcrError('OCR_INPUT_INVALID', `not an RGB image: ${image.width}x${image.height} with ${image.data.length} bytes (expected width × height × 3)`);
  }
  const bounds = { x: 0, y: 0, width: image.width, height: image.height };
  if (areas === undefined) return [bounds];
  return areas.flatMap((area) => {
    const parsed = TextBoxSchema.safeParse(area);
    if (!parsed.success) throw new OcrError('OCR_INPUT_INVALID', `an area is not a box of integer pixels: ${JSON.stringify(area)}`, { cause: parsed.error });
    const inside = intersectBox(parsed.data, bounds);
    return inside ? [inside] : [];
  });
}

function uniqueBoxes(boxes: readonly TextBox[]): TextBox[] {
  const seen = new Set<string>();
  return boxes.filter((b) => {
    const key = `${b.x},${b.y},${b.width},${b.height}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function parseOutput(tsv: string) {
  try {
    return parseTesseractTsv(tsv);
  } catch (error) {
    throw new OcrError('OCR_FAILED', `Tesseract wrote output that is not TSV: ${(error as Error).message}`, { cause: error });
  }
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new OcrError('OCR_ABORTED', 'text recognition was aborted', { cause: signal.reason });
}
