import type { ChatModel, ChatRequest, ChatResponse, ModelFeatures } from '@ufo-ts/core';
import {
  NATIVE_TOOL_FEATURES,
  readPromptListing,
  scriptedResponse,
  type ListedItem,
  type PromptListing,
  type ScriptedCall,
  type ScriptedReply,
} from '@ufo-ts/processor-strategies';
import { TaskSuiteError } from '../errors.js';
import { ReferenceStepSchema, type ControlRef, type ReferenceAction, type ReferenceStep } from './reference-steps.js';
import { describeRef, findControl, findWindow } from './resolve.js';

/** Options of {@link GroundedModel}. */
export interface GroundedModelOptions {
  /** The reference solution, one entry per reply. */
  steps: readonly ReferenceStep[];
  /** Names the solution in errors (the task id). */
  label?: string;
  /**
   * How many times one step may wait for its references to appear in the prompt (a dialog still opening)
   * before it fails (default 6). Each wait is one engine step that calls the `wait` tool.
   */
  patience?: number;
  /** Seconds one wait asks for (default 0.5). */
  waitSeconds?: number;
  /**
   * Answer with native tool calls (one per action, then `respond` with the rest of the reply) instead of JSON
   * text, and report native tool calls in `features`, as a model with function calling does.
   */
  nativeTools?: boolean;
  /**
   * Put consecutive reference steps into one reply where the path allows (default false). After the step it plays,
   * each next single-action step (`click`, `type`, `setText`, `keys`, `selectWindow`) joins the reply:
   * - with the listed id, while its control (or window) is in the current listing;
   * - by name, when the prompt says the engine looks a control up by `name` (and `role`) when its turn comes and the
   *   control is not listed yet (a menu item of the menu an earlier action opens, a field of the dialog it opens):
   *   `click_input({ name, role })`, `set_edit_text({ name, role, text })`, `type_text`/`keyboard_input` with
   *   `name`, `select_application_window({ name: title })`. Only a reference made of a `role` and a `name` (or a
   *   `label`), or a window's whole `title`, can be put that way; after an action named so (or a window
   *   selection), the listing no longer shows the screen, so every later control is named, or the batch stops.
   * A step with `when`, a `wait`, an `all` step or a reference that can be neither found nor named ends the batch; a
   * `finish` ends it too and the reply carries the batch's actions with status FINISH. When the next prompt shows
   * that an action of the batch failed or did not run (`skipped`, `not run`), play goes on from the first step
   * whose action did not succeed, on the new listing; when it shows the FINISH was rejected (`<Finish check:>`),
   * the player finishes again.
   */
  batch?: boolean;
}

/** The outcome of resolving a step against one prompt: the calls, or what was missing. */
export type Resolution = { calls: ScriptedCall[]; finish?: { result?: string } } | { missing: string };

/** A step a reply carried, with how many actions it put into the reply (for resuming after a failure). */
interface PlayedStep {
  index: number;
  actions: number;
}

/**
 * A {@link ChatModel} that plays a reference solution written in terms of what a model sees ("click the menu item
 * named 'Save As…'"). At each call it reads the control and window listings out of the prompt the engine sent,
 * finds each reference there and answers in the LinuxAgent's reply format with the listed id. A reference the
 * prompt does not contain is waited for (`patience` times), then the call fails with a
 * {@link TaskSuiteError} `REFERENCE_NOT_IN_PROMPT` naming the step and what was missing — so a passing run shows
 * both that the actions work and that the prompt carries what a model needs. With `nativeTools` it answers with
 * native tool calls, for agents in native tool mode.
 */
export class GroundedModel implements ChatModel {
  readonly provider = 'grounded';
  readonly modelId = 'grounded-reference';
  /** Native tool calls when built with `nativeTools`; absent (text only) otherwise. */
  readonly features?: ModelFeatures;
  /** The number of replies given so far (waits included). */
  calls = 0;
  /** The error that ended the solution, when one did. */
  failure: TaskSuiteError | undefined;
  /** The reference solution as parsed, one entry per step. */
  readonly steps: readonly ReferenceStep[];
  private readonly label: string;
  private readonly patience: number;
  private readonly waitSeconds: number;
  private readonly batch: boolean;
  private next = 0;
  private waits = 0;
  /** The steps whose actions the previous reply carried, while a retry of them is possible. */
  private retryable: PlayedStep[] = [];
  /** The steps the previous reply played. */
  private played: number[] = [];
  /** The `finish` step the previous reply ended with, when it did. */
  private finishedAt: number | undefined;

  constructor(options: GroundedModelOptions) {
    this.steps = options.steps.map((step) => ReferenceStepSchema.parse(step));
    this.label = options.label ?? 'reference solution';
    this.patience = options.patience ?? 6;
    this.waitSeconds = options.waitSeconds ?? 0.5;
    this.batch = options.batch ?? false;
    if (options.nativeTools) this.features = NATIVE_TOOL_FEATURES;
  }

  /** The index of the next step to play (a retry may go back to the previous reply's step). */
  get position(): number {
    return this.next;
  }

  /** The indices of the steps the previous reply played (empty after a wait, or a reply the player did not make). */
  get lastPlayed(): readonly number[] {
    return this.played;
  }

  /** Whether every step of the solution has been played. */
  get done(): boolean {
    return this.next >= this.steps.length;
  }

  async complete<T>(request: ChatRequest<T>): Promise<ChatResponse<T>> {
    this.calls += 1;
    if (request.signal?.aborted) throw request.signal.reason;
    return scriptedResponse(this.replyTo(readPromptListing(request.messages)), request, this, this.calls);
  }

  /**
   * The reference reply to one prompt's listings (what {@link complete} answers, before formatting), moving on
   * through the solution. For models built on this player.
   */
  replyTo(listing: PromptListing): ScriptedReply {
    // A model reads the results of its last actions: a failed one is tried again, on the new listing.
    if (listing.lastActionFailed && this.retryable.length > 0 && this.waits < this.patience) {
      this.next = resumeAt(this.retryable, listing);
      this.waits += 1;
    } else if (listing.finishRejected && this.finishedAt !== undefined && !listing.lastActionFailed) {
      // the engine's check rejected the FINISH once: the actions all ran, so finish again (a second FINISH stands)
      this.next = this.finishedAt;
    }
    this.finishedAt = undefined;
    this.retryable = [];
    this.played = [];
    const index = this.next;
    const step = this.steps[index];
    if (!step) {
      throw this.fail(
        new TaskSuiteError('SOLUTION_EXHAUSTED', `${this.label}: the engine asked for reply ${this.calls} but all ${this.steps.length} steps were played`),
      );
    }
    const resolution = resolveStep(step, listing);
    if ('missing' in resolution) {
      if (this.waits < this.patience) {
        this.waits += 1;
        return this.answer(`Waiting: ${resolution.missing}.`, [{ function: 'wait', arguments: { seconds: this.waitSeconds }, status: 'CONTINUE' }]);
      }
      throw this.fail(
        new TaskSuiteError(
          'REFERENCE_NOT_IN_PROMPT',
          `${this.label}, step ${index + 1} ${JSON.stringify(step)}: ${resolution.missing} (after ${this.waits} waits). The prompt listed ${listingSummary(listing)}`,
          { details: { step: index + 1, reference: step, controls: listing.controls.map((c) => c.line) } },
        ),
      );
    }
    this.next += 1;
    if (!listing.lastActionFailed) this.waits = 0;
    this.played = [index];
    if (!('all' in step) && !('finish' in step)) this.retryable = [{ index, actions: resolution.calls.length }];
    if (resolution.finish) {
      this.finishedAt = index;
      return {
        ...this.answer(`Step ${index + 1}: the task is done.`, []),
        status: 'FINISH',
        ...(resolution.finish.result !== undefined ? { result: resolution.finish.result } : {}),
      };
    }
    const calls = [...resolution.calls];
    const finish = this.batch && batchable(step) ? this.extendBatch(listing, calls, 'selectWindow' in step) : undefined;
    const last = this.played[this.played.length - 1]!;
    const thought = last === index ? `Step ${index + 1} of the reference solution.` : `Steps ${index + 1}–${last + 1} of the reference solution.`;
    if (!finish) return this.answer(thought, calls);
    // the batch ends the task: its last action carries the FINISH (the engine finishes when every action succeeded)
    calls[calls.length - 1] = { ...calls[calls.length - 1]!, status: 'FINISH' };
    return { ...this.answer(`${thought} Then the task is done.`, calls), status: 'FINISH', ...(finish.result !== undefined ? { result: finish.result } : {}) };
  }

  /**
   * Adds the next steps to the reply's calls (`batch`): by id while their controls are listed, by name where the
   * prompt allows it and they are not (see {@link GroundedModelOptions.batch}). `blind`: an action of the reply
   * already changed what the listing shows (a window selected). Gives the `finish` that ended the batch, if one did.
   */
  private extendBatch(listing: PromptListing, calls: ScriptedCall[], blind: boolean): { result?: string } | undefined {
    const named = listing.namedTargets === true;
    for (let step = this.steps[this.next]; step !== undefined && step.when === undefined; step = this.steps[this.next]) {
      if ('finish' in step) {
        this.played.push(this.next);
        this.finishedAt = this.next;
        this.next += 1;
        return step.result !== undefined ? { result: step.result } : {};
      }
      if (!batchable(step)) return undefined;
      const put = batchCall(step as ReferenceAction, listing, named, blind);
      if (!put) return undefined;
      calls.push(put.call);
      blind ||= put.blind;
      this.retryable.push({ index: this.next, actions: 1 });
      this.played.push(this.next);
      this.next += 1;
    }
    return undefined;
  }

  /**
   * For models built on this player: step `index` was played by a reply the player did not compute. Play goes on
   * after it; with `retry`, a failure of that reply's actions (as the next prompt shows) plays the step again.
   */
  markPlayed(index: number, options: { retry?: boolean; actions?: number } = {}): void {
    this.next = index + 1;
    this.played = [index];
    this.retryable = options.retry ? [{ index, actions: options.actions ?? 1 }] : [];
  }

  /**
   * For models built on this player: a reply the player did not compute was sent (a detour). Its failure must not
   * make the player retry its own previous step.
   */
  interject(): void {
    this.retryable = [];
    this.played = [];
  }

  /** A reply in the player's format: the given thought and calls, the rest of the solution as the plan. */
  answer(thought: string, action: ScriptedCall[]): ScriptedReply {
    const remaining = this.steps.slice(this.next).map((s) => JSON.stringify(s));
    return { observation: 'Read from the control listing of the prompt.', thought, action, plan: remaining, comment: '' };
  }

  private fail(error: TaskSuiteError): TaskSuiteError {
    this.failure ??= error;
    return error;
  }
}

/** Whether a step can be part of a batch: one action on the app (`click`, `type`, `setText`, `keys`, `selectWindow`). */
function batchable(step: ReferenceStep): boolean {
  return 'click' in step || 'type' in step || 'setText' in step || 'keys' in step || 'selectWindow' in step;
}

/** The control an action acts on, when it names one. */
function targetOf(action: ReferenceAction): ControlRef | undefined {
  if ('click' in action) return action.click;
  if ('setText' in action || 'type' in action || 'keys' in action) return action.into;
  return undefined;
}

/**
 * How an action joins a batch: by the listed id while the listing still shows the screen (`blind` false) and lists
 * its control, else by name when the prompt allows it (`named`) and the reference can be put so; undefined when
 * neither (the batch stops before it). `blind` in the answer: the action acts on something the listing does not
 * show, so the listing no longer shows the screen after it.
 */
function batchCall(action: ReferenceAction, listing: PromptListing, named: boolean, blind: boolean): { call: ScriptedCall; blind: boolean } | undefined {
  const call = (fn: string, args: Record<string, unknown>): ScriptedCall => ({ function: fn, arguments: args, status: 'CONTINUE' });
  if ('selectWindow' in action) {
    // windows keep their ids: a listed one is selected by id whatever ran before
    const window = findWindow(listing, action.selectWindow);
    if (window) return { call: call('select_application_window', { id: window.id, name: window.name }), blind: true };
    const { title, titleContaining } = action.selectWindow;
    return named && title !== undefined && titleContaining === undefined
      ? { call: call('select_application_window', { name: title }), blind: true }
      : undefined;
  }
  if ('wait' in action) return undefined;
  const ref = targetOf(action);
  const listed = ref === undefined || blind ? undefined : findControl(listing, ref);
  if (ref === undefined || listed) {
    // keys into the focused window, or a control this listing shows (a disabled one may be named: see below)
    const resolution = resolveActions([action], listing);
    if (!('missing' in resolution)) return { call: resolution.calls[0]!, blind: false };
    if (ref === undefined) return undefined;
  }
  const target = named ? namedTarget(ref) : undefined;
  if (!target) return undefined;
  if ('click' in action) {
    return {
      call: call('click_input', {
        ...target,
        ...(action.button ? { button: action.button } : {}),
        ...(action.double ? { double: true } : {}),
        ...(action.method ? { method: action.method } : {}),
      }),
      blind: !listed,
    };
  }
  if ('setText' in action) return { call: call('set_edit_text', { ...target, text: action.setText, clear_current_text: true }), blind: !listed };
  if ('type' in action) return { call: call('type_text', { text: action.type, ...target }), blind: !listed };
  return { call: call('keyboard_input', { keys: action.keys, ...target }), blind: !listed };
}

/**
 * A control reference as the engine looks it up by name: `{ name, role }` from a reference made only of one `role`
 * and a `name` or a `label` (the engine compares the listed name and the caption of an unnamed field); undefined
 * for any other reference (a place in the listing, what it shows, a state, the n-th match, several roles).
 */
export function namedTarget(ref: ControlRef): { name: string; role?: string } | undefined {
  const { role, name, label, nth, ...rest } = ref;
  if (Object.values(rest).some((v) => v !== undefined) || (nth !== undefined && nth !== 1)) return undefined;
  if (role !== undefined && typeof role !== 'string') return undefined;
  if ((name === undefined) === (label === undefined)) return undefined;
  const shown = (name ?? label)!;
  if (shown.trim() === '') return undefined;
  return { name: shown, ...(role !== undefined ? { role } : {}) };
}

/** The step of the first action of the previous reply that did not succeed, as the prompt reports them. */
function resumeAt(played: readonly PlayedStep[], listing: PromptListing): number {
  const outcomes = listing.lastActions;
  if (!outcomes) return played[0]!.index;
  let line = 0;
  for (const step of played) {
    const mine = outcomes.slice(line, line + step.actions);
    if (mine.length < step.actions || mine.some((o) => !o.succeeded)) return step.index;
    line += step.actions;
  }
  return played[0]!.index;
}

/**
 * Finds the control a reference names: in the listing by default; models built on the player may pass their own
 * (a guess when the listing lacks it).
 */
export type ControlFinder = (listing: PromptListing, ref: ControlRef) => ListedItem | undefined;

/** Resolves one step against a prompt's listings. */
export function resolveStep(step: ReferenceStep, listing: PromptListing): Resolution {
  if (step.when !== undefined && !findControl(listing, step.when)) return { missing: `no control with ${describeRef(step.when)} yet` };
  if ('finish' in step) return { calls: [], finish: step.result !== undefined ? { result: step.result } : {} };
  return resolveActions('all' in step ? step.all : [step], listing);
}

/** Resolves actions against a prompt's listings (`find` finds their controls; default: in the listing). */
export function resolveActions(actions: readonly ReferenceAction[], listing: PromptListing, find: ControlFinder = findControl): Resolution {
  const calls: ScriptedCall[] = [];
  for (const action of actions) {
    const call = resolveAction(action, listing, find);
    if ('missing' in call) return call;
    calls.push(call);
  }
  return { calls };
}

function resolveAction(action: ReferenceAction, listing: PromptListing, find: ControlFinder): ScriptedCall | { missing: string } {
  const control = (ref: ControlRef): ListedItem | { missing: string } =>
    find(listing, ref) ?? { missing: `no control with ${describeRef(ref)} in the control listing` };
  const call = (fn: string, args: Record<string, unknown>): ScriptedCall => ({ function: fn, arguments: args, status: 'CONTINUE' });
  if ('click' in action) {
    const c = control(action.click);
    if ('missing' in c) return c;
    // A model does not click a control the prompt lists as disabled: it waits for it to be enabled.
    if (c.states.includes('disabled')) return { missing: `the control [${c.id}] with ${describeRef(action.click)} is listed as disabled` };
    return call('click_input', {
      id: c.id,
      name: c.name,
      ...(action.button ? { button: action.button } : {}),
      ...(action.double ? { double: true } : {}),
      ...(action.method ? { method: action.method } : {}),
    });
  }
  if ('setText' in action) {
    const c = control(action.into);
    if ('missing' in c) return c;
    return call('set_edit_text', { id: c.id, name: c.name, text: action.setText, clear_current_text: true });
  }
  if ('type' in action || 'keys' in action) {
    const into = action.into === undefined ? undefined : control(action.into);
    if (into && 'missing' in into) return into;
    const id = into ? { id: into.id } : {};
    return 'type' in action ? call('type_text', { text: action.type, ...id }) : call('keyboard_input', { keys: action.keys, ...id });
  }
  if ('selectWindow' in action) {
    const w = findWindow(listing, action.selectWindow);
    if (!w) return { missing: `no window with ${describeRef(action.selectWindow)} in the window listing` };
    return call('select_application_window', { id: w.id, name: w.name });
  }
  return call('wait', { seconds: action.wait });
}

function listingSummary(listing: PromptListing): string {
  const controls = listing.controls.map((c) => c.line.trim());
  const windows = listing.windows.map((w) => w.line.trim());
  return `${controls.length} controls (${controls.join('; ') || 'none'}) and ${windows.length} windows (${windows.join('; ') || 'none'})`;
}
