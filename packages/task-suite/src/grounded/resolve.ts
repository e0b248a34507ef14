import type { ListedItem, PromptListing } from '@ufo-ts/processor-strategies';
import { ControlRefSchema, WindowRefSchema, type ControlRef, type WindowRef } from './reference-steps.js';

/** Names compare without case, repeated spaces or the difference between `...` and `…`. */
export function normalizeName(name: string): string {
  return name
    .replace(/\.\.\./g, '…')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/** Whether a listed control matches a reference. */
export function matchesControl(item: ListedItem, ref: ControlRef): boolean {
  const r = ControlRefSchema.parse(ref);
  if (r.role !== undefined) {
    const roles = (Array.isArray(r.role) ? r.role : [r.role]).map(normalizeName);
    if (!roles.includes(normalizeName(item.role))) return false;
  }
  if (r.name !== undefined && normalizeName(item.name) !== normalizeName(r.name)) return false;
  if (r.label !== undefined && !hasLabel(item, r.label)) return false;
  if (r.shows !== undefined && item.shows !== r.shows) return false;
  if (r.showsContaining !== undefined && !(item.shows ?? '').includes(r.showsContaining)) return false;
  if (r.state !== undefined && !item.states.includes(r.state)) return false;
  if (r.notState !== undefined && item.states.includes(r.notState)) return false;
  if (r.value !== undefined && item.value !== r.value) return false;
  if (r.column !== undefined && (item.column === undefined || normalizeName(item.column) !== normalizeName(r.column))) return false;
  return true;
}

function hasLabel(item: ListedItem, label: string): boolean {
  const wanted = normalizeName(label);
  if (normalizeName(item.name) === wanted) return true;
  const notes = /\b(?:label|labelled|labeled|labelled by|labeled by)\s*:?\s*"((?:[^"\\]|\\.)*)"/gi;
  for (const m of item.rest.matchAll(notes)) if (normalizeName(m[1]!) === wanted) return true;
  return false;
}

/** The control a reference names in a listing, or undefined. */
export function findControl(listing: PromptListing, ref: ControlRef): ListedItem | undefined {
  const r = ControlRefSchema.parse(ref);
  let candidates = listing.controls;
  if (r.afterLabel !== undefined) {
    const wanted = normalizeName(r.afterLabel);
    const at = candidates.findIndex((item) => normalizeName(item.role) === 'label' && normalizeName(item.name) === wanted);
    if (at < 0) return undefined;
    candidates = candidates.slice(at + 1);
  }
  return candidates.filter((item) => matchesControl(item, ref))[r.nth - 1];
}

/** The window a reference names in a listing, or undefined. */
export function findWindow(listing: PromptListing, ref: WindowRef): ListedItem | undefined {
  const r = WindowRefSchema.parse(ref);
  return listing.windows.find(
    (w) =>
      (r.title === undefined || normalizeName(w.name) === normalizeName(r.title)) &&
      (r.titleContaining === undefined || normalizeName(w.name).includes(normalizeName(r.titleContaining))),
  );
}

/** A reference in words, for error messages: `menu item "Save As…"`. */
export function describeRef(ref: ControlRef | WindowRef): string {
  const parts: string[] = [];
  const r = ref as Record<string, unknown>;
  if (r.role !== undefined) parts.push(Array.isArray(r.role) ? (r.role as string[]).join(' or ') : String(r.role));
  for (const key of ['name', 'label', 'afterLabel', 'shows', 'showsContaining', 'state', 'notState', 'value', 'column', 'title', 'titleContaining']) {
    if (r[key] !== undefined) parts.push(`${key} ${JSON.stringify(r[key])}`);
  }
  if (typeof r.nth === 'number' && r.nth > 1) parts.push(`#${r.nth}`);
  return parts.join(', ') || '(any)';
}
