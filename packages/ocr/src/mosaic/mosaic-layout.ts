import type { TextBox } from '../text-region.js';

/** One crop of the screenshot placed on the mosaic. */
export interface MosaicTile {
  /** The crop, in image pixels. */
  source: TextBox;
  /** How much the crop is enlarged on the mosaic (1 = as is). */
  scale: number;
  /** Where the enlarged crop starts on the mosaic (inside the tile's blank margin). */
  x: number;
  y: number;
}

/** Crops of a screenshot packed onto one blank canvas, row by row. */
export interface MosaicLayout {
  width: number;
  height: number;
  tiles: MosaicTile[];
  /** Blank pixels around every crop (the gap between two crops is at least twice this). */
  margin: number;
}

/** Options of {@link layoutMosaic}. */
export interface MosaicLayoutOptions {
  /** Widest row of the mosaic, in pixels. */
  maxWidth: number;
  /** Blank pixels around each crop (at least; see `gapFactor`). */
  margin: number;
  /**
   * Blank space left and right of a crop, in times its enlarged height (at least `margin`): wide enough that the
   * engine never reads two crops of a row as one word.
   */
  gapFactor: number;
  /** The enlargement of a crop of this height (1, 2, 3 …). */
  scaleFor: (height: number) => number;
}

/**
 * Packs crops onto rows of a mosaic, tallest first, so that each row holds crops of similar height (the engine
 * reads a row as lines of text). Crops keep their order within a row; positions are integral.
 */
export function layoutMosaic(crops: readonly TextBox[], options: MosaicLayoutOptions): MosaicLayout {
  const { margin } = options;
  const sized = crops.map((source) => {
    const scale = options.scaleFor(source.height);
    const side = Math.max(margin, Math.ceil(options.gapFactor * source.height * scale));
    return { source, scale, side, width: source.width * scale + 2 * side, height: source.height * scale + 2 * margin };
  });
  sized.sort((a, b) => b.height - a.height || a.source.y - b.source.y || a.source.x - b.source.x);
  const tiles: MosaicTile[] = [];
  let rowY = 0;
  let rowHeight = 0;
  let x = 0;
  let width = 0;
  for (const s of sized) {
    if (x > 0 && x + s.width > options.maxWidth) {
      rowY += rowHeight;
      rowHeight = 0;
      x = 0;
    }
    tiles.push({ source: s.source, scale: s.scale, x: x + s.side, y: rowY + margin });
    x += s.width;
    width = Math.max(width, x);
    rowHeight = Math.max(rowHeight, s.height);
  }
  return { width, height: rowY + rowHeight, tiles, margin };
}

/**
 * The tile a box read on the mosaic belongs to (the one whose margin-grown area holds the box's centre), and the
 * box in image pixels, clipped to the tile's crop. Undefined when the box is in no tile.
 */
export function mapFromMosaic(layout: MosaicLayout, box: TextBox): { tile: MosaicTile; box: TextBox } | undefined {
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const m = layout.margin;
  const tile = layout.tiles.find((t) => cx >= t.x - m && cx < t.x + t.source.width * t.scale + m && cy >= t.y - m && cy < t.y + t.source.height * t.scale + m);
  if (!tile) return undefined;
  const s = tile.scale;
  const src = tile.source;
  const left = clamp(src.x + Math.floor((box.x - tile.x) / s), src.x, src.x + src.width);
  const top = clamp(src.y + Math.floor((box.y - tile.y) / s), src.y, src.y + src.height);
  const right = clamp(src.x + Math.ceil((box.x + box.width - tile.x) / s), src.x, src.x + src.width);
  const bottom = clamp(src.y + Math.ceil((box.y + box.height - tile.y) / s), src.y, src.y + src.height);
  if (right <= left || bottom <= top) return undefined;
  return { tile, box: { x: left, y: top, width: right - left, height: bottom - top } };
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, v));
}
