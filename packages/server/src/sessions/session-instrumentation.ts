import type { ChatModel, CommandDispatcher, EventBus } from '@ufo-ts/core';

/** What instruments one session run: wrappers of its model and dispatcher, and a way to stop when the run ends. */
export interface SessionInstruments {
  /** The model the session thinks with (e.g. recording each completion as a span). */
  model(model: ChatModel): ChatModel;
  /** The dispatcher the session acts through; it must keep the dispatcher's type and members. */
  dispatcher<D extends CommandDispatcher>(dispatcher: D): D;
  /** Called once the run has ended (or could not start). */
  detach(): void;
}

/** What an instrumentation is told about the session run it instruments. */
export interface InstrumentedTask {
  sessionId: string;
  taskName: string;
  clientId: string;
  platform: string;
  /** The cluster node whose worker runs it (cluster mode only). */
  nodeId?: string;
}

/**
 * Instruments each session run of a server (or of a cluster node's worker) through its event bus: `@ufo-ts/otel`'s
 * `UfoTracing.traceSession` has this shape, so tracing a server is one option.
 * @example
 * const tracing = new UfoTracing({ tracerProvider });
 * createUfoServer({ createModel, instrument: (events) => tracing.traceSession(events) });
 */
export type SessionInstrumentation = (events: EventBus, task: InstrumentedTask) => SessionInstruments;
