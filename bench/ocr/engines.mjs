// The OCR engines the benchmark compares on the same screenshots:
// - tesseract-cli: @ufo-ts/ocr's createTesseractRecognizer (the shipped engine): JS segmentation, two mosaics, two
//   warm `tesseract` processes;
// - tesseract.js: the same pipeline (createMosaicRecognizer) with two tesseract.js WASM workers kept loaded, on the
//   same model file (Debian's eng.traineddata, LSTM "fast"), so only the engine differs;
// - tesseract-cli-whole-page: one `tesseract --psm 11` process on the whole screenshot (no segmentation), the
//   starting point the mosaic is measured against.
import { spawn } from 'node:child_process';
import { createMosaicRecognizer, createTesseractRecognizer, parseTesseractTsv, wordsToRegions } from '@ufo-ts/ocr';
import { encodePng } from '@ufo-ts/imaging';

export const TESSDATA = '/usr/share/tesseract-ocr/5/tessdata';

/** Two tesseract.js workers behind the mosaic pipeline. Undefined when tesseract.js is not installed. */
export async function createTesseractJsRecognizer(options = {}) {
  let createWorker;
  try {
    ({ createWorker } = await import('tesseract.js'));
  } catch {
    return undefined;
  }
  const workers = await Promise.all(
    [0, 1].map(async () => {
      const worker = await createWorker('eng', 1, { langPath: TESSDATA, gzip: false, cacheMethod: 'none' });
      await worker.setParameters({ tessedit_pageseg_mode: '6', tessedit_do_invert: '0' });
      return worker;
    }),
  );
  return createMosaicRecognizer({
    ...options,
    name: 'tesseract.js 7 (WASM)',
    readMosaics: (images) =>
      Promise.all(
        images.map(async (image, i) => (await workers[i % workers.length].recognize(image, {}, { tsv: true, text: false, blocks: false })).data.tsv ?? ''),
      ),
    close: async () => {
      await Promise.all(workers.map((w) => w.terminate()));
    },
  });
}

/** The whole screenshot through one `tesseract --psm 11` process (PNG on stdin), words grouped like the package does. */
export function createWholePageRecognizer() {
  return {
    name: 'tesseract CLI, whole screenshot, --psm 11',
    async recognize(image) {
      const png = await encodePng(image);
      const tsv = await new Promise((resolve, reject) => {
        const child = spawn('tesseract', ['stdin', 'stdout', '--psm', '11', '-c', 'tessedit_do_invert=0', 'tsv'], {
          env: { ...process.env, OMP_THREAD_LIMIT: '1' },
        });
        let out = '';
        child.stdout.on('data', (d) => (out += d));
        child.on('error', reject);
        child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`tesseract exit ${code}`))));
        child.stdin.end(png);
      });
      const words = parseTesseractTsv(tsv).map((w) => ({ text: w.text, box: w.box, confidence: w.confidence / 100 }));
      return wordsToRegions(words.filter((w) => w.confidence >= 0.5));
    },
    async close() {},
  };
}

export { createTesseractRecognizer };
