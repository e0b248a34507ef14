import { parseStructuredReply, type ChatModel, type ChatRequest, type ChatResponse, type ModelFeatures } from '@ufo-ts/core';
import { NATIVE_TOOL_FEATURES, textReplyToToolCalls } from '@ufo-ts/processor-strategies';
import { TaskSuiteError } from '../errors.js';
import { readPromptListing, type ListedItem, type PromptListing } from './prompt-listing.js';
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
}

/** A tool call the grounded model answers with. */
interface ToolCall {
  function: string;
  arguments: Record<string, unknown>;
  status: 'CONTINUE';
}

/** The outcome of resolving a step against one prompt: the calls, or what was missing. */
type Resolution = { calls: ToolCall[]; finish?: { result?: string } } | { missing: string };

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
  private readonly steps: ReferenceStep[];
  private readonly label: string;
  private readonly patience: number;
  private readonly waitSeconds: number;
  private next = 0;
  private waits = 0;
  /** The step whose actions the previous reply carried, while a retry of it is possible. */
  private retryable: number | undefined;

  constructor(options: GroundedModelOptions) {
    this.steps = options.steps.map((step) => ReferenceStepSchema.parse(step));
    this.label = options.label ?? 'reference solution';
    this.patience = options.patience ?? 6;
    this.waitSeconds = options.waitSeconds ?? 0.5;
    if (options.nativeTools) this.features = NATIVE_TOOL_FEATURES;
  }

  /** Whether every step of the solution has been played. */
  get done(): boolean {
    return this.next >= this.steps.length;
  }

  async complete<T>(request: ChatRequest<T>): Promise<ChatResponse<T>> {
    this.calls += 1;
    if (request.signal?.aborted) throw request.signal.reason;
    const reply = this.reply(readPromptListing(request.messages));
    const response: ChatResponse<T> = { content: '', usage: { inputTokens: 0, outputTokens: 0 }, cost: 0, latencyMs: 0, model: this.modelId, provider: this.provider };
    if (this.features) {
      response.toolCalls = textReplyToToolCalls(reply, { idPrefix: `call_${this.calls}_` });
      response.finishReason = 'tool-calls';
      return response;
    }
    const content = JSON.stringify(reply);
    response.content = content;
    if (request.schema) {
      const parsed = parseStructuredReply(content, request.schema);
      if (!parsed.success) throw parsed.error;
      response.parsed = parsed.value;
    }
    return response;
  }

  private reply(listing: PromptListing): Record<string, unknown> {
    // A model reads the results of its last actions: a failed one is tried again, on the new listing.
    if (listing.lastActionFailed && this.retryable !== undefined && this.waits < this.patience) {
      this.next = this.retryable;
      this.waits += 1;
    }
    this.retryable = undefined;
    const index = this.next;
    const step = this.steps[index];
    if (!step) {
      throw this.fail(new TaskSuiteError('SOLUTION_EXHAUSTED', `${this.label}: the engine asked for reply ${this.calls} but all ${this.steps.length} steps were played`));
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
    if (!('all' in step) && !('finish' in step)) this.retryable = index;
    if (resolution.finish) return { ...this.answer(`Step ${index + 1}: the task is done.`, []), status: 'FINISH', ...(resolution.finish.result !== undefined ? { result: resolution.finish.result } : {}) };
    return this.answer(`Step ${index + 1} of the reference solution.`, resolution.calls);
  }

  private answer(thought: string, action: ToolCall[]): Record<string, unknown> {
    const remaining = this.steps.slice(this.next).map((s) => JSON.stringify(s));
    return { observation: 'Read from the control listing of the prompt.', thought, action, plan: remaining, comment: '' };
  }

  private fail(error: TaskSuiteError): TaskSuiteError {
    this.failure ??= error;
    return error;
  }
}

/** Resolves one step against a prompt's listings. */
export function resolveStep(step: ReferenceStep, listing: PromptListing): Resolution {
  if (step.when !== undefined && !findControl(listing, step.when)) return { missing: `no control with ${describeRef(step.when)} yet` };
  if ('finish' in step) return { calls: [], finish: step.result !== undefined ? { result: step.result } : {} };
  const actions: ReferenceAction[] = 'all' in step ? step.all : [step];
  const calls: ToolCall[] = [];
  for (const action of actions) {
    const call = resolveAction(action, listing);
    if ('missing' in call) return call;
    calls.push(call);
  }
  return { calls };
}

function resolveAction(action: ReferenceAction, listing: PromptListing): ToolCall | { missing: string } {
  const control = (ref: ControlRef): ListedItem | { missing: string } =>
    findControl(listing, ref) ?? { missing: `no control with ${describeRef(ref)} in the control listing` };
  const call = (fn: string, args: Record<string, unknown>): ToolCall => ({ function: fn, arguments: args, status: 'CONTINUE' });
  if ('click' in action) {
    const c = control(action.click);
    if ('missing' in c) return c;
    // A model does not click a control the prompt lists as disabled: it waits for it to be enabled.
    if (c.states.includes('disabled')) return { missing: `the control [${c.id}] with ${describeRef(action.click)} is listed as disabled` };
    return call('click_input', { id: c.id, name: c.name, ...(action.button ? { button: action.button } : {}), ...(action.double ? { double: true } : {}), ...(action.method ? { method: action.method } : {}) });
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
