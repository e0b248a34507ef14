// Where a listed control is on screen now: the origin its extents are taken from, and a screen-text box that
// follows its window.
import type { XywhRect } from '../atspi/accessible-node.js';
import type { ControlRecord } from './control-ids.js';
import type { ExtentShift } from './embedded-root-pane.js';

/** A top-level's origin plus the shift of an embedded root pane's subtree. */
export function withShift(origin: { x: number; y: number }, shift: ExtentShift | undefined): { x: number; y: number } {
  return shift ? { x: origin.x + shift.x, y: origin.y + shift.y } : origin;
}

/** An OCR entry's box where it is now: moved as far as its window moved since it was read. */
export function shiftWithWindow(record: Pick<ControlRecord, 'rect' | 'origin'>, windowRect: XywhRect | undefined): XywhRect | undefined {
  if (!record.rect || !windowRect) return record.rect;
  return { ...record.rect, x: record.rect.x + windowRect.x - record.origin.x, y: record.rect.y + windowRect.y - record.origin.y };
}
