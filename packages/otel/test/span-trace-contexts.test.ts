// The trace contexts a traced dispatcher hands on: a ReadonlyMap by call id whose W3C strings are built on first read.
import { createCommand } from '@ufo-ts/core';
import { describe, expect, it } from 'vitest';
import { SpanTraceContexts } from '../src/span-trace-contexts.js';
import { fromTraceContext, toTraceContext } from '../src/index.js';
import { memoryProvider } from './helpers.js';
import { ROOT_CONTEXT, trace } from '@opentelemetry/api';

describe('SpanTraceContexts', () => {
  it('maps each command’s call id to its span’s traceparent, in the commands’ order, like a Map', () => {
    const tracer = memoryProvider().provider.getTracer('t');
    const commands = [createCommand('click_input', { id: '1' }), createCommand('screenshot', {}, 'data_collection')];
    const parent = tracer.startSpan('parent');
    const spans = commands.map((c) => tracer.startSpan(c.tool_name, {}, trace.setSpan(ROOT_CONTEXT, parent)));
    const contexts = new SpanTraceContexts(commands, spans);

    const expected = new Map(commands.map((c, i) => [c.call_id, toTraceContext(spans[i]!.spanContext())]));
    expect(contexts.size).toBe(2);
    expect([...contexts]).toEqual([...expected]);
    expect([...contexts.keys()]).toEqual(commands.map((c) => c.call_id));
    expect(contexts.has(commands[1]!.call_id)).toBe(true);
    expect(contexts.has('other')).toBe(false);
    expect(contexts.get('other')).toBeUndefined();
    const seen: string[] = [];
    contexts.forEach((value, key, map) => {
      expect(map).toBe(contexts);
      seen.push(`${key}=${value.traceparent}`);
    });
    expect(seen).toEqual([...expected].map(([k, v]) => `${k}=${v.traceparent}`));
    // the carried context names the command's span, in the parent's trace
    const carried = trace.getSpanContext(fromTraceContext(contexts.get(commands[0]!.call_id)!, ROOT_CONTEXT)!)!;
    expect(carried.spanId).toBe(spans[0]!.spanContext().spanId);
    expect(carried.traceId).toBe(parent.spanContext().traceId);
    // built once: the same entry object on every read
    expect(contexts.get(commands[0]!.call_id)).toBe(contexts.get(commands[0]!.call_id));
  });
});
