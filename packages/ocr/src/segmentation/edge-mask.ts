import type { GrayImage } from '../gray-image.js';

/** Options of {@link textEdgeMask}. */
export interface EdgeMaskOptions {
  /** Luminance step between neighbouring pixels that counts as an edge of a glyph (0 to 255). */
  contrast: number;
  /** Straight runs of edge pixels at least this long are lines (borders, rules, grid lines), not glyphs. */
  maxStrokeLength: number;
}

/**
 * Marks the pixels where luminance steps sharply to the right or downwards, the outline of glyphs of either polarity
 * (dark on light and light on dark), and clears straight runs of such steps as long as `maxStrokeLength` or longer:
 * horizontal steps in a row (a horizontal border) and vertical steps in a column (a vertical border). Returns one
 * byte a pixel, 1 for an edge.
 */
export function textEdgeMask(gray: GrayImage, options: EdgeMaskOptions): Uint8Array {
  const { width, height, data } = gray;
  const across = new Uint8Array(width * height); // a step to the right neighbour: vertical strokes and borders
  const down = new Uint8Array(width * height); // a step to the neighbour below: horizontal strokes and borders
  const t = options.contrast;
  for (let y = 0; y < height; y += 1) {
    const row = y * width;
    const end = row + width - 1;
    for (let i = row; i < end; i += 1) {
      const d = data[i]! - data[i + 1]!;
      if (d >= t || d <= -t) across[i] = 1;
    }
    if (y + 1 === height) break;
    for (let i = row; i <= end; i += 1) {
      const d = data[i]! - data[i + width]!;
      if (d >= t || d <= -t) down[i] = 1;
    }
  }
  clearRowRuns(down, width, height, options.maxStrokeLength);
  clearColumnRuns(across, width, height, options.maxStrokeLength);
  for (let i = 0; i < across.length; i += 1) across[i] = across[i]! | down[i]!;
  return across;
}

/** Clears runs of set bytes at least `minRun` long along the rows of a mask. */
function clearRowRuns(mask: Uint8Array, width: number, height: number, minRun: number): void {
  for (let y = 0; y < height; y += 1) {
    const row = y * width;
    let runStart = -1;
    for (let x = 0; x <= width; x += 1) {
      const on = x < width && mask[row + x] === 1;
      if (on && runStart < 0) runStart = x;
      else if (!on && runStart >= 0) {
        if (x - runStart >= minRun) mask.fill(0, row + runStart, row + x);
        runStart = -1;
      }
    }
  }
}

/** Clears runs of set bytes at least `minRun` long along the columns of a mask, walking it row by row. */
function clearColumnRuns(mask: Uint8Array, width: number, height: number, minRun: number): void {
  const runStart = new Int32Array(width).fill(-1);
  for (let y = 0; y <= height; y += 1) {
    const row = y * width;
    for (let x = 0; x < width; x += 1) {
      const on = y < height && mask[row + x] === 1;
      const start = runStart[x]!;
      if (on && start < 0) runStart[x] = y;
      else if (!on && start >= 0) {
        if (y - start >= minRun) for (let k = start; k < y; k += 1) mask[k * width + x] = 0;
        runStart[x] = -1;
      }
    }
  }
}

/** Joins edge pixels of one row that are at most `maxGap` pixels apart (letters into words, words into phrases). */
export function closeRowGaps(mask: Uint8Array, width: number, height: number, maxGap: number): void {
  for (let y = 0; y < height; y += 1) {
    const row = y * width;
    let last = -1;
    for (let x = 0; x < width; x += 1) {
      if (mask[row + x] !== 1) continue;
      if (last >= 0 && x - last - 1 <= maxGap) for (let j = last + 1; j < x; j += 1) mask[row + j] = 1;
      last = x;
    }
  }
}
