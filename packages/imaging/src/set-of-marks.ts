import { drawText } from './draw-text.js';
import { fillRect, strokeRect } from './draw-shapes.js';
import { placeLabels, type LabelPlacement, type PlacedLabel } from './label-placement.js';
import { markRect, type Mark } from './mark.js';
import { dedupeMarks } from './mark-dedupe.js';
import { clipRect, cloneImage, type PixelRect, type Rgb, type RgbImage } from './rgb-image.js';

/** Options of {@link drawSetOfMarks}, {@link paintSetOfMarks} and `annotateSetOfMarks`. */
export interface SetOfMarksOptions {
  /** Box outline thickness in pixels, drawn inside the box. Default 2. */
  thickness?: number;
  /** Label font scale: 1 = 5×7 pixel glyphs. Default 2. */
  fontScale?: number;
  /** Smallest font scale a label shrinks to when it fits nowhere at `fontScale` (`'avoid'` placement). Default 1. */
  minFontScale?: number;
  /** Background pixels around the label text on every side. Default: the font scale. */
  labelPadding?: number;
  /** Where labels go: `'avoid'` (default) keeps labels off each other and off other marks' boxes; `'inside'` is UFO's top-left corner. */
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

/** The colour a mark is drawn in: its own, its type's, the palette's by index, or the default. */
export function markColor(mark: Mark, index: number, options: SetOfMarksOptions = {}): Rgb {
  if (mark.color) return mark.color;
  const typed = mark.controlType === undefined ? undefined : (options.colors ?? DEFAULT_MARK_COLORS)[mark.controlType];
  if (typed) return typed;
  const palette = options.palette;
  if (palette && palette.length > 0) return palette[index % palette.length]!;
  return options.defaultColor ?? UFO_DEFAULT_COLOR;
}

/** What {@link layoutSetOfMarks} decided: the marks drawn, their boxes, colours and labels, index for index. */
export interface SetOfMarksLayout {
  /** The marks drawn: duplicates (see `dedupeMarks`) and marks wholly outside the image left out, in input order. */
  marks: Mark[];
  /** Each drawn mark's box clipped to the image. */
  boxes: PixelRect[];
  /** Each drawn mark's colour (palettes cycle by the index in `marks`). */
  colors: Rgb[];
  /** Each drawn mark's label rectangle and font scale. */
  labels: PlacedLabel[];
}

/**
 * Works out what {@link paintSetOfMarks} draws in a `width`×`height` image, without drawing: which marks (each
 * control once, only those on the image), their colours and where their labels go (see `placeLabels`).
 *
 * @example
 * ```ts
 * const layout = layoutSetOfMarks([{ label: 'e3', rect: { x: 10, y: 10, width: 120, height: 24 } }], 640, 480);
 * layout.labels[0]!.rect; // { x: 10, y: 10, width: 26, height: 18 }: inside its box's top-left corner
 * ```
 */
export function layoutSetOfMarks(marks: readonly Mark[], width: number, height: number, options: SetOfMarksOptions = {}): SetOfMarksLayout {
  const kept: Mark[] = [];
  const boxes: PixelRect[] = [];
  for (const mark of dedupeMarks(marks)) {
    const box = clipRect(markRect(mark), width, height);
    if (!box) continue;
    kept.push(mark);
    boxes.push(box);
  }
  const fontScale = Math.max(1, Math.round(options.fontScale ?? 2));
  const labels = placeLabels(
    kept.map((mark, i) => ({ text: mark.label, box: boxes[i]! })),
    {
      width,
      height,
      fontScale,
      minFontScale: Math.max(1, Math.round(options.minFontScale ?? 1)),
      padding: Math.max(0, Math.round(options.labelPadding ?? fontScale)),
      placement: options.labelPlacement ?? 'avoid',
    },
  );
  return { marks: kept, boxes, colors: kept.map((mark, index) => markColor(mark, index, options)), labels };
}

/**
 * Draws set-of-marks annotations onto `image` itself: an outline around every mark, then every label (text on a
 * box of the mark's colour), so no outline crosses a label. Each control is drawn once and labels are placed as
 * {@link layoutSetOfMarks} says: with the default `'avoid'` placement no label covers another label or another
 * control's box. Everything is clipped to the image.
 */
export function paintSetOfMarks(image: RgbImage, marks: readonly Mark[], options: SetOfMarksOptions = {}): void {
  const layout = layoutSetOfMarks(marks, image.width, image.height, options);
  const thickness = Math.max(1, Math.round(options.thickness ?? 2));
  const textColor = options.textColor ?? ([0, 0, 0] as const);
  layout.marks.forEach((mark, i) => strokeRect(image, markRect(mark), thickness, layout.colors[i]!));
  layout.labels.forEach((label, i) => {
    fillRect(image, label.rect, layout.colors[i]!);
    drawText(image, layout.marks[i]!.label, label.rect.x + label.padding, label.rect.y + label.padding, label.scale, textColor);
  });
}

/**
 * Draws numbered boxes over an image (the "set-of-marks" prompt technique) and returns the result as a new image;
 * `image` is not modified. See {@link paintSetOfMarks}.
 *
 * @example
 * ```ts
 * const marked = drawSetOfMarks(image, [{ label: 'e3', rect: { x: 10, y: 40, width: 120, height: 24 } }], {
 *   palette: DISTINCT_MARK_PALETTE,
 *   textColor: [255, 255, 255],
 * });
 * ```
 */
export function drawSetOfMarks(image: RgbImage, marks: readonly Mark[], options: SetOfMarksOptions = {}): RgbImage {
  const out = cloneImage(image);
  paintSetOfMarks(out, marks, options);
  return out;
}
