import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { decodePng } from '@ufo-ts/imaging';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boxIou } from '../src/box-geometry.js';
import { OcrError } from '../src/errors.js';
import { createTesseractRecognizer } from '../src/tesseract-recognizer.js';
import type { TextRecognizer } from '../src/text-recognizer.js';
import type { TextBox, TextRegion } from '../src/text-region.js';

function tesseractMissing(): string | undefined {
  try {
    const langs = execFileSync('tesseract', ['--list-langs'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    return langs.includes('eng') ? undefined : 'tesseract has no eng language data (apt-get install tesseract-ocr-eng)';
  } catch {
    return 'tesseract is not installed (apt-get install tesseract-ocr tesseract-ocr-eng)';
  }
}

const missing = tesseractMissing();
if (missing) process.stderr.write(`[ocr] skipping the real-engine tests: ${missing}\n`);
const describeEngine = missing ? describe.skip : describe;

/**
 * Screenshots of real apps on Xvfb (1280×800, captured by bench/ocr/save-scenes.mjs) and their targets: the names of
 * controls with the tight box of their drawn text, from the accessibility tree (galculator, zenity --forms) or from
 * xcalc's X button windows (no accessibility).
 */
function fixture(name: string): { image: ReturnType<typeof decodePng>; targets: { text: string; box: TextBox }[] } {
  return {
    image: decodePng(readFileSync(new URL(`./__fixtures__/${name}.png`, import.meta.url))),
    targets: JSON.parse(readFileSync(new URL(`./__fixtures__/${name}.targets.json`, import.meta.url), 'utf8')),
  };
}

function recall(targets: readonly { text: string; box: TextBox }[], regions: readonly TextRegion[]): { found: number; missed: string[] } {
  const missed = targets.filter((t) => !regions.some((r) => r.text.toLowerCase() === t.text.toLowerCase() && boxIou(r.box, t.box) >= 0.5)).map((t) => t.text);
  return { found: targets.length - missed.length, missed };
}

describeEngine('createTesseractRecognizer on screenshots of real apps', () => {
  let recognizer: TextRecognizer;
  beforeAll(async () => {
    recognizer = await createTesseractRecognizer({ cacheSize: 0 });
  });
  afterAll(async () => {
    await recognizer?.close();
  });

  it('names itself after the engine and its version', () => {
    expect(recognizer.name).toMatch(/^tesseract \d+\.\d+/);
  });

  it.each(['galculator', 'zenity-form', 'xcalc'])(
    'finds the captions of %s where the accessibility tree (or X) says they are',
    async (name) => {
      const { image, targets } = fixture(name);
      const regions = await recognizer.recognize(image);
      const { found, missed } = recall(targets, regions);
      // exact text, IoU ≥ 0.5; xcalc's font makes a few look like others ("ln" as "In", "(" as "¢")
      expect(found / targets.length, `missed: ${missed.join(' | ')}`).toBeGreaterThanOrEqual(name === 'xcalc' ? 0.75 : 0.85);
    },
    60_000,
  );

  it('reads single-character buttons (what a page-mode read misses)', async () => {
    const { image } = fixture('galculator');
    const texts = (await recognizer.recognize(image)).map((r) => r.text);
    for (const digit of ['7', '8', '9', '4', '5', '6', '1', '2', '3', '0']) expect(texts).toContain(digit);
  }, 60_000);

  it("never reads one of xcalc's keys as another: 0–9 and + - * = . read right or not at all", async () => {
    // xcalc's thin bitmap font: the mosaic read takes "1" for "]" (0.92); the single-character read says "1", so
    // the two disagree and the key is left out rather than returned as another
    const { image, targets } = fixture('xcalc');
    const regions = await recognizer.recognize(image, { checkSingleGlyphs: true });
    const keys = targets.filter((t) => /^[0-9+\-*=.]$/.test(t.text));
    expect(keys.map((k) => k.text).sort()).toEqual(['*', '+', '-', '.', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '=']);
    const wrong = keys.flatMap((k) =>
      regions.filter((r) => boxIou(r.box, k.box) >= 0.5 && r.text !== k.text).map((r) => `${k.text} read ${JSON.stringify(r.text)}`),
    );
    expect(wrong).toEqual([]);
    const read = keys.filter((k) => regions.some((r) => r.text === k.text && boxIou(r.box, k.box) >= 0.5)).map((k) => k.text);
    expect(read.length, `read: ${read.join(' ')}`).toBeGreaterThanOrEqual(9); // "0" is left out: the single-character read takes it for "D"
  }, 60_000);

  it('reads only the areas it is given, in image coordinates', async () => {
    const { image } = fixture('zenity-form');
    const regions = await recognizer.recognize(image, { areas: [{ x: 0, y: 110, width: 200, height: 45 }] });
    expect(regions.map((r) => r.text)).toEqual(['Email address']);
    expect(regions[0]!.box.y).toBeGreaterThanOrEqual(110);
  }, 60_000);

  it('rejects with OCR_ABORTED when the signal fires during the read', async () => {
    const { image } = fixture('xcalc');
    const controller = new AbortController();
    const reading = recognizer.recognize(image, { signal: controller.signal });
    setTimeout(() => controller.abort(), 1);
    await expect(reading).rejects.toMatchObject({ code: 'OCR_ABORTED' });
  }, 60_000);

  it('fails OCR_ENGINE_MISSING, saying what to install, for a language that is not installed', async () => {
    const error = await createTesseractRecognizer({ language: 'xyz' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OcrError);
    expect(error).toMatchObject({ code: 'OCR_ENGINE_MISSING' });
    expect((error as Error).message).toContain('apt-get install tesseract-ocr tesseract-ocr-eng');
  });
});

describe('createTesseractRecognizer without the program', () => {
  it('fails OCR_ENGINE_MISSING, saying what to install, with the spawn error as cause', async () => {
    const error = await createTesseractRecognizer({ program: 'tesseract-that-is-not-installed' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OcrError);
    expect(error).toMatchObject({ code: 'OCR_ENGINE_MISSING' });
    expect((error as Error).message).toContain('apt-get install tesseract-ocr tesseract-ocr-eng');
    expect((error as Error).cause).toMatchObject({ code: 'ENOENT' });
  });
});
