import type { TextBox } from './text-region.js';

/** The smallest box holding both boxes. */
export function unionBox(a: TextBox, b: TextBox): TextBox {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, width: Math.max(a.x + a.width, b.x + b.width) - x, height: Math.max(a.y + a.height, b.y + b.height) - y };
}

/** The part of `box` inside `bounds`; undefined when they do not overlap. */
export function intersectBox(box: TextBox, bounds: TextBox): TextBox | undefined {
  const x = Math.max(box.x, bounds.x);
  const y = Math.max(box.y, bounds.y);
  const right = Math.min(box.x + box.width, bounds.x + bounds.width);
  const bottom = Math.min(box.y + box.height, bounds.y + bounds.height);
  return right > x && bottom > y ? { x, y, width: right - x, height: bottom - y } : undefined;
}

/** `box` grown by `margin` pixels on every side. */
export function growBox(box: TextBox, margin: number): TextBox {
  return { x: box.x - margin, y: box.y - margin, width: box.width + 2 * margin, height: box.height + 2 * margin };
}

/** Whether `inner` lies wholly inside `outer`. */
export function containsBox(outer: TextBox, inner: TextBox): boolean {
  return inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.width <= outer.x + outer.width && inner.y + inner.height <= outer.y + outer.height;
}

/**
 * Intersection over union of two boxes (0 when they do not overlap): how well a region found matches a box
 * expected (0.5 or more is the usual "same place").
 *
 * @example
 * ```ts
 * boxIou({ x: 0, y: 0, width: 10, height: 10 }, { x: 5, y: 0, width: 10, height: 10 }); // 50 / 150 = 0.333…
 * ```
 */
export function boxIou(a: TextBox, b: TextBox): number {
  const overlap = intersectBox(a, b);
  if (!overlap) return 0;
  const shared = overlap.width * overlap.height;
  return shared / (a.width * a.height + b.width * b.height - shared);
}
