import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseTesseractTsv } from '../src/tesseract/tsv.js';

// Real output: `tesseract crop.png - --psm 6 -c tessedit_do_invert=0 tsv` (Tesseract 5.3.0, Debian's eng LSTM model)
// on the top-left 400×240 pixels of zenity-form.png (zenity --forms on Xvfb, see zenity-form.targets.json).
const tsv = readFileSync(new URL('./__fixtures__/zenity-form-psm6.tsv', import.meta.url), 'utf8');

describe('parseTesseractTsv', () => {
  it('reads the words (level 5) of real Tesseract output, in order, with boxes and confidences', () => {
    const words = parseTesseractTsv(tsv);
    expect(words.map((w) => w.text)).toEqual(['Contact', 'details', 'Email', 'address', 'Password']);
    expect(words[0]).toEqual({ text: 'Contact', box: { x: 8, y: 11, width: 56, height: 9 }, confidence: 96.761414, line: '1.1.1' });
    expect(words[2]!.line).toBe(words[3]!.line);
    expect(words[2]!.line).not.toBe(words[4]!.line);
  });

  it('skips rows that are not words and words with no text or no confidence', () => {
    const header = tsv.split('\n')[0];
    const rows = [
      header,
      '4\t1\t1\t1\t1\t0\t8\t10\t112\t10\t-1\t',
      '5\t1\t1\t1\t1\t1\t8\t11\t56\t9\t-1\t ',
      '5\t1\t1\t1\t1\t2\t8\t11\t56\t9\t40\t   ',
      '5\t1\t1\t1\t1\t3\t8\t11\t56\t9\t88\tOK',
      '',
    ];
    expect(parseTesseractTsv(rows.join('\n')).map((w) => w.text)).toEqual(['OK']);
  });

  it('refuses output that is not Tesseract TSV', () => {
    expect(() => parseTesseractTsv('Contact details\nEmail address\n')).toThrow(/not Tesseract TSV/);
    expect(() => parseTesseractTsv('')).toThrow(/not Tesseract TSV/);
  });
});

describe('parseTesseractTsv without a header row (as tesseract.js writes it)', () => {
  it('reads the same words', () => {
    const body = tsv.split('\n').slice(1).join('\n');
    expect(parseTesseractTsv(body)).toEqual(parseTesseractTsv(tsv));
  });
});
