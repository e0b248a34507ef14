import type { RgbImage } from '@ufo-ts/imaging';
import { containsBox, growBox, unionBox } from '../box-geometry.js';
import { luminanceOf } from '../gray-image.js';
import type { TextBox } from '../text-region.js';
import { connectedBoxes, type PixelGroup } from './connected-boxes.js';
import { closeRowGaps, textEdgeMask } from './edge-mask.js';

/** Tuning of {@link findTextCandidates}; every field has a default fit for screenshots at 96 dpi. */
export interface SegmentationOptions {
  /** Luminance step (0 to 255) that counts as the edge of a glyph. Default 40: grey captions of disabled controls still count. */
  contrast?: number;
  /** Straight edges this long or longer are borders, not glyphs. Default 40 pixels. */
  maxStrokeLength?: number;
  /** Glyphs of one row this close (pixels) are joined into one candidate. Default 8: a word space, not the gap between two buttons. */
  joinGap?: number;
}

const DEFAULTS: Required<SegmentationOptions> = { contrast: 40, maxStrokeLength: 40, joinGap: 8 };

/**
 * Finds the boxes of an area of a screenshot that may hold text: outlines of glyphs (sharp luminance steps, either
 * polarity) with borders removed, joined along rows into words and phrases. Icons and other small drawings are
 * candidates too (the engine reads them as nothing, or with low confidence). Boxes are in image coordinates.
 *
 * @example
 * ```ts
 * const boxes = findTextCandidates(screenshot, { x: 0, y: 0, width: screenshot.width, height: screenshot.height });
 * ```
 */
export function findTextCandidates(image: RgbImage, area: TextBox, options: SegmentationOptions = {}): TextBox[] {
  const o = { ...DEFAULTS, ...options };
  const gray = luminanceOf(image, area);
  const mask = textEdgeMask(gray, { contrast: o.contrast, maxStrokeLength: o.maxStrokeLength });
  // pieces of borders go before glyphs are joined, or a column separator would join the caption beside it
  for (const g of connectedBoxes(mask, gray.width, gray.height)) {
    if (isRuleFragment(g) && isolated(mask, gray.width, gray.height, g, ISOLATION)) clearBox(mask, gray.width, g);
  }
  closeRowGaps(mask, gray.width, gray.height, o.joinGap);
  const groups = connectedBoxes(mask, gray.width, gray.height).filter((g) => !isRuleFragment(g));
  return mergeMarks(groups).map((b) => ({ x: b.x + area.x, y: b.y + area.y, width: b.width, height: b.height }));
}

/**
 * A piece of a border left after long runs were cleared (a shaded border crosses the contrast threshold in pieces):
 * a vertical stroke one or two pixels wide (a lone `l` or `I` is rare; a `1` has a foot), a taller thin stroke (with
 * a rounded corner it may be a few pixels wide), or a flat horizontal one wider than a dash.
 */
function isRuleFragment(g: PixelGroup): boolean {
  return (g.width <= 2 && g.height >= 8) || (g.width <= 6 && g.height > 16 && g.height >= 4 * g.width) || (g.height <= 2 && g.width > 24);
}

/** A border piece is this many pixels or more from anything beside it; the stem of an `l` or `!` is nearer its neighbours. */
const ISOLATION = 3;

/** Whether no mask pixel lies within `distance` pixels left or right of the box, along its height. */
function isolated(mask: Uint8Array, width: number, height: number, box: TextBox, distance: number): boolean {
  const left = Math.max(0, box.x - distance);
  const right = Math.min(width, box.x + box.width + distance);
  for (let y = box.y; y < Math.min(height, box.y + box.height); y += 1) {
    const row = y * width;
    for (let x = left; x < box.x; x += 1) if (mask[row + x] === 1) return false;
    for (let x = box.x + box.width; x < right; x += 1) if (mask[row + x] === 1) return false;
  }
  return true;
}

function clearBox(mask: Uint8Array, width: number, box: TextBox): void {
  for (let y = box.y; y < box.y + box.height; y += 1) mask.fill(0, y * width + box.x, y * width + box.x + box.width);
}

/**
 * Joins marks that belong to a neighbour: groups inside another's box (the dot of an `i` above its word) and
 * small marks stacked closely (the two bars of `=`).
 */
function mergeMarks(groups: readonly TextBox[]): TextBox[] {
  const sorted = [...groups].sort((a, b) => b.width * b.height - a.width * a.height);
  const kept: TextBox[] = [];
  for (const g of sorted) {
    const index = kept.findIndex((k) => containsBox(growBox(k, 2), g) || stackedSmallMarks(k, g));
    if (index < 0) kept.push(g);
    else kept[index] = unionBox(kept[index]!, g);
  }
  return kept;
}

function stackedSmallMarks(a: TextBox, b: TextBox): boolean {
  if (a.height > 4 || b.height > 4) return false;
  const overlapX = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const gapY = Math.max(a.y, b.y) - Math.min(a.y + a.height, b.y + b.height);
  return overlapX > 0 && gapY <= 4;
}
