import { randomUUID } from 'node:crypto';
import { Context } from './context.js';
import type { CustomContextKey } from './custom-context-key.js';
import { errorMessage } from './errors.js';
import { EventBus } from './events.js';
import type { RoundAgent } from './fsm.js';
import { systemClock, type Clock } from './ports/clock.js';
import type { CommandDispatcher } from './ports/command-dispatcher.js';
import type { Interactor } from './ports/interactor.js';
import type { LogSink } from './ports/log-sink.js';
import type { RoundRecorder } from './ports/round-recorder.js';
import type { RoundCaptures } from './end-snapshots.js';
import { Round, type RoundOutcome } from './round.js';

/** Options of {@link Session}. */
export interface SessionOptions {
  /** Task name (used for the log folder by the caller's LogSink). */
  task: string;
  /** Session id (default: a random UUID). */
  id?: string;
  /** Where response/request/evaluation logs and screenshots go. */
  logSink: LogSink;
  /** The dispatcher used for snapshots (agents hold their own reference for their commands). */
  dispatcher?: CommandDispatcher;
  /** Supplies requests; the first request may instead be given as `request`. */
  interactor: Interactor;
  /**
   * Returns the agent (in its start state) that handles the first step of a round. For a HostAgent session this
   * resets the host to CONTINUE; for Linux it is the LinuxAgent.
   */
  startAgent: (roundId: number) => RoundAgent;
  /** The first request; when omitted it is asked from the interactor. */
  request?: string;
  /** Session-wide step cap (`MAX_STEP`, default 50). */
  maxSteps?: number;
  /** Round cap (`MAX_ROUND`, default 1). */
  maxRounds?: number;
  /** Pause before subtask-end snapshots (`SLEEP_TIME`, default 0). */
  subtaskSettleMs?: number;
  /**
   * What the snapshots at subtask and round ends save beside the window screenshot (`SAVE_UI_TREE`,
   * `SAVE_FULL_SCREEN`; both off by default).
   */
  captures?: RoundCaptures;
  /** Shared context (default: a fresh one). Pass a restored context to resume. */
  context?: Context;
  /** Custom context keys of the session's strategies and agents (for the fresh context; ignored with `context`). */
  contextKeys?: readonly CustomContextKey[];
  events?: EventBus;
  clock?: Clock;
  /** Run mode recorded in the context (`normal`, `follower`, ...). */
  mode?: string;
  /**
   * Durable records every round writes as part of its sequence (checkpoints); a failed write ends the session
   * with its error. Observers subscribe to `events` instead.
   */
  recorder?: RoundRecorder;
}

/** One round's request and result, as the session records it. */
export interface SessionRoundRecord {
  request: string;
  result: unknown;
  finalState: string;
}

/** What {@link Session.run} returns. */
export interface SessionOutcome {
  id: string;
  rounds: SessionRoundRecord[];
  /** Total priced cost in USD. */
  cost: number;
  /** Model calls whose price was unknown (their cost is not in `cost`). */
  unpricedCalls: number;
  steps: number;
  /** True when the last round ended in ERROR. */
  error: boolean;
  logFolder: string | undefined;
}

/**
 * A conversation of rounds: asks for a request, runs a {@link Round}, records `{request, result}`,
 * and repeats until finished: the finish flag (no next request), `maxSteps` for the whole session, `maxRounds`,
 * or a round that ended in ERROR.
 *
 * @example
 * ```ts
 * // the managed sessions of `@ufo-ts/sessions` build this for you
 * const session = new Session({
 *   task: 'calc',
 *   request: 'What is 12 times 34?',
 *   logSink: new MemoryLogSink(),
 *   dispatcher,
 *   interactor: new ProgrammaticInteractor(),
 *   startAgent: () => agent,
 * });
 * const outcome = await session.run();
 * ```
 */
export class Session {
  readonly id: string;
  readonly context: Context;
  readonly events: EventBus;
  readonly results: SessionRoundRecord[] = [];
  private readonly options: SessionOptions;
  private readonly clock: Clock;
  private finished = false;
  private lastRound: RoundOutcome | undefined;
  private readonly abort = new AbortController();
  private readonly stepAbort = new AbortController();

  constructor(options: SessionOptions) {
    this.options = options;
    this.id = options.id ?? randomUUID();
    this.events = options.events ?? new EventBus();
    this.clock = options.clock ?? systemClock;
    this.context = options.context ?? new Context({}, options.contextKeys ? { keys: options.contextKeys } : {});
    if (!options.context) {
      this.context.set('ID', this.id);
      this.context.set('LOG_PATH', options.logSink.folder ?? '');
      this.context.set('MODE', options.mode ?? 'normal');
    }
  }

  /** Stops the session between steps; the current round ends as `CANCELLED`. */
  cancel(reason = 'cancelled'): void {
    this.abort.abort(new Error(reason));
  }

  /**
   * Stops the session now: like {@link cancel}, and also aborts the current step's in-flight model and tool calls
   * (the second Ctrl+C). The step ends as a failure and the round as `CANCELLED`.
   */
  abortNow(reason = 'aborted'): void {
    this.cancel(reason);
    this.stepAbort.abort(new Error(reason));
  }

  /** Aborted by {@link cancel} and {@link abortNow}: the session stops between steps. */
  get signal(): AbortSignal {
    return this.abort.signal;
  }

  /** Aborted only by {@link abortNow}: in-flight model and tool calls of the current step are abandoned. */
  get stepSignal(): AbortSignal {
    return this.stepAbort.signal;
  }

  /** True when no more rounds will run. */
  isFinished(): boolean {
    return (
      this.finished ||
      this.abort.signal.aborted ||
      this.context.get('SESSION_STEP') >= (this.options.maxSteps ?? 50) ||
      this.results.length >= (this.options.maxRounds ?? 1) ||
      this.isError()
    );
  }

  /** True when the last round ended in the ERROR state. */
  isError(): boolean {
    return this.lastRound?.finalState === 'ERROR';
  }

  /** Runs rounds until finished and returns the outcome. Logs are closed at the end. */
  async run(): Promise<SessionOutcome> {
    this.events.emit({ type: 'session-start', sessionId: this.id, logFolder: this.options.logSink.folder });
    let failure: unknown;
    try {
      while (!this.isFinished()) {
        const request = await this.nextRequest();
        if (request === null) {
          this.finished = true;
          break;
        }
        const round = this.createRound(this.results.length, request);
        this.lastRound = await round.run();
        this.results.push({ request, result: this.lastRound.result, finalState: this.lastRound.finalState });
      }
    } catch (error) {
      failure = error;
    }
    const outcome = this.outcome();
    this.events.emit({
      type: 'session-end',
      sessionId: this.id,
      rounds: this.results.length,
      cost: outcome.cost,
      ...(failure ? { error: errorMessage(failure) } : {}),
    });
    await this.options.logSink.close();
    if (failure) throw failure;
    return outcome;
  }

  /** Builds the round for a request; subclasses may override (follower sessions, service sessions). */
  protected createRound(roundId: number, request: string): Round {
    return new Round({
      id: roundId,
      request,
      agent: this.options.startAgent(roundId),
      context: this.context,
      events: this.events,
      clock: this.clock,
      logSink: this.options.logSink,
      maxSteps: this.options.maxSteps ?? 50,
      subtaskSettleMs: this.options.subtaskSettleMs ?? 0,
      signal: this.abort.signal,
      stepSignal: this.stepAbort.signal,
      ...(this.options.dispatcher ? { dispatcher: this.options.dispatcher } : {}),
      ...(this.options.captures ? { captures: this.options.captures } : {}),
      ...(this.options.recorder ? { recorder: this.options.recorder } : {}),
      sessionId: this.id,
    });
  }

  private async nextRequest(): Promise<string | null> {
    if (this.results.length === 0) {
      if (this.options.request !== undefined) return this.options.request;
      return this.options.interactor.firstRequest();
    }
    return this.options.interactor.nextRequest();
  }

  private outcome(): SessionOutcome {
    return {
      id: this.id,
      rounds: [...this.results],
      cost: this.context.get('SESSION_COST'),
      unpricedCalls: this.context.get('UNPRICED_CALLS'),
      steps: this.context.get('SESSION_STEP'),
      error: this.isError(),
      logFolder: this.options.logSink.folder,
    };
  }
}
