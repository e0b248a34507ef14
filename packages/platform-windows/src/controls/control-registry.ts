import type { ElementRecord, PatternName } from '../bridge/protocol.js';
import type { Rect } from '@ufo-ts/desktop-common';
import { UnknownTargetIdError } from '../errors.js';
import { findMatchingElement } from './element-matching.js';

/** One labelled control of the latest enumeration. */
export interface ControlEntry {
  /** The label the model sees: "1".."N" in enumeration order, then ids of grounded controls. */
  id: string;
  name: string;
  controlType: string;
  automationId: string;
  className: string;
  rect: Rect;
  rootHwnd: number;
  runtimeId: number[];
  patterns: PatternName[];
  selected: boolean | null;
  /** `uia` for enumerated controls, or the source given to `add_control_list` (e.g. `omniparser`). */
  source: string;
  /** Bridge element reference, absent for grounded (rectangle-only) controls. */
  ref: string | undefined;
  /** Bridge generation the ref belongs to. */
  generation: number;
}

/** A control found by visual grounding (UFO's `add_control_list` TargetInfo). */
export interface GroundedControl {
  id?: string | null;
  name?: string | null;
  type?: string | null;
  rect: [number, number, number, number];
  source?: string | null;
}

/**
 * The id ↔ control table of one selected window (UFO's `control_dict`). Ids are valid only against the latest
 * enumeration: `replace` starts a new one ("1".."N" in order), `addGrounded` appends visual detections after the
 * highest numeric id, and `rebind` re-attaches the same labels to a fresher bridge snapshot without renumbering.
 */
export class ControlRegistry {
  private entries = new Map<string, ControlEntry>();
  private enumerationCount = 0;

  /** How many enumerations this registry has seen (0 = none yet). */
  get enumeration(): number {
    return this.enumerationCount;
  }

  get size(): number {
    return this.entries.size;
  }

  /** All entries in id order. */
  list(): ControlEntry[] {
    return [...this.entries.values()];
  }

  /** Starts a new enumeration: labels "1".."N" in the given order. */
  replace(elements: readonly ElementRecord[], generation: number): ControlEntry[] {
    this.enumerationCount += 1;
    this.entries = new Map();
    elements.forEach((element, index) => {
      const id = String(index + 1);
      this.entries.set(id, toEntry(id, element, generation));
    });
    return this.list();
  }

  /** Forgets every control (a new window was selected). */
  clear(): void {
    this.entries = new Map();
  }

  /**
   * Looks an id up.
   * @throws UnknownTargetIdError with UFO's message when the id is not in the latest enumeration.
   */
  get(id: string): ControlEntry {
    const entry = this.entries.get(id);
    if (entry) return entry;
    if (this.entries.size === 0) {
      throw new UnknownTargetIdError(
        'CONTROL_ID_UNKNOWN',
        `Control with id '${id}' not found: no controls were enumerated yet. Call get_app_window_controls_target_info first.`,
      );
    }
    throw new UnknownTargetIdError('CONTROL_ID_UNKNOWN', `Control with id '${id}' not found. Available control ids: ${pythonList([...this.entries.keys()])}`);
  }

  /**
   * Adds controls found by visual grounding; those without an id get ids after the highest numeric id. An id that
   * already exists is replaced. Returns the ids added.
   */
  addGrounded(controls: readonly GroundedControl[], generation: number): string[] {
    let next = Math.max(0, ...[...this.entries.keys()].map(Number).filter(Number.isFinite)) + 1;
    const added: string[] = [];
    for (const control of controls) {
      const id = control.id && control.id.length > 0 ? control.id : String(next++);
      const [left, top, right, bottom] = control.rect;
      this.entries.set(id, {
        id,
        name: control.name ?? '',
        controlType: control.type ?? 'Custom',
        automationId: '',
        className: '',
        rect: { left, top, right, bottom },
        rootHwnd: 0,
        runtimeId: [],
        patterns: [],
        selected: null,
        source: control.source ?? 'grounding',
        ref: undefined,
        generation,
      });
      const numeric = Number(id);
      if (Number.isFinite(numeric) && numeric >= next) next = numeric + 1;
      added.push(id);
    }
    return added;
  }

  /**
   * Re-attaches existing labels to the elements of a newer bridge snapshot (after the bridge restarted or an
   * element went stale). Each label keeps its id; entries that cannot be matched keep their old ref and are
   * returned as vanished.
   */
  rebind(elements: readonly ElementRecord[], generation: number): { rebound: string[]; vanished: string[] } {
    const free = [...elements];
    const rebound: string[] = [];
    const vanished: string[] = [];
    for (const entry of this.entries.values()) {
      if (entry.ref === undefined) continue;
      const match = findMatchingElement(entry, free);
      if (!match) {
        vanished.push(entry.id);
        continue;
      }
      free.splice(free.indexOf(match), 1);
      this.entries.set(entry.id, toEntry(entry.id, match, generation));
      rebound.push(entry.id);
    }
    return { rebound, vanished };
  }
}

function toEntry(id: string, element: ElementRecord, generation: number): ControlEntry {
  return {
    id,
    name: element.name,
    controlType: element.controlType,
    automationId: element.automationId,
    className: element.className,
    rect: element.rect,
    rootHwnd: element.rootHwnd,
    runtimeId: element.runtimeId,
    patterns: element.patterns,
    selected: element.selected,
    source: 'uia',
    ref: element.ref,
    generation,
  };
}

/** Formats ids the way UFO's Python messages print a list: `['1', '2']`. */
export function pythonList(items: readonly string[]): string {
  return `[${items.map((i) => `'${i.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`).join(', ')}]`;
}

/** UFO's warning when the name given with an id is not that control's name (the action still ran on the id). */
export function nameMismatchWarning(id: string, trueName: string, givenName: string): string {
  return `Warning: The name of your chosen control id ${id} is ${trueName}, but the name argument is ${givenName}. The action is performed on control ${id}:${trueName}.`;
}
