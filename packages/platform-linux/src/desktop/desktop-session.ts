import type { AccessibleNode, AccessibleRef, XywhRect } from '../atspi/accessible-node.js';
import { AtspiClient, isTimeoutError, isVanishedError } from '../atspi/atspi-client.js';
import { ATSPI_IFACE } from '../atspi/atspi-constants.js';
import { DEFAULT_MAX_NODES, emptyTreeReadStats } from '../atspi/tree-reader.js';
import { TreeCache } from '../atspi/tree-cache.js';
import type { SheetLook } from '../atspi/sheet-look.js';
import { screenSheetLook } from './screen-sheet-look.js';
import { listingNote } from './listing-note.js';
import { reusableAge, selectionKey, showsSameWindow, type RecentListing } from './listing-reuse.js';
import { AppNotRespondingError, ControlVanishedError, NoWindowSelectedError, WindowNotFoundError, WindowVanishedError } from '../errors.js';
import {
  activateWindow,
  activeWindow,
  listClientWindows,
  mappedPopups,
  modalHints,
  windowExists,
  windowGeometry,
  type XWindowInfo,
} from '../x11/window-list.js';
import { blockingModal, type AppWindow, type StackedWindow } from './occlusion.js';
import { clipRect } from './visible-area.js';
import { blockedWindowParts, unreadableRects } from './unreadable-areas.js';
import { shiftWithWindow } from './record-origin.js';
import { systemClock, type Clock } from '@ufo-ts/core';
import { XDisplay } from '../x11/x-display.js';
import { XInput } from '../x11/xtest-input.js';
import { ControlIdRegistry, isScreenTextRecord, type ControlRecord, type UnnumberedControl } from './control-ids.js';
import { notesOf, ScreenTextReader, type ScreenTextOptions, type ScreenTextResult } from './ocr-entries.js';
import { captureScreen } from '../x11/screen-capture.js';
import type { ControlSelection } from './control-selection.js';
import { alignTopLevels, noteModalTopLevels, shownControls, topLevelWindows } from './shown-controls.js';
import { listWindowTargets, publicSummary, topLevelsForWindow, type WindowSummary, type WindowTarget } from './window-catalog.js';
import { refreshForAction, refreshForListing } from './window-refresh.js';

/** Options of {@link DesktopSession.open}. */
export interface DesktopSessionOptions {
  /** X display, e.g. `:3`. */
  display: string;
  /** The desktop's D-Bus session bus address (where `org.a11y.Bus` lives). */
  sessionBusAddress: string;
  /** Per-call timeout of accessibility calls in milliseconds. Default 5000. */
  atspiCallTimeoutMs?: number;
  /**
   * How listings read the accessible tree: `maxNodes`, the most objects one listing reads (default 1500; a bigger
   * tree is cut and the listing's `notes` say so), and `cache`, keep each application's tree between listings and
   * re-read only what AT-SPI events say changed (default true), and `onScreenOnly`, skip hidden subtrees and the
   * off-screen rows of long lists and tables (default true).
   */
  treeReading?: { maxNodes?: number; cache?: boolean; onScreenOnly?: boolean };
  /** Text read from the window's pixels as listed entries (see `OcrMode`). Default: none (no recognizer, `off`). */
  ocr?: ScreenTextOptions;
  /** Time for the waits of actions and the age of listings. Default the system clock. */
  clock?: Clock;
}

/** The selected window and how to map its accessible extents to the screen. */
export interface SelectedWindow {
  target: WindowTarget;
  /** Accessible top-levels of the window (main frame first, then its dialogs). */
  topLevels: AccessibleRef[];
}

/** A control listing of the selected window. */
export interface ControlListing {
  window: WindowSummary;
  controls: ControlRecord[];
  /** Window rectangle at listing time (screen coordinates). */
  windowRect: XywhRect;
  /** Notes about the listing (e.g. why no text was read from the screen). */
  notes?: string[];
}

/**
 * The live state the tool servers share: connections to one desktop's accessibility bus and X display, the
 * selected window and the current control listing. One per tool-server process (all MCP sessions share it).
 */
export class DesktopSession {
  readonly controlIds = new ControlIdRegistry();
  private selected: SelectedWindow | undefined;
  /** Said by the next listing: the selection followed the focus because the selected window closed. */
  private selectionNote: string | undefined;
  /** Counts actions: a listing made before the latest action is never reused. */
  private actionEpoch = 0;
  private latestListing: RecentListing | undefined;
  /** X windows whose top-level had the AT-SPI state `modal` in a listing (not always in `_NET_WM_STATE`), for {@link blockingDialog}. */
  private atspiModal = new Set<number>();
  /** How listings read the tree (see {@link DesktopSessionOptions.treeReading}). */
  private treeReading: NonNullable<DesktopSessionOptions['treeReading']> = {};
  /** Each application's tree kept between listings (made at the first listing). */
  private treeCache: TreeCache | undefined;
  /** Sheets' cells read before, with the look of their boxes (a sheet's cells are read only where its pixels changed). */
  private sheetLook: SheetLook | undefined;

  private constructor(
    /** AT-SPI client of the desktop. */
    readonly atspi: AtspiClient,
    /** X connection of the desktop. */
    readonly x: XDisplay,
    /** XTEST input on that connection. */
    readonly input: XInput,
    /** Reads listing entries from the window's pixels (OCR). */
    readonly screenText: ScreenTextReader = new ScreenTextReader(),
    /** Time for the waits of actions (deadlines use `monotonic()`) and the age of listings. */
    readonly clock: Clock = systemClock,
  ) {}

  /** Connects to a desktop's accessibility bus and X display. */
  static async open(options: DesktopSessionOptions): Promise<DesktopSession> {
    const atspi = await AtspiClient.connect({ sessionBusAddress: options.sessionBusAddress, callTimeoutMs: options.atspiCallTimeoutMs });
    try {
      const x = await XDisplay.open(options.display);
      const session = new DesktopSession(atspi, x, await XInput.create(x), new ScreenTextReader(options.ocr), options.clock ?? systemClock);
      session.treeReading = options.treeReading ?? {};
      return session;
    } catch (error) {
      atspi.close();
      throw error;
    }
  }

  /** Closes both connections. */
  close(): void {
    this.treeCache?.close();
    this.atspi.close();
    this.x.close();
  }

  /** Top-level windows with their program names and pids. */
  async listWindows(): Promise<WindowTarget[]> {
    return listWindowTargets(this.atspi, this.x);
  }

  /** Selects a window by id (from `listWindows`), raises and focuses it, and forgets the previous control listing. */
  async selectWindow(id: string): Promise<SelectedWindow> {
    const windows = await this.listWindows();
    const target = windows.find((w) => w.id === String(id).trim());
    if (!target) {
      throw new WindowNotFoundError(
        `no window with id "${id}"; the windows are: ${windows.map((w) => `${w.id} (${w.root_name}: ${JSON.stringify(w.title)})`).join(', ') || 'none'}`,
      );
    }
    const topLevels = target.app ? await topLevelsForWindow(this.atspi, target.app, target.title, await this.appWindowTitles(target.pid)) : [];
    await activateWindow(this.x, target.windowId);
    this.selected = { target, topLevels };
    this.controlIds.useWindow(target.windowId);
    return this.selected;
  }

  /**
   * The selected window, checked to still exist (its geometry, title and top-levels refreshed). When no window
   * was selected yet, the focused window is selected implicitly (a single-tier agent never calls
   * `select_application_window`); with no focused window either, {@link NoWindowSelectedError}.
   *
   * With `forAction`, only what an action on an already listed control needs is checked: the window exists (its
   * geometry refreshed) and its application answers; the top-levels are those of the last listing. With
   * `followFocus` (a listing), a selected window that closed gives way to the focused window of the same
   * application, and the next listing's notes say so; otherwise a closed window is {@link WindowVanishedError}.
   */
  async requireSelected(options: { forAction?: boolean; followFocus?: boolean } = {}): Promise<SelectedWindow> {
    const selected = this.selected ?? (await this.selectFocused());
    if (!selected) throw new NoWindowSelectedError();
    const { target } = selected;
    if (!(await windowExists(this.x, target.windowId))) {
      // a listing follows the focus to the same application's window now in front (a dialog closed: its main
      // window), and says so; a window of another application is not taken for it
      const focused = options.followFocus && !options.forAction ? await this.focusedTarget() : undefined;
      if (focused && focused.windowId !== target.windowId && focused.pid !== null && focused.pid === target.pid) {
        await this.selectTarget(focused);
        this.selectionNote = `The selected window ${JSON.stringify(target.title)} was closed; the focused window ${JSON.stringify(focused.title)} of the same application is listed now.`;
        return this.requireSelected(options);
      }
      throw new WindowVanishedError(
        `the selected window ${target.id} (${target.root_name}: ${JSON.stringify(target.title)}) no longer exists: it was closed. List the windows and select another one`,
      );
    }
    this.selected = options.forAction ? await refreshForAction(this.atspi, this.x, selected) : await refreshForListing(this.atspi, this.x, selected);
    return this.selected;
  }

  /** The error for an application that does not answer accessibility calls (see {@link AppNotRespondingError}). */
  notResponding(target: WindowTarget, cause?: unknown): AppNotRespondingError {
    return new AppNotRespondingError(
      `${target.root_name} (pid ${target.pid ?? '?'}, window ${target.id}) is not answering accessibility calls: it is busy, or blocked in a modal dialog's nested event loop. ` +
        "Its controls cannot be listed now, but pointer input still reaches it: click its dialog's buttons where a screenshot shows them (click_on_coordinates), or close the dialog with close_window; then list the controls again",
      { cause },
    );
  }

  private async selectFocused(): Promise<SelectedWindow | undefined> {
    const target = await this.focusedTarget();
    return target ? this.selectTarget(target) : undefined;
  }

  /** The window that has the focus, as listed. */
  private async focusedTarget(): Promise<WindowTarget | undefined> {
    const focused = await activeWindow(this.x).catch(() => undefined);
    return focused === undefined ? undefined : (await this.listWindows()).find((w) => w.windowId === focused);
  }

  /** Selects a listed window without raising it (an implicit selection). */
  private async selectTarget(target: WindowTarget): Promise<SelectedWindow> {
    const topLevels = target.app ? await topLevelsForWindow(this.atspi, target.app, target.title, await this.appWindowTitles(target.pid)).catch(() => []) : [];
    this.selected = { target, topLevels };
    this.controlIds.useWindow(target.windowId);
    return this.selected;
  }

  /** The note of a selection that followed the focus (once), for the next listing. */
  private takeSelectionNote(): string[] {
    const note = this.selectionNote;
    this.selectionNote = undefined;
    return note ? [note] : [];
  }

  /** The selected window without checks, if any (`select_application_window` or implicit). */
  get current(): SelectedWindow | undefined {
    return this.selected;
  }

  /**
   * Raises and focuses the selected window before real input, unless it or another window of the same application
   * (its dialog) has the focus: keys meant for an open dialog must not go to the window behind it. Pass the result
   * of a {@link requireSelected} made in the same action to skip checking the window again.
   */
  async focusSelected(checked?: SelectedWindow): Promise<SelectedWindow> {
    const selected = checked ?? (await this.requireSelected());
    const active = await activeWindow(this.x).catch(() => undefined);
    if (active === selected.target.windowId) return selected;
    const activePid = active === undefined ? undefined : (await this.x.cardinals(active, '_NET_WM_PID').catch(() => undefined))?.[0];
    if (activePid === undefined || activePid !== selected.target.pid) await activateWindow(this.x, selected.target.windowId);
    return selected;
  }

  /**
   * Marks an action (input, a window selected or closed): listings made before it are not reused by
   * {@link listControls}'s `reuseWithinMs`. The tool server calls it before and after every action tool.
   */
  noteAction(): void {
    this.actionEpoch += 1;
  }

  /**
   * Lists the selected window's controls. With `reuseWithinMs`, the latest listing is returned as it is when it is
   * of the same window and selection, no action ran since, the window has not moved, and it is at most that old: an
   * annotated screenshot taken right after a listing then shows exactly the controls (and ids) that listing gave.
   */
  async listControls(selection: Omit<ControlSelection, 'within'> = {}, options: { reuseWithinMs?: number } = {}): Promise<ControlListing> {
    const key = selectionKey(selection);
    const recent = this.latestListing;
    const epoch = this.actionEpoch;
    if (reusableAge(recent, key, epoch, this.clock, options.reuseWithinMs)) {
      // only what reuse needs: the window still exists, where it was, and its application answers
      const target = await this.requireSelected({ forAction: true }).then(
        (selected) => selected.target,
        (error: unknown) => {
          // a closed window is not reused: the listing below follows the focus
          if (error instanceof WindowVanishedError) return undefined;
          throw error;
        },
      );
      if (target && showsSameWindow(recent, target) && this.actionEpoch === epoch) return recent.listing;
    }
    const { target, topLevels } = await this.requireSelected({ followFocus: true });
    const summary = publicSummary(target);
    if (target.app && !target.responding) throw this.notResponding(target);
    const filtered = selection.roles !== undefined && selection.includeAll !== true;
    if (!target.app || topLevels.length === 0) {
      // no accessibility tree: what the window's pixels show is the listing
      const ocr = await this.screenTextOf(target, undefined, filtered);
      const notes = [...this.takeSelectionNote(), ...(notesOf(ocr).notes ?? [])];
      const listing = {
        window: summary,
        controls: this.controlIds.assign(
          target.windowId,
          ocr.entries,
          ocr.entries.map(() => -1),
          { complete: !filtered },
        ),
        windowRect: target.rect,
        ...(notes.length ? { notes } : {}),
      };
      this.latestListing = { windowId: target.windowId, key, epoch, at: this.clock.monotonic(), listing };
      return listing;
    }
    let tree: AccessibleNode;
    const maxNodes = this.treeReading.maxNodes ?? DEFAULT_MAX_NODES;
    const treeStats = emptyTreeReadStats();
    try {
      this.treeCache ??= new TreeCache(this.atspi, { enabled: this.treeReading.cache !== false });
      tree = await this.treeCache.read(target.app, {
        topLevelPaths: topLevels.map((t) => t.path),
        maxNodes,
        stats: treeStats,
        onScreenOnly: this.treeReading.onScreenOnly,
        sheetLook: (this.sheetLook ??= screenSheetLook(this.x)),
      });
    } catch (error) {
      if (isVanishedError(error))
        throw new WindowVanishedError(`the application of window ${target.id} (${target.root_name}) left the accessibility bus`, { cause: error });
      if (isTimeoutError(error)) throw this.notResponding(target, error);
      throw error;
    }
    const appWindows = (await listClientWindows(this.x)).filter((w) => w.pid === target.pid);
    const origins = await this.toScreenCoordinates(target, tree, appWindows);
    const shifts = alignTopLevels(tree);
    const topWindows = topLevelWindows(tree, appWindows, target.windowId);
    const stack = await this.stackingOrder(appWindows);
    // what a person can use: while a modal dialog of the application is open, its other windows take no input
    noteModalTopLevels(tree, topWindows, this.atspiModal);
    const modalStack = stack.length > 1 ? await this.withModalHints(stack, appWindows) : [];
    const popups = selection.includeAll ? [] : await this.popupRects();
    const screen = { width: this.x.width, height: this.x.height };
    const shown = await shownControls(this.atspi, tree, selection, { origins, shifts, topWindows, stack, modalStack, popups, screen });
    const ocr = await this.screenTextOf(target, shown.controls, filtered, [...unreadableRects(tree), ...blockedWindowParts(shown.windows)]);
    const records = this.controlIds.assign(target.windowId, [...shown.controls, ...ocr.entries], [...shown.parents, ...ocr.entries.map(() => -1)], {
      complete: selection.roles === undefined || selection.includeAll === true,
    });
    const treeNote = listingNote(treeStats, maxNodes);
    const notes = [...this.takeSelectionNote(), ...(treeNote ? [treeNote] : []), ...(notesOf(ocr).notes ?? [])];
    const listing = { window: summary, controls: records, windowRect: target.rect, ...(notes.length > 0 ? { notes } : {}) };
    this.latestListing = { windowId: target.windowId, key, epoch, at: this.clock.monotonic(), listing };
    return listing;
  }

  /**
   * The modal dialog of the selected window's application that blocks the window a listed control is in, as the
   * windows are now: its input is ignored until the dialog closes (see `blockingModal`). Undefined when
   * nothing blocks it, or its window is not known.
   */
  async blockingDialog(record: Pick<ControlRecord, 'topWindow'>): Promise<AppWindow | undefined> {
    const own = record.topWindow;
    const pid = this.selected?.target.pid;
    if (own === undefined || pid === null || pid === undefined) return undefined;
    const appWindows = (await listClientWindows(this.x)).filter((w) => w.pid === pid);
    if (appWindows.length < 2) return undefined;
    return blockingModal(own, await this.withModalHints(await this.stackingOrder(appWindows), appWindows));
  }

  /** Current screen rectangle of a listed control (fresh extents). Throws when the control is gone. */
  async controlRect(record: ControlRecord): Promise<XywhRect | undefined> {
    // text read from the screen has no accessible object: its box as read, following the window if it moved
    if (isScreenTextRecord(record)) return record.rect && shiftWithWindow(record, this.selected?.target.rect);
    try {
      const box = await this.atspi.extents(record.ref);
      if (box.width <= 0 || box.height <= 0 || box.x < -1e6) return undefined;
      const rect = { x: box.x + record.origin.x, y: box.y + record.origin.y, width: box.width, height: box.height };
      return (record.clip && clipRect(rect, record.clip)) || rect;
    } catch (error) {
      if (isVanishedError(error)) throw this.vanished(record, error);
      throw error;
    }
  }

  /** The error for a control whose accessible object is gone. */
  vanished(record: ControlRecord, cause: unknown): ControlVanishedError {
    return new ControlVanishedError(`control ${record.id} (${record.role} ${JSON.stringify(record.name)}) no longer exists: list the controls again`, {
      cause,
    });
  }

  private async isWindowRelativeToolkit(app: AccessibleRef): Promise<boolean> {
    const toolkit = await this.atspi.toolkit(app).catch(() => ({ name: '', version: '' }));
    return /^gtk$/i.test(toolkit.name) && toolkit.version.startsWith('4.');
  }

  /**
   * Converts extents to screen coordinates in place and returns the offset used for each top-level. GTK 4
   * reports extents relative to the toplevel window; each top-level (main frame, dialogs) is its own X window,
   * matched by title.
   */
  private async toScreenCoordinates(target: WindowTarget, tree: AccessibleNode, windows: readonly XWindowInfo[]): Promise<{ x: number; y: number }[]> {
    if (!target.app || !(await this.isWindowRelativeToolkit(target.app))) return tree.children.map(() => ({ x: 0, y: 0 }));
    return tree.children.map((top) => {
      const rect = windows.find((w) => w.title === top.name)?.geometry ?? target.rect;
      const origin = { x: rect.x, y: rect.y };
      const shift = (node: AccessibleNode): void => {
        if (node.extents) node.extents = { ...node.extents, x: node.extents.x + origin.x, y: node.extents.y + origin.y };
        node.children.forEach(shift);
      };
      shift(top);
      return origin;
    });
  }

  /** The OCR entries of a listing of `target` (see {@link ScreenTextReader}); `controls` undefined: no tree. */
  private screenTextOf(
    target: WindowTarget,
    controls: UnnumberedControl[] | undefined,
    filtered: boolean,
    unreadable: XywhRect[] = [],
  ): Promise<ScreenTextResult> {
    return this.screenText.entries({
      unreadable,
      windowId: target.windowId,
      windowRect: target.rect,
      screen: { width: this.x.width, height: this.x.height },
      controls,
      filtered,
      capture: (rect) => captureScreen(this.x, rect),
      readText: (c) => (DesktopSession.implements(c, 'text') ? this.atspi.text(c.ref) : Promise.resolve(undefined)),
    });
  }

  /** Titles of the X windows of a process (its main window and dialogs). */
  private async appWindowTitles(pid: number | null): Promise<string[]> {
    if (pid === null) return [];
    return (await listClientWindows(this.x).catch(() => [])).filter((w) => w.pid === pid).map((w) => w.title);
  }

  /** Screen rectangles of the open popups (menus, combo box lists: override-redirect windows). */
  private async popupRects(): Promise<XywhRect[]> {
    const ids = await mappedPopups(this.x).catch(() => []);
    const rects = await Promise.all(ids.map((id) => windowGeometry(this.x, id).catch(() => undefined)));
    return rects.filter((r): r is XywhRect => r !== undefined);
  }

  /** The application's windows in stacking order, bottom first (`_NET_CLIENT_LIST_STACKING`; list order without it). */
  private async stackingOrder(windows: readonly XWindowInfo[]): Promise<StackedWindow[]> {
    const stacking = await this.x.cardinals(this.x.root, '_NET_CLIENT_LIST_STACKING').catch(() => undefined);
    const ordered = stacking ? stacking.map((id) => windows.find((w) => w.id === id)).filter((w): w is XWindowInfo => w !== undefined) : windows;
    return ordered.map((w) => ({ id: w.id, rect: w.geometry }));
  }

  /** The windows of a stack with their titles, modal state (X hint or AT-SPI `modal`) and transient parent. */
  private async withModalHints(stack: readonly StackedWindow[], windows: readonly XWindowInfo[]): Promise<AppWindow[]> {
    const hints = await Promise.all(stack.map((w) => modalHints(this.x, w.id)));
    return stack.map((w, i) => ({
      id: w.id,
      title: windows.find((x) => x.id === w.id)?.title ?? '',
      modal: hints[i]!.modal || this.atspiModal.has(w.id),
      transientFor: hints[i]!.transientFor,
    }));
  }

  /** Whether an object implements an AT-SPI interface (by its listed interfaces). */
  static implements(record: { interfaces: readonly string[] }, iface: keyof typeof ATSPI_IFACE): boolean {
    return record.interfaces.includes(ATSPI_IFACE[iface]);
  }
}
