import type { Command, DispatchTarget, Result } from '@ufo-ts/core';
import type { ActionFacts, AppFacts, ControlFacts } from './facts.js';

/** A listed control: its facts, its box `[left, top, right, bottom]` and whether it had the focus. */
interface KnownControl extends ControlFacts {
  rect?: readonly [number, number, number, number];
}

/** What is known about one dispatch target (agent, root, process). */
interface TargetState {
  controls: Map<string, KnownControl>;
  windows: Map<string, AppFacts>;
  app?: AppFacts;
  /** The control that has the focus, as it was listed, when {@link TargetState.focusKnown}. */
  focusedFacts?: KnownControl | undefined;
  focusKnown?: boolean;
}

/** Tools whose `id` names a window, not a control. */
const WINDOW_ID_TOOLS = new Set(['select_application_window', 'close_window']);
/** Tools that send text or keys to the focused control when they name none. */
const FOCUS_TOOLS = /^(type_text|keyboard_input|type_keys|send_keys|input_text|set_text|type|hold_keys)$/i;

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function rectOf(value: unknown): KnownControl['rect'] {
  if (Array.isArray(value) && value.length === 4 && value.every((v) => typeof v === 'number')) return value as unknown as KnownControl['rect'];
  if (value && typeof value === 'object') {
    const r = value as Record<string, unknown>;
    if (typeof r.x === 'number' && typeof r.y === 'number' && typeof r.width === 'number' && typeof r.height === 'number')
      return [r.x, r.y, r.x + r.width, r.y + r.height];
  }
  return undefined;
}

function controlOf(entry: Record<string, unknown>): KnownControl {
  const rect = rectOf(entry.rect);
  return {
    role: str(entry.role) ?? str(entry.type) ?? str(entry.control_type),
    name: str(entry.name) ?? '',
    label: str(entry.label),
    ...(rect ? { rect } : {}),
  };
}

function appOf(entry: Record<string, unknown>): AppFacts {
  return { title: str(entry.title) ?? str(entry.name), process: str(entry.root_name) ?? str(entry.process_name) ?? str(entry.type) };
}

function keyOf(target: DispatchTarget): string {
  return `${target.agent}::${target.process ?? ''}::${target.root ?? ''}`;
}

/**
 * Learns, from the commands and results that pass through a dispatcher, what a later command acts on: the
 * controls of the latest listing (`controls` of `get_controls`, `get_app_window_controls_target_info`, ...: id,
 * role or type, name, label, box, focused state), the windows of the latest window list and the selected window,
 * and the control that has the focus (the focused one of the listing). A command's target is the control its `id` names, or the smallest listed control whose box holds its
 * `x`/`y`, or for a key or text tool without an id the focused control; it is `undefined` (not known) when none of
 * these is known, and `null` for a tool that acts on no control (a shell command, a launch, a window selection).
 * Any action that runs forgets the listing and the focus (it may change the screen, move the focus, and on some
 * platforms ids are per listing): both are known again after the next listing, which the engine takes before each
 * step's first action (and before each further one with batch validation). Per dispatch target. The screen can
 * also change with no action through the dispatcher (a dialog opening on its own, a person at the desktop); what
 * the last listing said is then used until the next listing or action.
 *
 * @example
 * ```ts
 * const tracker = new TargetTracker();
 * tracker.observe(listCommand, listResult, target);
 * policy.evaluate(tracker.factsOf(clickCommand, target));
 * ```
 */
export class TargetTracker {
  private readonly states = new Map<string, TargetState>();
  private readonly maxTargets: number;

  /** @param options.maxTargets dispatch targets remembered at once (the oldest forgotten first; default 64). */
  constructor(options: { maxTargets?: number } = {}) {
    this.maxTargets = options.maxTargets ?? 64;
  }

  private state(target: DispatchTarget): TargetState {
    const key = keyOf(target);
    let state = this.states.get(key);
    if (!state) {
      if (this.states.size >= this.maxTargets) this.states.delete(this.states.keys().next().value!);
      state = { controls: new Map(), windows: new Map() };
      this.states.set(key, state);
    }
    return state;
  }

  /** Learns from a command that ran (or failed) and its result. */
  observe(command: Command, result: Result, target: DispatchTarget): void {
    const state = this.state(target);
    if (command.tool_type === 'action') {
      // an action may change the screen: the listing's ids may now name other controls (on some platforms ids are
      // per listing) and the focus may have moved, so both are forgotten until the next listing
      state.controls = new Map();
      state.focusedFacts = undefined;
      state.focusKnown = false;
    }
    if (result.status !== 'success') return;
    const value = result.result && typeof result.result === 'object' ? (result.result as Record<string, unknown>) : undefined;
    const controls = Array.isArray(value?.controls)
      ? value.controls
      : Array.isArray(result.result) && command.tool_type === 'data_collection'
        ? result.result
        : undefined;
    if (controls) {
      state.controls = new Map();
      state.focusedFacts = undefined;
      state.focusKnown = false;
      for (const entry of controls) {
        if (!entry || typeof entry !== 'object') continue;
        const e = entry as Record<string, unknown>;
        const id = str(e.id) ?? (typeof e.id === 'number' ? String(e.id) : undefined);
        if (id === undefined) continue;
        state.controls.set(id, controlOf(e));
        if ((Array.isArray(e.states) && e.states.includes('focused')) || e.focused === true) {
          state.focusedFacts = state.controls.get(id);
          state.focusKnown = true;
        }
      }
      if (value?.window && typeof value.window === 'object') state.app = appOf(value.window as Record<string, unknown>);
    }
    if (Array.isArray(value?.windows)) {
      state.windows = new Map();
      for (const w of value.windows)
        if (w && typeof w === 'object' && (w as { id?: unknown }).id !== undefined)
          state.windows.set(String((w as { id: unknown }).id), appOf(w as Record<string, unknown>));
    }
    if (command.tool_name === 'select_application_window') {
      state.app = value ? appOf(value) : state.windows.get(String(command.parameters.id));
      state.focusedFacts = undefined;
      state.focusKnown = false;
    }
  }

  private controlAt(state: TargetState, x: number, y: number): string | undefined {
    let best: string | undefined;
    let bestArea = Infinity;
    for (const [id, c] of state.controls) {
      const r = c.rect;
      if (!r || x < r[0] || x >= r[2] || y < r[1] || y >= r[3]) continue;
      const area = (r[2] - r[0]) * (r[3] - r[1]);
      if (area < bestArea) {
        best = id;
        bestArea = area;
      }
    }
    return best;
  }

  /** The facts a policy is evaluated on for `command` sent to `target`. */
  factsOf(command: Command, target: DispatchTarget): ActionFacts {
    const state = this.states.get(keyOf(target));
    const args = command.parameters;
    const app: AppFacts | undefined =
      command.tool_name === 'select_application_window'
        ? (state?.windows.get(String(args.id)) ?? (str(args.name) ? { title: str(args.name) } : undefined))
        : (state?.app ?? (target.process || target.root ? { process: target.process ?? target.root } : undefined));
    return { tool: command.tool_name, toolType: command.tool_type, arguments: args, target: this.targetOf(command, state), app };
  }

  private targetOf(command: Command, state: TargetState | undefined): ControlFacts | null | undefined {
    const args = command.parameters;
    const id = args.id;
    const known = (key: string | undefined): ControlFacts | undefined => {
      const c = key === undefined ? undefined : state?.controls.get(key);
      return c ? { role: c.role, name: c.name, label: c.label } : undefined;
    };
    if (WINDOW_ID_TOOLS.has(command.tool_name)) return null;
    if ((typeof id === 'string' && id !== '') || typeof id === 'number') return known(String(id));
    if (typeof args.x === 'number' && typeof args.y === 'number') return state ? known(this.controlAt(state, args.x, args.y)) : undefined;
    if (FOCUS_TOOLS.test(command.tool_name))
      return state?.focusKnown && state.focusedFacts
        ? { role: state.focusedFacts.role, name: state.focusedFacts.name, label: state.focusedFacts.label }
        : undefined;
    if (/click|drag|wheel|scroll/i.test(command.tool_name)) return undefined;
    return null;
  }
}
