import { createImage, drawText, type RgbImage } from '@ufo-ts/imaging';
import { describe, expect, it } from 'vitest';
import { OcrError } from '../src/errors.js';
import { createMosaicRecognizer } from '../src/mosaic-recognizer.js';

const HEADER = 'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext';

function screen(): RgbImage {
  const image = createImage(400, 200, [240, 240, 240]);
  drawText(image, 'FILE', 20, 20, 2, [20, 20, 20]);
  drawText(image, 'OK', 300, 150, 2, [20, 20, 20]);
  return image;
}

/** An engine that reports one word covering each mosaic whole, and counts what it was given. */
function fakeEngine(text = 'WORD', confidence = 91) {
  const calls: { width: number; height: number }[][] = [];
  return {
    calls,
    readMosaics: async (images: readonly Buffer[]) => {
      calls.push(
        images.map((pgm) => {
          const [, w, h] = /^P5\n(\d+) (\d+)\n255\n/.exec(pgm.subarray(0, 32).toString('latin1'))!;
          return { width: Number(w), height: Number(h) };
        }),
      );
      return images.map(() => `${HEADER}\n`);
    },
    withWord: (images: readonly Buffer[]) =>
      images.map((pgm) => {
        const [, w, h] = /^P5\n(\d+) (\d+)\n255\n/.exec(pgm.subarray(0, 32).toString('latin1'))!;
        return `${HEADER}\n5\t1\t1\t1\t1\t1\t0\t0\t${w}\t${h}\t${confidence}\t${text}\n`;
      }),
  };
}

describe('createMosaicRecognizer', () => {
  it('reads the crops on `parallel` mosaics, then answers an unchanged screen from the cache', async () => {
    const engine = fakeEngine();
    const recognizer = createMosaicRecognizer({ name: 'fake', readMosaics: engine.readMosaics, parallel: 2 });
    await recognizer.recognize(screen());
    expect(engine.calls).toHaveLength(1);
    expect(engine.calls[0]).toHaveLength(2); // two captions, one mosaic each
    await recognizer.recognize(screen());
    expect(engine.calls).toHaveLength(1); // nothing new to read
    // a changed caption is read again, alone
    const changed = screen();
    drawText(changed, 'NO', 300, 150, 2, [20, 20, 20]);
    await recognizer.recognize(changed);
    expect(engine.calls).toHaveLength(2);
    expect(engine.calls[1]).toHaveLength(1);
    await recognizer.close();
  });

  it('maps words back into the screenshot and leaves out words below minConfidence', async () => {
    const engine = fakeEngine('FILE', 80);
    const recognizer = createMosaicRecognizer({ name: 'fake', readMosaics: async (images) => engine.withWord(images), parallel: 1, cacheSize: 0 });
    const image = createImage(400, 100, [240, 240, 240]);
    drawText(image, 'FILE', 20, 20, 2, [20, 20, 20]);
    const [region] = await recognizer.recognize(image);
    expect(region!.text).toBe('FILE');
    expect(region!.confidence).toBeCloseTo(0.8);
    // inside the image, around the caption
    expect(region!.box.x).toBeGreaterThanOrEqual(15);
    expect(region!.box.x).toBeLessThanOrEqual(20);
    expect(region!.box.x + region!.box.width).toBeLessThan(80);
    expect(await recognizer.recognize(image, { minConfidence: 0.9 })).toEqual([]);
  });

  it('reads only the given areas', async () => {
    const engine = fakeEngine();
    const recognizer = createMosaicRecognizer({ name: 'fake', readMosaics: engine.readMosaics, parallel: 2, cacheSize: 0 });
    await recognizer.recognize(screen(), { areas: [{ x: 250, y: 120, width: 150, height: 80 }] });
    expect(engine.calls[0]).toHaveLength(1);
    await recognizer.recognize(screen(), { areas: [{ x: 2000, y: 0, width: 10, height: 10 }] });
    expect(engine.calls).toHaveLength(1); // nothing to read: no engine call
  });

  it('fails OCR_INPUT_INVALID for a broken image or area, OCR_FAILED for output that is not TSV, OCR_ABORTED when aborted or closed', async () => {
    const recognizer = createMosaicRecognizer({ name: 'fake', readMosaics: async (images) => images.map(() => 'garbage'), cacheSize: 0 });
    await expect(recognizer.recognize({ width: 10, height: 10, data: Buffer.alloc(5) })).rejects.toMatchObject({ code: 'OCR_INPUT_INVALID' });
    await expect(recognizer.recognize(screen(), { areas: [{ x: 0.5, y: 0, width: 10, height: 10 }] })).rejects.toMatchObject({ code: 'OCR_INPUT_INVALID' });
    const failure = await recognizer.recognize(screen()).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(OcrError);
    expect(failure).toMatchObject({ code: 'OCR_FAILED' });
    const controller = new AbortController();
    controller.abort(new Error('step cancelled'));
    await expect(recognizer.recognize(screen(), { signal: controller.signal })).rejects.toMatchObject({ code: 'OCR_ABORTED' });
    await recognizer.close();
    await recognizer.close();
    await expect(recognizer.recognize(screen())).rejects.toMatchObject({ code: 'OCR_ABORTED' });
  });
});
