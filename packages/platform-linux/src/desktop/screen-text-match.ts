// Which listed controls show their own content (so the text on them needs no OCR), and which text read from the
// screen repeats a listed control (so it is not listed twice).
import type { XywhRect } from '../atspi/accessible-node.js';
import { ATSPI_IFACE } from '../atspi/atspi-constants.js';
import { clipRect } from './visible-area.js';
import { overlapArea } from './unlisted-area.js';

/**
 * Roles of objects that hold other controls or draw what they like: their area says nothing about what is shown in
 * it (a panel's background, a canvas's drawing, a table without listed cells), so it still needs reading.
 */
const HOLDER_ROLES: ReadonlySet<string> = new Set([
  'application',
  'frame',
  'window',
  'dialog',
  'alert',
  'file chooser',
  'panel',
  'filler',
  'scroll pane',
  'viewport',
  'layered pane',
  'split pane',
  'root pane',
  'glass pane',
  'option pane',
  'internal frame',
  'desktop frame',
  'drawing area',
  'canvas',
  'unknown',
  'invalid',
  'extended',
  'redundant object',
  'embedded',
  'section',
  'form',
  'grouping',
  'group',
  'landmark',
  'article',
  'block quote',
  'header',
  'footer',
  'tool bar',
  'menu bar',
  'status bar',
  'page tab list',
  'table',
  'tree table',
  'tree',
  'list',
  'list box',
  'editbar',
  'ruler',
  'image map',
]);

/** Roles of documents and text views: they show their own content only when they expose it as Text. */
const DOCUMENT_ROLES: ReadonlySet<string> = new Set([
  'document text',
  'document frame',
  'document web',
  'document spreadsheet',
  'document presentation',
  'document email',
  'paragraph',
  'terminal',
]);

/** What {@link showsOwnContent} needs of a listed control. */
export interface CoveringControl {
  role: string;
  interfaces: readonly string[];
  rect: XywhRect | undefined;
  clip?: XywhRect;
  scrolledOutOf?: XywhRect;
  source?: 'ocr';
  states?: readonly string[];
  name?: string;
}

/**
 * Whether a listed control shows its own content where it is, so that the text there is described by the tree:
 * buttons, labels, menu items, cells, fields, images … — not panels, fillers, drawing areas, canvases, unknown
 * objects, tables or lists without listed items, nor documents that do not expose their text.
 */
export function showsOwnContent(control: CoveringControl): boolean {
  if (control.source === 'ocr' || !control.rect || control.scrolledOutOf) return false;
  // a named item a user selects (a slide's thumbnail) is described by its name, whatever its role
  if (control.role === 'panel' && control.states?.includes('selectable') && control.name?.trim()) return true;
  if (HOLDER_ROLES.has(control.role)) return false;
  if (DOCUMENT_ROLES.has(control.role)) return control.interfaces.includes(ATSPI_IFACE.text);
  return true;
}

/** The screen rectangles of the listed controls that show their own content (the visible part of each). */
export function coveredRects(controls: readonly CoveringControl[]): XywhRect[] {
  return controls.filter(showsOwnContent).map((c) => (c.clip && clipRect(c.rect!, c.clip)) || c.rect!);
}

/**
 * Text as compared with a control's name: case, accents' compatibility forms, spacing and punctuation do not
 * matter; a text of punctuation only (`+`, `=`) is compared as it is.
 */
export function comparableText(text: string): string {
  const plain = text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
  const letters = plain.replace(/[^\p{L}\p{N}]+/gu, '');
  return letters || plain.replace(/\s+/g, '');
}

/** Levenshtein distance of two short strings. */
function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const above = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length]!;
}

/**
 * Whether text read from the screen says what a control's name (or text) says: equal when compared
 * ({@link comparableText}), one containing the other (the read text cut at the control's edge, or the name longer
 * than what is drawn), or at most one misread character in five — and always with the same digits.
 */
export function textsMatch(read: string, listed: string): boolean {
  const a = comparableText(read);
  const b = comparableText(listed);
  if (!a || !b) return false;
  if (a === b) return true;
  // numbers are what a display or a counter is about: "Items: 1" is not "Items: 0", "10" is not "1"
  if (a.replace(/\D/g, '') !== b.replace(/\D/g, '')) return false;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (short.length >= 2 && long.includes(short)) return true;
  return short.length >= 4 && editDistance(a, b) <= Math.floor(long.length / 5);
}

/** A listed control as the duplicate check sees it. */
export interface ListedText {
  rect: XywhRect | undefined;
  /** Name, label and (for text fields) content: any of them matching counts. */
  texts: readonly string[];
}

/**
 * Whether a piece of text read at `box` (screen pixels) repeats a listed control: at least half of the text's box
 * lies on the control, and the text matches one of the control's texts ({@link textsMatch}).
 */
export function duplicatesControl(read: { text: string; box: XywhRect }, controls: readonly ListedText[]): boolean {
  const area = Math.max(1, read.box.width * read.box.height);
  return controls.some((c) => c.rect !== undefined && overlapArea(read.box, c.rect) * 2 >= area && c.texts.some((t) => textsMatch(read.text, t)));
}
