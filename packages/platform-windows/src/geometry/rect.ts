import { rectHeight, rectWidth, type Point, type Rect } from '@ufo-ts/desktop-common';
import { InputInvalidError } from '../errors.js';

// The rectangle helpers live in @ufo-ts/desktop-common; this package has always exported them, so it still does.
export {
  containsPoint,
  intersectRects,
  isEmptyRect,
  rectCenter,
  rectHeight,
  rectIou,
  rectToLtrb,
  rectToXywh,
  rectWidth,
  relativeRect,
  unionRects,
} from '@ufo-ts/desktop-common';
export type { Point, Rect } from '@ufo-ts/desktop-common';

/**
 * The screen pixel at fractions (`fx`, `fy`) of a window rectangle, origin top-left (UFO's `click_on_coordinates`).
 * 1.0 lands on the last pixel row/column inside the window.
 *
 * @throws InputInvalidError when a fraction is not a number in 0..1 or the window has no area.
 */
export function fractionToPoint(rect: Rect, fx: number, fy: number): Point {
  for (const [name, value] of [
    ['x', fx],
    ['y', fy],
  ] as const) {
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
