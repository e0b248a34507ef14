// Which parts of a window no listed control covers, in a coarse grid of cells: where text the accessibility tree
// does not describe (a drawn canvas, a sheet's cells, an app without accessibility) can only be read from pixels.
import type { XywhRect } from '../atspi/accessible-node.js';

/** Options of {@link largeUnlistedAreas}. */
export interface UnlistedAreaOptions {
  /** Side of one grid cell in pixels. Default {@link UNLISTED_CELL_PX}. */
  cellPx?: number;
  /**
   * How thick (in both directions) an unlisted part must be to count, in pixels. Thinner parts are the margins and
   * spacing between controls. Default {@link MIN_UNLISTED_THICKNESS_PX}.
   */
  minThicknessPx?: number;
  /** Smallest area (pixels) of a returned rectangle. Default {@link MIN_UNLISTED_AREA_PX}. */
  minAreaPx?: number;
}

/** Grid cell side used to map what listed controls cover: 8 px. */
export const UNLISTED_CELL_PX = 8;
/** An unlisted part counts when it is at least 40 px thick both ways: wider than the spacing around controls. */
export const MIN_UNLISTED_THICKNESS_PX = 40;
/** An unlisted part counts when its rectangle has at least 6400 px² (e.g. 160 × 40, or 80 × 80). */
export const MIN_UNLISTED_AREA_PX = 6400;

/** A grid of cells over a rectangle, each marked unlisted (true) or covered (false). */
export interface UnlistedGrid {
  area: XywhRect;
  cellPx: number;
  columns: number;
  rows: number;
  /** Row-major: `unlisted[row * columns + column]`. */
  unlisted: boolean[];
}

/** Whether two rectangles share any pixel. */
export function rectsIntersect(a: XywhRect, b: XywhRect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The pixels two rectangles share (0 when apart). */
export function overlapArea(a: XywhRect, b: XywhRect): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

/** Marks each cell of `area` covered when its centre lies inside one of `covers`. */
export function unlistedGrid(area: XywhRect, covers: readonly XywhRect[], cellPx = UNLISTED_CELL_PX): UnlistedGrid {
  const columns = Math.max(0, Math.ceil(area.width / cellPx));
  const rows = Math.max(0, Math.ceil(area.height / cellPx));
  const unlisted = new Array<boolean>(columns * rows).fill(true);
  for (const cover of covers) {
    // cells whose centre (area.x + c*cell + cell/2) lies in [cover.x, cover.x + width)
    const c0 = Math.max(0, Math.ceil((cover.x - area.x - cellPx / 2) / cellPx));
    const c1 = Math.min(columns - 1, Math.ceil((cover.x + cover.width - area.x - cellPx / 2) / cellPx) - 1);
    const r0 = Math.max(0, Math.ceil((cover.y - area.y - cellPx / 2) / cellPx));
    const r1 = Math.min(rows - 1, Math.ceil((cover.y + cover.height - area.y - cellPx / 2) / cellPx) - 1);
    for (let r = r0; r <= r1; r += 1) for (let c = c0; c <= c1; c += 1) unlisted[r * columns + c] = false;
  }
  return { area, cellPx, columns, rows, unlisted };
}

/** Whether the point (screen or image pixels, as the grid's area) lies in an unlisted cell; false outside the area. */
export function isUnlistedPoint(grid: UnlistedGrid, point: { x: number; y: number }): boolean {
  const c = Math.floor((point.x - grid.area.x) / grid.cellPx);
  const r = Math.floor((point.y - grid.area.y) / grid.cellPx);
  if (c < 0 || r < 0 || c >= grid.columns || r >= grid.rows) return false;
  return grid.unlisted[r * grid.columns + c]!;
}

/**
 * One pass of a square erosion along lines: `line(i, k)` is the cell index of the k-th cell of line i. A cell stays
 * when the `2 × radius + 1` cells centred on it along its line are all set.
 */
function erodeLines(set: readonly boolean[], lines: number, length: number, line: (i: number, k: number) => number, radius: number): boolean[] {
  const out = new Array<boolean>(set.length).fill(false);
  for (let i = 0; i < lines; i += 1) {
    // run[k]: set cells ending at k
    const run = new Array<number>(length).fill(0);
    for (let k = 0; k < length; k += 1) run[k] = set[line(i, k)] ? (k > 0 ? run[k - 1]! : 0) + 1 : 0;
    for (let k = 0; k < length; k += 1) {
      const end = k + radius;
      out[line(i, k)] = k - radius >= 0 && end < length && run[end]! >= 2 * radius + 1;
    }
  }
  return out;
}

/** Cells that stay unlisted when every cell within `radius` (Chebyshev distance) must be unlisted too. */
function eroded(grid: UnlistedGrid, radius: number): boolean[] {
  const { columns, rows, unlisted } = grid;
  // separable square erosion: along rows, then along columns
  const horizontal = erodeLines(unlisted, rows, columns, (r, c) => r * columns + c, radius);
  return erodeLines(horizontal, columns, rows, (c, r) => r * columns + c, radius);
}

/**
 * The large parts of `area` that no rectangle of `covers` covers, as rectangles to read. Only parts at least
 * `minThicknessPx` thick in both directions count (margins and the spacing between controls are thinner): the
 * unlisted cells are eroded by that thickness, the remaining cells are cut into rectangles (greedily: as wide, then
 * as tall as they go), and each is grown back by the thickness, so every returned rectangle lies wholly in the
 * unlisted part (rectangles may overlap by up to twice the thickness). Rectangles under `minAreaPx` are dropped.
 * Pure.
 *
 * @example
 * largeUnlistedAreas({ x: 0, y: 0, width: 400, height: 300 }, [{ x: 0, y: 0, width: 400, height: 100 }]);
 * // [{ x: 0, y: 104, width: 400, height: 196 }]: the part below the listed toolbar (to the cell grid)
 */
export function largeUnlistedAreas(area: XywhRect, covers: readonly XywhRect[], options: UnlistedAreaOptions = {}): XywhRect[] {
  const cellPx = options.cellPx ?? UNLISTED_CELL_PX;
  const minThickness = options.minThicknessPx ?? MIN_UNLISTED_THICKNESS_PX;
  const minArea = options.minAreaPx ?? MIN_UNLISTED_AREA_PX;
  const grid = unlistedGrid(area, covers, cellPx);
  const { columns, rows } = grid;
  if (columns === 0 || rows === 0) return [];
  // a part of k cells thick survives erosion by radius r when k >= 2r + 1
  const radius = Math.max(0, Math.ceil((minThickness / cellPx - 1) / 2));
  const core = radius === 0 ? [...grid.unlisted] : eroded(grid, radius);
  const out: XywhRect[] = [];
  for (let start = 0; start < core.length; start += 1) {
    if (!core[start]) continue;
    const c0 = start % columns;
    const r0 = (start - c0) / columns;
    let c1 = c0;
    while (c1 + 1 < columns && core[r0 * columns + c1 + 1]) c1 += 1;
    let r1 = r0;
    const rowFree = (r: number) => {
      for (let c = c0; c <= c1; c += 1) if (!core[r * columns + c]) return false;
      return true;
    };
    while (r1 + 1 < rows && rowFree(r1 + 1)) r1 += 1;
    for (let r = r0; r <= r1; r += 1) for (let c = c0; c <= c1; c += 1) core[r * columns + c] = false;
    // grown back by the radius: still wholly unlisted (every core cell's neighbourhood is)
    const x = area.x + Math.max(0, c0 - radius) * cellPx;
    const y = area.y + Math.max(0, r0 - radius) * cellPx;
    const right = Math.min(area.x + area.width, area.x + (c1 + radius + 1) * cellPx);
    const bottom = Math.min(area.y + area.height, area.y + (r1 + radius + 1) * cellPx);
    const rect = { x, y, width: right - x, height: bottom - y };
    if (rect.width * rect.height >= minArea) out.push(rect);
  }
  return out;
}
