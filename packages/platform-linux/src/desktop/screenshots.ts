import { DISTINCT_MARK_PALETTE, drawSetOfMarks, encodePng, toPngDataUrl, type RgbImage, type SetOfMarksOptions } from '@ufo-ts/imaging';
import type { XywhRect } from '../atspi/accessible-node.js';
import { captureScreen } from '../x11/screen-capture.js';
import { isScreenTextRecord, type ControlRecord } from './control-ids.js';
import { screenTextFields } from './ocr-entries.js';
import type { ControlSelection } from './control-selection.js';
import type { SelectedWindow, DesktopSession } from './desktop-session.js';
import { publicSummary } from './window-catalog.js';
import type { WindowSummary } from './window-catalog.js';

/** A screenshot as the tools return it. */
export interface Screenshot {
  /** `data:image/png;base64,…` */
  image: string;
  width: number;
  height: number;
}

/** A captured image and where it is on the screen. */
export interface Capture {
  pixels: RgbImage;
  /** The captured rectangle in screen coordinates. */
  rect: XywhRect;
}

/** Encodes a capture as a screenshot result. */
export async function toScreenshot(pixels: RgbImage): Promise<Screenshot> {
  return { image: toPngDataUrl(await encodePng(pixels)), width: pixels.width, height: pixels.height };
}

/**
 * How Linux screenshots are annotated: AT-SPI roles have no UFO type colours, so boxes cycle through dark distinct
 * colours with white labels. Labels go where imaging's default placement puts them: inside or against their own
 * box, never over another label or another control's box.
 */
export const LINUX_MARK_STYLE: SetOfMarksOptions = Object.freeze({
  palette: DISTINCT_MARK_PALETTE,
  textColor: [255, 255, 255] as const,
});

/** Captures the whole screen. */
export async function captureDesktop(session: DesktopSession): Promise<Capture> {
  const rect = { x: 0, y: 0, width: session.x.width, height: session.x.height };
  return { pixels: await captureScreen(session.x, rect), rect };
}

/**
 * Captures the selected window's rectangle (as shown on screen). Throws when no window is selected or it vanished.
 * Pass `checked`, the selection a listing just checked, to skip checking it again.
 */
export async function captureSelectedWindow(session: DesktopSession, checked?: SelectedWindow): Promise<Capture & { window: WindowSummary }> {
  const { target } = checked ?? (await session.requireSelected());
  const pixels = await captureScreen(session.x, target.rect);
  return { pixels, rect: target.rect, window: publicSummary(target) };
}

/** A control as listed next to an annotated screenshot. */
export interface AnnotatedControl {
  id: string;
  name: string;
  type: string;
  /** `[left, top, right, bottom]` in screen pixels. */
  rect: [number, number, number, number];
  /** `ocr`: text read from the screen (drawn in {@link OCR_MARK_COLOR}). */
  source?: 'ocr';
  /** How sure the text recognizer was of an `ocr` entry (0 to 1). */
  confidence?: number;
}

/** The colour of the boxes of entries read from the screen (OCR): magenta, far from every colour of the palette. */
export const OCR_MARK_COLOR = [200, 0, 200] as const;

/** Options of {@link captureAnnotated}. */
export interface AnnotateOptions extends Omit<ControlSelection, 'within' | 'includeAll'> {
  /** Capture the whole screen instead of the selected window (boxes are still the selected window's controls). */
  screen?: boolean;
  /** Also return the clean (unannotated) image. */
  includeClean?: boolean;
}

/** The rectangle as `[left, top, right, bottom]`. */
export function ltrb(rect: XywhRect): [number, number, number, number] {
  return [rect.x, rect.y, rect.x + rect.width, rect.y + rect.height];
}

/** How old a listing of the selected window may be for an annotated screenshot to draw it instead of listing again. */
export const ANNOTATION_LISTING_REUSE_MS = 1000;

/**
 * Lists the selected window's controls and draws their ids over a screenshot (set-of-marks). Returns the
 * annotated image (and the clean one on request) with the listed controls.
 */
export async function captureAnnotated(
  session: DesktopSession,
  options: AnnotateOptions = {},
): Promise<Screenshot & { clean_image?: string; window: WindowSummary; controls: AnnotatedControl[] }> {
  // the listing the agent just made of this window, when no action ran since: the boxes show the ids it was given
  const listing = await session.listControls({ roles: options.roles }, { reuseWithinMs: ANNOTATION_LISTING_REUSE_MS });
  // the listing has just checked the window: it exists and its rectangle is fresh
  const capture = options.screen ? await captureDesktop(session) : await captureSelectedWindow(session, session.current);
  const placed = listing.controls.filter((c): c is ControlRecord & { rect: XywhRect } => c.rect !== undefined);
  // a control scrolled out of view is not drawn where its extents are: no box there
  const marks = placed
    .filter((c) => c.scrolledOutOf === undefined)
    .map((c) => ({
      label: c.id,
      rect: { ...c.rect, x: c.rect.x - capture.rect.x, y: c.rect.y - capture.rect.y },
      ...(isScreenTextRecord(c) ? { color: OCR_MARK_COLOR } : {}),
    }));
  const annotated = drawSetOfMarks(capture.pixels, marks, LINUX_MARK_STYLE);
  const [shot, clean] = await Promise.all([toScreenshot(annotated), options.includeClean ? toScreenshot(capture.pixels) : undefined]);
  return {
    ...shot,
    ...(clean ? { clean_image: clean.image } : {}),
    window: listing.window,
    controls: placed.map((c) => ({ id: c.id, name: c.name, type: c.role, rect: ltrb(c.rect), ...screenTextFields(c) })),
  };
}
