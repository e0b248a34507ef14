import { z } from 'zod';
import type { TextBox } from '../text-region.js';

/** One word of Tesseract's TSV output (`tsv` config): what it read, where, and how sure it is (0 to 100). */
export const TesseractWordSchema = z.object({
  text: z.string().min(1),
  box: z.object({
    x: z.number().int().nonnegative(),
    y: z.number().int().nonnegative(),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
  }),
  confidence: z.number().min(0).max(100),
  /** Tesseract's block, paragraph and line numbers: words with the same three are on one line of its layout. */
  line: z.string(),
});

/** One word of Tesseract's TSV output (see {@link TesseractWordSchema}). */
export type TesseractWord = z.infer<typeof TesseractWordSchema> & { box: TextBox };

const COLUMNS = ['level', 'page_num', 'block_num', 'par_num', 'line_num', 'word_num', 'left', 'top', 'width', 'height', 'conf', 'text'];
const WORD_LEVEL = '5';

/**
 * Reads the words of Tesseract's TSV output: rows of level 5 with a confidence and non-blank text, in the order
 * Tesseract wrote them. The header row is optional (tesseract.js leaves it out). Throws a plain `Error` when the
 * text is not Tesseract TSV (the caller wraps it).
 *
 * @example
 * ```ts
 * parseTesseractTsv('level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext\n5\t1\t1\t1\t1\t1\t10\t4\t30\t12\t96.5\tFile\n');
 * // [{ text: 'File', box: { x: 10, y: 4, width: 30, height: 12 }, confidence: 96.5, line: '1.1.1' }]
 * ```
 */
export function parseTesseractTsv(tsv: string): TesseractWord[] {
  const lines = tsv.split('\n');
  const first = lines[0]?.split('\t') ?? [];
  const headerless = first.length >= COLUMNS.length && /^\d+$/.test(first[0]!); // tesseract.js leaves the header out
  if (!headerless && COLUMNS.some((c, i) => first[i]?.trim() !== c))
    throw new Error(`not Tesseract TSV output (first line ${JSON.stringify(lines[0]?.slice(0, 120) ?? '')})`);
  const words: TesseractWord[] = [];
  for (const line of headerless ? lines : lines.slice(1)) {
    const cells = line.split('\t');
    if (cells[0] !== WORD_LEVEL || cells.length < COLUMNS.length) continue;
    const text = cells.slice(11).join('\t').trim();
    const confidence = Number(cells[10]);
    if (!text || !(confidence >= 0)) continue;
    const parsed = TesseractWordSchema.safeParse({
      text,
      box: { x: Number(cells[6]), y: Number(cells[7]), width: Number(cells[8]), height: Number(cells[9]) },
      confidence: Math.min(100, confidence),
      line: `${cells[2]}.${cells[3]}.${cells[4]}`,
    });
    if (parsed.success) words.push(parsed.data);
  }
  return words;
}
