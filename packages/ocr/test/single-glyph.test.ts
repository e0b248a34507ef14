import { createImage, drawText, type RgbImage } from '@ufo-ts/imaging';
import { describe, expect, it } from 'vitest';
import { renderGlyph, singleGlyphInk } from '../src/glyph/single-glyph.js';
import { luminanceOf, type GrayImage } from '../src/gray-image.js';
import { createMosaicRecognizer } from '../src/mosaic-recognizer.js';
import { normalizedCrop } from '../src/mosaic/mosaic-image.js';

const HEADER = 'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext';

/** The normalised crop of a caption drawn with the bitmap font (scale 2: 10×14 px glyphs), with a blank border. */
function caption(text: string): GrayImage {
  const image = createImage(12 * text.length + 8, 22, [230, 230, 230]);
  drawText(image, text, 4, 4, 2, [20, 20, 20]);
  return normalizedCrop(luminanceOf(image, { x: 0, y: 0, width: image.width, height: image.height }));
}

describe('singleGlyphInk', () => {
  it('takes one character, with its ink box and connected parts', () => {
    const one = singleGlyphInk(caption('1'));
    expect(one).toBeDefined();
    expect(one!.box.height).toBe(14);
    expect(singleGlyphInk(caption('='))?.components).toBe(2);
    expect(singleGlyphInk(caption('-'))).toBeDefined(); // a dash: wider than high
  });

  it('leaves out words and blank crops', () => {
    expect(singleGlyphInk(caption('FILE'))).toBeUndefined();
    expect(singleGlyphInk(caption('OK'))).toBeUndefined();
    expect(singleGlyphInk(normalizedCrop(luminanceOf(createImage(20, 20, [200, 200, 200]), { x: 0, y: 0, width: 20, height: 20 })))).toBeUndefined();
  });
});

describe('renderGlyph', () => {
  it('enlarges the glyph to about 40 px, black on white, with a margin as high as a glyph', () => {
    const crop = caption('7');
    const glyph = renderGlyph(crop, singleGlyphInk(crop)!, crop.height);
    const { image } = glyph;
    expect(glyph.scale).toBeGreaterThanOrEqual(2);
    let top = image.height;
    let bottom = -1;
    for (let i = 0; i < image.data.length; i += 1) {
      expect([0, 255]).toContain(image.data[i]); // a bitmap font is drawn black or white
      if (image.data[i] === 0) {
        top = Math.min(top, Math.floor(i / image.width));
        bottom = Math.max(bottom, Math.floor(i / image.width));
      }
    }
    expect(bottom - top + 1).toBeGreaterThanOrEqual(30);
    expect(top).toBeGreaterThanOrEqual(40);
    expect(image.height - 1 - bottom).toBeGreaterThanOrEqual(40);
  });
});

/** Keys of a calculator: single characters drawn on a screen. */
function keypad(): RgbImage {
  const image = createImage(300, 100, [240, 240, 240]);
  drawText(image, '1', 40, 40, 2, [20, 20, 20]);
  drawText(image, '7', 140, 40, 2, [20, 20, 20]);
  drawText(image, 'MENU', 200, 40, 2, [20, 20, 20]);
  return image;
}

describe('createMosaicRecognizer with a single-character reader', () => {
  /** The columns of a PGM that hold ink, as runs [first, last] (gaps up to 12 px joined). */
  function inkRuns(pgm: Buffer): { runs: [number, number][]; height: number } {
    const [header, w, h] = /^P5\n(\d+) (\d+)\n255\n/.exec(pgm.subarray(0, 32).toString('latin1'))!;
    const width = Number(w);
    const height = Number(h);
    const pixels = pgm.subarray(header.length);
    const runs: [number, number][] = [];
    for (let x = 0; x < width; x += 1) {
      if (!Array.from({ length: height }, (_, y) => pixels[y * width + x]! < 128).some(Boolean)) continue;
      const last = runs.at(-1);
      if (last && x - last[1] <= 12) last[1] = x;
      else runs.push([x, x]);
    }
    return { runs, height };
  }

  /**
   * A fake engine that tells the keys apart by the width of their ink: on the mosaic (crops enlarged ×2) "1" is
   * narrow, "7" wider, "MENU" wide; `mosaic` and `glyph` say what each read answers for the narrow and the wider key.
   */
  function engine(mosaic: { narrow: string; wider: string }, glyph: { narrow?: string; wider?: string }) {
    const glyphCalls: number[] = [];
    return {
      glyphCalls,
      readMosaics: async (images: readonly Buffer[]) =>
        images.map((pgm) => {
          const { runs, height } = inkRuns(pgm);
          const text = (a: number, b: number) => (b - a < 12 ? mosaic.narrow : b - a < 30 ? mosaic.wider : 'MENU');
          return `${HEADER}\n${runs.map(([a, b], i) => `5\t1\t1\t1\t1\t${i + 1}\t${a}\t1\t${b - a + 1}\t${height - 2}\t93\t${text(a, b)}`).join('\n')}\n`;
        }),
      readGlyphs: async (images: readonly Buffer[]) => {
        glyphCalls.push(images.length);
        const rows = images.map((pgm, i) => {
          const [[a, b]] = inkRuns(pgm).runs as [[number, number]];
          const text = b - a < 20 ? glyph.narrow : glyph.wider;
          return text === undefined ? '' : `5\t${i + 1}\t1\t1\t1\t1\t${a}\t40\t${b - a + 1}\t40\t90\t${text}`;
        });
        return `${HEADER}\n${rows.join('\n')}\n`;
      },
    };
  }

  it('reads every one-character crop in one call and keeps a key only when both reads agree', async () => {
    // "1" misread "]" on the mosaic, "7" read alike by both, "MENU" not a single character
    const fake = engine({ narrow: ']', wider: '7' }, { narrow: '1', wider: '7' });
    const recognizer = createMosaicRecognizer({
      name: 'fake',
      parallel: 1,
      cacheSize: 0,
      mosaicGapFactor: 4,
      readMosaics: fake.readMosaics,
      readGlyphs: fake.readGlyphs,
    });
    // without asking, one read only
    expect((await recognizer.recognize(keypad())).map((r) => r.text)).toContain(']');
    expect(fake.glyphCalls).toEqual([]);
    const texts = (await recognizer.recognize(keypad(), { checkSingleGlyphs: true })).map((r) => r.text);
    expect(fake.glyphCalls).toEqual([2]);
    expect(texts).not.toContain(']');
    expect(texts).toContain('7');
    expect(texts).toContain('MENU');
  });

  it('keeps the mosaic read when the single-character read has no clear answer', async () => {
    const fake = engine({ narrow: '1', wider: '7' }, { wider: 'fs)' });
    const recognizer = createMosaicRecognizer({
      name: 'fake',
      parallel: 1,
      cacheSize: 0,
      mosaicGapFactor: 4,
      readMosaics: fake.readMosaics,
      readGlyphs: fake.readGlyphs,
    });
    const texts = (await recognizer.recognize(keypad(), { checkSingleGlyphs: true })).map((r) => r.text);
    expect(texts).toEqual(expect.arrayContaining(['1', '7', 'MENU']));
  });
});
