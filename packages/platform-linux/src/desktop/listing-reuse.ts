// Reusing the latest control listing (`reuseWithinMs` of `DesktopSession.listControls`): only for the same selection,
// with no action since, within the given age, and of the same window, not moved, whose application answers.
import type { Clock } from '@ufo-ts/core';
import { sameRect } from '../atspi/accessible-node.js';
import type { ControlSelection } from './control-selection.js';
import type { ControlListing } from './desktop-session.js';
import type { WindowTarget } from './window-catalog.js';

/** The latest control listing, kept for reuse. */
export interface RecentListing {
  windowId: number;
  /** The selection it was made with (see {@link selectionKey}). */
  key: string;
  /** The action count when it began. */
  epoch: number;
  /** When it was made (the session clock's `monotonic()`). */
  at: number;
  listing: ControlListing;
}

/** What tells selections apart for reuse: the roles asked for and `includeAll`. */
export function selectionKey(selection: Omit<ControlSelection, 'within'>): string {
  return JSON.stringify([selection.roles ?? null, selection.includeAll === true]);
}

/**
 * Whether `recent` may be reused as far as can be told without looking at its window: reuse is asked for
 * (`reuseWithinMs`), it was made with the same selection, no action ran since it began (`epoch`, the current action
 * count), and it is at most `reuseWithinMs` old.
 */
export function reusableAge(
  recent: RecentListing | undefined,
  key: string,
  epoch: number,
  clock: Clock,
  reuseWithinMs: number | undefined,
): recent is RecentListing {
  return reuseWithinMs !== undefined && recent !== undefined && recent.key === key && recent.epoch === epoch && clock.monotonic() - recent.at <= reuseWithinMs;
}

/** Whether `target`, just checked, is the window `recent` was made of, in the same place, with its application answering. */
export function showsSameWindow(recent: RecentListing, target: WindowTarget): boolean {
  return recent.windowId === target.windowId && (target.responding || !target.app) && sameRect(recent.listing.windowRect, target.rect);
}
