import {
  type ActionRecord,
  type ChatModel,
  type Clock,
  type Command,
  type CommandDispatcher,
  type Context,
  type DispatchTarget,
  type EventBus,
  type Interactor,
  type LogSink,
  type RoundState,
  type StepRunOptions,
  errorResult,
  serializeError,
  systemClock,
} from '@ufo-ts/core';
import type { Blackboard } from '../memory/blackboard.js';
import { StepMemory } from '../memory/step-memory.js';
import type { HandlerOutcome } from '../states/state-table.js';
import type { StateHost, StateMachine } from '../states/state-machine.js';

/** What a step processor reports back to its agent. */
export interface StepOutcome {
  /** The status the step produced; it names the next state. */
  status: string;
  /** Set when the step failed; the status is then `ERROR`. */
  error?: unknown;
}

/**
 * Runs one step of an agent (the step pipeline: set-up, data collection, model call, actions, memory, clean-up). Implemented by `@ufo-ts/processor-strategies`; any object
 * with this method works, which is how custom pipelines plug in.
 */
export interface StepProcessor {
  /** Runs one step of `agent`; resolves to the status it produced (failures are reported as `ERROR`, not thrown). */
  process(agent: Agent, context: Context, options?: StepRunOptions): Promise<StepOutcome>;
}

/** Actions proposed with status CONFIRM, held back until a person approves them (never run before). */
export interface PendingConfirmation {
  actions: ActionRecord[];
  commands: Command[];
  reason?: string;
}

/** The collaborators every agent is given (dependency injection, no globals). */
export interface AgentServices {
  model: ChatModel;
  dispatcher: CommandDispatcher;
  interactor: Interactor;
  events: EventBus;
  logSink: LogSink;
  clock?: Clock;
}

/** Options shared by every agent constructor. */
export interface AgentOptions extends AgentServices {
  /** Unique agent name, e.g. `AppAgent/gnome-calculator`. */
  name: string;
  /** Runs each step. */
  processor: StepProcessor;
  /** Shared memory; HostAgent creates one for itself and its sub-agents when omitted. */
  blackboard: Blackboard;
  /** Ask before running actions marked CONFIRM (`SAFE_GUARD`, default true). */
  safeGuard?: boolean;
  /** Free-form per-agent settings read by strategies (prompts, visual mode, ...). */
  settings?: Record<string, unknown>;
}

/** Serialisable state of an agent (for resume). */
export interface AgentSnapshot {
  name: string;
  kind: string;
  state: string;
  status: string;
  memory: ReturnType<StepMemory['toJSON']>;
  pendingQuestions: string[];
  pendingConfirmation?: PendingConfirmation;
}

/**
 * Base of every agent: a name, a status, a state from its {@link StateMachine}, a step memory, a shared
 * blackboard, and the injected model, dispatcher, interactor and step processor.
 */
export abstract class Agent implements StateHost {
  abstract readonly kind: string;
  abstract readonly machine: StateMachine;
  readonly name: string;
  readonly memory = new StepMemory();
  readonly blackboard: Blackboard;
  readonly services: AgentServices & { clock: Clock };
  readonly processor: StepProcessor;
  readonly safeGuard: boolean;
  readonly settings: Record<string, unknown>;
  status = 'CONTINUE';
  lastOutcome: HandlerOutcome = 'done';
  /** Questions from the last step, asked in PENDING. */
  pendingQuestions: string[] = [];
  /** Actions awaiting approval in CONFIRM. */
  pendingConfirmation: PendingConfirmation | undefined;
  /** The `result` field of the last step. */
  lastResult: unknown;
  /** The last error, when the status is ERROR. */
  lastError: unknown;
  /** Steps this agent has run. */
  steps = 0;
  private currentState: RoundState | undefined;

  constructor(options: AgentOptions) {
    this.name = options.name;
    this.blackboard = options.blackboard;
    this.processor = options.processor;
    this.safeGuard = options.safeGuard ?? true;
    this.settings = options.settings ?? {};
    this.services = { ...options, clock: options.clock ?? systemClock };
  }

  get state(): RoundState {
    return (this.currentState ??= this.machine.state('CONTINUE'));
  }

  get hostAgent(): Agent | undefined {
    return undefined;
  }

  get activeSubAgent(): Agent | undefined {
    return undefined;
  }

  /** Moves the agent to `state` (the Round does this after each transition). */
  setState(state: RoundState): void {
    this.currentState = state;
  }

  setStatus(status: string): void {
    this.status = status;
  }

  /** Puts the agent back in its start state (a new round). */
  reset(): void {
    this.currentState = this.machine.state('CONTINUE');
    this.status = 'CONTINUE';
    this.pendingQuestions = [];
    this.pendingConfirmation = undefined;
  }

  async handle(context: Context, options: StepRunOptions = {}): Promise<void> {
    await this.state.handle(this, context, options);
  }

  /** Where this agent's commands go. */
  dispatchTarget(context: Context): DispatchTarget {
    const root = context.get('APPLICATION_ROOT_NAME');
    const process = context.get('APPLICATION_PROCESS_NAME');
    return { agent: this.kind, ...(root ? { root } : {}), ...(process ? { process } : {}) };
  }

  recordRequest(key: string, request: string): void {
    this.blackboard.addRequest(key, request);
  }

  warn(message: string, details?: Record<string, unknown>): void {
    this.services.events.emit({ type: 'warning', message, ...(details ? { details } : {}) });
  }

  /** Runs one step through the processor and takes its status; a processor that throws ends the step in `ERROR`. */
  async runProcess(context: Context, options: StepRunOptions = {}): Promise<void> {
    try {
      const outcome = await this.processor.process(this, context, options);
      this.status = outcome.status;
      if (outcome.error !== undefined) this.lastError = outcome.error;
    } catch (error) {
      // A processor must report failures as an outcome; this is the safety net, so nothing ends silently.
      this.status = 'ERROR';
      this.lastError = error;
      this.logFailedStep(context, this.state.name, error);
    }
    this.steps += 1;
    if (this.status === 'ERROR') await this.onError(context);
  }

  /** Writes a `response.log` line for a step that failed outside the step pipeline. */
  protected logFailedStep(context: Context, state: string, error: unknown): void {
    this.services.logSink.write('response', {
      type: 'step',
      agent: this.name,
      agent_kind: this.kind,
      state,
      status: 'ERROR',
      session_step: context.get('SESSION_STEP'),
      round_step: context.currentRoundStep,
      round_num: context.get('CURRENT_ROUND_ID'),
      actions: [],
      cost: null,
      timings: {},
      error: serializeError(error),
      time: new Date(this.services.clock.now()).toISOString(),
    });
  }

  /** Hook run after a step ends in ERROR (AppAgent archives its subtask). */
  protected async onError(context: Context): Promise<void> {
    context.set('ROUND_RESULT', errorResult(this.lastError));
  }

  /** Hands the current subtask to another agent; only the HostAgent can (`failed` here). */
  async runAssign(_context: Context): Promise<HandlerOutcome> {
    return 'failed';
  }

  /** Asks the pending questions through the Interactor and puts the answers on the blackboard. */
  async runAsk(_context: Context): Promise<void> {
    const questions = this.pendingQuestions;
    this.pendingQuestions = [];
    if (questions.length === 0) return;
    this.services.events.emit({ type: 'question', agent: this.name, questions });
    const answers = await this.services.interactor.askQuestions(questions, { agent: this.name });
    this.blackboard.addQuestions(answers);
  }

  /** Asks the Interactor about each held sensitive action, runs the approved ones and logs a confirmation line. */
  async runConfirm(context: Context, options: StepRunOptions = {}): Promise<HandlerOutcome> {
    const pending = this.pendingConfirmation;
    this.pendingConfirmation = undefined;
    if (!pending || pending.actions.length === 0) return 'approved';
    const { interactor, dispatcher, events, logSink } = this.services;
    const approved: boolean[] = [];
    for (const action of pending.actions) {
      const ok = await interactor.confirmAction({
        agent: this.name,
        function: action.function,
        arguments: action.arguments,
        ...(pending.reason ? { reason: pending.reason } : {}),
        step: context.get('SESSION_STEP'),
      });
      approved.push(ok);
      events.emit({ type: 'confirmation', agent: this.name, function: action.function, approved: ok });
    }
    const allApproved = approved.every(Boolean);
    const toRun = pending.commands.filter((_, i) => approved[i]);
    const results = toRun.length
      ? await dispatcher.execute(toRun, { target: this.dispatchTarget(context), ...(options.signal ? { signal: options.signal } : {}) })
      : [];
    let runIndex = 0;
    const actions: ActionRecord[] = pending.actions.map((action, i) => ({
      ...action,
      result: approved[i] ? results[runIndex++] : { status: 'skipped', error: 'rejected by the user', call_id: pending.commands[i]?.call_id ?? '' },
    }));
    this.memory.patchLatest({ actions, status: allApproved ? 'CONTINUE' : 'REJECTED' });
    logSink.write('response', {
      type: 'confirmation',
      agent: this.name,
      agent_kind: this.kind,
      session_step: context.get('SESSION_STEP'),
      approved: allApproved,
      actions,
      time: new Date(this.services.clock.now()).toISOString(),
    });
    if (!allApproved) this.lastResult = 'The user rejected a sensitive action; it was not executed.';
    return allApproved ? 'approved' : 'rejected';
  }

  /** Records the finished subtask (the AppAgent archives it into `PREVIOUS_SUBTASKS`; nothing here). */
  async runArchive(_context: Context, _status: string): Promise<void> {}

  /** The agent's state, status, memory and pending questions or confirmation, for checkpoints. */
  toJSON(): AgentSnapshot {
    const snapshot: AgentSnapshot = {
      name: this.name,
      kind: this.kind,
      state: this.state.name,
      status: this.status,
      memory: this.memory.toJSON(),
      pendingQuestions: [...this.pendingQuestions],
    };
    if (this.pendingConfirmation) snapshot.pendingConfirmation = structuredClone(this.pendingConfirmation);
    return snapshot;
  }
}
