import { TaskSuiteError } from '../errors.js';
import { ReferenceStepSchema, type ControlRef, type ReferenceAction, type ReferenceStep } from './reference-steps.js';
import { describeRef, findControl, findWindow } from './resolve.js';
import { visibleCentre, type ScreenLocate, type ScreenSnapshot } from './screen-locate.js';

/** A size in pixels. */
export interface PixelSize {
  width: number;
  height: number;
}

/**
 * One computer action as the player means it, with coordinates in the pixels of the screenshot the request carried.
 * `keys` are the names of one key combination (`['ctrl', 's']`, `['Return']`), in xdotool's spelling.
 */
export type ScreenAction =
  | { kind: 'click'; x: number; y: number; button: 'left' | 'right' | 'middle'; double?: boolean }
  | { kind: 'type'; text: string }
  | { kind: 'keys'; keys: string[] }
  | { kind: 'wait'; seconds: number };

/** The player's answer to one request: actions to run, or the end of the task with its final text. */
export type ScreenReply = { actions: ScreenAction[]; thought: string } | { finish: string };

/** Options of {@link ScreenReferencePlayer}. */
export interface ScreenReferencePlayerOptions {
  /** The reference solution, one entry per reply. */
  steps: readonly ReferenceStep[];
  /** Reads the live accessibility tree (windows, the focused window's controls with their rects). */
  locate: ScreenLocate;
  /** The screen's size in pixels (the rects' space). */
  screen: PixelSize;
  /** Names the solution in errors (the task id). */
  label?: string;
  /** How many times one step may wait for what it names to appear before it fails (default 8). */
  patience?: number;
  /** Seconds one wait asks for (default 1). */
  waitSeconds?: number;
  /**
   * The key combination that brings the next window to the front (default `alt+Tab`: the window manager's
   * switcher), for a `selectWindow` step whose window is not focused and is covered.
   */
  switchWindowKeys?: string[];
}

type Resolved = { actions: ScreenAction[] } | { missing: string } | { pending: ScreenAction[]; why: string };

/**
 * Plays a reference solution (the steps a {@link GroundedModel} plays from the prompt's listing) as a computer-use
 * model would: each step's references are resolved against the live accessibility tree of the focused window, and
 * answered with computer actions at the control's centre, in the pixels of the screenshot the request carried
 * (scaled from screen pixels). `click` → a click; `type` into a field → a click on it, then typing; `setText` →
 * click, `ctrl+a`, typing; `keys` → key presses; `selectWindow` → nothing when the window is focused, else the
 * window manager's switch keys until it is; `wait` → a wait; `finish` → the final text. A reference not on screen
 * yet is waited for (`patience` times), then the reply fails with `REFERENCE_NOT_ON_SCREEN`.
 *
 * @example
 * ```ts
 * const player = new ScreenReferencePlayer({ steps: task.solution(ctx), locate, screen: { width: 1280, height: 800 } });
 * const reply = await player.next({ width: 1280, height: 800 }); // { actions: [{ kind: 'click', x: 40, y: 12, button: 'left' }], ... }
 * ```
 */
export class ScreenReferencePlayer {
  /** The error that ended the solution, when one did. */
  failure: TaskSuiteError | undefined;
  /** Replies given (waits included). */
  calls = 0;
  private readonly steps: readonly ReferenceStep[];
  private readonly label: string;
  private readonly patience: number;
  private readonly waitSeconds: number;
  private readonly switchKeys: string[];
  private index = 0;
  private waits = 0;
  /** The step whose `when` has been met (it is not checked again while the step plays). */
  private whenMet = -1;
  /** A window switch was pressed by the previous reply: wait once for it before pressing again. */
  private switched = false;

  constructor(private readonly options: ScreenReferencePlayerOptions) {
    this.steps = options.steps.map((step) => ReferenceStepSchema.parse(step));
    this.label = options.label ?? 'reference solution';
    this.patience = options.patience ?? 8;
    this.waitSeconds = options.waitSeconds ?? 1;
    this.switchKeys = options.switchWindowKeys ?? ['alt', 'Tab'];
  }

  /** Whether every step has been played. */
  get done(): boolean {
    return this.index >= this.steps.length;
  }

  /** The reply to a request whose last screenshot has `image`'s size. */
  async next(image: PixelSize): Promise<ScreenReply> {
    this.calls += 1;
    while (this.index < this.steps.length) {
      const step = this.steps[this.index]!;
      const snapshot = await this.options.locate();
      if (step.when !== undefined && this.whenMet !== this.index) {
        if (!findControl(snapshot.listing, step.when)) return this.wait(step, `no control with ${describeRef(step.when)} yet`, snapshot);
        // met once is enough: the step's own actions (a window switch) may take the control out of sight
        this.whenMet = this.index;
      }
      if ('finish' in step) {
        this.index += 1;
        return { finish: step.result ?? 'The task is done.' };
      }
      const actions: ScreenAction[] = [];
      for (const action of 'all' in step ? step.all : [step]) {
        const resolved = this.resolve(action, snapshot, image);
        if ('missing' in resolved) return this.wait(step, resolved.missing, snapshot);
        if ('pending' in resolved) return this.pending(step, resolved, snapshot);
        actions.push(...resolved.actions);
      }
      this.index += 1;
      this.waits = 0;
      this.switched = false;
      // a step with nothing to do (its window is already in front): play the next one in this reply
      if (actions.length > 0) return { actions, thought: `Step ${this.index} of the reference solution, located on the screen.` };
    }
    throw this.fail(new TaskSuiteError('SOLUTION_EXHAUSTED', `${this.label}: asked for reply ${this.calls} but all ${this.steps.length} steps were played`));
  }

  private resolve(action: ReferenceAction, snapshot: ScreenSnapshot, image: PixelSize): Resolved {
    const at = (ref: ControlRef, clickable: boolean): { x: number; y: number } | { missing: string } => {
      const control = findControl(snapshot.listing, ref);
      if (!control) return { missing: `no control with ${describeRef(ref)} in the focused window ${JSON.stringify(snapshot.focused?.name ?? '(none)')}` };
      if (clickable && control.states.includes('disabled')) return { missing: `the control with ${describeRef(ref)} is disabled` };
      const rect = snapshot.rects.get(control.id);
      if (!rect) return { missing: `the control with ${describeRef(ref)} has no place on the screen` };
      return this.toImage(visibleCentre(rect, this.options.screen), image);
    };
    const click = (p: { x: number; y: number }, extra: Partial<Extract<ScreenAction, { kind: 'click' }>> = {}): ScreenAction => ({
      kind: 'click',
      x: p.x,
      y: p.y,
      button: 'left',
      ...extra,
    });
    if ('click' in action) {
      const p = at(action.click, true);
      if ('missing' in p) return p;
      return { actions: [click(p, { ...(action.button ? { button: action.button } : {}), ...(action.double ? { double: true } : {}) })] };
    }
    if ('setText' in action) {
      const p = at(action.into, false);
      if ('missing' in p) return p;
      return { actions: [click(p), { kind: 'keys', keys: ['ctrl', 'a'] }, { kind: 'type', text: action.setText }] };
    }
    if ('type' in action || 'keys' in action) {
      const before: ScreenAction[] = [];
      if (action.into !== undefined) {
        const p = at(action.into, false);
        if ('missing' in p) return p;
        before.push(click(p));
      }
      if ('type' in action) return { actions: [...before, { kind: 'type', text: action.type }] };
      return {
        actions: [
          ...before,
          ...action.keys
            .split(/\s+/)
            .filter(Boolean)
            .map((combo): ScreenAction => ({ kind: 'keys', keys: combo.split('+') })),
        ],
      };
    }
    if ('selectWindow' in action) {
      const window = findWindow(snapshot.listing, action.selectWindow);
      if (!window) return { missing: `no window with ${describeRef(action.selectWindow)}` };
      if (window.id === snapshot.focused?.id) return { actions: [] };
      return { pending: [{ kind: 'keys', keys: this.switchKeys }], why: `the window ${JSON.stringify(window.name)} is not in front` };
    }
    return { actions: [{ kind: 'wait', seconds: action.wait }] };
  }

  private toImage(point: { x: number; y: number }, image: PixelSize): { x: number; y: number } {
    const { width, height } = this.options.screen;
    return {
      x: Math.min(image.width - 1, Math.round((point.x * image.width) / width)),
      y: Math.min(image.height - 1, Math.round((point.y * image.height) / height)),
    };
  }

  /** A window switch: pressed, then waited for once, then pressed again (within `patience`). */
  private pending(step: ReferenceStep, resolved: { pending: ScreenAction[]; why: string }, snapshot: ScreenSnapshot): ScreenReply {
    if (this.switched) {
      this.switched = false;
      return this.wait(step, resolved.why, snapshot);
    }
    if (this.waits >= this.patience) return this.wait(step, resolved.why, snapshot);
    this.waits += 1;
    this.switched = true;
    return { actions: resolved.pending, thought: `${resolved.why}: switching windows.` };
  }

  private wait(step: ReferenceStep, missing: string, snapshot: ScreenSnapshot): ScreenReply {
    if (this.waits < this.patience) {
      this.waits += 1;
      return { actions: [{ kind: 'wait', seconds: this.waitSeconds }], thought: `Waiting: ${missing}.` };
    }
    const shown = snapshot.listing.controls.map((c) => c.line.trim());
    throw this.fail(
      new TaskSuiteError(
        'REFERENCE_NOT_ON_SCREEN',
        `${this.label}, step ${this.index + 1} ${JSON.stringify(step)}: ${missing} (after ${this.waits} waits). The focused window ${JSON.stringify(snapshot.focused?.name ?? '(none)')} shows ${shown.length} controls (${shown.slice(0, 40).join('; ') || 'none'}); windows: ${snapshot.windows.map((w) => `${JSON.stringify(w.name)}${w.focused ? ' (focused)' : ''}`).join(', ') || 'none'}`,
        { details: { step: this.index + 1, reference: step } },
      ),
    );
  }

  private fail(error: TaskSuiteError): TaskSuiteError {
    this.failure ??= error;
    return error;
  }
}
