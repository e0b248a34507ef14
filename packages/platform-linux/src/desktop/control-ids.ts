import type { AccessibleRef, Rect } from '../atspi/accessible-node.js';
import { ControlNotFoundError, StaleControlIdError } from '../errors.js';

/** One listed control: what the tools return about it, plus the accessible object it refers to. */
export interface ControlRecord {
  /** Enumeration-scoped id: generation letters + number, e.g. `c12`. */
  id: string;
  ref: AccessibleRef;
  role: string;
  /** Display name (see `controlDisplayName`). */
  name: string;
  states: string[];
  interfaces: string[];
  /** Screen rectangle (toolkit offsets already applied). */
  rect: Rect | undefined;
  /** What was added to the toolkit's extents to get screen coordinates (GTK 4: its window's origin). */
  origin: { x: number; y: number };
  depth: number;
  /** Id of the nearest listed ancestor. */
  parent: string | undefined;
}

/** The bijective base-26 letters of a generation number: 1 → `a`, 26 → `z`, 27 → `aa`. */
export function generationLabel(generation: number): string {
  let n = generation;
  let out = '';
  while (n > 0) {
    n -= 1;
    out = String.fromCharCode(97 + (n % 26)) + out;
    n = Math.floor(n / 26);
  }
  return out;
}

/** Splits a control id into its generation letters and number; undefined when malformed. */
export function parseControlId(id: string): { generation: string; number: number } | undefined {
  const match = /^([a-z]+)(\d+)$/.exec(id.trim());
  if (!match) return undefined;
  return { generation: match[1]!, number: Number(match[2]) };
}

/**
 * Hands out control ids and remembers the latest listing. A listing whose controls are the same accessible
 * objects, in the same order, as the previous one keeps its ids (so a control list and an annotated screenshot
 * taken one after the other agree). Any change of that set starts a new generation (ids `a1…`, then `b1…`), so
 * an id from an older listing is refused instead of being applied to whatever control now has the same number.
 */
export class ControlIdRegistry {
  private generation = 0;
  private current: { label: string; key: string; byId: Map<string, ControlRecord>; windowId: number } | undefined;

  /** Numbers a listing of a window's controls (in order) and makes it the current one. */
  assign(windowId: number, controls: readonly Omit<ControlRecord, 'id' | 'parent'>[], parents: readonly number[]): ControlRecord[] {
    const key = `${windowId}|${controls.map((c) => `${c.ref.bus}${c.ref.path}`).join('|')}`;
    if (!this.current || this.current.key !== key) {
      this.generation += 1;
      this.current = { label: generationLabel(this.generation), key, byId: new Map(), windowId };
    }
    const label = this.current.label;
    const records = controls.map((c, i) => ({ ...c, id: `${label}${i + 1}`, parent: undefined as string | undefined }));
    records.forEach((r, i) => {
      const p = parents[i] ?? -1;
      r.parent = p >= 0 ? records[p]?.id : undefined;
    });
    this.current.byId = new Map(records.map((r) => [r.id, r]));
    return records;
  }

  /** The generation letters of the current listing, if any. */
  currentGeneration(): string | undefined {
    return this.current?.label;
  }

  /** Forgets the current listing (e.g. when another window is selected): its ids become stale. */
  invalidate(): void {
    this.current = undefined;
  }

  /** The record of an id from the current listing. Throws a clear error for stale, unknown or malformed ids. */
  resolve(id: string): ControlRecord & { windowId: number } {
    const parsed = parseControlId(id);
    if (!parsed) throw new ControlNotFoundError(`"${id}" is not a control id: ids look like "a12" (letters = listing, number = control)`);
    if (!this.current) {
      if (this.generation > 0) {
        throw new StaleControlIdError(`control id "${id}" is from an earlier listing and another window was selected since: list the controls again and use the new ids`);
      }
      throw new ControlNotFoundError('no controls have been listed yet: call get_controls or capture_annotated_screenshot first');
    }
    if (parsed.generation !== this.current.label) {
      throw new StaleControlIdError(
        `control id "${id}" is from an earlier listing ("${parsed.generation}…"); the window's controls changed since and the current listing is "${this.current.label}…". Use the ids of the latest get_controls / capture_annotated_screenshot result`,
      );
    }
    const record = this.current.byId.get(id.trim());
    if (!record) throw new ControlNotFoundError(`there is no control "${id}" in the current listing (ids ${this.current.label}1 to ${this.current.label}${this.current.byId.size})`);
    return { ...record, windowId: this.current.windowId };
  }
}
