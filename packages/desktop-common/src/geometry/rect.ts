/** A screen rectangle by its edges, in pixels: `right` and `bottom` are exclusive. */
export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** A point in screen pixels. */
export interface Point {
  x: number;
  y: number;
}

/** A rectangle by its top-left corner and size (X11, AT-SPI and image crops use this shape). */
export interface XywhRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Width of a rectangle; 0 when `right` is left of `left`.
 *
 * @example
 * ```ts
 * rectWidth({ left: 10, top: 0, right: 30, bottom: 5 }); // 20
 * ```
 */
export const rectWidth = (r: Rect): number => Math.max(0, r.right - r.left);

/**
 * Height of a rectangle; 0 when `bottom` is above `top`.
 *
 * @example
 * ```ts
 * rectHeight({ left: 0, top: 10, right: 5, bottom: 40 }); // 30
 * ```
 */
export const rectHeight = (r: Rect): number => Math.max(0, r.bottom - r.top);

/**
 * Whether a rectangle covers no pixel.
 *
 * @example
 * ```ts
 * isEmptyRect({ left: 5, top: 5, right: 5, bottom: 50 }); // true
 * ```
 */
export const isEmptyRect = (r: Rect): boolean => rectWidth(r) === 0 || rectHeight(r) === 0;

/**
 * The pixel that holds the centre of a rectangle: for an odd width the middle pixel, for an even width the right
 * one of the two middle pixels (pywinauto's click point).
 *
 * @example
 * ```ts
 * rectCenter({ left: 0, top: 0, right: 5, bottom: 4 }); // { x: 2, y: 2 }: pixels 0..4 and 0..3
 * ```
 */
export function rectCenter(r: Rect): Point {
  return { x: Math.floor((r.left + r.right) / 2), y: Math.floor((r.top + r.bottom) / 2) };
}

/**
 * The overlap of two rectangles, or `undefined` when they share no pixel (touching edges share none).
 *
 * @example
 * ```ts
 * intersectRects({ left: 0, top: 0, right: 10, bottom: 10 }, { left: 5, top: 5, right: 20, bottom: 20 });
 * // { left: 5, top: 5, right: 10, bottom: 10 }
 * ```
 */
export function intersectRects(a: Rect, b: Rect): Rect | undefined {
  const out = {
    left: Math.max(a.left, b.left),
    top: Math.max(a.top, b.top),
    right: Math.min(a.right, b.right),
    bottom: Math.min(a.bottom, b.bottom),
  };
  return out.right > out.left && out.bottom > out.top ? out : undefined;
}

/**
 * The smallest rectangle around every non-empty rectangle given, or `undefined` when there is none.
 *
 * @example
 * ```ts
 * unionRects([{ left: 0, top: 0, right: 10, bottom: 10 }, { left: 20, top: 5, right: 30, bottom: 8 }]);
 * // { left: 0, top: 0, right: 30, bottom: 10 }
 * ```
 */
export function unionRects(rects: readonly Rect[]): Rect | undefined {
  const nonEmpty = rects.filter((r) => !isEmptyRect(r));
  if (nonEmpty.length === 0) return undefined;
  return {
    left: Math.min(...nonEmpty.map((r) => r.left)),
    top: Math.min(...nonEmpty.map((r) => r.top)),
    right: Math.max(...nonEmpty.map((r) => r.right)),
    bottom: Math.max(...nonEmpty.map((r) => r.bottom)),
  };
}

/**
 * Whether a point is one of a rectangle's pixels (`right` and `bottom` are outside).
 *
 * @example
 * ```ts
 * containsPoint({ left: 0, top: 0, right: 10, bottom: 10 }, { x: 10, y: 5 }); // false
 * ```
 */
export function containsPoint(r: Rect, p: Point): boolean {
  return p.x >= r.left && p.x < r.right && p.y >= r.top && p.y < r.bottom;
}

/**
 * `rect` relative to `origin`'s top-left corner (UFO's `coordinate_adjusted`). Works with negative monitors.
 *
 * @example
 * ```ts
 * relativeRect({ left: 110, top: 220, right: 150, bottom: 240 }, { left: 100, top: 200, right: 900, bottom: 800 });
 * // { left: 10, top: 20, right: 50, bottom: 40 }
 * ```
 */
export function relativeRect(rect: Rect, origin: Rect): Rect {
  return {
    left: rect.left - origin.left,
    top: rect.top - origin.top,
    right: rect.right - origin.left,
    bottom: rect.bottom - origin.top,
  };
}

/**
 * `[left, top, right, bottom]`, the shape of UFO's TargetInfo `rect`.
 *
 * @example
 * ```ts
 * rectToLtrb({ left: 1, top: 2, right: 3, bottom: 4 }); // [1, 2, 3, 4]
 * ```
 */
export const rectToLtrb = (r: Rect): [number, number, number, number] => [r.left, r.top, r.right, r.bottom];

/**
 * `{ x, y, width, height }`, the shape of UFO's WindowInfo `rectangle` and of X11/AT-SPI extents.
 *
 * @example
 * ```ts
 * rectToXywh({ left: 10, top: 20, right: 40, bottom: 60 }); // { x: 10, y: 20, width: 30, height: 40 }
 * ```
 */
export const rectToXywh = (r: Rect): XywhRect => ({ x: r.left, y: r.top, width: rectWidth(r), height: rectHeight(r) });

/**
 * The edges of an `{ x, y, width, height }` rectangle, so X11 and AT-SPI extents can use these helpers.
 *
 * @example
 * ```ts
 * rectFromXywh({ x: 10, y: 20, width: 30, height: 40 }); // { left: 10, top: 20, right: 40, bottom: 60 }
 * ```
 */
export const rectFromXywh = (r: XywhRect): Rect => ({ left: r.x, top: r.y, right: r.x + r.width, bottom: r.y + r.height });

/**
 * Intersection over union of two rectangles, 0..1 (0 when they do not overlap).
 *
 * @example
 * ```ts
 * rectIou({ left: 0, top: 0, right: 10, bottom: 10 }, { left: 0, top: 0, right: 10, bottom: 20 }); // 0.5
 * ```
 */
export function rectIou(a: Rect, b: Rect): number {
  const inter = intersectRects(a, b);
  if (!inter) return 0;
  const area = (r: Rect) => rectWidth(r) * rectHeight(r);
  const i = area(inter);
  return i / (area(a) + area(b) - i);
}
