// The controls of a listing's accessible tree that a person sees and can use: on screen, in a window no modal dialog
// of the application blocks, not covered by another of its windows, each shown once, placed in screen coordinates.
import { rectCenter, rectFromXywh } from '@ufo-ts/desktop-common';
import type { AccessibleNode, XywhRect } from '../atspi/accessible-node.js';
import type { AtspiClient } from '../atspi/atspi-client.js';
import type { XWindowInfo } from '../x11/window-list.js';
import type { UnnumberedControl } from './control-ids.js';
import { controlDisplayName, keepSelected, selectControls, withoutRepeats, type ControlSelection } from './control-selection.js';
import { alignEmbeddedRootPanes, type ExtentShift } from './embedded-root-pane.js';
import { labelUnnamedFields } from './field-labels.js';
import { blockingModal, coveringWindow, type AppWindow, type StackedWindow } from './occlusion.js';
import { withShift } from './record-origin.js';
import { clipRect, clipToAncestors } from './visible-area.js';

/**
 * The state a listing adds to a control that lies wholly outside the visible area of a scrolling container (a
 * check box below a scroll area's viewport): it is not drawn where its extents say (see `clipToAncestors`).
 */
export const OFF_SCREEN = 'off-screen';

/**
 * Places a tree's extents where they are drawn: embedded root panes are aligned with their hosts (see
 * `alignEmbeddedRootPanes`) and every object is clipped to its ancestors' visible areas (see `clipToAncestors`).
 * Returns the shift of each aligned object.
 */
export function alignTopLevels(tree: AccessibleNode): Map<AccessibleNode, ExtentShift> {
  const shifts = new Map<AccessibleNode, ExtentShift>();
  for (const top of tree.children) for (const [node, shift] of alignEmbeddedRootPanes(top)) shifts.set(node, shift);
  for (const top of tree.children) clipToAncestors(top);
  return shifts;
}

/** The X window of each top-level of a tree, matched by title (the first one: the selected window when none matches). */
export function topLevelWindows(tree: AccessibleNode, appWindows: readonly XWindowInfo[], selectedWindow: number): (number | undefined)[] {
  return tree.children.map(
    (top, i) => (appWindows.find((w) => w.title === top.name) ?? (i === 0 ? appWindows.find((w) => w.id === selectedWindow) : undefined))?.id,
  );
}

/** Records which windows' top-levels have the AT-SPI state `modal` now (in `modal`, a set of X window ids). */
export function noteModalTopLevels(tree: AccessibleNode, topWindows: readonly (number | undefined)[], modal: Set<number>): void {
  tree.children.forEach((top, i) => {
    const own = topWindows[i];
    if (own === undefined) return;
    if (top.states.includes('modal')) modal.add(own);
    else modal.delete(own);
  });
}

/** Where the application's windows are, for {@link shownControls}. */
export interface WindowLayout {
  /** The offset of each top-level's extents to screen coordinates. */
  origins: readonly { x: number; y: number }[];
  /** The shift of each object aligned by {@link alignTopLevels}. */
  shifts: ReadonlyMap<AccessibleNode, ExtentShift>;
  /** The X window of each top-level (see {@link topLevelWindows}). */
  topWindows: readonly (number | undefined)[];
  /** The application's windows in stacking order, bottom first. */
  stack: readonly StackedWindow[];
  /** The windows of the stack with their modal state (empty for a single window: nothing can block it). */
  modalStack: readonly AppWindow[];
  /** Screen rectangles of the open popups (none when every control is listed). */
  popups: readonly XywhRect[];
  /** The screen's size. */
  screen: { width: number; height: number };
}

/** What {@link shownControls} found. */
export interface ShownControls {
  controls: UnnumberedControl[];
  /** The index of each control's listed parent in `controls` (-1: none). */
  parents: number[];
  /** Each top-level's window rectangle and whether a modal dialog blocks it. */
  windows: { rect: XywhRect | undefined; blocked: boolean }[];
}

/**
 * The controls of a tree (its extents in screen coordinates) that a listing gives: what a person can use (while a
 * modal dialog of the application is open, its other windows take no input) and sees (controls of a window that a
 * dialog of the same application covers are left out, and a control shown twice, same role, name and place, is
 * listed once). With `includeAll`, every selected control.
 */
export async function shownControls(
  atspi: AtspiClient,
  tree: AccessibleNode,
  selection: Omit<ControlSelection, 'within'>,
  layout: WindowLayout,
): Promise<ShownControls> {
  const { origins, shifts, topWindows, stack, modalStack, popups, screen } = layout;
  const blocked = topWindows.map((own) => (own === undefined ? undefined : blockingModal(own, modalStack)));
  const visible = selectControls(tree, { ...selection, within: selection.includeAll ? undefined : { x: 0, y: 0, width: screen.width, height: screen.height } });
  const ownRect = (topIndex: number) => stack.find((w) => w.id === topWindows[topIndex])?.rect;
  const uncovered = selection.includeAll
    ? visible
    : keepSelected(visible, ({ node, topIndex }) => {
        const own = topWindows[topIndex];
        if (blocked[topIndex]) return false;
        if (own === undefined || !node.extents) return true;
        // a control drawn neither in its own window nor in an open popup is not on screen (Qt lists a closed
        // combo box's rows at the screen's corner)
        const shownIn = [ownRect(topIndex), ...popups].filter((r): r is XywhRect => r !== undefined);
        if (shownIn.length > 0 && !shownIn.some((r) => clipRect(node.extents!, r))) return false;
        return !coveringWindow(rectCenter(rectFromXywh(node.extents)), own, stack);
      });
  const chosen = selection.includeAll
    ? uncovered
    : withoutRepeats(
        uncovered,
        uncovered.map(({ node }) => controlDisplayName(node)),
      );
  const names = chosen.map(({ node }) => controlDisplayName(node));
  const labels = await labelUnnamedFields(
    atspi,
    tree,
    chosen.map((c) => c.node),
    names,
  );
  const controls = chosen.map(({ node, depth, topIndex }, i): UnnumberedControl => ({
    ref: { bus: node.bus, path: node.path },
    origin: withShift(origins[topIndex] ?? { x: 0, y: 0 }, shifts.get(node)),
    role: node.role,
    name: names[i]!,
    rawName: node.name,
    states: node.scrolledOutOf ? [...node.states, OFF_SCREEN] : node.states,
    interfaces: node.interfaces,
    rect: node.extents,
    depth,
    ...labels[i],
    ...(topWindows[topIndex] === undefined ? {} : { topWindow: topWindows[topIndex] }),
    ...(node.clip ? { clip: node.clip } : {}),
    ...(node.scrolledOutOf ? { scrolledOutOf: node.scrolledOutOf } : {}),
    ...(node.text === undefined ? {} : { text: node.text }),
    ...(node.attributes === undefined ? {} : { attributes: node.attributes }),
    ...(node.sheetCell ? { sheetCell: node.sheetCell } : {}),
  }));
  const windows = tree.children.map((_, i) => ({ rect: ownRect(i), blocked: Boolean(blocked[i]) }));
  return { controls, parents: chosen.map((c) => c.parentIndex), windows };
}
