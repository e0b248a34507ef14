import type { ListedItem, PromptListing } from '@ufo-ts/processor-strategies';
import type { ControlRef, ReferenceStep } from '../grounded/reference-steps.js';
import { normalizeName } from '../grounded/resolve.js';

/** The roles a reference accepts, normalised (empty when it names none). */
export function refRoles(ref: ControlRef): string[] {
  return ref.role === undefined ? [] : (Array.isArray(ref.role) ? ref.role : [ref.role]).map(normalizeName);
}

/** Whether two listed controls have the same role. */
export function sameRole(a: ListedItem, b: ListedItem): boolean {
  return normalizeName(a.role) === normalizeName(b.role);
}

/** What a line says besides its id, shown text and states: role, name and caption (`labelled "Name:"`). */
function looks(item: ListedItem): string {
  const caption = item.rest.replace(/\s*\[[^\]"]*\]\s*(?:\(agent\))?$/, '').replace(/(?:^|\s)shows\s+"(?:[^"\\]|\\.)*"/, '');
  return `${normalizeName(item.role)}|${normalizeName(item.name)}|${normalizeName(caption)}`;
}

/** Whether two listed controls look the same to a model (role, name and caption; ids, shown text and states aside). */
export function looksEqual(a: ListedItem, b: ListedItem): boolean {
  return looks(a) === looks(b);
}

/** Whether the control listing differs between two prompts. */
export function listingChanged(before: PromptListing | undefined, after: PromptListing): boolean {
  if (!before) return false;
  const lines = (l: PromptListing) => l.controls.map((c) => c.line.trim()).join('\n');
  return lines(before) !== lines(after);
}

/**
 * The nearest control in listing order with the same role as `item` and a different, non-empty name (so a click
 * on it naming `item` is a clear id/name mismatch); undefined when there is none.
 */
export function neighbourOf(listing: PromptListing, item: ListedItem): ListedItem | undefined {
  const at = listing.controls.findIndex((c) => c.id === item.id);
  if (at < 0) return undefined;
  const fits = (c: ListedItem | undefined): c is ListedItem =>
    c !== undefined && c.id !== item.id && sameRole(c, item) && c.name.trim() !== '' && normalizeName(c.name) !== normalizeName(item.name);
  for (let distance = 1; distance < listing.controls.length; distance += 1) {
    const before = listing.controls[at - distance];
    if (fits(before)) return before;
    const after = listing.controls[at + distance];
    if (fits(after)) return after;
  }
  return undefined;
}

/**
 * A hasty model's guess for a control the listing lacks: the focused control of a role the reference accepts,
 * else the first such control (never a disabled one); with no role in the reference, the focused control.
 */
export function guessControl(listing: PromptListing, ref: ControlRef): ListedItem | undefined {
  const roles = refRoles(ref);
  const candidates = listing.controls.filter((c) => !c.states.includes('disabled') && (roles.length === 0 || roles.includes(normalizeName(c.role))));
  return candidates.find((c) => c.states.includes('focused')) ?? (roles.length === 0 ? undefined : candidates[0]);
}

/** The name a model would give the control a reference means (its name, else its caption). */
export function intendedName(ref: ControlRef): string | undefined {
  return ref.name ?? ref.label ?? ref.afterLabel;
}

/** Whether a listed control is a menu of a menu bar (role `menu`). */
export function isMenu(item: ListedItem): boolean {
  return normalizeName(item.role) === 'menu';
}

/** Whether a menu is open in the listing (menu items are listed only while their menu shows). */
export function menuOpen(listing: PromptListing): boolean {
  return listing.controls.some(
    (c) => /menu item$/.test(normalizeName(c.role)) || (isMenu(c) && (c.states.includes('expanded') || c.states.includes('selected'))),
  );
}

/** Whether a reference step clicks a menu (`{ click: { role: 'menu', … } }`). */
export function clicksMenu(step: ReferenceStep | undefined): step is ReferenceStep & { click: ControlRef } {
  return step !== undefined && 'click' in step && refRoles(step.click).includes('menu');
}

/** Whether a reference step acts on the app (not a window selection, a wait or the finish). */
export function actsOnApp(step: ReferenceStep | undefined): boolean {
  if (step === undefined) return false;
  if ('all' in step) return step.all.some((a) => !('selectWindow' in a) && !('wait' in a));
  return 'click' in step || 'type' in step || 'setText' in step || 'keys' in step;
}

/** Whether a listed control's name ends with an ellipsis (by convention, a menu item that opens a dialog). */
export function opensDialog(item: ListedItem): boolean {
  return /(?:\.\.\.|…)\s*$/.test(item.name);
}
