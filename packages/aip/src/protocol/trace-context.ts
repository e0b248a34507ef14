import type { Command, ExecuteOptions } from '@ufo-ts/core';
import { z } from 'zod';

/**
 * W3C Trace Context of one command (`traceparent` and optional `tracestate`, as in the HTTP headers of the same
 * names): the caller's span the device's own span for the command continues, so both join one trace.
 *
 * @example
 * ```ts
 * TraceContextSchema.parse({ traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' });
 * ```
 */
export const TraceContextSchema = z.object({
  /** `version-traceid-parentid-flags`, lower-case hex (`00-<32 hex>-<16 hex>-<2 hex>`). */
  traceparent: z.string().regex(/^[0-9a-f]{2}-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/, 'a traceparent is 00-<32 hex>-<16 hex>-<2 hex>'),
  /** Vendor entries (`key=value,key=value`), at most 512 characters as the W3C recommends propagating. */
  tracestate: z.string().max(512).optional(),
});
/** The data {@link TraceContextSchema} validates. */
export type TraceContext = z.infer<typeof TraceContextSchema>;

/**
 * {@link ExecuteOptions} with the trace context of each command, by `call_id`. A `WebSocketCommandDispatcher` sends
 * them in the COMMAND message (`trace_contexts`), and a `DeviceClient` hands them on to its own dispatcher the same
 * way, so a tracing dispatcher on the device starts its spans as children of the server's. Dispatchers that do not
 * trace ignore the field.
 *
 * @example
 * ```ts
 * const options: TracedExecuteOptions = {
 *   target: { agent: 'LinuxAgent' },
 *   traceContexts: new Map([['call-1', { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' }]]),
 * };
 * ```
 */
export interface TracedExecuteOptions extends ExecuteOptions {
  /** Trace context per command `call_id`; commands without an entry carry none. */
  traceContexts?: ReadonlyMap<string, TraceContext>;
}

/**
 * The COMMAND message's `trace_contexts` field for a batch: one entry per command, in the commands' order (null for
 * a command without one), or no field at all when no command has a trace context. Every sender of COMMAND messages
 * (a device's own WebSocket, or a route through another node) builds the field with this, so the device reads the
 * same shape either way.
 *
 * @example
 * ```ts
 * const message = { ...command, ...traceContextsOf(commands, options.traceContexts) }; // adds trace_contexts when any
 * ```
 */
export function traceContextsOf(
  commands: readonly Command[],
  byCallId: ReadonlyMap<string, TraceContext> | undefined,
): { trace_contexts?: (TraceContext | null)[] } {
  if (!byCallId || byCallId.size === 0) return {};
  const contexts = commands.map((command) => byCallId.get(command.call_id) ?? null);
  return contexts.some((context) => context !== null) ? { trace_contexts: contexts } : {};
}
