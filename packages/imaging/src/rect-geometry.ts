import type { PixelRect } from './rgb-image.js';

/** Whether two rectangles share at least one pixel (edges that only touch do not count). */
export function rectsOverlap(a: PixelRect, b: PixelRect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Whether `outer` covers every pixel of `inner`. */
export function rectContains(outer: PixelRect, inner: PixelRect): boolean {
  return inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.width <= outer.x + outer.width && inner.y + inner.height <= outer.y + outer.height;
}

/** Pixels two rectangles share (0 when they do not overlap). */
export function overlapArea(a: PixelRect, b: PixelRect): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

/**
 * Whether `back` lies behind `box` as far as labels go: at least as large and under at least half of it.
 * A container is (a menu around its items, a window around its buttons), and so is a control a popup covers (an
 * editor under an open menu): a label of `box` may sit on such a box without being read as its label.
 */
export function isBackdropOf(back: PixelRect, box: PixelRect): boolean {
  const area = box.width * box.height;
  return back.width * back.height >= area && overlapArea(back, box) * 2 >= area;
}
