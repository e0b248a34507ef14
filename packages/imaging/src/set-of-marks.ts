import { textBoxSize, drawText } from './draw-text.js';
import { fillRect, strokeRect } from './draw-shapes.js';
import { cloneImage, type PixelRect, type Rgb, type RgbImage } from './rgb-image.js';

/** What every mark has besides its box. */
export interface MarkStyle {
  /** The label drawn at the box, usually the control id (`"1"`, `"c12"`). */
  label: string;
  /** Control type; picks the colour from {@link SetOfMarksOptions.colors} when `color` is not given. */
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

/**
 * Where labels go. `inside`: at the box's top-left corner, inside it (UFO's look). `above-small`: just above boxes
 * lower than twice the label, when there is room, so the label does not hide a small control; inside otherwise.
 * Either way a label is moved as little as needed to stay inside the image.
 */
export type LabelPlacement = 'inside' | 'above-small';

/** Options of {@link drawSetOfMarks}, {@link paintSetOfMarks} and `annotateSetOfMarks`. */
export interface SetOfMarksOptions {
  /** Box outline thickness in pixels, drawn inside the box. Default 2. */
  thickness?: number;
  /** Label font scale: 1 = 5×7 pixel glyphs. Default 2. */
  fontScale?: number;
  /** Background pixels around the label text on every side. Default: the font scale. */
  labelPadding?: number;
  /** Where labels go. Default `'inside'`. */
  labelPlacement?: LabelPlacement;
  /** Colour per control type. Default {@link DEFAULT_MARK_COLORS}. */
  colors?: Readonly<Record<string, Rgb>>;
  /**
   * Colours for marks with neither their own colour nor a type colour, cycled by the mark's index so that
   * neighbouring boxes differ (e.g. {@link DISTINCT_MARK_PALETTE}). When given, `defaultColor` is not used.
   */
  palette?: readonly Rgb[];
  /** Colour of marks with neither their own colour nor a type colour, when there is no palette. Default `[255, 246, 143]`. */
  defaultColor?: Rgb;
  /** Label text colour; the label background is the mark's colour. Default black. */
  textColor?: Rgb;
}

/** Colours per control type, after UFO's `ANNOTATION_COLORS` (pastel: pair them with black text). */
export const DEFAULT_MARK_COLORS: Readonly<Record<string, Rgb>> = Object.freeze({
  Button: [255, 246, 143],
  Edit: [165, 242, 243],
  TabItem: [165, 231, 243],
  Document: [255, 209, 138],
  ListItem: [217, 195, 254],
  MenuItem: [231, 254, 195],
  ScrollBar: [254, 195, 248],
  TreeItem: [214, 214, 214],
  Hyperlink: [145, 255, 235],
  ComboBox: [216, 182, 212],
});

/** Eight dark, mutually distinct colours for a {@link SetOfMarksOptions.palette} (pair them with white text). */
export const DISTINCT_MARK_PALETTE: readonly Rgb[] = Object.freeze([
  [230, 25, 75],
  [0, 130, 200],
  [60, 160, 40],
  [145, 30, 180],
  [245, 130, 48],
  [0, 128, 128],
  [170, 110, 40],
  [128, 0, 0],
] as const);

const UFO_DEFAULT_COLOR: Rgb = [255, 246, 143];

/** A mark's box in whole image pixels (edges rounded), whichever form it was given in. */
export function markRect(mark: Mark): PixelRect {
  const [left, top, right, bottom] =
    'rect' in mark ? [mark.rect.x, mark.rect.y, mark.rect.x + mark.rect.width, mark.rect.y + mark.rect.height] : [mark.left, mark.top, mark.right, mark.bottom];
  const x = Math.round(left);
  const y = Math.round(top);
  return { x, y, width: Math.round(right) - x, height: Math.round(bottom) - y };
}

/** The colour a mark is drawn in: its own, its type's, the palette's by index, or the default. */
export function markColor(mark: Mark, index: number, options: SetOfMarksOptions = {}): Rgb {
  if (mark.color) return mark.color;
  const typed = mark.controlType === undefined ? undefined : (options.colors ?? DEFAULT_MARK_COLORS)[mark.controlType];
  if (typed) return typed;
  const palette = options.palette;
  if (palette && palette.length > 0) return palette[index % palette.length]!;
  return options.defaultColor ?? UFO_DEFAULT_COLOR;
}

interface Layout {
  thickness: number;
  scale: number;
  padding: number;
  placement: LabelPlacement;
}

function layoutOf(options: SetOfMarksOptions): Layout {
  const scale = Math.max(1, Math.round(options.fontScale ?? 2));
  return {
    thickness: Math.max(1, Math.round(options.thickness ?? 2)),
    scale,
    padding: Math.max(0, Math.round(options.labelPadding ?? scale)),
    placement: options.labelPlacement ?? 'inside',
  };
}

/** Where a mark's label box goes in an image of `width`×`height`. */
function labelBox(label: string, box: PixelRect, width: number, height: number, layout: Layout): PixelRect {
  const size = textBoxSize(label, layout.scale, layout.padding);
  const above = layout.placement === 'above-small' && box.height < size.height * 2 && box.y - size.height >= 0;
  const x = Math.min(Math.max(0, box.x), Math.max(0, width - size.width));
  const y = Math.min(Math.max(0, above ? box.y - size.height : box.y), Math.max(0, height - size.height));
  return { x, y, ...size };
}

/**
 * Draws set-of-marks annotations onto `image` itself: an outline around every mark, then every label (text on a
 * box of the mark's colour), so no outline crosses a label. Everything is clipped to the image.
 */
export function paintSetOfMarks(image: RgbImage, marks: readonly Mark[], options: SetOfMarksOptions = {}): void {
  const layout = layoutOf(options);
  const textColor = options.textColor ?? ([0, 0, 0] as const);
  const boxes = marks.map(markRect);
  const colors = marks.map((mark, index) => markColor(mark, index, options));
  boxes.forEach((box, i) => strokeRect(image, box, layout.thickness, colors[i]!));
  marks.forEach((mark, i) => {
    const label = labelBox(mark.label, boxes[i]!, image.width, image.height, layout);
    fillRect(image, label, colors[i]!);
    drawText(image, mark.label, label.x + layout.padding, label.y + layout.padding, layout.scale, textColor);
  });
}

/**
 * Draws numbered boxes over an image (the "set-of-marks" prompt technique) and returns the result as a new image;
 * `image` is not modified. See {@link paintSetOfMarks}.
 */
export function drawSetOfMarks(image: RgbImage, marks: readonly Mark[], options: SetOfMarksOptions = {}): RgbImage {
  const out = cloneImage(image);
  paintSetOfMarks(out, marks, options);
  return out;
}
