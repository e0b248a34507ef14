import { rectsOverlap } from './rect-geometry.js';
import type { PixelRect } from './rgb-image.js';

/**
 * Rectangles bucketed by a uniform grid, so that "which of them overlap this one" looks at the neighbourhood only
 * (label placement asks it for every candidate position of every label). Rectangles are numbered by the caller.
 */
export class RectGrid {
  private readonly cells = new Map<number, number[]>();
  private readonly rects: PixelRect[] = [];
  private readonly seen: number[] = [];
  private query = 0;

  /** `cellSize`: grid pitch in pixels; about the size of a typical rectangle works best. */
  constructor(private readonly cellSize = 64) {}

  /** Adds a rectangle under number `id` (non-negative, unique). Empty rectangles are never found. */
  add(id: number, rect: PixelRect): void {
    this.rects[id] = rect;
    if (rect.width <= 0 || rect.height <= 0) return;
    this.forEachCell(rect, (key) => {
      const cell = this.cells.get(key);
      if (cell) cell.push(id);
      else this.cells.set(key, [id]);
    });
  }

  /**
   * Calls `visit` with the number of every rectangle overlapping `rect`, each once, until `visit` returns true;
   * returns whether it did.
   */
  some(rect: PixelRect, visit: (id: number, other: PixelRect) => boolean): boolean {
    if (rect.width <= 0 || rect.height <= 0) return false;
    this.query += 1;
    let found = false;
    this.forEachCell(rect, (key) => {
      if (found) return;
      for (const id of this.cells.get(key) ?? []) {
        if (this.seen[id] === this.query) continue;
        this.seen[id] = this.query;
        const other = this.rects[id]!;
        if (rectsOverlap(other, rect) && visit(id, other)) {
          found = true;
          return;
        }
      }
    });
    return found;
  }

  private forEachCell(rect: PixelRect, fn: (key: number) => void): void {
    const size = this.cellSize;
    const x0 = Math.floor(rect.x / size);
    const y0 = Math.floor(rect.y / size);
    const x1 = Math.floor((rect.x + rect.width - 1) / size);
    const y1 = Math.floor((rect.y + rect.height - 1) / size);
    // cell keys for columns and rows within ±32768 cells (2 million pixels at the default pitch)
    for (let y = y0; y <= y1; y += 1) {
      for (let x = x0; x <= x1; x += 1) fn((y + 32768) * 65536 + (x + 32768));
    }
  }
}
