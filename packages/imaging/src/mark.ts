import type { PixelRect, Rgb } from './rgb-image.js';

/** What every mark has besides its box. */
export interface MarkStyle {
  /** The label drawn at the box, usually the control id (`"1"`, `"c12"`). */
  label: string;
  /** Control type; picks the colour from `SetOfMarksOptions.colors` when `color` is not given. */
  controlType?: string;
  /** The mark's own colour, e.g. `[255, 246, 143]`; wins over the type colour. */
  color?: Rgb;
}

/** A mark whose box is given as x/y/width/height in image pixels. */
export interface RectMark extends MarkStyle {
  rect: PixelRect;
}

/** A mark whose box is given as UFO's left/top/right/bottom in image pixels (right and bottom exclusive). */
export interface SetOfMark extends MarkStyle {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** One box to draw, in either form. */
export type Mark = RectMark | SetOfMark;

/** A mark's box in whole image pixels (edges rounded), whichever form it was given in. */
export function markRect(mark: Mark): PixelRect {
  const [left, top, right, bottom] =
    'rect' in mark ? [mark.rect.x, mark.rect.y, mark.rect.x + mark.rect.width, mark.rect.y + mark.rect.height] : [mark.left, mark.top, mark.right, mark.bottom];
  const x = Math.round(left);
  const y = Math.round(top);
  return { x, y, width: Math.round(right) - x, height: Math.round(bottom) - y };
}
