// Actions on listed entries read from the screen (OCR): a real click at the text, typing where it is, reading it
// again. There is no accessible object behind them, so every check is made on the pixels.
import { rectCenter, rectFromXywh } from '@ufo-ts/desktop-common';
import type { RgbImage } from '@ufo-ts/imaging';
import type { TextRegion } from '@ufo-ts/ocr';
import type { XywhRect } from '../atspi/accessible-node.js';
import { ControlNotActionableError, ControlVanishedError, StaleControlIdError } from '../errors.js';
import { captureScreen } from '../x11/screen-capture.js';
import { windowAtPoint } from '../x11/window-list.js';
import { childWindowRects } from '../x11/child-windows.js';
import { fieldRightOf, isCaption } from './drawn-fields.js';
import type { MouseButton } from '../x11/xtest-input.js';
import { observeEffect, type ActionEffect } from './action-effect.js';
import type { ControlRecord } from './control-ids.js';
import type { DesktopSession, SelectedWindow } from './desktop-session.js';
import { shiftWithWindow } from './record-origin.js';
import { pixelDigest } from './screen-pixels.js';
import { textsMatch } from './screen-text-match.js';
import { overlapArea } from './unlisted-area.js';

/** How long a click's effect is waited for: apps without accessibility (Tk, X toolkit) may redraw late under load. */
const CLICK_EFFECT_MS = 1500;

/** The keysym of End (moves the caret to the end of a field's text before typing). */
const END_KEYSYM = 0xff57;

/** `ocr text a7 "Save"`. */
function describe(record: Pick<ControlRecord, 'id' | 'role' | 'name'>): string {
  return `${record.role} ${record.id} ${JSON.stringify(record.name)}`;
}

/** The part of `rect` inside `bounds`. */
function within(rect: XywhRect, bounds: XywhRect): XywhRect | undefined {
  const x = Math.max(rect.x, bounds.x);
  const y = Math.max(rect.y, bounds.y);
  const right = Math.min(rect.x + rect.width, bounds.x + bounds.width);
  const bottom = Math.min(rect.y + rect.height, bounds.y + bounds.height);
  return right > x && bottom > y ? { x, y, width: right - x, height: bottom - y } : undefined;
}

/** The visible part of the selected window: what can be captured around an entry. */
function windowOnScreen(session: DesktopSession, selected: SelectedWindow): XywhRect | undefined {
  return within(selected.target.rect, { x: 0, y: 0, width: session.x.width, height: session.x.height });
}

/** The area around a box that is read again: `padX`/`padY` pixels more on each side, inside the window. */
function around(box: XywhRect, padX: number, padY: number, bounds: XywhRect): XywhRect | undefined {
  return within({ x: box.x - padX, y: box.y - padY, width: box.width + 2 * padX, height: box.height + 2 * padY }, bounds);
}

/** A box of the image (captured at `at`) in screen pixels. */
const toScreen = (box: XywhRect, at: XywhRect): XywhRect => ({ ...box, x: box.x + at.x, y: box.y + at.y });

/** A screen box in the pixels of an image captured at `at`. */
const toImage = (box: XywhRect, at: XywhRect): XywhRect => ({ ...box, x: box.x - at.x, y: box.y - at.y });

async function recognize(session: DesktopSession, record: ControlRecord, image: RgbImage): Promise<TextRegion[]> {
  const recognizer = session.screenText.recognizer;
  if (!recognizer) throw new ControlNotActionableError(`${describe(record)} cannot be checked: no text recognizer is running (OCR is off)`);
  // read as the listing read it: with the single-character check where the window has no accessibility tree
  return recognizer.recognize(image, { minConfidence: 0.3, checkSingleGlyphs: session.current?.target.app === undefined });
}

/** Where an OCR entry is now (screen), its window, and the selected window checked for an action. */
interface LiveText {
  rect: XywhRect;
  selected: SelectedWindow;
}

/**
 * Checks, right before acting, that an OCR entry's text is still where it was read: its box's pixels are the same
 * as when listed, or reading the area around it again finds the same text (then its box as read now is used).
 * Refuses with `CONTROL_VANISHED` when no text is there any more and `CONTROL_ID_STALE` when other text is.
 */
export async function checkTextStillThere(session: DesktopSession, record: ControlRecord): Promise<LiveText> {
  const selected = await session.requireSelected({ forAction: true });
  const rect = shiftWithWindow(record, selected.target.rect);
  const bounds = windowOnScreen(session, selected);
  const area = rect && bounds && around(rect, Math.max(8, rect.height), Math.max(6, Math.round(rect.height / 2)), bounds);
  if (!rect || !area) throw new ControlVanishedError(`${describe(record)} is no longer on screen (its window moved or shrank): list the controls again`);
  const image = await captureScreen(session.x, area);
  const box = toImage(rect, area);
  const memo = session.screenText.memo(selected.target.windowId, record.ref.path);
  if (memo && pixelDigest(image, box) === memo.digest) return { rect, selected };
  const regions = await recognize(session, record, image);
  const onBox = regions.filter((r) => overlapArea(r.box, box) > 0);
  const same = onBox.find((r) => textsMatch(r.text, record.name));
  if (same) return { rect: toScreen(same.box, area), selected };
  if (onBox.length > 0) {
    throw new StaleControlIdError(
      `${describe(record)} now reads ${JSON.stringify(onBox.map((r) => r.text).join(' '))} where it was read: list the controls again and use the ids shown`,
    );
  }
  throw new ControlVanishedError(`${describe(record)} is no longer shown where it was read: list the controls again`);
}

/** Refuses a pointer action when another application's window covers the point. */
async function checkNotCovered(session: DesktopSession, record: ControlRecord, selected: SelectedWindow, point: { x: number; y: number }): Promise<void> {
  const hit = await windowAtPoint(session.x, point.x, point.y).catch(() => undefined);
  if (!hit || hit.overrideRedirect || hit.id === selected.target.windowId) return;
  if (selected.target.pid !== null && hit.pid === selected.target.pid) return;
  throw new ControlNotActionableError(`${describe(record)} is covered by another window (${hit.id}): bring its window to the front first`);
}

/** Options of {@link clickTextRegion} (those of `click_input`). */
export interface ClickTextOptions {
  button?: MouseButton;
  double?: boolean;
  /** `action` is refused: text read from the screen has no accessibility action. */
  method?: 'auto' | 'action' | 'pointer';
}

/** What a click on an OCR entry did (the shape of `click_input`'s result). */
export interface TextClickOutcome {
  id: string;
  name: string;
  role: string;
  method: 'pointer';
  x: number;
  y: number;
  /** What changed on screen, the window's pixels included. */
  effect: ActionEffect;
}

/**
 * Clicks an OCR entry: checks its text is still there ({@link checkTextStillThere}), then a real pointer click at the
 * centre of its box, and reports what changed (windows, focus and the window's pixels; "no visible change" when
 * nothing did).
 */
export async function clickTextRegion(session: DesktopSession, record: ControlRecord, options: ClickTextOptions = {}): Promise<TextClickOutcome> {
  if (options.method === 'action') {
    throw new ControlNotActionableError(`${describe(record)} is text read from the screen and has no accessibility action: use method "auto" or "pointer"`);
  }
  const { rect, selected } = await checkTextStillThere(session, record);
  const point = rectCenter(rectFromXywh(rect));
  await checkNotCovered(session, record, selected, point);
  const done = await observeEffect(session, { pixels: true, timeoutMs: CLICK_EFFECT_MS });
  await session.focusSelected(selected);
  await session.input.click(point.x, point.y, { button: options.button, count: options.double ? 2 : 1 });
  return { id: record.id, name: record.name, role: record.role, method: 'pointer', ...point, effect: await done() };
}

/** What typing at an OCR entry did (the shape of `set_edit_text`'s result). */
export interface TextTypeOutcome {
  id: string;
  /** The entry typed at, as the listing showed it. */
  role: string;
  name: string;
  method: 'typing';
  /** The text read from the screen on that line afterwards (OCR). */
  text?: string;
  effect: ActionEffect;
}

/**
 * Types into the field of an OCR entry: the field the text is shown in (its current content), or, for a caption
 * (text ending with a colon, `Quantity:`), the field right of it — found among the window's widget boxes, which
 * toolkits without accessibility (Tk, the X toolkit) have as X windows of their own. Checks the text is still
 * there, clicks the text (or the caption's field: its centre) three times with `clear` (selecting the field's
 * line in Tk, GTK, Qt and Athena fields, so typing replaces it) or once then End (appending), types with real key
 * events, and reads the field again.
 */
export async function typeAtTextRegion(
  session: DesktopSession,
  record: ControlRecord,
  text: string,
  options: { clear?: boolean } = {},
): Promise<TextTypeOutcome> {
  const live = await checkTextStillThere(session, record);
  const { selected } = live;
  let rect = live.rect;
  let field: XywhRect | undefined;
  if (isCaption(record.name)) {
    field = fieldRightOf(rect, await childWindowRects(session.x, selected.target.windowId), selected.target.rect);
    if (!field) {
      throw new ControlNotActionableError(
        `${describe(record)} is a caption and no field was found right of it (the app draws its widgets in one window): set_edit_text on the field's own text, or click the field with click_on_coordinates and type`,
      );
    }
    rect = field;
  }
  const point = rectCenter(rectFromXywh(rect));
  await checkNotCovered(session, record, selected, point);
  const done = await observeEffect(session, { pixels: true, timeoutMs: Math.min(5000, CLICK_EFFECT_MS + 20 * [...text].length) });
  await session.focusSelected(selected);
  await session.input.click(point.x, point.y, { count: options.clear ? 3 : 1 });
  if (!options.clear) await session.input.keys([{ modifiers: [], keysym: END_KEYSYM, repeat: 1, text: 'End' }]);
  await session.input.type(text);
  const effect = await done();
  const read = await (
    field ? readInside(session, record, field) : readLine(session, record, { ...rect, width: rect.width + rect.height * [...text].length })
  ).catch(() => undefined);
  return { id: record.id, role: record.role, name: record.name, method: 'typing', ...(read === undefined ? {} : { text: read }), effect };
}

/** What {@link readTextRegion} returns (the shape of `texts`' result). */
export interface TextReadOutcome {
  id: string;
  role: string;
  name: string;
  /** The text read now on the entry's line, where its box was (longer or shorter text included). */
  text: string;
  source: 'ocr';
}

/**
 * Reads an OCR entry's text again, live: the area around its box (wider, so that a longer number of a display or a
 * grown field is read whole) is read, and the text on its line that overlaps its box is returned (`''` when none).
 */
export async function readTextRegion(session: DesktopSession, record: ControlRecord): Promise<TextReadOutcome> {
  const selected = await session.requireSelected({ forAction: true });
  const rect = shiftWithWindow(record, selected.target.rect);
  if (!rect) throw new ControlVanishedError(`${describe(record)} has no place on screen: list the controls again`);
  return { id: record.id, role: record.role, name: record.name, text: await readLine(session, record, rect), source: 'ocr' };
}

/** Pixels left out at each edge of a field when reading its content: its border and focus ring. */
const FIELD_BORDER_PX = 3;

/** The text read inside a field's box (screen), its border left out, in reading order. */
async function readInside(session: DesktopSession, record: ControlRecord, field: XywhRect): Promise<string> {
  const inner = {
    x: field.x + FIELD_BORDER_PX,
    y: field.y + FIELD_BORDER_PX,
    width: field.width - 2 * FIELD_BORDER_PX,
    height: field.height - 2 * FIELD_BORDER_PX,
  };
  if (inner.width <= 0 || inner.height <= 0) return '';
  const regions = await recognize(session, record, await captureScreen(session.x, inner));
  return regions.map((r) => r.text).join(' ');
}

/** The text read on the line of `rect` (screen) that overlaps it, words in reading order. */
async function readLine(session: DesktopSession, record: ControlRecord, rect: XywhRect): Promise<string> {
  const selected = session.current ?? (await session.requireSelected({ forAction: true }));
  const bounds = windowOnScreen(session, selected);
  const area = bounds && around(rect, Math.max(48, 4 * rect.height), Math.max(6, Math.round(rect.height / 2)), bounds);
  if (!area) throw new ControlVanishedError(`${describe(record)} is no longer on screen: list the controls again`);
  const image = await captureScreen(session.x, area);
  const box = toImage(rect, area);
  const middle = box.y + box.height / 2;
  const reach = { ...box, x: box.x - box.height, width: box.width + 2 * box.height };
  const line = (await recognize(session, record, image)).filter((r) => {
    const centre = r.box.y + r.box.height / 2;
    return Math.abs(centre - middle) <= Math.max(box.height, r.box.height) / 2 && r.box.x < reach.x + reach.width && reach.x < r.box.x + r.box.width;
  });
  return line
    .sort((a, b) => a.box.x - b.box.x)
    .map((r) => r.text)
    .join(' ');
}
