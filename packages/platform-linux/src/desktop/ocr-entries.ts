// Text read from a window's pixels (OCR) as listed entries with ids: what the accessibility tree leaves undescribed
// (a drawn canvas, a sheet's cells) and every control of an app that has no accessibility tree at all.
import type { RgbImage } from '@ufo-ts/imaging';
import type { TextRecognizer, TextRegion } from '@ufo-ts/ocr';
import type { XywhRect } from '../atspi/accessible-node.js';
import type { UnnumberedControl } from './control-ids.js';
import { hasInk, pixelDigest } from './screen-pixels.js';
import { ScreenTextKeys } from './screen-text-keys.js';
import { comparableText, coveredRects, duplicatesControl, type ListedText } from './screen-text-match.js';
import { isUnlistedPoint, largeUnlistedAreas, overlapArea, rectsIntersect, unlistedGrid } from './unlisted-area.js';

/**
 * When listings read text from the window's pixels:
 * - `off`: never;
 * - `auto`: only the large parts of the window that no listed control showing its own content covers (see
 *   `largeUnlistedAreas`: at least 40 px thick both ways and 6400 px²), and the whole window of an app with no
 *   accessibility tree; an app the tree describes fully costs nothing;
 * - `always`: the whole window, every listing.
 */
export type OcrMode = 'off' | 'auto' | 'always';

/** The OCR modes, for option parsers. */
export const OCR_MODES: readonly OcrMode[] = ['off', 'auto', 'always'];

/** The role of a listed entry read from the screen. */
export const OCR_ROLE = 'ocr text';

/**
 * The bus name of the synthetic references of OCR entries. Parentheses are not allowed in D-Bus names, so such a
 * reference can never reach an accessible object, even if one slipped through to an AT-SPI call.
 */
export const OCR_REF_BUS = '(ocr)';

/** The states every OCR entry has (it is on screen; nothing is known about it being disabled). */
const OCR_STATES = ['enabled', 'sensitive', 'showing', 'visible'];

/** Options of the OCR part of listings (`DesktopSession.open`'s `ocr`). */
export interface ScreenTextOptions {
  /** When to read text from the pixels. Default `auto`. Without a `recognizer` it is `off`. */
  mode?: OcrMode;
  /** The engine (e.g. `createTesseractRecognizer()` of `@ufo-ts/ocr`). The caller keeps it and closes it. */
  recognizer?: TextRecognizer;
  /** Leave out text less sure than this (0 to 1). Default: the recognizer's own default (0.5 for Tesseract). */
  minConfidence?: number;
  /** A note for the first listing that would have read text, e.g. why there is no recognizer. */
  unavailableNote?: string;
}

/** What {@link ScreenTextReader.entries} needs of a listing. */
export interface ScreenTextInput {
  windowId: number;
  /** The window's rectangle on screen. */
  windowRect: XywhRect;
  /** The screen's size (the capture is clipped to it). */
  screen: { width: number; height: number };
  /** The listing's controls (screen coordinates); `undefined` when the window has no accessibility tree. */
  controls: readonly UnnumberedControl[] | undefined;
  /** Parts of the window whose text is not read (rulers: tick labels, not content). */
  unreadable?: readonly XywhRect[];
  /** Whether only some roles were asked for: such a listing has no OCR entries (what the filter left out is unknown). */
  filtered?: boolean;
  /** Captures a screen rectangle. */
  capture(rect: XywhRect): Promise<RgbImage>;
  /** Reads the content of a listed text field, to recognise it in the pixels (optional). */
  readText?(control: UnnumberedControl): Promise<string | undefined>;
}

/** The OCR part of one listing. */
export interface ScreenTextResult {
  /** Entries to list after the controls (reading order), without ids yet. */
  entries: UnnumberedControl[];
  /** Notes for the listing (the engine is missing or failed). */
  notes: string[];
  /** The screen rectangles that were read (empty when nothing was). */
  readAreas: XywhRect[];
  /** Milliseconds spent (capture and recognition). */
  ms: number;
}

/** What is remembered of one OCR entry for the checks before acting on it. */
export interface ScreenTextMemo {
  /** Digest of its box's pixels when listed (see `pixelDigest`). */
  digest: string;
  /** The window's top-left corner when listed (to follow a moved window). */
  windowOrigin: { x: number; y: number };
}

/** Per window: entry numbers and what each entry looked like. */
interface WindowText {
  keys: ScreenTextKeys;
  memos: Map<string, ScreenTextMemo>;
}

/** The reference path of entry `key`; with {@link OCR_REF_BUS} it names no accessible object. */
const refPath = (key: number): string => `/ocr/${key}`;

/** Leaves out texts shorter than this after trimming (nothing). */
const MIN_TEXT = 1;

/**
 * Reads listing entries from a window's pixels (see {@link OcrMode}) and remembers what each looked like, for the
 * live checks before acting on one (see `text-region-actions.ts`). One per desktop session.
 */
export class ScreenTextReader {
  readonly mode: OcrMode;
  private readonly windows = new Map<number, WindowText>();
  private pendingNote: string | undefined;
  /** Set once the engine turned out to be missing: no more reading, one note. */
  private disabled = false;

  constructor(private readonly options: ScreenTextOptions = {}) {
    this.mode = options.recognizer ? (options.mode ?? 'auto') : 'off';
    this.pendingNote = options.mode !== 'off' ? options.unavailableNote : undefined;
  }

  /** The recognizer, when listings read text. */
  get recognizer(): TextRecognizer | undefined {
    return this.mode === 'off' || this.disabled ? undefined : this.options.recognizer;
  }

  /** The screen rectangles `auto`/`always` mode would read for this listing (none in `off` mode). */
  areasToRead(input: Pick<ScreenTextInput, 'windowRect' | 'screen' | 'controls' | 'filtered' | 'unreadable'>): XywhRect[] {
    const window = onScreen(input.windowRect, input.screen);
    if (!window || !this.recognizer || input.filtered) return [];
    if (this.mode === 'always' || input.controls === undefined) return [window];
    return largeUnlistedAreas(window, [...coveredRects(input.controls), ...(input.unreadable ?? [])]);
  }

  /**
   * The OCR entries of a listing: the text read in {@link areasToRead}, without text that repeats a listed control
   * (`duplicatesControl`) or that lies on a control showing its own content (`auto` mode), each with a synthetic
   * reference that stays the same while the same text stays at about the same place.
   */
  async entries(input: ScreenTextInput): Promise<ScreenTextResult> {
    const started = performance.now();
    const notes = this.takeNote();
    const areas = this.areasToRead(input);
    const recognizer = this.recognizer;
    const window = onScreen(input.windowRect, input.screen);
    if (areas.length === 0 || !recognizer || !window) return { entries: [], notes, readAreas: [], ms: 0 };
    const whole = this.mode === 'always' || input.controls === undefined;
    // only the part of the window holding the areas is captured
    const captured = whole ? window : boundingBox(areas);
    const image = await input.capture(captured);
    const local = (r: XywhRect): XywhRect => ({ x: r.x - captured.x, y: r.y - captured.y, width: r.width, height: r.height });
    const listedHere = input.controls === undefined ? [] : [...coveredRects(input.controls), ...(input.unreadable ?? [])].map(local);
    const inked = areas.filter((a) => hasInk(image, local(a), listedHere));
    if (inked.length === 0) return { entries: [], notes, readAreas: [], ms: Math.round(performance.now() - started) };
    let regions: TextRegion[];
    try {
      regions = await recognizer.recognize(image, {
        ...(whole ? {} : { areas: inked.map(local) }),
        // a window with no tree is often a keypad of one-character keys: a key read as another is dropped
        ...(input.controls === undefined ? { checkSingleGlyphs: true } : {}),
        ...(this.options.minConfidence === undefined ? {} : { minConfidence: this.options.minConfidence }),
      });
    } catch (error) {
      notes.push(this.failureNote(error));
      return { entries: [], notes, readAreas: [], ms: Math.round(performance.now() - started) };
    }
    const placed = withoutRepeats(regions)
      .filter((r) => r.text.trim().length >= MIN_TEXT)
      .map((r) => ({ text: r.text.trim(), confidence: r.confidence, box: { ...r.box, x: r.box.x + captured.x, y: r.box.y + captured.y }, local: r.box }));
    const controls = input.controls ?? [];
    const grid =
      this.mode === 'auto' && input.controls !== undefined ? unlistedGrid(window, [...coveredRects(controls), ...(input.unreadable ?? [])]) : undefined;
    const listed = await listedTexts(controls, placed, input.readText);
    const kept = placed.filter(
      (r) => (!grid || isUnlistedPoint(grid, { x: r.box.x + r.box.width / 2, y: r.box.y + r.box.height / 2 })) && !duplicatesControl(r, listed),
    );
    const state = this.windowText(input.windowId);
    const keys = state.keys.keysFor(kept);
    const windowOrigin = { x: input.windowRect.x, y: input.windowRect.y };
    const entries = kept.map((r, i): UnnumberedControl => {
      const path = refPath(keys[i]!);
      state.memos.set(path, { digest: pixelDigest(image, r.local), windowOrigin });
      return {
        ref: { bus: OCR_REF_BUS, path },
        origin: windowOrigin,
        role: OCR_ROLE,
        name: r.text,
        rawName: r.text,
        states: [...OCR_STATES],
        interfaces: [],
        rect: r.box,
        depth: 0,
        topWindow: input.windowId,
        source: 'ocr',
        confidence: Math.round(r.confidence * 100) / 100,
      };
    });
    return { entries, notes, readAreas: whole ? [window] : inked, ms: Math.round(performance.now() - started) };
  }

  /** What an OCR entry looked like when listed (undefined for entries of another session or window). */
  memo(windowId: number, path: string): ScreenTextMemo | undefined {
    return this.windows.get(windowId)?.memos.get(path);
  }

  private windowText(windowId: number): WindowText {
    let state = this.windows.get(windowId);
    if (!state) {
      state = { keys: new ScreenTextKeys(), memos: new Map() };
      this.windows.set(windowId, state);
    }
    return state;
  }

  private takeNote(): string[] {
    const note = this.pendingNote;
    this.pendingNote = undefined;
    return note ? [note] : [];
  }

  private failureNote(error: unknown): string {
    const code = (error as { code?: unknown }).code;
    const message = error instanceof Error ? error.message : String(error);
    if (code === 'OCR_ENGINE_MISSING') {
      this.disabled = true;
      return `text is not read from the screen (OCR is off from now on): ${message}`;
    }
    return `reading text from the screen failed this time, so text the accessibility tree does not describe is not listed: ${message}`;
  }
}

/** The smallest rectangle holding all of `rects` (at least one). */
function boundingBox(rects: readonly XywhRect[]): XywhRect {
  const x = Math.min(...rects.map((r) => r.x));
  const y = Math.min(...rects.map((r) => r.y));
  const right = Math.max(...rects.map((r) => r.x + r.width));
  const bottom = Math.max(...rects.map((r) => r.y + r.height));
  return { x, y, width: right - x, height: bottom - y };
}

/** The part of a rectangle on the screen, or undefined when none is. */
function onScreen(rect: XywhRect, screen: { width: number; height: number }): XywhRect | undefined {
  const x = Math.max(0, rect.x);
  const y = Math.max(0, rect.y);
  const right = Math.min(screen.width, rect.x + rect.width);
  const bottom = Math.min(screen.height, rect.y + rect.height);
  return right > x && bottom > y ? { x, y, width: right - x, height: bottom - y } : undefined;
}

/**
 * The listed controls' texts for the duplicate check: name and label, and the content of text fields that some
 * read text lies on (read only for those).
 */
async function listedTexts(
  controls: readonly UnnumberedControl[],
  read: readonly { box: XywhRect }[],
  readText: ScreenTextInput['readText'],
): Promise<ListedText[]> {
  return Promise.all(
    controls.map(async (c) => {
      const texts = [c.name, c.rawName, c.label ?? ''].filter((t) => t.trim() !== '');
      const onIt = c.rect !== undefined && read.some((r) => rectsIntersect(r.box, c.rect!));
      const content = onIt && readText ? await readText(c).catch(() => undefined) : undefined;
      return { rect: c.rect, texts: content ? [...texts, content] : texts };
    }),
  );
}

/** The fields a tool adds to a listed entry read from the screen: `source: "ocr"` and `confidence`; none for controls. */
export function screenTextFields(record: Pick<UnnumberedControl, 'source' | 'confidence'>): { source?: 'ocr'; confidence?: number } {
  return record.source === 'ocr' ? { source: 'ocr', ...(record.confidence === undefined ? {} : { confidence: record.confidence }) } : {};
}

/** Regions without the second reading of the same text at the same place (areas to read may overlap). */
function withoutRepeats(regions: readonly TextRegion[]): TextRegion[] {
  const kept: TextRegion[] = [];
  for (const r of regions) {
    const size = r.box.width * r.box.height;
    const repeat = kept.some(
      (k) => comparableText(k.text) === comparableText(r.text) && overlapArea(k.box, r.box) * 2 > Math.min(size, k.box.width * k.box.height),
    );
    if (!repeat) kept.push(r);
  }
  return kept;
}

/** A listing's `notes` field from its OCR part (absent when there is nothing to say). */
export function notesOf(ocr: ScreenTextResult): { notes?: string[] } {
  return ocr.notes.length > 0 ? { notes: ocr.notes } : {};
}
