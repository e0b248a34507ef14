import type { GrayImage } from '../gray-image.js';
import type { TextBox } from '../text-region.js';

/** Ink of a normalised crop (dark on white): pixels darker than this. */
const INK_THRESHOLD = 128;
/** Height the glyph is drawn at for the single-character read (Tesseract reads 30–60 px glyphs best). */
const GLYPH_HEIGHT = 40;
/**
 * The black-or-white cut of the enlarged glyph, between Otsu's threshold (0) and white (1): well above Otsu's, so
 * bitmap fonts (xcalc's 1-pixel strokes) come out bolder, which Tesseract reads far better.
 */
const BOLDEN = 0.4;
/** A single glyph is at most this tall in the screenshot (a caption; taller ink is an icon, or big text read well enough on the mosaic). */
const MAX_GLYPH_HEIGHT = 20;

/** The ink of a crop that looks like one character: its box in the crop and its connected parts. */
export interface GlyphInk {
  box: TextBox;
  components: number;
}

/**
 * The ink of a normalised crop (dark text on white) when it looks like a single character: at most 3 connected
 * parts (`÷`, `%`, `=`, `i`), no wider than 1.3 × its height (or a dash: up to 4 px high and 16 wide), no taller
 * or wider than 20 px (not an icon), more than 5 px wide or high (not a dot or a button's corner). `undefined` for
 * words, phrases and empty crops.
 */
export function singleGlyphInk(crop: GrayImage): GlyphInk | undefined {
  const { width, height, data } = crop;
  let minX = width;
  let minY = height;
  let maxX = -1;
  let maxY = -1;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (data[y * width + x]! < INK_THRESHOLD) {
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
      }
    }
  }
  if (maxX < 0) return undefined;
  const inkW = maxX - minX + 1;
  const inkH = maxY - minY + 1;
  if (inkH > MAX_GLYPH_HEIGHT || inkW > MAX_GLYPH_HEIGHT) return undefined;
  const components = countComponents(crop, minX, minY, inkW, inkH, 4);
  if (components > 3) return undefined;
  if (inkW <= 5 && inkH <= 5) return undefined; // a dot, or a rounded button corner: nothing to tell apart
  const dash = inkH <= 4 && inkW <= 16; // "-", "=", "_": wider than high
  if (!dash && inkW > Math.max(4, inkH * 1.3)) return undefined;
  return { box: { x: minX, y: minY, width: inkW, height: inkH }, components };
}

/** Connected parts (8-neighbours) of the ink inside a box; stops counting past `limit`. */
function countComponents(crop: GrayImage, x0: number, y0: number, w: number, h: number, limit: number): number {
  const seen = new Uint8Array(w * h);
  const stack: number[] = [];
  let count = 0;
  for (let i = 0; i < w * h; i += 1) {
    if (seen[i] || crop.data[(y0 + Math.floor(i / w)) * crop.width + x0 + (i % w)]! >= INK_THRESHOLD) continue;
    count += 1;
    if (count >= limit) return count;
    seen[i] = 1;
    stack.push(i);
    while (stack.length > 0) {
      const p = stack.pop()!;
      const px = p % w;
      const py = Math.floor(p / w);
      for (let dy = -1; dy <= 1; dy += 1) {
        for (let dx = -1; dx <= 1; dx += 1) {
          const nx = px + dx;
          const ny = py + dy;
          if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
          const n = ny * w + nx;
          if (seen[n] || crop.data[(y0 + ny) * crop.width + x0 + nx]! >= INK_THRESHOLD) continue;
          seen[n] = 1;
          stack.push(n);
        }
      }
    }
  }
  return count;
}

/** A glyph drawn for the single-character read, and how to map its box back. */
export interface GlyphImage {
  image: GrayImage;
  /** Enlargement of the crop's pixels. */
  scale: number;
  /** Where the ink box's corner is on `image`. */
  x: number;
  y: number;
}

/**
 * The glyph enlarged (bilinear, then any trace of ink black: thin fonts get bolder) so that a glyph is about 40 px high — a dash or a
 * dot keeps the proportions of the crop's line height — with a white margin as large as a glyph all around (Tesseract
 * drops ink that touches or nears the border as noise).
 */
export function renderGlyph(crop: GrayImage, ink: GlyphInk, lineHeight: number): GlyphImage {
  const reference = Math.max(ink.box.height, Math.round(lineHeight * 0.7), 8);
  const scale = Math.max(2, Math.min(6, GLYPH_HEIGHT / reference));
  const margin = GLYPH_HEIGHT;
  const inkW = Math.round(ink.box.width * scale);
  const inkH = Math.round(ink.box.height * scale);
  const w = inkW + 2 * margin;
  const h = inkH + 2 * margin;
  const data = new Uint8Array(w * h).fill(255);
  const otsu = otsuThreshold(crop, ink.box);
  const bitmap = isBitmapFont(crop, ink.box);
  const threshold = otsu + (255 - otsu) * BOLDEN;
  const at = (x: number, y: number) => {
    const cx = Math.min(ink.box.width - 1, Math.max(0, x));
    const cy = Math.min(ink.box.height - 1, Math.max(0, y));
    return crop.data[(ink.box.y + cy) * crop.width + ink.box.x + cx]!;
  };
  for (let y = 0; y < inkH; y += 1) {
    const sy = (y + 0.5) / scale - 0.5;
    const y0 = Math.floor(sy);
    const fy = sy - y0;
    for (let x = 0; x < inkW; x += 1) {
      const sx = (x + 0.5) / scale - 0.5;
      const x0 = Math.floor(sx);
      const fx = sx - x0;
      const v = (at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx) * (1 - fy) + (at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx) * fy;
      if (!bitmap) data[(margin + y) * w + margin + x] = Math.round(v);
      else if (v < threshold) data[(margin + y) * w + margin + x] = 0;
    }
  }
  return { image: { width: w, height: h, data }, scale, x: margin, y: margin };
}

/**
 * Whether the glyph is drawn without anti-aliasing (an X core font, as in xcalc or Tk): nearly all of its pixels are
 * ink or background, none in between. Such fonts have 1-pixel strokes, hairlines once enlarged.
 */
function isBitmapFont(crop: GrayImage, box: TextBox): boolean {
  let between = 0;
  for (let y = box.y; y < box.y + box.height; y += 1) {
    for (let x = box.x; x < box.x + box.width; x += 1) {
      const v = crop.data[y * crop.width + x]!;
      if (v > 40 && v < 215) between += 1;
    }
  }
  return between <= 0.03 * box.width * box.height;
}

/** Otsu's threshold of the luminance inside a box: the split that best separates ink from background. */
function otsuThreshold(crop: GrayImage, box: TextBox): number {
  const histogram = new Float64Array(256);
  let total = 0;
  for (let y = box.y; y < box.y + box.height; y += 1) {
    for (let x = box.x; x < box.x + box.width; x += 1) {
      histogram[crop.data[y * crop.width + x]!]! += 1;
      total += 1;
    }
  }
  let sum = 0;
  for (let v = 0; v < 256; v += 1) sum += v * histogram[v]!;
  let sumBelow = 0;
  let below = 0;
  let best = 0;
  let first = INK_THRESHOLD;
  let last = INK_THRESHOLD;
  for (let v = 0; v < 255; v += 1) {
    below += histogram[v]!;
    sumBelow += v * histogram[v]!;
    const above = total - below;
    if (below === 0 || above === 0) continue;
    const between = below * above * (sumBelow / below - (sum - sumBelow) / above) ** 2;
    if (between > best * (1 + 1e-9)) {
      best = between;
      first = v;
      last = v;
    } else if (between >= best * (1 - 1e-9)) last = v; // a tie (two-tone text): the middle of the tied cuts
  }
  return (first + last) / 2 + 0.5;
}
