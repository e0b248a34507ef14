import { annotateSetOfMarks, isBlankCapture, pngSize, toPngDataUrl, type SetOfMark } from '@ufo-ts/imaging';
import type { WindowRecord } from '../bridge/protocol.js';
import type { Rect } from '@ufo-ts/desktop-common';
import { controlTargetInfo, type ControlTargetInfo } from '../controls/control-fields.js';
import { rectToLtrb, unionRects } from '../geometry/rect.js';
import { mapRectToImage, primaryMonitorRect } from '../geometry/screen-math.js';
import { isWindowGone, windowVanished } from './bridge-errors.js';
import { enumerateControls } from './control-ops.js';
import type { DesktopContext } from './desktop-context.js';
import { freshSelectedWindow, windowsOfSelection } from './window-ops.js';

/** A screenshot as the tools return it, with the screen rectangle it shows. */
export interface Screenshot {
  /** `data:image/png;base64,…` */
  image: string;
  width: number;
  height: number;
  /** Addition: the screen rectangle shown, `[left, top, right, bottom]` in physical pixels. */
  rect: [number, number, number, number];
}

interface Capture {
  png: Buffer;
  rect: Rect;
}

const toScreenshot = ({ png, rect }: Capture): Screenshot => ({
  image: toPngDataUrl(png),
  ...pngSize(png),
  rect: rectToLtrb(rect),
});

/**
 * The selected window: PrintWindow (sees the window even when covered), recaptured from the screen when that
 * gives a black frame (GPU-rendered windows). When the window has dialogs or popups open, the screen area of the
 * window and its dialogs is captured instead, so the dialogs show (UFO's did not). A window that closed meanwhile
 * fails with WindowVanishedError.
 */
async function captureSelection(ctx: DesktopContext): Promise<Capture> {
  const window = await freshSelectedWindow(ctx);
  try {
    const roots = await windowsOfSelection(ctx, window);
    if (roots.length > 1) {
      const rect = unionRects(roots.map((w) => w.rect)) as Rect;
      const shot = await ctx.bridge.request('captureScreen', { rect });
      return { png: Buffer.from(shot.png, 'base64'), rect: shot.rect };
    }
    const printed = await ctx.bridge.request('captureWindow', { hwnd: window.hwnd, method: 'printWindow' });
    const png = Buffer.from(printed.png, 'base64');
    if (!isBlankCapture(png)) return { png, rect: printed.rect };
    const screen = await ctx.bridge.request('captureWindow', { hwnd: window.hwnd, method: 'screen' });
    return { png: Buffer.from(screen.png, 'base64'), rect: screen.rect };
  } catch (error) {
    if (isWindowGone(error)) throw windowVanished(window.title, error);
    throw error;
  }
}

/** `capture_window_screenshot`. */
export async function captureWindowScreenshot(ctx: DesktopContext): Promise<Screenshot> {
  return toScreenshot(await captureSelection(ctx));
}

/** `capture_desktop_screenshot`: all monitors as one image (the virtual screen), or the primary monitor. */
export async function captureDesktopScreenshot(ctx: DesktopContext, allScreens: boolean): Promise<Screenshot> {
  const { virtualScreen, monitors } = await ctx.bridge.request('screens', {});
  const rect = allScreens ? virtualScreen : primaryMonitorRect(monitors, virtualScreen);
  const shot = await ctx.bridge.request('captureScreen', { rect });
  return toScreenshot({ png: Buffer.from(shot.png, 'base64'), rect: shot.rect });
}

/** An annotated window screenshot and the controls its labels name. */
export interface AnnotatedScreenshot extends Screenshot {
  controls: ControlTargetInfo[];
}

/**
 * Enumerates the controls (new ids) and draws them as set-of-marks on the window screenshot. Control rectangles
 * are mapped into the image's pixels, so a DPI-scaled capture is labelled correctly.
 */
export async function annotatedWindowScreenshot(ctx: DesktopContext): Promise<AnnotatedScreenshot> {
  const { entries } = await enumerateControls(ctx);
  const capture = await captureSelection(ctx);
  const size = pngSize(capture.png);
  const marks: SetOfMark[] = [];
  for (const entry of entries) {
    const mapped = mapRectToImage(entry.rect, capture.rect, size);
    if (mapped) marks.push({ label: entry.id, controlType: entry.controlType, ...mapped });
  }
  const png = annotateSetOfMarks(capture.png, marks);
  return { ...toScreenshot({ png, rect: capture.rect }), controls: entries.map(controlTargetInfo) };
}

export type { WindowRecord };
