import { PNG } from 'pngjs';
import { GLYPH_HEIGHT, GLYPH_SPACING, GLYPH_WIDTH, glyphRows, textWidth } from './bitmap-font.js';

/** One mark: a rectangle in image pixels and the label drawn at its top-left corner. */
export interface SetOfMark {
  /** The label, usually the control id ("1", "2"…). */
  label: string;
  left: number;
  top: number;
  right: number;
  bottom: number;
  /** Control type, used to pick the colour when `color` is not given. */
  controlType?: string;
  /** RGB colour, e.g. `[255, 246, 143]`. */
  color?: readonly [number, number, number];
}

/** Options of {@link annotateSetOfMarks}. */
export interface SetOfMarksOptions {
  /** Rectangle outline thickness in pixels (default 2). */
  thickness?: number;
  /** Font scale: 1 = 5×7 pixel glyphs (default 2). */
  fontScale?: number;
  /** Colour per control type (default UFO-like pastel colours). */
  colors?: Readonly<Record<string, readonly [number, number, number]>>;
  /** Colour of types missing from `colors`. */
  defaultColor?: readonly [number, number, number];
  /** Label text colour (default black). */
  textColor?: readonly [number, number, number];
}

/** Colours per control type, after UFO's `ANNOTATION_COLORS`. */
export const DEFAULT_MARK_COLORS: Readonly<Record<string, readonly [number, number, number]>> = Object.freeze({
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

type Rgb = readonly [number, number, number];

/**
 * Draws set-of-marks annotations on a PNG: an outline around every mark and its label in a filled box at the
 * top-left corner (moved inside the image when the corner is at an edge). Marks are clipped to the image.
 * Returns a new PNG; the input is not modified.
 *
 * Note: platform-linux has its own copy of this module; both should move into one shared package.
 */
export function annotateSetOfMarks(png: Buffer, marks: readonly SetOfMark[], options: SetOfMarksOptions = {}): Buffer {
  const image = PNG.sync.read(png);
  const thickness = Math.max(1, Math.round(options.thickness ?? 2));
  const scale = Math.max(1, Math.round(options.fontScale ?? 2));
  const colors = options.colors ?? DEFAULT_MARK_COLORS;
  const fallback = options.defaultColor ?? ([255, 246, 143] as const);
  const textColor = options.textColor ?? ([0, 0, 0] as const);
  for (const mark of marks) {
    const color = mark.color ?? (mark.controlType ? colors[mark.controlType] : undefined) ?? fallback;
    drawOutline(image, mark, thickness, color);
  }
  // Labels after all outlines so no outline crosses a label.
  for (const mark of marks) {
    const color = mark.color ?? (mark.controlType ? colors[mark.controlType] : undefined) ?? fallback;
    drawLabel(image, mark, scale, color, textColor);
  }
  return PNG.sync.write(image);
}

function setPixel(image: PNG, x: number, y: number, [r, g, b]: Rgb): void {
  if (x < 0 || y < 0 || x >= image.width || y >= image.height) return;
  const i = (y * image.width + x) * 4;
  image.data[i] = r;
  image.data[i + 1] = g;
  image.data[i + 2] = b;
  image.data[i + 3] = 255;
}

function fillRect(image: PNG, left: number, top: number, right: number, bottom: number, color: Rgb): void {
  const x0 = Math.max(0, Math.floor(left));
  const y0 = Math.max(0, Math.floor(top));
  const x1 = Math.min(image.width, Math.ceil(right));
  const y1 = Math.min(image.height, Math.ceil(bottom));
  for (let y = y0; y < y1; y += 1) for (let x = x0; x < x1; x += 1) setPixel(image, x, y, color);
}

function drawOutline(image: PNG, m: SetOfMark, t: number, color: Rgb): void {
  if (m.right <= m.left || m.bottom <= m.top) return;
  fillRect(image, m.left, m.top, m.right, m.top + t, color);
  fillRect(image, m.left, m.bottom - t, m.right, m.bottom, color);
  fillRect(image, m.left, m.top, m.left + t, m.bottom, color);
  fillRect(image, m.right - t, m.top, m.right, m.bottom, color);
}

function drawLabel(image: PNG, m: SetOfMark, scale: number, background: Rgb, foreground: Rgb): void {
  const pad = scale;
  const boxWidth = textWidth(m.label) * scale + 2 * pad;
  const boxHeight = GLYPH_HEIGHT * scale + 2 * pad;
  const left = Math.min(Math.max(0, Math.round(m.left)), Math.max(0, image.width - boxWidth));
  const top = Math.min(Math.max(0, Math.round(m.top)), Math.max(0, image.height - boxHeight));
  fillRect(image, left, top, left + boxWidth, top + boxHeight, background);
  let x = left + pad;
  for (const char of m.label) {
    const rows = glyphRows(char);
    rows.forEach((bits, row) => {
      for (let col = 0; col < GLYPH_WIDTH; col += 1) {
        if ((bits >> (GLYPH_WIDTH - 1 - col)) & 1) {
          fillRect(image, x + col * scale, top + pad + row * scale, x + (col + 1) * scale, top + pad + (row + 1) * scale, foreground);
        }
      }
    });
    x += (GLYPH_WIDTH + GLYPH_SPACING) * scale;
  }
}
