import type { TracedExecuteOptions } from '@ufo-ts/aip';
import { errorMessage, type Command, type CommandDispatcher, type ExecuteOptions, type Result } from '@ufo-ts/core';
import { context, SpanKind, SpanStatusCode, type Context, type HrTime, type Span, type Tracer } from '@opentelemetry/api';
import { GenAiAttributes, SpanNames, UfoAttributes, type KnownAttributes } from './attributes.js';
import { fromTraceContext } from './trace-context.js';
import { SpanTraceContexts } from './span-trace-contexts.js';
import { spanTime, toHrTime } from './span-clock.js';

/** Where a traced dispatcher takes its tracer and parent span from. */
export interface DispatcherTracingHooks {
  tracer: Tracer;
  /** False when nothing records: batches then go straight to the dispatcher. */
  recording(): boolean;
  /** The context a command's span starts in when the command brought no trace context of its own. */
  parentContext(): Context;
  /** Told the tool of each command whose span ended with the command's Result. */
  toolSpanRecorded?(tool: string): void;
}

/**
 * Wraps a dispatcher so each command of a batch is an `execute_tool {name}` span (GenAI conventions: the tool's name
 * and call id), ended with the command's status, namespace and duration; a failure sets status ERROR with the
 * Result's `code` as `error.type` and its text as the recorded error. A command that arrived with a trace context
 * (`TracedExecuteOptions.traceContexts`, as a `DeviceClient` passes what the server sent) starts its span as a
 * child of that remote span; every command's own span context is passed on to the wrapped dispatcher the same way,
 * so a `WebSocketCommandDispatcher` sends it to the device. The result has the wrapped dispatcher's type: every
 * other member (`close`, `cancel`, ...) is the wrapped dispatcher's own.
 *
 * The spans of a batch start together (the batch is one call); each ends at the batch's start plus the durations
 * of the commands up to it, which is exact for a batch that runs its commands in order. *
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
export function traceCommandDispatcher<D extends CommandDispatcher>(dispatcher: D, hooks: DispatcherTracingHooks): D {
  const execute = (commands: readonly Command[], options: ExecuteOptions): Promise<Result[]> =>
    hooks.recording() || hasTraceContexts(options) ? executeTraced(dispatcher, hooks, commands, options) : dispatcher.execute(commands, options);
  return new Proxy(dispatcher, {
    get(target, property) {
      if (property === 'execute') return execute;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

function hasTraceContexts(options: TracedExecuteOptions): boolean {
  return options.traceContexts !== undefined && options.traceContexts.size > 0;
}

async function executeTraced(
  dispatcher: CommandDispatcher,
  hooks: DispatcherTracingHooks,
  commands: readonly Command[],
  options: TracedExecuteOptions,
): Promise<Result[]> {
  const count = commands.length;
  if (count === 0) return dispatcher.execute(commands, options);
  const startedAt = spanTime();
  const fallbackParent = hooks.parentContext();
  const incoming = options.traceContexts;
  const target = options.target;
  const spans: Span[] = [];
  for (let index = 0; index < count; index += 1) {
    const command = commands[index]!;
    const carried = incoming?.get(command.call_id);
    const parent = (carried && fromTraceContext(carried, context.active())) ?? fallbackParent;
    const attributes: KnownAttributes = {
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': command.tool_name,
      'gen_ai.tool.call.id': command.call_id,
      'ufo.tool.type': command.tool_type,
      'ufo.target.agent': target.agent,
    };
    if (target.root !== undefined) attributes['ufo.target.root'] = target.root;
    if (target.process !== undefined) attributes['ufo.target.process'] = target.process;
    if (options.commandId !== undefined) attributes['ufo.command.id'] = options.commandId;
    spans.push(
      hooks.tracer.startSpan(SpanNames.executeTool(command.tool_name), { kind: SpanKind.INTERNAL, attributes, startTime: toHrTime(startedAt) }, parent),
    );
  }
  let results: Result[];
  try {
    // a copy, then one property: callers build options in many shapes, and a spread of those takes V8's slow path
    const forwarded: TracedExecuteOptions = Object.assign({}, options);
    forwarded.traceContexts = new SpanTraceContexts(commands, spans);
    results = await dispatcher.execute(commands, forwarded);
  } catch (error) {
    const failedAt = toHrTime(spanTime());
    for (const span of spans) {
      span.recordException(error instanceof Error ? error : { name: 'DispatchError', message: errorMessage(error) }, failedAt);
      span.setStatus({ code: SpanStatusCode.ERROR, message: errorMessage(error) });
      span.end(failedAt);
    }
    throw error;
  }
  const endedAt = spanTime();
  let elapsed = 0;
  for (let index = 0; index < count; index += 1) {
    const span = spans[index]!;
    const result = resultOf(results, index, commands[index]!.call_id);
    elapsed += result?.duration_ms ?? 0;
    const spanEnd = toHrTime(count > 1 && result?.duration_ms !== undefined ? Math.min(endedAt, startedAt + elapsed) : endedAt);
    if (result) recordResult(span, result, spanEnd);
    span.end(spanEnd);
    if (result) hooks.toolSpanRecorded?.(commands[index]!.tool_name);
  }
  return results;
}

/** The result of a command: the one at its position when the call ids match (dispatchers keep the order), else by call id. */
function resultOf(results: readonly Result[], index: number, callId: string): Result | undefined {
  const atIndex = results[index];
  if (atIndex?.call_id === callId) return atIndex;
  return results.find((r) => r.call_id === callId) ?? atIndex;
}

/** Sets the command's result on its span; a failure is also recorded as an exception event at `time` (the span's end). */
function recordResult(span: Span, result: Result, time: HrTime): void {
  span.setAttribute(UfoAttributes.STATUS, result.status);
  if (result.namespace) span.setAttribute(UfoAttributes.TOOL_NAMESPACE, result.namespace);
  if (result.duration_ms !== undefined) span.setAttribute(UfoAttributes.TOOL_DURATION_MS, result.duration_ms);
  if (result.status !== 'failure') return;
  const type = result.code ?? 'TOOL_FAILED';
  const message = result.error ?? 'the command failed';
  span.recordException({ name: type, message }, time);
  span.setAttribute(GenAiAttributes.ERROR_TYPE, type);
  span.setStatus({ code: SpanStatusCode.ERROR, message });
}
