import type { EngineEvent } from '@ufo-ts/core';
import { context, SpanStatusCode, trace, type Attributes, type Context, type HrTime, type Span, type Tracer } from '@opentelemetry/api';
import { FAILED_STATES, GenAiAttributes, SpanNames, UfoAttributes, type KnownAttributes } from './attributes.js';
import { hrNow } from './span-clock.js';

/** Options of {@link SessionSpans}. */
export interface SessionSpansOptions {
  tracer: Tracer;
  /** Record the texts of requests and questions (default false: they may hold personal data). */
  captureContent: boolean;
}

/**
 * Turns one session's engine events into nested spans: `ufo.session` > `ufo.round` > `ufo.step`, with questions,
 * confirmations, transitions, warnings and commands as span events. Keeps the innermost open span, which the
 * model and tool spans of the same session take as their parent. A command the session's traced dispatcher already
 * recorded as an `execute_tool` span (tool, status, error) is not recorded a second time as a `ufo.command` event;
 * one that ran on a dispatcher without tracing still is. When the session's span does not record (a no-op
 * tracer, or a sampler that dropped the trace) the rest of the session is ignored, so tracing that is off costs a
 * flag test per event. *
 * @example
 * ```ts
 * // what `UfoTracing.traceSession` does; use it unless you wire the pieces yourself
 * const spans = new SessionSpans({ tracer, captureContent: false });
 * const unsubscribe = events.subscribe(spans.onEvent);
 * const hooks = { tracer, recording: () => spans.recording, parentContext: () => spans.parentContext(), toolSpanRecorded: (tool: string) => spans.toolSpanRecorded(tool) };
 * const tracedModel = new TracedChatModel(model, hooks);
 * const tracedDispatcher = traceCommandDispatcher(dispatcher, hooks);
 * ```
 */
export class SessionSpans {
  private readonly options: SessionSpansOptions;
  private session: OpenSpan | undefined;
  private round: OpenSpan | undefined;
  private step: OpenSpan | undefined;
  /** The session span was not sampled: events are ignored until the session ends. */
  private dark = false;
  /** Tool spans ended in the current step whose `command` event has not come yet, by tool name. */
  private readonly toolSpansAwaitingEvent = new Map<string, number>();

  constructor(options: SessionSpansOptions) {
    this.options = options;
  }

  /** True when spans of this session are being recorded (model and tool calls are then traced too). */
  get recording(): boolean {
    return !this.dark && this.innermostOpen() !== undefined;
  }

  /** The context model and tool calls start their spans in: the open step, else round, else session. */
  parentContext(): Context {
    return this.innermostOpen()?.context ?? context.active();
  }

  /**
   * Notes that the traced dispatcher recorded a command of `tool` as a span: the engine's `command` event for it,
   * which follows in the same step, then adds nothing the span does not hold.
   */
  toolSpanRecorded(tool: string): void {
    this.toolSpansAwaitingEvent.set(tool, (this.toolSpansAwaitingEvent.get(tool) ?? 0) + 1);
  }

  /** The event listener (subscribe it to the session's `EventBus`). */
  readonly onEvent = (event: EngineEvent): void => {
    if (this.dark && event.type !== 'session-end') return;
    this.handle(event);
  };

  private handle(event: EngineEvent): void {
    switch (event.type) {
      case 'session-start':
        this.endAll();
        this.session = this.start(SpanNames.SESSION, context.active(), {
          [UfoAttributes.SESSION_ID]: event.sessionId,
          ...(event.logFolder !== undefined ? { [UfoAttributes.LOG_FOLDER]: event.logFolder } : {}),
        });
        this.dark = !this.session.span.isRecording();
        return;
      case 'session-end': {
        const session = this.session?.span;
        this.dark = false;
        if (!session) return;
        this.endStep();
        this.endRound();
        session.setAttributes({ 'ufo.session.rounds': event.rounds, 'ufo.cost.usd': event.cost } satisfies KnownAttributes);
        if (event.error !== undefined) fail(session, 'SessionError', event.error);
        session.end(hrNow());
        this.session = undefined;
        return;
      }
      case 'round-start':
        this.endStep();
        this.endRound();
        this.round = this.start(SpanNames.ROUND, this.session?.context ?? context.active(), {
          [UfoAttributes.ROUND]: event.round,
          ...(this.options.captureContent ? { [UfoAttributes.REQUEST]: event.request } : {}),
        });
        return;
      case 'round-end': {
        this.endStep();
        const round = this.round?.span;
        if (!round) return;
        round.setAttribute(UfoAttributes.FINAL_STATE, event.state);
        if (FAILED_STATES.has(event.state)) fail(round, 'RoundFailed', `the round ended in ${event.state}`);
        round.end(hrNow());
        this.round = undefined;
        return;
      }
      case 'step-start':
        this.endStep();
        this.step = this.start(SpanNames.STEP, (this.round ?? this.session)?.context ?? context.active(), {
          'ufo.agent.name': event.agent,
          'gen_ai.agent.name': event.agent,
          'ufo.step': event.step,
          'ufo.round': event.round,
          'ufo.step.state': event.state,
        } satisfies KnownAttributes);
        return;
      case 'step-end': {
        this.forgetToolSpans();
        const step = this.step?.span;
        if (!step) return;
        step.setAttributes({ 'ufo.status': event.status, 'ufo.cost.usd': event.cost } satisfies KnownAttributes);
        if (FAILED_STATES.has(event.status)) fail(step, 'StepFailed', `the step ended with status ${event.status}`);
        step.end(hrNow());
        this.step = undefined;
        return;
      }
      case 'transition':
        this.round?.span.addEvent(
          'ufo.transition',
          {
            'ufo.transition.from': event.from,
            'ufo.transition.to': event.to,
            'ufo.status': event.status,
            'ufo.agent.name': event.agent,
          } satisfies TransitionAttributes,
          hrNow(),
        );
        return;
      case 'command': {
        if (this.claimToolSpan(event.tool)) return;
        const attributes: CommandAttributes = { 'gen_ai.tool.name': event.tool, 'ufo.status': event.status };
        if (event.error) attributes['ufo.command.error'] = event.error;
        this.innermost()?.addEvent('ufo.command', attributes, hrNow());
        return;
      }
      case 'question':
        this.innermost()?.addEvent(
          'ufo.question',
          this.options.captureContent
            ? { 'ufo.question.count': event.questions.length, 'ufo.question.texts': event.questions }
            : { 'ufo.question.count': event.questions.length },
          hrNow(),
        );
        return;
      case 'confirmation':
        this.innermost()?.addEvent('ufo.confirmation', { 'ufo.confirmation.function': event.function, 'ufo.confirmation.approved': event.approved }, hrNow());
        return;
      case 'warning':
        this.innermost()?.addEvent('ufo.warning', { 'ufo.warning.message': event.message }, hrNow());
        return;
      default:
        return;
    }
  }

  /** Ends every open span (the session is abandoned, or a new one starts on the same bus). */
  endAll(): void {
    this.endStep();
    this.endRound();
    this.session?.span.end(hrNow());
    this.session = undefined;
    this.dark = false;
  }

  /** True (and forgets it) when a tool span of `tool` awaits its `command` event. */
  private claimToolSpan(tool: string): boolean {
    const awaiting = this.toolSpansAwaitingEvent.get(tool);
    if (awaiting === undefined) return false;
    if (awaiting > 1) this.toolSpansAwaitingEvent.set(tool, awaiting - 1);
    else this.toolSpansAwaitingEvent.delete(tool);
    return true;
  }

  /** At a step's end: a command whose event never came (its batch threw) must not hide a later step's. */
  private forgetToolSpans(): void {
    if (this.toolSpansAwaitingEvent.size > 0) this.toolSpansAwaitingEvent.clear();
  }

  private innermostOpen(): OpenSpan | undefined {
    return this.step ?? this.round ?? this.session;
  }

  private innermost(): Span | undefined {
    return this.innermostOpen()?.span;
  }

  private start(name: string, parent: Context, attributes: Attributes): OpenSpan {
    const span = this.options.tracer.startSpan(name, { attributes, startTime: hrNow() }, parent);
    return { span, context: trace.setSpan(context.active(), span) };
  }

  private endStep(): void {
    this.forgetToolSpans();
    this.step?.span.end(hrNow());
    this.step = undefined;
  }

  private endRound(): void {
    this.round?.span.end(hrNow());
    this.round = undefined;
  }
}

/** A `ufo.transition` event's attributes. */
type TransitionAttributes = KnownAttributes & { 'ufo.transition.from': string; 'ufo.transition.to': string };

/** A `ufo.command` event's attributes. */
type CommandAttributes = KnownAttributes & { 'ufo.command.error'?: string };

/** An open span and the context whose active span it is, built once when the span opens (model and tool calls read it often). */
interface OpenSpan {
  span: Span;
  context: Context;
}

/** Marks a span failed: status ERROR with the message, and the error recorded as an exception event at `time`. */
export function fail(span: Span, type: string, message: string, time: HrTime = hrNow()): void {
  span.recordException({ name: type, message }, time);
  span.setAttribute(GenAiAttributes.ERROR_TYPE, type);
  span.setStatus({ code: SpanStatusCode.ERROR, message });
}
