import type { ElementRecord } from '../bridge/protocol.js';
import { isEmptyRect } from '../geometry/rect.js';
import { DEFAULT_MAX_CONTROLS } from './control-list.js';

/** Options of {@link filterControls}. */
export interface ControlFilterOptions {
  /** Keep only these UIA control types (empty or undefined = all). */
  controlTypes?: readonly string[];
  /** Drop disabled controls (default true, as UFO). */
  onlyEnabled?: boolean;
  /** Drop off-screen controls (default true, as UFO). */
  onlyOnscreen?: boolean;
  /** Drop controls with an empty bounding rectangle: nothing to click or annotate (default true). */
  dropEmptyRects?: boolean;
  /** Keep at most this many, in enumeration order (default 500, as UFO). */
  maxControls?: number;
}

/** What {@link filterControls} kept. */
export interface FilteredControls {
  controls: ElementRecord[];
  /** Whether the cap cut the list. */
  truncated: boolean;
}

/**
 * UFO's control filter, applied in TypeScript to what the bridge enumerated: type in the list, enabled, on
 * screen, a non-empty rectangle, each element once (by RuntimeId: a window reached from two roots is not listed
 * twice), and capped. Enumeration order is kept, so the same UI gets the same ids.
 */
export function filterControls(elements: readonly ElementRecord[], options: ControlFilterOptions = {}): FilteredControls {
  const types = options.controlTypes && options.controlTypes.length > 0 ? new Set(options.controlTypes) : undefined;
  const onlyEnabled = options.onlyEnabled ?? true;
  const onlyOnscreen = options.onlyOnscreen ?? true;
  const dropEmpty = options.dropEmptyRects ?? true;
  const max = options.maxControls ?? DEFAULT_MAX_CONTROLS;
  const seen = new Set<string>();
  const kept: ElementRecord[] = [];
  let truncated = false;
  for (const element of elements) {
    if (types && !types.has(element.controlType)) continue;
    if (onlyEnabled && !element.isEnabled) continue;
    if (onlyOnscreen && element.isOffscreen) continue;
    if (dropEmpty && isEmptyRect(element.rect)) continue;
    if (element.runtimeId.length > 0) {
      const key = element.runtimeId.join('.');
      if (seen.has(key)) continue;
      seen.add(key);
    }
    if (kept.length >= max) {
      truncated = true;
      break;
    }
    kept.push(element);
  }
  return { controls: kept, truncated };
}
