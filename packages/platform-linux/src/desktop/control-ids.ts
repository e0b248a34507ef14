import type { AccessibleRef, XywhRect, SheetCellPlace } from '../atspi/accessible-node.js';
import { ControlNotFoundError, ControlVanishedError, StaleControlIdError } from '../errors.js';

/** One listed control: what the tools return about it, plus the accessible object it refers to. */
export interface ControlRecord {
  /** Stable id: window letters + number, e.g. `a12`. The same accessible object keeps it while it exists. */
  id: string;
  ref: AccessibleRef;
  role: string;
  /** Display name (see `controlDisplayName`). */
  name: string;
  /** The accessible name as the toolkit reports it (checked again before acting). */
  rawName: string;
  states: string[];
  interfaces: string[];
  /** Screen rectangle (toolkit offsets already applied). */
  rect: XywhRect | undefined;
  /** What was added to the toolkit's extents to get screen coordinates (GTK 4: its window's origin). */
  origin: { x: number; y: number };
  depth: number;
  /** Id of the nearest listed ancestor. */
  parent: string | undefined;
  /** For unnamed inputs and combo boxes: the caption of the label that describes it (see `labelUnnamedFields`). */
  label?: string;
  /** The visible area of the control's containers, when it is narrower than the control's own extents. */
  clip?: XywhRect;
  /**
   * The visible area of the scrolling container (viewport, scroll area, list …) that the control lies wholly outside
   * of when listed: it is scrolled out of view (listed with the state `off-screen`).
   */
  scrolledOutOf?: XywhRect;
  /** The control's text when it was read with the tree (a sheet's cells), so the listing need not ask again. */
  text?: string;
  /** The control's attributes when they were read with the tree (a sheet's cells: LibreOffice's `Formula`). */
  attributes?: Record<string, string>;
  /** A sheet's cell: its table and place (its id follows the place; its object is asked for again to act). */
  sheetCell?: SheetCellPlace;
  /** The X window of the top-level (main window or dialog) the control is in, when known. */
  topWindow?: number;
  /** Where {@link label} comes from: a `labelled-by` relation, or the nearest label beside or above (`inferred`). */
  labelSource?: 'relation' | 'container' | 'inferred';
  /**
   * `ocr`: not an accessible object but text read from the window's pixels (see `ocr-entries.ts`). Its `ref` is
   * synthetic and must never be sent to AT-SPI (`interfaces` is empty; check {@link isScreenTextRecord} first).
   */
  source?: 'ocr';
  /** How sure the text recognizer was of an `ocr` entry's text, 0 to 1. */
  confidence?: number;
}

/** Whether a record is text read from the screen (OCR), whose `ref` is no accessible object. */
export function isScreenTextRecord(record: Pick<ControlRecord, 'source'>): boolean {
  return record.source === 'ocr';
}

/** A control of a listing before it has an id. */
export type UnnumberedControl = Omit<ControlRecord, 'id' | 'parent'>;

/** The bijective base-26 letters of a number: 1 → `a`, 26 → `z`, 27 → `aa`. */
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

/** Splits a control id into its window letters and number; undefined when malformed. */
export function parseControlId(id: string): { generation: string; number: number } | undefined {
  const match = /^([a-z]+)(\d+)$/.exec(id.trim());
  if (!match) return undefined;
  return { generation: match[1]!, number: Number(match[2]) };
}

/** Ids handed out for one window. */
interface WindowIds {
  windowId: number;
  label: string;
  next: number;
  /** Id by accessible object (`bus` + `path`). */
  idByObject: Map<string, string>;
  /** The latest known record of every live id. */
  live: Map<string, ControlRecord>;
  /** Records of ids whose object was missing from the latest complete listing (kept to explain the refusal; revived if it comes back). */
  gone: Map<string, ControlRecord>;
}

/** Options of {@link ControlIdRegistry.assign}. */
export interface AssignOptions {
  /**
   * The listing covers the whole window (no role filter): objects known before and missing now have left the
   * window, and their ids are refused as gone. A filtered listing leaves other ids alone. Default true.
   */
  complete?: boolean;
}

/** What an id stands for: an accessible object, or a sheet's cell by its place (its object is new at each read). */
const objectKey = (control: Pick<ControlRecord, 'ref' | 'sheetCell'>): string => {
  const { ref, sheetCell: cell } = control;
  return cell ? `${ref.bus}${cell.table.path}#${cell.row},${cell.column}` : `${ref.bus}${ref.path}`;
};

/**
 * Hands out control ids that stay put: within a window, an accessible object keeps its id for as long as it
 * exists (a sheet's cell for as long as its table does: it is known by its place), whatever listing (full, filtered by role, annotated screenshot) shows it, and new objects (a dialog
 * that opened, a menu that popped up) get new numbers. An id is refused — never applied to another control —
 * when its object left the window, when its object now has another role, or when another window is selected.
 * Each window has its own letters (`a…` for the first window listed, `b…` for the next).
 */
export class ControlIdRegistry {
  private readonly windows = new Map<number, WindowIds>();
  private current: WindowIds | undefined;
  private selectedWindow: number | undefined;

  /** Gives ids to a listing of a window's controls (in order) and makes that window the current one. */
  assign(windowId: number, controls: readonly UnnumberedControl[], parents: readonly number[], options: AssignOptions = {}): ControlRecord[] {
    const ids = this.windowIds(windowId);
    this.current = ids;
    const seen = new Set<string>();
    const records = controls.map((control) => {
      const key = objectKey(control);
      let id = ids.idByObject.get(key);
      const known = id === undefined ? undefined : (ids.live.get(id) ?? ids.gone.get(id));
      if (id === undefined || !known || known.role !== control.role) {
        if (id !== undefined && known) ids.gone.set(id, known);
        if (id !== undefined) ids.live.delete(id);
        ids.next += 1;
        id = `${ids.label}${ids.next}`;
        ids.idByObject.set(key, id);
      }
      seen.add(id);
      return { ...control, id, parent: undefined as string | undefined };
    });
    records.forEach((r, i) => {
      const p = parents[i] ?? -1;
      r.parent = p >= 0 ? records[p]?.id : undefined;
      ids.live.set(r.id, r);
      ids.gone.delete(r.id);
    });
    if (options.complete !== false) {
      for (const [id, record] of ids.live) {
        if (seen.has(id)) continue;
        ids.live.delete(id);
        ids.gone.set(id, record);
      }
    }
    return records;
  }

  /** The records of the current window's live ids (those of its latest listings), in id order. */
  liveRecords(): ControlRecord[] {
    return this.current ? [...this.current.live.values()] : [];
  }

  /** The letters of the current window's ids, if a window was listed. */
  currentGeneration(): string | undefined {
    return this.current?.label;
  }

  /** Another window was selected: ids of other windows are refused until theirs is listed again. */
  useWindow(windowId: number): void {
    this.selectedWindow = windowId;
    this.current = this.windows.get(windowId);
  }

  /** The record of an id of the current window. Throws a clear error for ids of another window, gone, unknown or malformed. */
  resolve(id: string): ControlRecord & { windowId: number } {
    const parsed = parseControlId(id);
    if (!parsed) throw new ControlNotFoundError(`"${id}" is not a control id: ids look like "a12" (letters = window, number = control)`);
    const owner = [...this.windows.values()].find((w) => w.label === parsed.generation);
    if (!owner) {
      if (!this.current) throw new ControlNotFoundError('no controls have been listed yet: call get_controls or capture_annotated_screenshot first');
      throw new ControlNotFoundError(`there is no control "${id}": the selected window's ids start with "${this.current.label}"`);
    }
    const selected = this.selectedWindow ?? this.current?.windowId;
    if (owner.windowId !== selected) {
      throw new StaleControlIdError(
        `control id "${id}" belongs to another window (${owner.windowId}) than the selected one: select that window again or use the ids of the latest listing`,
      );
    }
    const key = id.trim();
    const record = owner.live.get(key);
    if (record) return { ...record, windowId: owner.windowId };
    const gone = owner.gone.get(key);
    if (gone) {
      throw new ControlVanishedError(
        `control ${key} (${gone.role} ${JSON.stringify(gone.name)}) is not in the window's latest listing: it closed or moved out of view. List the controls again and use the ids shown`,
      );
    }
    throw new ControlNotFoundError(`there is no control "${key}" in this window (ids so far: ${owner.label}1 to ${owner.label}${owner.next})`);
  }

  /**
   * The latest record of an id of the selected window, whether its control is in the latest listing or was left out
   * of it (to explain why it cannot be used); undefined for unknown, malformed or other windows' ids.
   */
  lastKnown(id: string): ControlRecord | undefined {
    const parsed = parseControlId(id);
    const owner = parsed && [...this.windows.values()].find((w) => w.label === parsed.generation);
    if (!owner || owner.windowId !== (this.selectedWindow ?? this.current?.windowId)) return undefined;
    return owner.live.get(id.trim()) ?? owner.gone.get(id.trim());
  }

  private windowIds(windowId: number): WindowIds {
    let ids = this.windows.get(windowId);
    if (!ids) {
      ids = { windowId, label: generationLabel(this.windows.size + 1), next: 0, idByObject: new Map(), live: new Map(), gone: new Map() };
      this.windows.set(windowId, ids);
    }
    this.selectedWindow = windowId;
    return ids;
  }
}
