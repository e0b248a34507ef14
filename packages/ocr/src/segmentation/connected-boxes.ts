/** The bounding box of one connected group of set pixels, with how many pixels it holds. */
export interface PixelGroup {
  x: number;
  y: number;
  width: number;
  height: number;
  pixels: number;
}

/**
 * Bounding boxes of the 8-connected groups of set bytes of a mask (one byte a pixel, row by row), found by
 * labelling runs of each row and joining runs that touch the previous row's.
 */
export function connectedBoxes(mask: Uint8Array, width: number, height: number): PixelGroup[] {
  const parent: number[] = [];
  const find = (a: number): number => {
    let r = a;
    while (parent[r] !== r) r = parent[r]!;
    while (parent[a] !== r) {
      const next = parent[a]!;
      parent[a] = r;
      a = next;
    }
    return r;
  };
  // runs: [row, start, end (exclusive), label]
  const runs: number[] = [];
  let previousFirst = 0;
  let previousEnd = 0;
  for (let y = 0; y < height; y += 1) {
    const row = y * width;
    const first = runs.length / 4;
    let x = 0;
    while (x < width) {
      if (mask[row + x] !== 1) {
        x += 1;
        continue;
      }
      const start = x;
      while (x < width && mask[row + x] === 1) x += 1;
      const label = parent.length;
      parent.push(label);
      // runs of the previous row that touch [start - 1, x] (8-connectivity); both rows' runs are in x order
      while (previousFirst < previousEnd && runs[previousFirst * 4 + 2]! < start) previousFirst += 1;
      for (let r = previousFirst; r < previousEnd; r += 1) {
        const rs = runs[r * 4 + 1]!;
        if (rs > x) break;
        const a = find(runs[r * 4 + 3]!);
        const b = find(label);
        if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
      }
      runs.push(y, start, x, label);
    }
    previousFirst = first;
    previousEnd = runs.length / 4;
  }
  const groups = new Map<number, PixelGroup & { right: number; bottom: number }>();
  for (let r = 0; r < runs.length; r += 4) {
    const y = runs[r]!;
    const start = runs[r + 1]!;
    const end = runs[r + 2]!;
    const root = find(runs[r + 3]!);
    const g = groups.get(root);
    if (!g) groups.set(root, { x: start, y, width: 0, height: 0, right: end, bottom: y + 1, pixels: end - start });
    else {
      g.x = Math.min(g.x, start);
      g.right = Math.max(g.right, end);
      g.bottom = Math.max(g.bottom, y + 1);
      g.pixels += end - start;
    }
  }
  return [...groups.values()].map(({ x, y, right, bottom, pixels }) => ({ x, y, width: right - x, height: bottom - y, pixels }));
}
