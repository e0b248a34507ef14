import { unionBox } from './box-geometry.js';
import type { TextBox, TextRegion } from './text-region.js';

/** A word read from an image, in image pixels; confidence 0 to 1. */
export interface ReadWord {
  text: string;
  box: TextBox;
  confidence: number;
}

/** Options of {@link wordsToRegions}. */
export interface LineRegionOptions {
  /**
   * Neighbouring words of one line further apart than this many character widths (the median over the line's
   * words of width / letters) start a new region. Default 2: a word space is about half a character in a
   * proportional font and one character (plus side bearings) in a monospaced one; the gap between two menu titles,
   * two buttons or two table columns is several.
   */
  maxGapChars?: number;
}

/**
 * Groups words into regions: words on one line (their boxes share at least half of the lower one's height) are
 * split where the gap between two neighbours is wider than `maxGapChars` character widths, so a phrase stays
 * one region and two buttons side by side are two. A region's box is the union of its words' boxes, its confidence
 * the lowest of theirs. Regions come in reading order: lines top to bottom, then left to right.
 *
 * @example
 * ```ts
 * wordsToRegions([
 *   { text: 'Save', box: { x: 10, y: 5, width: 30, height: 12 }, confidence: 0.96 },
 *   { text: 'as', box: { x: 44, y: 5, width: 14, height: 12 }, confidence: 0.93 },
 *   { text: 'Cancel', box: { x: 200, y: 5, width: 45, height: 12 }, confidence: 0.97 },
 * ]);
 * // [{ text: 'Save as', box: { x: 10, y: 5, width: 48, height: 12 }, confidence: 0.93 }, { text: 'Cancel', … }]
 * ```
 */
export function wordsToRegions(words: readonly ReadWord[], options: LineRegionOptions = {}): TextRegion[] {
  const maxGapChars = options.maxGapChars ?? 2;
  const lines = groupIntoLines(words);
  const regions: TextRegion[] = [];
  for (const line of lines) {
    line.words.sort((a, b) => a.box.x - b.box.x);
    let current: ReadWord[] = [];
    const flush = () => {
      if (current.length > 0) regions.push(regionOf(current));
      current = [];
    };
    const charWidth = medianCharWidth(line.words);
    for (const word of line.words) {
      const previous = current[current.length - 1];
      if (previous && word.box.x - (previous.box.x + previous.box.width) > maxGapChars * charWidth) flush();
      current.push(word);
    }
    flush();
  }
  return regions;
}

interface Line {
  box: TextBox;
  words: ReadWord[];
}

/** Lines in the order of their first word's centre, top to bottom. */
function groupIntoLines(words: readonly ReadWord[]): Line[] {
  const lines: Line[] = [];
  const byTop = [...words].sort((a, b) => a.box.y + a.box.height / 2 - (b.box.y + b.box.height / 2));
  for (const word of byTop) {
    const line = lines.find((l) => sameLine(l.box, word.box));
    if (line) {
      line.words.push(word);
      line.box = unionBox(line.box, word.box);
    } else lines.push({ box: word.box, words: [word] });
  }
  return lines;
}

/** Two boxes are on one line when they share at least half of the lower box's height. */
function sameLine(a: TextBox, b: TextBox): boolean {
  const shared = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return shared >= 0.5 * Math.min(a.height, b.height);
}

function medianCharWidth(words: readonly ReadWord[]): number {
  const widths = words.map((w) => w.box.width / [...w.text].length).sort((a, b) => a - b);
  return widths[Math.floor(widths.length / 2)]!;
}

function regionOf(words: readonly ReadWord[]): TextRegion {
  return {
    text: words.map((w) => w.text).join(' '),
    box: words.slice(1).reduce((box, w) => unionBox(box, w.box), words[0]!.box),
    confidence: Math.min(...words.map((w) => w.confidence)),
  };
}
