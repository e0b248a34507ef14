import type { TraceContext } from '@ufo-ts/aip';
import type { Command } from '@ufo-ts/core';
import type { Span } from '@opentelemetry/api';
import { toTraceContext } from './trace-context.js';

/**
 * The trace contexts of a batch's spans by command `call_id`, as `TracedExecuteOptions.traceContexts` hands them to
 * the wrapped dispatcher. The W3C strings are built only when the dispatcher reads them (one that sends the batch to
 * a device does; one that runs the tools itself never does), so a local batch pays nothing for them.
 */
export class SpanTraceContexts implements ReadonlyMap<string, TraceContext> {
  private readonly commands: readonly Command[];
  private readonly spans: readonly Span[];
  private built: Map<string, TraceContext> | undefined;

  constructor(commands: readonly Command[], spans: readonly Span[]) {
    this.commands = commands;
    this.spans = spans;
  }

  get size(): number {
    return this.resolved().size;
  }

  get(callId: string): TraceContext | undefined {
    return this.resolved().get(callId);
  }

  has(callId: string): boolean {
    return this.resolved().has(callId);
  }

  forEach(callback: (value: TraceContext, key: string, map: ReadonlyMap<string, TraceContext>) => void, thisArg?: unknown): void {
    this.resolved().forEach((value, key) => callback.call(thisArg, value, key, this));
  }

  entries(): MapIterator<[string, TraceContext]> {
    return this.resolved().entries();
  }

  keys(): MapIterator<string> {
    return this.resolved().keys();
  }

  values(): MapIterator<TraceContext> {
    return this.resolved().values();
  }

  [Symbol.iterator](): MapIterator<[string, TraceContext]> {
    return this.resolved()[Symbol.iterator]();
  }

  private resolved(): Map<string, TraceContext> {
    if (this.built) return this.built;
    const built = new Map<string, TraceContext>();
    for (let index = 0; index < this.commands.length; index += 1) built.set(this.commands[index]!.call_id, toTraceContext(this.spans[index]!.spanContext()));
    this.built = built;
    return built;
  }
}
