import type { ChatMessage, ChatModel, ChatRequest, ChatResponse, ModelFeatures, ReplyCache } from '@ufo-ts/core';
import { canonicalJson } from '@ufo-ts/core/internal';
import { readPromptListing, scriptedResponse, type ActionOutcome, type PromptListing, type ScriptedCall } from '@ufo-ts/processor-strategies';
import type { CachedRun, CachedStep } from './cached-run-schema.js';
import { fillTemplate, fillValues } from './cache-variables.js';
import { CONTROL_ID_ARGUMENT, WINDOW_ROLE } from './record-steps.js';
import { describeTarget, resolveTarget, type ListedControl } from './resolve-target.js';
import { listedControl, PromptListings } from './prompt-listings.js';
import type { ReplayDivergence } from './cached-run-player.js';
import type { ReplayAwareModel } from '../journal/journaling-model.js';
import { SessionError } from '../errors.js';
import { effectDifference, reportedChanges } from './effect-match.js';

const REPLAY_OBSERVATION = 'Replaying a cached run of this task (no model call).';
const REPLAY_COMMENT = 'From the action cache.';

/** What happened to one cached step in a session (see {@link CachedRunModelOptions.onStep}). */
export interface CacheStepEvent {
  /** The step (0-based) of the cached run. */
  step: number;
  /**
   * `hit`: the cached call ran and showed its effect; `healed`: the session's model was asked instead;
   * `handed-over`: the model has the rest of the task; `failed`: healing is off and the session ends here.
   */
  outcome: 'hit' | 'healed' | 'handed-over' | 'failed';
  /** Why the model was asked (absent on a hit). */
  reason?: ReplayDivergence;
  detail?: string;
}

/** Options of {@link CachedRunModel}. */
export interface CachedRunModelOptions {
  run: CachedRun;
  /** This run's values of the cached run's variables. */
  variables?: Readonly<Record<string, string>>;
  /** The session's own model: asked for a step the cached run cannot take (self-heal), never another model. */
  model: ChatModel;
  /** How many times one step may be handed to the model before the model gets the rest of the task. Default 1. */
  healsPerStep?: number;
  /**
   * `false`: never ask the model; a step the cached run cannot take ends the session with `ACTION_CACHE_DIVERGED`
   * (its `details` say which step and why). Default true: the session's model takes the step (self-heal).
   */
  heal?: boolean;
  /** Called as the session replays each cached step, with what happened to it (a hit, a heal, a hand-over or a failure). */
  onStep?: (event: CacheStepEvent) => void;
  /**
   * A resumed session: the cache annotations of the replies the session received before (from its action journal,
   * oldest first). Cached steps they sent are never sent again.
   */
  history?: readonly ReplyCache[];
}

/**
 * A {@link ChatModel} that answers from a cached run while it can and asks the session's own model when it cannot.
 * Each call it reads the prompt as a model would: the outcome of the previous reply's action (it must have run and,
 * when the cached run saw a visible change, shown one) and the listing, where the next cached step's control is
 * found again by its description. A step whose control is not found (or not the only one), or whose action failed
 * or showed nothing, goes to the session's model with the cached plan in the prompt; play goes back to the plan
 * when the next cached step's control is there again, and a step handed over twice leaves the rest of the task to
 * the model. A cached step is never sent twice: one whose action ran (whatever it showed) counts as done.
 *
 * Each reply says where it came from (`cache`: `hit`, `healed` with the reason, or `miss` once handed over).
 * Placed inside the session's journaling model, its replies are journaled like a model's, annotations included:
 * a resumed session gets back the position its `history` and the journal's replays say, and does not send a
 * cached step again.
 */
export class CachedRunModel implements ReplayAwareModel {
  readonly provider: string;
  readonly modelId: string;
  /** Calls that went to the session's model. */
  modelCalls = 0;
  /** Cached steps that ran and showed their effect. */
  hits = 0;
  /** Steps handed to the model. */
  healed = 0;
  /** The listing of each step's prompt (a healed run is recorded with it). */
  readonly listings = new PromptListings();
  private next = 0;
  /** Replies given (tool-call ids of each are unique). */
  private replies = 0;
  /** The cached steps the last reply sent: `count` from `first` on; their outcomes are in the next prompt. */
  private pending: { first: number; count: number } | undefined;
  private handedOver = false;
  /** The previous reply was the model's. */
  private asked = false;
  private readonly heals = new Map<number, number>();
  /** The step the model was last asked to take in place of the cached call (its control was not found). */
  private standIn: number | undefined;
  private readonly variables: Readonly<Record<string, string>>;

  constructor(private readonly options: CachedRunModelOptions) {
    this.provider = options.model.provider;
    this.modelId = options.model.modelId;
    this.variables = options.variables ?? {};
    // every placeholder has a value before anything is sent (ACTION_CACHE_VARIABLE_MISSING otherwise)
    fillValues(options.run.steps, this.variables);
    for (const reply of options.history ?? []) this.follow(reply);
  }

  /** A reply the journal gave in this model's place (a resumed step): the position moves as if it had sent it. */
  replayed(_request: ChatRequest, response: ChatResponse): void {
    if (response.cache) this.follow(response.cache);
  }

  /** Moves the position past a reply given before, from its annotation. */
  private follow(reply: ReplyCache): void {
    this.replies += 1;
    if (reply.outcome === 'hit') {
      if (reply.step === undefined) {
        // the cached run's own FINISH
        this.next = this.options.run.steps.length;
        this.pending = undefined;
        return;
      }
      this.pending = { first: reply.step, count: reply.count ?? 1 };
      this.next = Math.max(this.next, reply.step);
      this.asked = false;
      return;
    }
    if (this.pending !== undefined) this.next = Math.max(this.next, this.pending.first + this.pending.count);
    this.pending = undefined;
    this.asked = true;
    if (reply.outcome === 'miss') this.handedOver = true;
    else if (reply.step !== undefined) {
      this.next = Math.max(this.next, reply.step);
      this.heals.set(reply.step, (this.heals.get(reply.step) ?? 0) + 1);
    }
  }

  /** Tool calls only for a request that offers tools (native tool mode); a text-mode request wants the JSON reply. */
  private replyShape(request: ChatRequest): { provider: string; modelId: string; features?: ModelFeatures | undefined } {
    return request.tools?.length ? this : { provider: this.provider, modelId: this.modelId };
  }

  get features(): ModelFeatures | undefined {
    return this.options.model.features;
  }

  /** Whether every cached step ran as cached (no step went to the model). */
  get servedWholly(): boolean {
    return this.modelCalls === 0 && this.next >= this.options.run.steps.length;
  }

  async complete<T = unknown>(request: ChatRequest<T>): Promise<ChatResponse<T>> {
    this.listings.note(request);
    if (this.handedOver) return this.ask(request, undefined, { outcome: 'miss' });
    const listing = readPromptListing(request.messages);
    const steps = this.options.run.steps;
    if (this.pending !== undefined) {
      const { first, count } = this.pending;
      this.pending = undefined;
      for (let k = 0; k < count; k += 1) {
        const index = first + k;
        const outcome = listing.lastActions?.[k];
        // a later action of the reply that the engine did not run (its control changed): it may be sent again
        if (k > 0 && outcome && notRun(outcome)) break;
        this.next = index + 1;
        if (!outcome?.succeeded)
          return this.heal(
            request,
            index + 1,
            'STEP_FAILED',
            `cached step ${index + 1} (${steps[index]!.function}) did not succeed: ${outcome?.line ?? 'no outcome'}`,
          );
        if (steps[index]!.effect?.changed && noVisibleChange(outcome))
          return this.heal(request, index + 1, 'EFFECT_NOT_SEEN', `cached step ${index + 1} (${steps[index]!.function}) showed no visible change`);
        const otherControl = actedElsewhere(steps[index]!, outcome, this.variables);
        if (otherControl)
          return this.heal(
            request,
            index + 1,
            'WRONG_TARGET',
            `cached step ${index + 1} (${steps[index]!.function}) acted on ${otherControl}, not on its cached control`,
          );
        const differs = effectDifference(steps[index]!.effect, reportedChanges(outcome.detail), this.variables);
        if (differs) return this.heal(request, index + 1, 'EFFECT_DIFFERS', `after cached step ${index + 1} (${steps[index]!.function}) ${differs}`);
        this.hits += 1;
        this.options.onStep?.({ step: index, outcome: 'hit' });
      }
    }
    // after the model was asked: the plan's next step may be what the model just did (never send it again)
    if (this.asked) {
      this.asked = false;
      this.next += doneByModel(steps, this.next, listing.lastActions ?? [], listing, this.variables, this.standIn);
      this.standIn = undefined;
    }
    if (this.next >= steps.length) {
      const response = scriptedResponse(
        { observation: REPLAY_OBSERVATION, thought: 'Every step of the cached run is done.', action: [], plan: [], comment: REPLAY_COMMENT, status: 'FINISH' },
        request,
        this.replyShape(request),
        ++this.replies,
      );
      response.cache = { outcome: 'hit' };
      return response;
    }
    const index = this.next;
    const step = steps[index]!;
    const args = fillValues(step.arguments, this.variables) as Record<string, unknown>;
    if (step.target) {
      const found = resolveTarget(step.target, candidates(step, listing), this.variables);
      if ('miss' in found) return this.heal(request, index, found.miss, found.detail);
      args[CONTROL_ID_ARGUMENT] = found.id;
    }
    const calls: ScriptedCall[] = [{ function: step.function, arguments: args, status: 'CONTINUE' }];
    // where the prompt lets a reply name later controls (looked up, and checked, when their turn comes)
    if (listing.namedTargets) calls.push(...namedCalls(steps, index + 1, this.variables));
    this.pending = { first: index, count: calls.length };
    const thought =
      calls.length > 1 ? `Cached steps ${index + 1} to ${index + calls.length} of ${steps.length}.` : `Cached step ${index + 1} of ${steps.length}.`;
    const response = scriptedResponse(
      { observation: REPLAY_OBSERVATION, thought, action: calls, plan: planLines(steps.slice(index + calls.length), this.variables), comment: REPLAY_COMMENT },
      request,
      this.replyShape(request),
      ++this.replies,
    );
    response.cache = { outcome: 'hit', step: index, ...(calls.length > 1 ? { count: calls.length } : {}) };
    return response;
  }

  /** Hands step `index` to the model, with the cached plan from there in its prompt. */
  private async heal<T>(request: ChatRequest<T>, index: number, reason: ReplayDivergence, detail: string): Promise<ChatResponse<T>> {
    if (this.options.heal === false) {
      this.options.onStep?.({ step: index, outcome: 'failed', reason, detail });
      throw new SessionError('ACTION_CACHE_DIVERGED', `the cached run cannot go on by itself at step ${index + 1} (${reason}): ${detail}`, {
        details: { step: index, reason, detail },
      });
    }
    this.standIn = reason === 'TARGET_NOT_FOUND' || reason === 'TARGET_AMBIGUOUS' ? index : undefined;
    const times = (this.heals.get(index) ?? 0) + 1;
    this.heals.set(index, times);
    this.healed += 1;
    if (times > (this.options.healsPerStep ?? 1)) this.handedOver = true;
    this.options.onStep?.({ step: index, outcome: this.handedOver ? 'handed-over' : 'healed', reason, detail });
    const steps = this.options.run.steps;
    const note = [
      'A cached run of this task was being replayed, and it cannot go on by itself:',
      detail,
      ...(index < steps.length
        ? [
            'The cached run went on with these steps; do what is needed now, and follow them where they still apply:',
            ...planLines(steps.slice(index), this.variables),
          ]
        : ['The cached run had no steps left.']),
    ].join('\n');
    return this.ask(request, note, this.handedOver ? { outcome: 'miss', step: index, reason } : { outcome: 'healed', step: index, reason });
  }

  private async ask<T>(request: ChatRequest<T>, note: string | undefined, cache: ReplyCache): Promise<ChatResponse<T>> {
    this.modelCalls += 1;
    this.asked = true;
    this.replies += 1;
    const response = await this.options.model.complete(note === undefined ? request : { ...request, messages: withSystemNote(request.messages, note) });
    return { ...response, cache };
  }
}

/**
 * How many cached steps from `next` on the model's last reply took the task past: each of its actions that
 * succeeded is looked for among the steps still to do (same tool on the step's control — the control the tool
 * reported, or the id the listing now gives the step's control — or, for a step on no control, same arguments), and
 * the steps up to the last one found count as done (the model went its own way to get there). The step the model
 * stood in for (`standIn`: its control was not found) also counts as done when the model called the same tool on a
 * control of the same name, or while the step's control is still not listed: the model took that step its way.
 */
function doneByModel(
  steps: readonly CachedStep[],
  next: number,
  outcomes: readonly ActionOutcome[],
  listing: PromptListing,
  variables: Readonly<Record<string, string>>,
  standIn?: number,
): number {
  let at = next;
  for (const outcome of outcomes) {
    if (!outcome.succeeded) continue;
    for (let i = at; i < steps.length; i += 1) {
      if (didStep(steps[i]!, outcome, candidates(steps[i]!, listing), variables, i === standIn)) {
        at = i + 1;
        break;
      }
    }
  }
  return at - next;
}

function didStep(
  step: CachedStep,
  outcome: ActionOutcome,
  controls: readonly ListedControl[],
  variables: Readonly<Record<string, string>>,
  stoodIn = false,
): boolean {
  if (outcome.function !== step.function) return false;
  const args = outcome.arguments ?? {};
  if (!step.target) return canonicalJson(args) === canonicalJson(fillValues(step.arguments, variables));
  const reported = jsonOf(outcome.detail) as { role?: unknown; name?: unknown; title?: unknown } | undefined;
  const name = fillTemplate(step.target.name, variables);
  if (step.target.role === WINDOW_ROLE ? reported?.title === name : reported?.role === step.target.role && reported?.name === name) return true;
  const now = resolveTarget(step.target, controls, variables);
  if (stoodIn && (reported?.name === name || reported?.title === name || !('id' in now))) return true;
  return 'id' in now && args[CONTROL_ID_ARGUMENT] === now.id;
}

/**
 * The control a cached step's call reported acting on (`push button "Cancel"`), when it is not the step's cached
 * control; `undefined` when it is, or when the tool did not say.
 */
function actedElsewhere(step: CachedStep, outcome: ActionOutcome, variables: Readonly<Record<string, string>>): string | undefined {
  if (!step.target) return undefined;
  const reported = jsonOf(outcome.detail) as { role?: unknown; name?: unknown; title?: unknown } | undefined;
  const name = fillTemplate(step.target.name, variables);
  if (step.target.role === WINDOW_ROLE)
    return typeof reported?.title === 'string' && !sameText(reported.title, name) ? `window "${reported.title}"` : undefined;
  if (typeof reported?.role !== 'string' || typeof reported.name !== 'string') return undefined;
  return sameText(reported.role, step.target.role) && sameText(reported.name, name) ? undefined : `${reported.role} "${reported.name}"`;
}

function sameText(a: string, b: string): boolean {
  const norm = (t: string): string =>
    t
      .replace(/\.\.\./g, '…')
      .replace(/\s+/g, ' ')
      .trim()
      .toLowerCase();
  return norm(a) === norm(b);
}

function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text.trim());
  } catch {
    return undefined;
  }
}

/** The cached steps as plan lines a model reads (`click_input on push button "Save"`). */
function planLines(steps: readonly CachedStep[], variables: Readonly<Record<string, string>>): string[] {
  return steps.map((step, i) => {
    const target = step.target ? ` on ${describeTarget(step.target, variables)}` : '';
    const args = Object.keys(step.arguments).length ? ` ${JSON.stringify(fillValues(step.arguments, variables))}` : '';
    return `${i + 1}. ${step.function}${target}${args}`;
  });
}

/** The most cached steps one reply sends. */
const MAX_BATCH = 6;

/**
 * The cached steps from `from` on that can follow in the same reply: each control named by role and name (the
 * engine looks it up when its turn comes and stops the reply where it is not the listed one), a window by its title,
 * keys and text as they are; up to a step whose control needs more than its role and name (a label, an `nth`).
 */
function namedCalls(steps: readonly CachedStep[], from: number, variables: Readonly<Record<string, string>>): ScriptedCall[] {
  const calls: ScriptedCall[] = [];
  for (let i = from; i < steps.length && calls.length < MAX_BATCH - 1; i += 1) {
    const step = steps[i]!;
    if (step.target && (step.target.label !== undefined || step.target.nth !== undefined)) break;
    const args = fillValues(step.arguments, variables) as Record<string, unknown>;
    if (step.target) {
      const name = fillTemplate(step.target.name, variables);
      if (!name) break;
      Object.assign(args, step.target.role === WINDOW_ROLE ? { name } : { name, role: step.target.role });
    }
    calls.push({ function: step.function, arguments: args, status: 'CONTINUE' });
  }
  return calls;
}

function notRun(outcome: ActionOutcome): boolean {
  return outcome.status === 'not run' || outcome.status === 'skipped';
}

/** Where a step's target is looked for: the window list for a window, else the controls of the selected window. */
function candidates(step: CachedStep, listing: PromptListing): ListedControl[] {
  if (step.target?.role === WINDOW_ROLE) return listing.windows.map((w) => ({ id: w.id, type: WINDOW_ROLE, name: w.name }));
  return listing.controls.map(listedControl);
}

function noVisibleChange(outcome: ActionOutcome): boolean {
  return /"changed"\s*:\s*false/.test(outcome.detail) || /no visible change/i.test(outcome.detail);
}

/** The messages with `note` added to the first system message (or as one, first). */
function withSystemNote(messages: readonly ChatMessage[], note: string): ChatMessage[] {
  const at = messages.findIndex((m) => m.role === 'system' && typeof m.content === 'string');
  if (at < 0) return [{ role: 'system', content: note }, ...messages];
  return messages.map((m, i) => (i === at ? { ...m, content: `${m.content as string}\n\n${note}` } : m));
}
