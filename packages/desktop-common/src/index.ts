// errors both platforms throw with the same codes
export { DesktopError, WindowVanishedError, ControlVanishedError, NoWindowSelectedError, NO_WINDOW_SELECTED_MESSAGE, InputInvalidError } from './errors.js';
export type { DesktopErrorCode } from './errors.js';

// the key-chord grammar (ctrl+shift+Tab, Down*3, ctrl++); platforms map key names to keysyms or virtual keys
export { parseKeyChords, parseKeyChord, splitKeySequence, modifierFromName, MAX_CHORDS_PER_SEQUENCE, MAX_CHORD_REPEAT } from './keys/key-chords.js';
export type { Modifier, ParsedChord } from './keys/key-chords.js';

// rectangles by their edges (left/top/right/bottom, right and bottom exclusive)
export {
  rectWidth,
  rectHeight,
  isEmptyRect,
  rectCenter,
  intersectRects,
  unionRects,
  containsPoint,
  relativeRect,
  rectToLtrb,
  rectToXywh,
  rectFromXywh,
  rectIou,
} from './geometry/rect.js';
export type { Rect, Point, XywhRect } from './geometry/rect.js';
