import type { PixelSize } from '../display-scaling.js';
import type { GroundingProblem, ScreenPoint } from './grounding-dialect.js';

/**
 * How a dialect's numbers map onto the screenshot: `relative` on a grid of `scale` steps per axis (0..scale spans
 * the whole image, whatever its pixel size), or `image-pixels`, pixels of the image the model was sent.
 */
export type CoordinateSpace = { kind: 'relative'; scale: number } | { kind: 'image-pixels' };

/** The 0–1000 grid UI-TARS and Qwen3-VL answer on. */
export const RELATIVE_1000: CoordinateSpace = { kind: 'relative', scale: 1000 };
/** Pixels of the image sent (Qwen2.5-VL, the pixel JSON dialect). */
export const IMAGE_PIXELS: CoordinateSpace = { kind: 'image-pixels' };

/** A point read and moved to the screen, or why it cannot be. */
export type PointReading = { ok: true; point: ScreenPoint } | { ok: false; problem: GroundingProblem };

/** The range a space accepts on each axis, for messages and checks. */
function range(space: CoordinateSpace, image: PixelSize): { x: number; y: number; what: string } {
  return space.kind === 'relative'
    ? { x: space.scale, y: space.scale, what: `the 0–${space.scale} grid over the screenshot` }
    : { x: image.width, y: image.height, what: `the ${image.width}×${image.height} screenshot` };
}

function isNullish(value: unknown): boolean {
  return value === null || (typeof value === 'string' && /^\s*(null|none|nan)?\s*$/i.test(value));
}

/**
 * Reads `raw` (an `[x, y]` pair as the model wrote it) in `space` and scales it per axis from the image to the
 * screen: `relative` divides by the grid and multiplies by the screen's size; `image-pixels` multiplies by
 * screen/image. The result is rounded and kept on screen. Missing, null, non-numeric and out-of-range values are
 * typed problems, never guessed.
 *
 * @example
 * ```ts
 * readPoint([546, 341], IMAGE_PIXELS, { width: 1092, height: 683 }, { width: 1280, height: 800 }, 'left_click');
 * // { ok: true, point: { x: 640, y: 399 } }
 * ```
 */
export function readPoint(raw: unknown, space: CoordinateSpace, image: PixelSize, screen: PixelSize, action: string): PointReading {
  const fail = (kind: GroundingProblem['kind'], reason: string): PointReading => ({ ok: false, problem: { kind, action, reason } });
  if (raw === undefined) return fail('missing_coordinate', `${action} needs a point, and none was given`);
  if (isNullish(raw)) return fail('null_coordinate', `${action} has a null point; give the point as two numbers`);
  if (!Array.isArray(raw) || raw.length !== 2) return fail('bad_argument', `${action} needs a point as two numbers [x, y], not ${JSON.stringify(raw)}`);
  const [x, y] = raw;
  if (isNullish(x) || isNullish(y)) return fail('null_coordinate', `${action} has a null coordinate in ${JSON.stringify(raw)}; give both x and y`);
  const nx = typeof x === 'string' && x.trim() !== '' ? Number(x) : x;
  const ny = typeof y === 'string' && y.trim() !== '' ? Number(y) : y;
  if (typeof nx !== 'number' || typeof ny !== 'number' || !Number.isFinite(nx) || !Number.isFinite(ny)) {
    return fail('bad_argument', `${action} needs numeric coordinates, not ${JSON.stringify(raw)}`);
  }
  const bounds = range(space, image);
  if (nx < 0 || ny < 0 || nx > bounds.x || ny > bounds.y) {
    return fail('out_of_range', `${action} point (${nx}, ${ny}) is outside ${bounds.what}: x must be 0–${bounds.x} and y 0–${bounds.y}`);
  }
  const fx = space.kind === 'relative' ? nx / space.scale : nx / image.width;
  const fy = space.kind === 'relative' ? ny / space.scale : ny / image.height;
  return {
    ok: true,
    point: {
      x: Math.min(screen.width - 1, Math.max(0, Math.round(fx * screen.width))),
      y: Math.min(screen.height - 1, Math.max(0, Math.round(fy * screen.height))),
    },
  };
}
