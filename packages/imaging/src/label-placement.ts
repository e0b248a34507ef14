import { textBoxSize } from './draw-text.js';
import { isBackdropOf, overlapArea, rectContains } from './rect-geometry.js';
import { RectGrid } from './rect-grid.js';
import type { PixelRect } from './rgb-image.js';

/**
 * How labels are placed. `avoid` (default): against or inside their own box, never over another label or another
 * mark's box (see {@link placeLabels}). `inside`: always at the box's top-left corner, inside it (UFO's look), even
 * when that covers a neighbour: only for callers that want UFO's exact pixels.
 */
export type LabelPlacement = 'avoid' | 'inside';

/** Where a label went relative to its box; `fallback` when no position obeyed every rule. */
export type LabelPosition =
  | 'inside-top-left'
  | 'inside-top-right'
  | 'inside-bottom-left'
  | 'inside-bottom-right'
  | 'left'
  | 'right'
  | 'left-bottom'
  | 'right-bottom'
  | 'above'
  | 'below'
  | 'above-right'
  | 'below-right'
  | 'fallback';

/** One label to place: its text and its mark's box (already clipped to the image). */
export interface LabelRequest {
  text: string;
  box: PixelRect;
}

/** Where a label is drawn and at which size. */
export interface PlacedLabel {
  /** The label's background rectangle in image pixels; the text starts `padding` pixels inside it. */
  rect: PixelRect;
  /** Font scale the label is drawn at (1 = 5×7 pixel glyphs). */
  scale: number;
  /** Background pixels around the text on every side. */
  padding: number;
  position: LabelPosition;
}

/** Options of {@link placeLabels}. */
export interface LabelLayoutOptions {
  /** Image width in pixels. */
  width: number;
  /** Image height in pixels. */
  height: number;
  /** Preferred font scale. */
  fontScale: number;
  /** Smallest font scale labels may shrink to when nothing fits at the preferred one. */
  minFontScale: number;
  /** Background pixels around the text at the preferred scale; shrunk labels scale it down with the font. */
  padding: number;
  /** Placement rule. */
  placement: LabelPlacement;
}

const POSITIONS: readonly Exclude<LabelPosition, 'fallback'>[] = [
  'inside-top-left',
  'inside-top-right',
  'inside-bottom-left',
  'inside-bottom-right',
  'left',
  'right',
  'left-bottom',
  'right-bottom',
  'above',
  'below',
  'above-right',
  'below-right',
];

/** Pixels kept free between two labels. */
const LABEL_GAP = 1;

const INSIDE: readonly LabelPosition[] = POSITIONS.slice(0, 4);
const BESIDE: readonly LabelPosition[] = ['left', 'right', 'left-bottom', 'right-bottom'];

/**
 * The order positions are tried in, each round at every font scale from the preferred one down: inside or beside
 * the box within its band, then above or below it within its band, then beside, above or below sticking out. Each
 * is tried first clear of every box but containers, then clear of every box but backdrops (see `isBackdropOf`): a
 * box that only mostly overlaps this one may be behind it (an editor under an open menu) or in front of it (a
 * combo's popup over a text field), so its pixels are used only when nothing else fits.
 */
const ROUNDS: readonly { positions: readonly LabelPosition[]; banded: boolean; backdrops: boolean }[] = [
  { positions: POSITIONS.slice(0, 8), banded: true, backdrops: false },
  { positions: POSITIONS.slice(0, 8), banded: true, backdrops: true },
  { positions: POSITIONS.slice(8), banded: true, backdrops: false },
  { positions: POSITIONS.slice(8), banded: true, backdrops: true },
  { positions: POSITIONS.slice(4), banded: false, backdrops: false },
  { positions: POSITIONS.slice(4), banded: false, backdrops: true },
];

/**
 * Whether a `w`×`h` label at `position` stays within its box's band: inside the box for inside positions, within
 * the box's rows beside it and within its columns above or below it. A label that sticks out of the band reaches
 * into a neighbour's row or column and reads as the neighbour's.
 */
function inBand(position: LabelPosition, box: PixelRect, w: number, h: number): boolean {
  if (INSIDE.includes(position)) return w <= box.width && h <= box.height;
  return BESIDE.includes(position) ? h <= box.height : w <= box.width;
}

/** The top-left corner of a `w`×`h` label at `position` of `box`. */
function corner(position: LabelPosition, box: PixelRect, w: number, h: number): { x: number; y: number } {
  const right = box.x + box.width;
  const bottom = box.y + box.height;
  switch (position) {
    case 'inside-top-right':
      return { x: right - w, y: box.y };
    case 'inside-bottom-left':
      return { x: box.x, y: bottom - h };
    case 'inside-bottom-right':
      return { x: right - w, y: bottom - h };
    case 'left':
      return { x: box.x - w, y: box.y };
    case 'right':
      return { x: right, y: box.y };
    case 'left-bottom':
      return { x: box.x - w, y: bottom - h };
    case 'right-bottom':
      return { x: right, y: bottom - h };
    case 'above':
      return { x: box.x, y: box.y - h };
    case 'below':
      return { x: box.x, y: bottom };
    case 'above-right':
      return { x: right - w, y: box.y - h };
    case 'below-right':
      return { x: right - w, y: bottom };
    default:
      return { x: box.x, y: box.y };
  }
}

/** The scales to try, preferred first, and the padding that goes with each. */
function sizesOf(options: LabelLayoutOptions): { scale: number; padding: number }[] {
  const out: { scale: number; padding: number }[] = [];
  const min = Math.min(options.fontScale, Math.max(1, options.minFontScale));
  for (let scale = options.fontScale; scale >= min; scale -= 1) {
    out.push({ scale, padding: Math.round((options.padding * scale) / options.fontScale) });
  }
  return out;
}

/** Moves a rectangle as little as possible to lie inside `width`×`height` (top-left wins when it is larger). */
function clampInto(rect: PixelRect, width: number, height: number): PixelRect {
  const x = Math.max(0, Math.min(rect.x, width - rect.width));
  const y = Math.max(0, Math.min(rect.y, height - rect.height));
  return { ...rect, x, y };
}

/**
 * Places set-of-marks labels so that none misleads. Labels are placed in order, each at the first position of
 * inside top-left, inside top-right, inside bottom-left, inside bottom-right, left of the box, right of it (top
 * then bottom aligned), above and below it (left then right aligned) that lies inside the image, overlaps or
 * touches no label placed before (a pixel stays between labels) and covers no other mark's box, except boxes
 * containing this mark's box (a menu around its items, a window around its buttons) and, when nothing else fits,
 * boxes behind it as far as the rectangles tell (see `isBackdropOf`: an editor under an open menu).
 *
 * A position counts first only when the label stays within the box's band: inside it, beside it no taller than
 * the box (a menu row's label never reaches the next row), above or below it no wider. Inside and beside positions
 * within the band are tried first, at the preferred font scale and then at smaller ones down to `minFontScale` (a
 * short menu row gets a smaller label inside it rather than one above it); then above and below within the band,
 * at each scale; then beside, above and below sticking out of the band. As a last resort the label goes inside its
 * box at the smallest scale, at the inside corner that overlaps the fewest label and box pixels.
 *
 * Deterministic: the same requests give the same layout. With `placement: 'inside'` every label goes at its box's
 * top-left corner, moved into the image (UFO's look).
 *
 * @example
 * ```ts
 * // two menu rows 24 px high: each label lands inside its own row
 * const labels = placeLabels(
 *   [
 *     { text: 'e9', box: { x: 10, y: 10, width: 200, height: 24 } },
 *     { text: 'e10', box: { x: 10, y: 34, width: 200, height: 24 } },
 *   ],
 *   { width: 400, height: 300, fontScale: 2, minFontScale: 1, padding: 2, placement: 'avoid' },
 * );
 * labels[1]!.rect; // { x: 10, y: 34, width: 38, height: 18 }
 * ```
 */
export function placeLabels(requests: readonly LabelRequest[], options: LabelLayoutOptions): PlacedLabel[] {
  const { width, height } = options;
  if (options.placement === 'inside') {
    return requests.map(({ text, box }) => {
      const size = textBoxSize(text, options.fontScale, options.padding);
      const rect = clampInto({ x: box.x, y: box.y, ...size }, width, height);
      return { rect, scale: options.fontScale, padding: options.padding, position: 'inside-top-left' as const };
    });
  }
  const sizes = sizesOf(options);
  const boxes = new RectGrid();
  requests.forEach(({ box }, i) => boxes.add(i, box));
  // the placed labels grown by LABEL_GAP on every side: a new label must not touch them either ("e10" right
  // against "e9" reads "e10e9")
  const spaced = new RectGrid();
  const placed: PixelRect[] = [];
  const keep = (rect: PixelRect): void => {
    spaced.add(placed.length, { x: rect.x - LABEL_GAP, y: rect.y - LABEL_GAP, width: rect.width + 2 * LABEL_GAP, height: rect.height + 2 * LABEL_GAP });
    placed.push(rect);
  };
  return requests.map(({ text, box }, index) => {
    /** Whether another mark's box keeps a label off `rect`: any box but containers, and backdrops unless allowed. */
    const blocks = (id: number, other: PixelRect, backdrops: boolean): boolean =>
      id !== index && !rectContains(other, box) && !(backdrops && isBackdropOf(other, box));
    const free = (rect: PixelRect, backdrops: boolean): boolean =>
      rect.x >= 0 &&
      rect.y >= 0 &&
      rect.x + rect.width <= width &&
      rect.y + rect.height <= height &&
      !spaced.some(rect, () => true) &&
      !boxes.some(rect, (id, other) => blocks(id, other, backdrops));
    for (const { positions, banded, backdrops } of ROUNDS) {
      for (const { scale, padding } of sizes) {
        const size = textBoxSize(text, scale, padding);
        for (const position of positions) {
          if (inBand(position, box, size.width, size.height) !== banded) continue;
          const rect = { ...corner(position, box, size.width, size.height), ...size };
          if (free(rect, backdrops)) {
            keep(rect);
            return { rect, scale, padding, position };
          }
        }
      }
    }
    const last = sizes[sizes.length - 1]!;
    const size = textBoxSize(text, last.scale, last.padding);
    const cost = (rect: PixelRect): number => {
      let sum = placed.reduce((total, label) => total + overlapArea(label, rect), 0) * 4;
      boxes.some(rect, (id, other) => {
        if (blocks(id, other, true)) sum += overlapArea(other, rect);
        return false;
      });
      return sum;
    };
    let best = clampInto({ ...corner('inside-top-left', box, size.width, size.height), ...size }, width, height);
    let bestCost = cost(best);
    for (const position of INSIDE.slice(1)) {
      const rect = clampInto({ ...corner(position, box, size.width, size.height), ...size }, width, height);
      const c = cost(rect);
      if (c < bestCost) [best, bestCost] = [rect, c];
    }
    keep(best);
    return { rect: best, scale: last.scale, padding: last.padding, position: 'fallback' as const };
  });
}
