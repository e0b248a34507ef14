import { InputInvalidError } from '../errors.js';
import type { Rect } from '../bridge/protocol.js';

export type { Rect };

/** A point in physical screen pixels. */
export interface Point {
  x: number;
  y: number;
}

export const rectWidth = (r: Rect): number => Math.max(0, r.right - r.left);
export const rectHeight = (r: Rect): number => Math.max(0, r.bottom - r.top);
export const isEmptyRect = (r: Rect): boolean => rectWidth(r) === 0 || rectHeight(r) === 0;

/** The pixel at the centre of a rectangle (pywinauto's click point). */
export function rectCenter(r: Rect): Point {
  return { x: Math.floor((r.left + r.right) / 2), y: Math.floor((r.top + r.bottom) / 2) };
}

export function intersectRects(a: Rect, b: Rect): Rect | undefined {
  const out = {
    left: Math.max(a.left, b.left),
    top: Math.max(a.top, b.top),
    right: Math.min(a.right, b.right),
    bottom: Math.min(a.bottom, b.bottom),
  };
  return out.right > out.left && out.bottom > out.top ? out : undefined;
}

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

export function containsPoint(r: Rect, p: Point): boolean {
  return p.x >= r.left && p.x < r.right && p.y >= r.top && p.y < r.bottom;
}

/** `rect` relative to `origin`'s top-left corner (UFO's `coordinate_adjusted`). Works with negative monitors. */
export function relativeRect(rect: Rect, origin: Rect): Rect {
  return {
    left: rect.left - origin.left,
    top: rect.top - origin.top,
    right: rect.right - origin.left,
    bottom: rect.bottom - origin.top,
  };
}

/** `[left, top, right, bottom]`, the TargetInfo `rect` shape. */
export const rectToLtrb = (r: Rect): [number, number, number, number] => [r.left, r.top, r.right, r.bottom];

/** `{x, y, width, height}`, the WindowInfo `rectangle` shape. */
export const rectToXywh = (r: Rect) => ({ x: r.left, y: r.top, width: rectWidth(r), height: rectHeight(r) });

/** Intersection over union of two rectangles (0..1). */
export function rectIou(a: Rect, b: Rect): number {
  const inter = intersectRects(a, b);
  if (!inter) return 0;
  const area = (r: Rect) => rectWidth(r) * rectHeight(r);
  const i = area(inter);
  return i / (area(a) + area(b) - i);
}

/**
 * The screen pixel at fractions (`fx`, `fy`) of a window rectangle, origin top-left (UFO's `click_on_coordinates`).
 * 1.0 lands on the last pixel row/column inside the window.
 *
 * @throws InputInvalidError when a fraction is not a number in 0..1 or the window has no area.
 */
export function fractionToPoint(rect: Rect, fx: number, fy: number): Point {
  for (const [name, value] of [['x', fx], ['y', fy]] as const) {
    if (!Number.isFinite(value) || value < 0 || value > 1) {
      throw new InputInvalidError(`${name} must be a fraction of the window between 0.0 and 1.0, got ${value}`);
    }
  }
  const w = rectWidth(rect);
  const h = rectHeight(rect);
  if (w === 0 || h === 0) throw new InputInvalidError('the selected window has no area (is it minimised?)');
  return {
    x: rect.left + Math.min(w - 1, Math.floor(fx * w)),
    y: rect.top + Math.min(h - 1, Math.floor(fy * h)),
  };
}
