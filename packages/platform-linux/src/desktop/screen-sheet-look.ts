// The sheet look of a desktop session: the X screen's pixels and one memory of sheets' cells.
import { clipRect } from '@ufo-ts/imaging';
import { SheetMemory, type SheetLook } from '../atspi/sheet-look.js';
import { captureScreen } from '../x11/screen-capture.js';
import type { XDisplay } from '../x11/x-display.js';

/** A {@link SheetLook} on `xd`'s screen: an area is captured clipped to the screen (undefined when off it). */
export function screenSheetLook(xd: XDisplay): SheetLook {
  return {
    capture: async (area) => {
      const rect = clipRect(area, xd.width, xd.height);
      return rect ? { rect, image: await captureScreen(xd, rect) } : undefined;
    },
    memory: new SheetMemory(),
  };
}
