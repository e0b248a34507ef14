/**
 * `@ufo-ts/otel`: OpenTelemetry spans for ufo-ts sessions. {@link UfoTracing} follows a session's events
 * (`ufo.session` > `ufo.round` > `ufo.step`) and wraps its model (`chat {model}` spans, GenAI conventions) and
 * dispatcher (`execute_tool {name}` spans), carrying W3C trace context to remote devices over AIP.
 */
export { UfoTracing, INSTRUMENTATION_SCOPE, type UfoTracingOptions, type SessionTracing } from './ufo-tracing.js';
export { GenAiAttributes, UfoAttributes, SpanNames, FAILED_STATES } from './attributes.js';
export { SessionSpans, type SessionSpansOptions } from './session-spans.js';
export { TracedChatModel, type ModelTracingHooks } from './traced-chat-model.js';
export { traceCommandDispatcher, type DispatcherTracingHooks } from './traced-dispatcher.js';
export { toTraceContext, fromTraceContext } from './trace-context.js';
export { TracingOptionsError, type OtelErrorCode } from './errors.js';
