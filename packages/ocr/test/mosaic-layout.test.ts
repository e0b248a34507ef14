import { describe, expect, it } from 'vitest';
import { boxIou, intersectBox } from '../src/box-geometry.js';
import { layoutMosaic, mapFromMosaic } from '../src/mosaic/mosaic-layout.js';
import { partitionCrops } from '../src/mosaic/partition.js';

const crops = [
  { x: 600, y: 330, width: 12, height: 18 }, // a single digit: enlarged
  { x: 20, y: 37, width: 73, height: 20 },
  { x: 1030, y: 60, width: 300, height: 40 }, // tall: as is
  { x: 5, y: 700, width: 90, height: 15 },
];
const options = { maxWidth: 400, margin: 12, gapFactor: 1.5, scaleFor: (h: number) => (h < 28 ? 2 : 1) };

describe('layoutMosaic', () => {
  const layout = layoutMosaic(crops, options);

  it('places every crop once, enlarged by its scale, inside the mosaic', () => {
    expect(layout.tiles.map((t) => t.source).sort((a, b) => a.x - b.x)).toEqual([...crops].sort((a, b) => a.x - b.x));
    for (const t of layout.tiles) {
      expect(t.scale).toBe(t.source.height < 28 ? 2 : 1);
      expect(t.x + t.source.width * t.scale).toBeLessThanOrEqual(layout.width);
      expect(t.y + t.source.height * t.scale).toBeLessThanOrEqual(layout.height);
    }
  });

  it('leaves a blank gap of at least its height beside each crop (never one word across two crops)', () => {
    const rects = layout.tiles.map((t) => ({ x: t.x, y: t.y, width: t.source.width * t.scale, height: t.source.height * t.scale }));
    for (let i = 0; i < rects.length; i += 1) {
      for (let j = 0; j < rects.length; j += 1) {
        if (i === j) continue;
        const a = rects[i]!;
        const grown = { x: a.x - a.height, y: a.y - 12, width: a.width + 2 * a.height, height: a.height + 24 };
        expect(intersectBox(grown, rects[j]!)).toBeUndefined();
      }
    }
  });

  it('wraps rows at maxWidth (a wider crop gets a row alone), tallest crops first', () => {
    const rows = new Map<number, number>();
    for (const t of layout.tiles) rows.set(t.y, (rows.get(t.y) ?? 0) + 1);
    expect(rows.size).toBeGreaterThan(1);
    const wide = layout.tiles.find((t) => t.source.width === 300)!;
    expect(rows.get(wide.y)).toBe(1);
    const first = layout.tiles[0]!;
    expect(first.source.height * first.scale).toBe(Math.max(...layout.tiles.map((t) => t.source.height * t.scale)));
  });

  it('maps a word read on the mosaic back to the screenshot, undoing the enlargement', () => {
    const digit = layout.tiles.find((t) => t.source.x === 600)!;
    // the engine's box around the enlarged digit, 2 pixels inside the crop on each side
    const read = { x: digit.x + 4, y: digit.y + 4, width: 24 - 8, height: 36 - 8 };
    const mapped = mapFromMosaic(layout, read)!;
    expect(mapped.tile).toBe(digit);
    expect(mapped.box).toEqual({ x: 602, y: 332, width: 8, height: 14 });
  });

  it('clips a word that spills into the margin to its crop, and finds no crop for a word in blank space', () => {
    const tile = layout.tiles.find((t) => t.scale === 1)!;
    const mapped = mapFromMosaic(layout, { x: tile.x - 3, y: tile.y, width: 50, height: 40 })!;
    expect(mapped.box.x).toBe(tile.source.x);
    expect(boxIou(mapped.box, { x: tile.source.x, y: tile.source.y, width: 47, height: 40 })).toBe(1);
    expect(mapFromMosaic(layout, { x: layout.width + 100, y: 0, width: 5, height: 5 })).toBeUndefined();
  });
});

describe('partitionCrops', () => {
  it('balances the reading work (width over height) between the groups and drops empty ones', () => {
    const items = [200, 180, 30, 30, 20].map((width, i) => ({ crop: { x: 0, y: i * 20, width, height: 10 }, scale: 1 }));
    const groups = partitionCrops(items, 2);
    expect(groups).toHaveLength(2);
    const work = groups.map((g) => g.reduce((s, i) => s + i.crop.width / i.crop.height + 1, 0));
    expect(Math.abs(work[0]! - work[1]!)).toBeLessThanOrEqual(5);
    expect(partitionCrops(items.slice(0, 1), 2)).toHaveLength(1);
    expect(partitionCrops([], 2)).toEqual([]);
  });
});
