// What a sheet's reader needs to skip cells: the screen's pixels (a cell that shows nothing holds no text worth
// listing; a cell that shows what it showed when it was read still holds what was read) and what it read before.
import type { RgbImage } from '@ufo-ts/imaging';
import type { AccessibleNode, XywhRect } from './accessible-node.js';

/** Pixels of a screen area: `image` covers `rect` (screen coordinates, clipped to the screen). */
export interface ScreenArea {
  rect: XywhRect;
  image: RgbImage;
}

/**
 * Lets a sheet's reader skip cells (see `readSheetCells`): on the first read of a sheet every on-screen cell is read
 * and the pixels are checked against what was read; after that, a cell whose pixels show nothing is not read, and
 * one whose pixels are what they were when it was read is taken from `memory`.
 */
export interface SheetLook {
  /** The pixels of a screen area, or undefined when they cannot be had. */
  capture(area: XywhRect): Promise<ScreenArea | undefined>;
  /** Cells read before (one memory per desktop session). */
  memory: SheetMemory;
}

/** A cell as it was read, with the look of its box then. */
export interface RememberedCell {
  node: AccessibleNode;
  box: XywhRect;
  digest: number;
}

/** What is remembered of one sheet (one table object of one application). */
export interface SheetRecord {
  /** Cells with text by `row,column`, as last read or reused. */
  cells: Map<string, RememberedCell>;
  /** The sheet's pixels proved not to match its extents on its first read (a cell with text looked blank): it is read whole. */
  pixelsUntrusted: boolean;
}

/** Sheets remembered at most (the oldest is forgotten). */
const MAX_SHEETS = 8;

/** Cells read before, per sheet; see {@link SheetLook}. */
export class SheetMemory {
  private readonly sheets = new Map<string, SheetRecord>();

  /** The record of a sheet, or undefined when it was never read. */
  get(bus: string, tablePath: string): SheetRecord | undefined {
    return this.sheets.get(`${bus} ${tablePath}`);
  }

  /** Keeps a sheet's record (the newest of at most a few sheets). */
  set(bus: string, tablePath: string, record: SheetRecord): void {
    const key = `${bus} ${tablePath}`;
    this.sheets.delete(key);
    this.sheets.set(key, record);
    if (this.sheets.size > MAX_SHEETS) this.sheets.delete(this.sheets.keys().next().value!);
  }

  /** Forgets every sheet. */
  clear(): void {
    this.sheets.clear();
  }
}

/**
 * Pixels at the edge of a cell's box left out of its look: the grid lines and the cell cursor's frame, which the
 * toolkit draws across the edge. (The cursor's frame still changes the look: it reaches this far in.)
 */
const CELL_EDGE_PX = 1;

/** How a cell's box looks: whether it shows anything, and a digest of its pixels. */
export interface CellLook {
  /** Every pixel is the same colour: the cell shows no text. */
  blank: boolean;
  /** 32-bit FNV-1a digest of the box's pixels (equal pixels, equal digest). */
  digest: number;
}

/** How `box` (screen coordinates) looks in `area`; undefined when it is not wholly inside it. */
export function cellLook(area: ScreenArea, box: XywhRect): CellLook | undefined {
  const x0 = Math.round(box.x) + CELL_EDGE_PX - area.rect.x;
  const y0 = Math.round(box.y) + CELL_EDGE_PX - area.rect.y;
  const x1 = Math.round(box.x + box.width) - CELL_EDGE_PX - area.rect.x;
  const y1 = Math.round(box.y + box.height) - CELL_EDGE_PX - area.rect.y;
  const { image } = area;
  if (x0 < 0 || y0 < 0 || x1 > image.width || y1 > image.height || x1 - x0 < 2 || y1 - y0 < 2) return undefined;
  const data = image.data;
  const first = (y0 * image.width + x0) * 3;
  const r = data[first]!;
  const g = data[first + 1]!;
  const b = data[first + 2]!;
  let blank = true;
  let digest = 0x811c9dc5;
  for (let y = y0; y < y1; y += 1) {
    const end = (y * image.width + x1) * 3;
    for (let i = (y * image.width + x0) * 3; i < end; i += 3) {
      const pr = data[i]!;
      const pg = data[i + 1]!;
      const pb = data[i + 2]!;
      if (blank && (pr !== r || pg !== g || pb !== b)) blank = false;
      digest = Math.imul(digest ^ ((pr << 16) | (pg << 8) | pb), 0x01000193);
    }
  }
  return { blank, digest: digest >>> 0 };
}
