// Bringing the selected window up to date before a listing or an action: its geometry and title, whether its
// application is still on the accessibility bus and answers, and its accessible top-levels.
import type { AccessibleRef } from '../atspi/accessible-node.js';
import { isTimeoutError, type AtspiClient } from '../atspi/atspi-client.js';
import { listClientWindows, windowGeometry } from '../x11/window-list.js';
import type { XDisplay } from '../x11/x-display.js';
import type { SelectedWindow } from './desktop-session.js';
import { topLevelsForWindow } from './window-catalog.js';

/**
 * What an action on an already listed control needs: the window's geometry, and whether its application answers.
 * The top-levels are those of the last listing.
 */
export async function refreshForAction(atspi: AtspiClient, x: XDisplay, selected: SelectedWindow): Promise<SelectedWindow> {
  const { target } = selected;
  const [rect, responding] = await Promise.all([
    windowGeometry(x, target.windowId),
    target.app ? atspi.responds(target.app).catch(() => false) : Promise.resolve(false),
  ]);
  return { target: { ...target, rect, responding }, topLevels: selected.topLevels };
}

/**
 * What a listing needs: the window's geometry and title, its application (gone when its root is, not responding on
 * a timeout) and top-levels read again; an application that does not answer keeps the top-levels it had.
 */
export async function refreshForListing(atspi: AtspiClient, x: XDisplay, selected: SelectedWindow): Promise<SelectedWindow> {
  const { target } = selected;
  const [rect, windows] = await Promise.all([windowGeometry(x, target.windowId), listClientWindows(x)]);
  const title = windows.find((w) => w.id === target.windowId)?.title ?? target.title;
  let app = target.app;
  let responding = false;
  if (app) {
    // only this application is asked (not every one on the bus): gone when its root is, not responding on a timeout
    responding = await atspi.responds(app).catch(() => {
      app = undefined;
      return false;
    });
  }
  let topLevels: AccessibleRef[] = [];
  if (app && responding) {
    const appTitles = windows.filter((w) => w.pid === target.pid).map((w) => w.title);
    topLevels = await topLevelsForWindow(atspi, app, title, appTitles).catch((error: unknown) => {
      if (isTimeoutError(error)) responding = false;
      return [];
    });
  }
  if (app && !responding) topLevels = selected.topLevels;
  return { target: { ...target, rect, title, app, accessible: app !== undefined, responding }, topLevels };
}
