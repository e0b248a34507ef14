import type { AccessibleRef, XywhRect } from '../atspi/accessible-node.js';
import type { AtspiClient } from '../atspi/atspi-client.js';
import { boundSpan, firstCharacters, lineAndColumn, probePoints, spanAroundCaret, TEXT_LIMITS, type TextSpan } from './text-window.js';

/** What a listing shows of a text control's content (field names as the tools return them). */
export interface TextContent {
  /** The text shown: all of it when it fits the limit, else the visible lines (or the lines around the caret). */
  text: string;
  /** Set when `text` is only part of the content. */
  text_truncated?: true;
  /** With `text_truncated`: the character offsets `[start, end)` that `text` covers. */
  text_range?: [number, number];
  /** With `text_truncated`: the length of the whole content in characters. */
  text_length?: number;
  /** The caret's character offset, with its 1-based line and column when they were counted. */
  caret?: { offset: number; line?: number; column?: number };
  /** The first selected range `[start, end)` and its text (at most `TEXT_LIMITS.selection` characters). */
  selection?: { start: number; end: number; text: string; text_truncated?: true };
}

/** A text control as {@link readTextContent} needs it. */
export interface TextSource {
  ref: AccessibleRef;
  states: readonly string[];
  /** Visible rectangle on screen. */
  visible: XywhRect | undefined;
  /** What was added to the toolkit's coordinates to get screen coordinates (GTK 4: its window's origin). */
  origin: { x: number; y: number };
}

/** Options of {@link readTextContent}. */
export interface ReadTextOptions {
  /** Most characters of text to return. */
  limit: number;
  /** Whether the toolkit answers `Text.GetOffsetAtPoint` (GTK 4.8 never replies to it). */
  hitTest: boolean;
}

/**
 * Reads what a text control shows: the whole text when it is at most `limit` characters, else the lines between the
 * first and last character visible in its rectangle (or, when the toolkit cannot say, the lines around the caret),
 * cut to `limit`; the caret (focused controls) and the first selection.
 */
export async function readTextContent(atspi: AtspiClient, source: TextSource, options: ReadTextOptions): Promise<TextContent | undefined> {
  const { ref } = source;
  const [length, caret, selections] = await Promise.all([
    atspi.characterCount(ref),
    atspi.caretOffset(ref).catch(() => -1),
    atspi.textSelections(ref, 1).catch(() => []),
  ]);
  if (!Number.isFinite(length) || length < 0) return undefined;
  let wanted: TextSpan = { start: 0, end: length };
  if (length > options.limit) {
    const visible = options.hitTest && source.visible ? await visibleSpan(atspi, ref, source.visible, source.origin) : undefined;
    wanted = visible ?? (await wholeLines(atspi, ref, spanAroundCaret(caret, length, options.limit), caret, length));
  }
  const { span, cut } = boundSpan(wanted, options.limit);
  const text = firstCharacters(await atspi.textRange(ref, span.start, span.end), span.end - span.start);
  const content: TextContent = { text };
  if (cut || span.start > 0 || span.end < length) Object.assign(content, { text_truncated: true, text_range: [span.start, span.end], text_length: length });
  if (caret >= 0 && (source.states.includes('focused') || selections.length > 0)) content.caret = await caretPosition(atspi, ref, caret, span, text);
  const selection = selections[0];
  if (selection) {
    const shown = boundSpan(selection, TEXT_LIMITS.selection);
    const selected = firstCharacters(await atspi.textRange(ref, shown.span.start, shown.span.end).catch(() => ''), shown.span.end - shown.span.start);
    content.selection = { start: selection.start, end: selection.end, text: selected, ...(shown.cut ? { text_truncated: true as const } : {}) };
  }
  return content;
}

/**
 * A span trimmed to whole lines: its start moved on to the next line start and its end back to the start of its
 * line, each only when it falls mid-line and the caret stays inside.
 */
async function wholeLines(atspi: AtspiClient, ref: AccessibleRef, span: TextSpan, caret: number, length: number): Promise<TextSpan> {
  const [first, last] = await Promise.all([
    span.start > 0 ? atspi.lineAt(ref, span.start).catch(() => undefined) : undefined,
    span.end < length ? atspi.lineAt(ref, span.end).catch(() => undefined) : undefined,
  ]);
  let { start, end } = span;
  if (first && first.start < start && first.end > start && first.end < end && !(caret >= 0 && first.end > caret)) start = first.end;
  if (last && last.start < end && last.start > start && !(caret >= 0 && last.start <= caret)) end = last.start;
  return { start, end };
}

/** The caret's offset with its line and column, counted from the text before it (read when not at hand). */
async function caretPosition(
  atspi: AtspiClient,
  ref: AccessibleRef,
  caret: number,
  span: TextSpan,
  text: string,
): Promise<{ offset: number; line?: number; column?: number }> {
  let before: string | undefined;
  if (span.start === 0 && caret <= span.end) before = firstCharacters(text, caret);
  else if (caret <= TEXT_LIMITS.caretLineScan) before = await atspi.textRange(ref, 0, caret).catch(() => undefined);
  return before === undefined ? { offset: caret } : { offset: caret, ...lineAndColumn(before) };
}

/**
 * The whole lines between the first and the last character drawn in the visible rectangle (asked with
 * `GetOffsetAtPoint` at its corners); undefined when the toolkit answers no offset.
 */
export async function visibleSpan(atspi: AtspiClient, ref: AccessibleRef, visible: XywhRect, origin: { x: number; y: number }): Promise<TextSpan | undefined> {
  const local = { ...visible, x: visible.x - origin.x, y: visible.y - origin.y };
  const points = probePoints(local);
  const first = await firstOffset(atspi, ref, points.top);
  const last = await firstOffset(atspi, ref, points.bottom);
  if (first === undefined || last === undefined || last < first) return undefined;
  const [top, bottom] = await Promise.all([atspi.lineAt(ref, first), atspi.lineAt(ref, last)]);
  const start = Math.min(top.start, first);
  const end = Math.max(bottom.end, last);
  return end > start ? { start, end } : undefined;
}

/** The offset at the first of these points that has one. */
async function firstOffset(atspi: AtspiClient, ref: AccessibleRef, points: readonly [number, number][]): Promise<number | undefined> {
  for (const [x, y] of points) {
    const offset = await atspi.offsetAtPoint(ref, x, y).catch(() => -1);
    if (offset >= 0) return offset;
  }
  return undefined;
}
