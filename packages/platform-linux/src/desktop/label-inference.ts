// Captions for unnamed input fields: from the toolkit's labelled-by relation, else from the layout.
import type { XywhRect } from '../atspi/accessible-node.js';

/** Roles of fields a user types into or picks from, which a form labels with a separate caption. */
export const LABELLED_INPUT_ROLES: ReadonlySet<string> = new Set(['text', 'entry', 'password text', 'spin button', 'combo box', 'slider', 'date editor']);

/**
 * The top-level window (main window or dialog) an object is in, e.g. its index among the application's
 * top-levels: a caption only ever describes fields of its own window. Objects without one form one window.
 */
export type WindowKey = number | undefined;

/** A field that needs a caption. */
export interface UnlabelledField {
  rect: XywhRect;
  /** The top-level window the field is in. */
  window?: WindowKey;
}

/** A caption on screen (an AT-SPI `label` with text). */
export interface Caption {
  text: string;
  rect: XywhRect;
  /** The top-level window the caption is in. */
  window?: WindowKey;
}

const verticalOverlap = (a: XywhRect, b: XywhRect): number => Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
const horizontalOverlap = (a: XywhRect, b: XywhRect): number => Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);

/** Whether another field lies in the gap between a caption and its field (then the caption belongs to that one). */
function blocked(caption: XywhRect, field: XywhRect, fields: readonly XywhRect[], axis: 'row' | 'column'): boolean {
  return fields.some((other) => {
    if (other === field) return false;
    if (axis === 'row') {
      return verticalOverlap(other, field) > 0 && other.x >= caption.x + caption.width - 2 && other.x + other.width <= field.x + 2;
    }
    return horizontalOverlap(other, field) > 0 && other.y >= caption.y + caption.height - 2 && other.y + other.height <= field.y + 2;
  });
}

/**
 * The caption a person would read for each field: the nearest caption on the same row to its left, else the
 * nearest one directly above it (overlapping it horizontally, within a few rows), unless another field sits in
 * between. Only captions and fields of the field's own top-level window count (`window`): windows overlap on
 * screen, and a dialog's field is never described by a label of the window behind it. Returns one caption text
 * (or undefined) per field, in order.
 *
 * @example
 * inferCaptions([{ rect: { x: 100, y: 10, width: 200, height: 30 } }], [{ text: 'Name', rect: { x: 10, y: 15, width: 60, height: 20 } }]);
 * // → ['Name']
 */
export function inferCaptions(
  fields: readonly UnlabelledField[],
  allCaptions: readonly Caption[],
  allFields: readonly UnlabelledField[] = fields,
): (string | undefined)[] {
  return fields.map(({ rect: field, window }) => {
    const captions = allCaptions.filter((c) => c.window === window);
    const others = allFields.filter((f) => f.window === window).map((f) => f.rect);
    let best: { text: string; distance: number } | undefined;
    for (const caption of captions) {
      const c = caption.rect;
      const sameRow = verticalOverlap(c, field) >= Math.min(c.height, field.height) / 2;
      const gapLeft = field.x - (c.x + c.width);
      if (sameRow && gapLeft >= -2 && gapLeft <= 200 && !blocked(c, field, others, 'row')) {
        if (!best || gapLeft < best.distance) best = { text: caption.text, distance: gapLeft };
      }
    }
    if (best) return best.text;
    for (const caption of captions) {
      const c = caption.rect;
      const gapAbove = field.y - (c.y + c.height);
      const aligned = horizontalOverlap(c, field) > 0 && c.x >= field.x - 20;
      if (aligned && gapAbove >= -2 && gapAbove <= Math.max(40, field.height * 2) && !blocked(c, field, others, 'column')) {
        if (!best || gapAbove < best.distance) best = { text: caption.text, distance: gapAbove };
      }
    }
    return best?.text;
  });
}
