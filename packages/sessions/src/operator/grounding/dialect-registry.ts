import { SessionError } from '../../errors.js';
import type { GroundingDialect } from './grounding-dialect.js';
import { pixelJsonDialect } from './pixel-json-dialect.js';
import { qwen25VlDialect } from './qwen25-vl-dialect.js';
import { qwen3VlDialect } from './qwen3-vl-dialect.js';
import { uiTarsDialect } from './ui-tars-dialect.js';

/** The dialects by name: `ui-tars` (0–1000 grid), `ui-tars-1.5` (image pixels), `qwen2.5-vl`, `qwen3-vl`, `pixel-json`. */
export const GROUNDING_DIALECTS: Readonly<Record<string, () => GroundingDialect>> = Object.freeze({
  'ui-tars': () => uiTarsDialect(),
  'ui-tars-1.5': () => uiTarsDialect({ coordinates: 'image-pixels' }),
  'qwen2.5-vl': () => qwen25VlDialect(),
  'qwen3-vl': () => qwen3VlDialect(),
  'pixel-json': () => pixelJsonDialect(),
});

/**
 * The dialect called `name` (what a `--dialect` option names); throws `SESSION_OPTIONS_INVALID` for another name.
 *
 * @example
 * ```ts
 * groundingDialect('qwen3-vl').name; // 'qwen3-vl'
 * ```
 */
export function groundingDialect(name: string): GroundingDialect {
  const make = Object.hasOwn(GROUNDING_DIALECTS, name) ? GROUNDING_DIALECTS[name] : undefined;
  if (!make)
    throw new SessionError(
      'SESSION_OPTIONS_INVALID',
      `Unknown grounding dialect ${JSON.stringify(name)}; use one of ${Object.keys(GROUNDING_DIALECTS).join(', ')}.`,
    );
  return make();
}
