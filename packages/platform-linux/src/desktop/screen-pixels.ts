// Small checks on captured pixels: a digest of a part of an image, and whether a part shows anything at all.
import { createHash } from 'node:crypto';
import type { RgbImage } from '@ufo-ts/imaging';
import type { XywhRect } from '../atspi/accessible-node.js';

/** The part of `rect` inside the image (whole pixels), or undefined when nothing of it is. */
export function insideImage(image: Pick<RgbImage, 'width' | 'height'>, rect: XywhRect): XywhRect | undefined {
  const x = Math.max(0, Math.floor(rect.x));
  const y = Math.max(0, Math.floor(rect.y));
  const right = Math.min(image.width, Math.ceil(rect.x + rect.width));
  const bottom = Math.min(image.height, Math.ceil(rect.y + rect.height));
  return right > x && bottom > y ? { x, y, width: right - x, height: bottom - y } : undefined;
}

/** A digest of the pixels of `rect` (image coordinates) with its size; `''` when the rectangle is off the image. */
export function pixelDigest(image: RgbImage, rect: XywhRect): string {
  const r = insideImage(image, rect);
  if (!r) return '';
  const hash = createHash('sha1').update(`${r.width}x${r.height}:`);
  for (let row = r.y; row < r.y + r.height; row += 1) {
    const from = (row * image.width + r.x) * 3;
    hash.update(image.data.subarray(from, from + r.width * 3));
  }
  return hash.digest('hex');
}

/** Pixels that differ this much in brightness (0–255) from the commonest brightness count as ink. */
const INK_CONTRAST = 48;
/** Fewer ink pixels than this: nothing readable is drawn. */
const MIN_INK_PIXELS = 12;

/** A row or column with ink along this share of its length is a line (a border, a separator), not text. */
const LINE_SHARE = 0.6;

/**
 * Pixels around a listed control also left out of {@link hasInk}'s count: its border, shadow and focus ring, and the
 * part some toolkits draw past the extents they report (GTK 4 draws gnome-calculator's buttons 9 px wider).
 */
const IGNORE_MARGIN_PX = 12;

/**
 * Whether `rect` (image coordinates) shows anything besides its background and straight lines: enough pixels
 * differ clearly in brightness from the commonest brightness, not counting rows and columns that are mostly ink
 * (borders, separators) nor pixels on or right around the `ignore` rectangles (listed controls reaching into the
 * area). A blank part of a window (a dialog's empty space, a margin with a frame line) is not worth reading.
 */
export function hasInk(image: RgbImage, rect: XywhRect, ignore: readonly XywhRect[] = []): boolean {
  const r = insideImage(image, rect);
  if (!r) return false;
  const luma = lumaOf(image);
  const ignored = new Uint8Array(r.width * r.height);
  for (const box of ignore) {
    const x0 = Math.max(0, box.x - IGNORE_MARGIN_PX - r.x);
    const y0 = Math.max(0, box.y - IGNORE_MARGIN_PX - r.y);
    const x1 = Math.min(r.width, box.x + box.width + IGNORE_MARGIN_PX - r.x);
    const y1 = Math.min(r.height, box.y + box.height + IGNORE_MARGIN_PX - r.y);
    for (let y = y0; y < y1; y += 1) if (x1 > x0) ignored.fill(1, y * r.width + x0, y * r.width + x1);
  }
  // every other row of the image: a glyph is taller than one row
  const first = r.y % ROW_STEP === 0 ? 0 : ROW_STEP - (r.y % ROW_STEP);
  const sampledRows = Math.max(1, Math.ceil((r.height - first) / ROW_STEP));
  const histogram = new Uint32Array(256);
  for (let y = first; y < r.height; y += ROW_STEP) {
    const row = (r.y + y) * image.width + r.x;
    for (let x = 0; x < r.width; x += 1) histogram[luma[row + x]!]! += 1;
  }
  let background = 0;
  for (let v = 1; v < 256; v += 1) if (histogram[v]! > histogram[background]!) background = v;
  const low = background - INK_CONTRAST;
  const high = background + INK_CONTRAST;
  const rowInk = new Uint32Array(r.height);
  const columnInk = new Uint32Array(r.width);
  for (let y = first; y < r.height; y += ROW_STEP) {
    const row = (r.y + y) * image.width + r.x;
    for (let x = 0; x < r.width; x += 1) {
      const v = luma[row + x]!;
      if (v >= low && v <= high) continue;
      rowInk[y]! += 1;
      columnInk[x]! += 1;
    }
  }
  let ink = 0;
  for (let y = first; y < r.height; y += ROW_STEP) {
    if (rowInk[y] === 0 || rowInk[y]! >= LINE_SHARE * r.width) continue;
    const row = (r.y + y) * image.width + r.x;
    for (let x = 0; x < r.width; x += 1) {
      const v = luma[row + x]!;
      if ((v >= low && v <= high) || columnInk[x]! >= LINE_SHARE * sampledRows || ignored[y * r.width + x]) continue;
      ink += 1;
    }
    if (ink * ROW_STEP >= MIN_INK_PIXELS) return true;
  }
  return false;
}

/** {@link hasInk} looks at every `ROW_STEP`th row of the image (rows whose y is a multiple of it). */
const ROW_STEP = 2;

/** Brightness (0–255) of the pixels of every `ROW_STEP`th row of an image (others 0), computed once per image. */
const lumas = new WeakMap<RgbImage, Uint8Array>();
function lumaOf(image: RgbImage): Uint8Array {
  let luma = lumas.get(image);
  if (!luma) {
    luma = new Uint8Array(image.width * image.height);
    const data = image.data;
    for (let y = 0; y < image.height; y += ROW_STEP) {
      for (let p = y * image.width, i = p * 3, end = p + image.width; p < end; p += 1, i += 3)
        luma[p] = (data[i]! * 77 + data[i + 1]! * 150 + data[i + 2]! * 29) >> 8;
    }
    lumas.set(image, luma);
  }
  return luma;
}
