import type { ChatModel, CommandDispatcher, EventBus } from '@ufo-ts/core';
import { context, type Tracer, type TracerProvider } from '@opentelemetry/api';
import { TracingOptionsError } from './errors.js';
import { SessionSpans } from './session-spans.js';
import { TracedChatModel } from './traced-chat-model.js';
import { traceCommandDispatcher } from './traced-dispatcher.js';

/** The instrumentation scope name spans are recorded under when a tracer provider is given. */
export const INSTRUMENTATION_SCOPE = '@ufo-ts/otel';

/** Options of {@link UfoTracing}. Give a `tracer` or a `tracerProvider`; with neither, tracing is off. */
export interface UfoTracingOptions {
  /** The tracer every span is started with. */
  tracer?: Tracer;
  /** Where to get the tracer from (scope `@ufo-ts/otel`), when no `tracer` is given. */
  tracerProvider?: TracerProvider;
  /** Record request and question texts on spans (default false: they may hold personal data). */
  captureContent?: boolean;
}

/** The tracing of one session: wrap its model(s) and dispatcher with these, and detach when done. */
export interface SessionTracing {
  /** The model, recording each completion as a `chat {model}` span under the current step. */
  model(model: ChatModel): ChatModel;
  /** The dispatcher (same type), recording each command as an `execute_tool {name}` span under the current step. */
  dispatcher<D extends CommandDispatcher>(dispatcher: D): D;
  /** Stops following the session's events and ends any span still open. */
  detach(): void;
}

const UNTRACED: SessionTracing = {
  model: (model) => model,
  dispatcher: (dispatcher) => dispatcher,
  detach: () => undefined,
};

/**
 * OpenTelemetry tracing of ufo-ts sessions. Nothing is registered globally: the application passes the tracer (or
 * tracer provider) it set up. Without one, {@link traceSession} hands back the model and dispatcher unchanged and
 * subscribes to nothing, so tracing that is off costs nothing.
 *
 * @example
 * ```ts
 * const tracing = new UfoTracing({ tracerProvider: provider });
 * const events = new EventBus();
 * const traced = tracing.traceSession(events);
 * const agent = createLinuxAgent({ model: traced.model(model), dispatcher: traced.dispatcher(dispatcher), events, interactor, logSink });
 * await new Session({ task: 'calc', events, logSink, interactor, startAgent: () => agent, request: 'compute 12 times 34' }).run();
 * traced.detach();
 * ```
 */
export class UfoTracing {
  private readonly tracer: Tracer | undefined;
  private readonly captureContent: boolean;

  /** @throws TracingOptionsError when both `tracer` and `tracerProvider` are given. */
  constructor(options: UfoTracingOptions = {}) {
    if (options.tracer && options.tracerProvider) throw new TracingOptionsError('give either a tracer or a tracerProvider, not both');
    this.tracer = options.tracer ?? options.tracerProvider?.getTracer(INSTRUMENTATION_SCOPE);
    this.captureContent = options.captureContent ?? false;
  }

  /** True when a tracer was given. */
  get enabled(): boolean {
    return this.tracer !== undefined;
  }

  /**
   * Follows one session through its event bus: `ufo.session` > `ufo.round` > `ufo.step` spans from its events, and
   * model and tool spans (from the wrappers it returns) under the step they belong to.
   */
  traceSession(events: EventBus): SessionTracing {
    const tracer = this.tracer;
    if (!tracer) return UNTRACED;
    const spans = new SessionSpans({ tracer, captureContent: this.captureContent });
    const unsubscribe = events.subscribe(spans.onEvent);
    const hooks = {
      tracer,
      recording: () => spans.recording,
      parentContext: () => spans.parentContext(),
      toolSpanRecorded: (tool: string) => spans.toolSpanRecorded(tool),
    };
    return {
      model: (model) => new TracedChatModel(model, hooks),
      dispatcher: (dispatcher) => traceCommandDispatcher(dispatcher, hooks),
      detach: () => {
        unsubscribe();
        spans.endAll();
      },
    };
  }

  /**
   * Wraps a device's dispatcher (the one a `DeviceClient` runs commands on): each command is an
   * `execute_tool {name}` span, the child of the server's span for it when the COMMAND carried its trace context,
   * else of the active context. Without a tracer the dispatcher is returned unchanged.
   *
   * @example
   * ```ts
   * const client = new DeviceClient({ serverUrl, clientId: 'pc-1', platform: 'linux', dispatcher: tracing.traceDispatcher(local) });
   * ```
   */
  traceDispatcher<D extends CommandDispatcher>(dispatcher: D): D {
    const tracer = this.tracer;
    if (!tracer) return dispatcher;
    return traceCommandDispatcher(dispatcher, { tracer, recording: () => true, parentContext: () => context.active() });
  }
}
