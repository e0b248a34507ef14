import type { TraceContext } from '@ufo-ts/aip';
import { createTraceState, trace, TraceFlags, type Context, type SpanContext } from '@opentelemetry/api';

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;
const INVALID_TRACE_ID = '00000000000000000000000000000000';
const INVALID_SPAN_ID = '0000000000000000';

/**
 * The W3C Trace Context of a span (`traceparent`, and `tracestate` when it has one), as AIP carries it. Built here
 * rather than by a registered propagator, so nothing global is needed.
 *
 * @example
 * ```ts
 * const carrier = toTraceContext(span.spanContext()); // { traceparent: '00-…-…-01' }
 * ```
 */
export function toTraceContext(spanContext: SpanContext): TraceContext {
  const flags = (spanContext.traceFlags & 0xff).toString(16).padStart(2, '0');
  const state = spanContext.traceState?.serialize();
  return { traceparent: `00-${spanContext.traceId}-${spanContext.spanId}-${flags}`, ...(state ? { tracestate: state } : {}) };
}

/**
 * The context whose (remote) parent is the span a W3C Trace Context names, or undefined when the `traceparent` is
 * malformed or names the invalid all-zero trace or span (the W3C rules: such a header is ignored).
 *
 * @example
 * ```ts
 * const parent = fromTraceContext({ traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' }, ROOT_CONTEXT);
 * ```
 */
export function fromTraceContext(carrier: TraceContext, base: Context): Context | undefined {
  const match = TRACEPARENT.exec(carrier.traceparent);
  if (!match || match[1] === 'ff' || match[2] === INVALID_TRACE_ID || match[3] === INVALID_SPAN_ID) return undefined;
  const spanContext: SpanContext = {
    traceId: match[2]!,
    spanId: match[3]!,
    traceFlags: Number.parseInt(match[4]!, 16) & TraceFlags.SAMPLED,
    isRemote: true,
    ...(carrier.tracestate ? { traceState: createTraceState(carrier.tracestate) } : {}),
  };
  return trace.setSpanContext(base, spanContext);
}
