/** A range of character offsets `[start, end)` of a Text object. */
export interface TextSpan {
  start: number;
  end: number;
}

/** How much text a control listing reads (characters, counted as Unicode code points like AT-SPI offsets). */
export const TEXT_LIMITS = {
  /** Most text shown for one control. */
  perControl: 2000,
  /** Most text shown for all controls of one listing together. */
  perListing: 8000,
  /** Most selected text shown for one control. */
  selection: 500,
  /** Below this many characters left in the listing's budget, a control's text is left out. */
  minimumShare: 40,
  /** The caret's line is counted only when the text before it is at most this long. */
  caretLineScan: 200_000,
} as const;

/**
 * The span to read when the visible span is unknown: whole lines around the caret (`caret` -1: from the start),
 * at most `limit` characters, with the caret about a third of the way in.
 */
export function spanAroundCaret(caret: number, length: number, limit: number): TextSpan {
  if (length <= limit) return { start: 0, end: length };
  const at = Math.min(Math.max(caret, 0), length);
  const start = Math.max(0, Math.min(at - Math.floor(limit / 3), length - limit));
  return { start, end: start + limit };
}

/** A span cut to at most `limit` characters from its start, and whether it was cut. */
export function boundSpan(span: TextSpan, limit: number): { span: TextSpan; cut: boolean } {
  const end = Math.min(span.end, span.start + Math.max(0, limit));
  return { span: { start: span.start, end }, cut: end < span.end };
}

/** The first `count` characters of a string, counting Unicode code points (AT-SPI offsets do). */
export function firstCharacters(text: string, count: number): string {
  let units = 0;
  let seen = 0;
  for (const ch of text) {
    if (seen >= count) break;
    units += ch.length;
    seen += 1;
  }
  return text.slice(0, units);
}

/** 1-based line and column of the position right after `before` (the text from the start up to the caret). */
export function lineAndColumn(before: string): { line: number; column: number } {
  let line = 1;
  let column = 1;
  for (const ch of before) {
    if (ch === '\n') {
      line += 1;
      column = 1;
    } else {
      column += 1;
    }
  }
  return { line, column };
}

/**
 * Points inside a text control's visible rectangle at which to ask for the first and last visible characters: its
 * top-left and bottom-right corners (inset), then the middle of its top and bottom edges (toolkits that answer -1
 * outside the text area, e.g. over a line-number gutter or a scroll bar).
 */
export function probePoints(rect: { x: number; y: number; width: number; height: number }): { top: [number, number][]; bottom: [number, number][] } {
  const inset = Math.min(4, Math.floor(rect.width / 4), Math.floor(rect.height / 4));
  const left = rect.x + inset;
  const right = rect.x + rect.width - 1 - inset;
  const middle = rect.x + Math.floor(rect.width / 2);
  const top = rect.y + inset;
  const bottom = rect.y + rect.height - 1 - inset;
  return {
    top: [
      [left, top],
      [middle, top],
    ],
    bottom: [
      [right, bottom],
      [middle, bottom],
      [left, bottom],
    ],
  };
}
