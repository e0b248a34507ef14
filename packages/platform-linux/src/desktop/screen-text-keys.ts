// Identity of text read from the screen across listings: the same text at about the same place is the same entry.
import type { XywhRect } from '../atspi/accessible-node.js';
import { comparableText } from './screen-text-match.js';

/** A piece of text read from the screen, in screen pixels. */
export interface PlacedText {
  text: string;
  box: XywhRect;
}

interface KnownText {
  key: number;
  text: string;
  x: number;
  y: number;
}

/** How far (pixels, each axis) a text's centre may move and still be the same entry: at least this, or its height. */
export const SAME_PLACE_PX = 12;

const centreOf = (box: XywhRect): { x: number; y: number } => ({ x: box.x + box.width / 2, y: box.y + box.height / 2 });

/**
 * Hands out numbers for pieces of text read from one window's pixels: a text keeps its number from one listing to
 * the next while the same text (compared as {@link comparableText}) is read with its centre within
 * `max(SAME_PLACE_PX, its height)` of where it was; other text gets a new number. The numbers feed the synthetic
 * references the control id registry keys ids on, so an entry's id stays as long as its text stays.
 */
export class ScreenTextKeys {
  private known: KnownText[] = [];
  private next = 0;

  /** The numbers of `texts` (in order); remembers them, with their places, for the next listing. */
  keysFor(texts: readonly PlacedText[]): number[] {
    const free = [...this.known];
    const now: KnownText[] = [];
    const keys = texts.map((t) => {
      const text = comparableText(t.text);
      const centre = centreOf(t.box);
      const reach = Math.max(SAME_PLACE_PX, t.box.height);
      let best = -1;
      let bestDistance = Infinity;
      free.forEach((k, i) => {
        const dx = Math.abs(k.x - centre.x);
        const dy = Math.abs(k.y - centre.y);
        if (k.text !== text || dx > reach || dy > reach) return;
        if (dx + dy < bestDistance) {
          best = i;
          bestDistance = dx + dy;
        }
      });
      let key: number;
      if (best >= 0) {
        key = free[best]!.key;
        free.splice(best, 1);
      } else {
        this.next += 1;
        key = this.next;
      }
      now.push({ key, text, ...centre });
      return key;
    });
    // texts not read this time are remembered too: a listing that misses one keeps its number for when it is back
    this.known = [...now, ...free].slice(0, 2000);
    return keys;
  }
}
