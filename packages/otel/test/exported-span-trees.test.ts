import { UfoError } from '@ufo-ts/core';
import { ScriptedModel } from '@ufo-ts/core/testing';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { describe, expect, it } from 'vitest';
import { UfoTracing } from '../src/index.js';
import { memoryProvider, runTracedSession, UNKNOWN_TOOL_REPLIES } from './helpers.js';

/**
 * What the SDK was handed, as a tree: every span's name, kind, status, attributes and events (name and attributes),
 * children in the order they ended. Values that differ from run to run (ids, measured durations, stack traces) are
 * replaced by their kind, so the tree of one session is the same in every run and can be compared with the one
 * recorded in `__fixtures__`.
 */
interface SpanTree {
  name: string;
  kind: number;
  status: { code: number; message?: string };
  attributes: Record<string, unknown>;
  events: { name: string; attributes: Record<string, unknown> }[];
  children: SpanTree[];
}

const VARYING = new Set([
  'ufo.session.id',
  'ufo.session.log_folder',
  'gen_ai.tool.call.id',
  'ufo.tool.duration_ms',
  'ufo.model.latency_ms',
  'exception.stacktrace',
]);

function stable(attributes: Record<string, unknown> | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(attributes ?? {}).sort()) out[key] = VARYING.has(key) ? `<${typeof attributes![key]}>` : attributes![key];
  return out;
}

function treeOf(spans: readonly ReadableSpan[]): SpanTree[] {
  const byParent = new Map<string | undefined, ReadableSpan[]>();
  for (const span of spans) {
    const parent = span.parentSpanContext?.spanId;
    byParent.set(parent, [...(byParent.get(parent) ?? []), span]);
  }
  const build = (span: ReadableSpan): SpanTree => ({
    name: span.name,
    kind: span.kind,
    status: { ...span.status },
    attributes: stable(span.attributes),
    events: span.events.map((event) => ({ name: event.name, attributes: stable(event.attributes) })),
    children: (byParent.get(span.spanContext().spanId) ?? []).map(build),
  });
  return (byParent.get(undefined) ?? []).map(build);
}

const nanos = (time: readonly [number, number]): bigint => BigInt(time[0]) * 1_000_000_000n + BigInt(time[1]);

/** Every child starts no earlier and ends no later than its parent; every event lies within its span. */
function timingViolations(spans: readonly ReadableSpan[]): string[] {
  const byId = new Map(spans.map((span) => [span.spanContext().spanId, span]));
  const violations: string[] = [];
  for (const span of spans) {
    const start = nanos(span.startTime);
    const end = nanos(span.endTime);
    if (end < start) violations.push(`${span.name} ends before it starts`);
    for (const event of span.events) {
      const time = nanos(event.time);
      if (time < start || time > end) violations.push(`${span.name}: event ${event.name} outside the span`);
    }
    const parent = byId.get(span.parentSpanContext?.spanId ?? '');
    if (!parent) continue;
    if (start < nanos(parent.startTime)) violations.push(`${span.name} starts before its parent ${parent.name}`);
    if (end > nanos(parent.endTime)) violations.push(`${span.name} ends after its parent ${parent.name}`);
  }
  return violations;
}

async function tracedSpans(options: Parameters<typeof runTracedSession>[1]): Promise<ReadableSpan[]> {
  const { provider, exporter } = memoryProvider();
  await runTracedSession(new UfoTracing({ tracerProvider: provider, captureContent: true }), options);
  return exporter.getFinishedSpans();
}

describe('what the SDK is handed: the spans, attributes and events of recorded sessions', () => {
  it('a successful calculator session (two steps, eight tool calls) gives the recorded span tree, timed within its parents', async () => {
    const spans = await tracedSpans({});
    await expect(JSON.stringify(treeOf(spans), null, 2)).toMatchFileSnapshot('./__fixtures__/calc-session.spans.json');
    expect(timingViolations(spans)).toEqual([]);
  });

  it('a session whose tool call fails gives the recorded span tree (exception events, error status), timed within its parents', async () => {
    const spans = await tracedSpans({ replies: UNKNOWN_TOOL_REPLIES });
    await expect(JSON.stringify(treeOf(spans), null, 2)).toMatchFileSnapshot('./__fixtures__/unknown-tool-session.spans.json');
    expect(timingViolations(spans)).toEqual([]);
  });

  it('a session whose model call fails gives the recorded span tree, timed within its parents', async () => {
    const model = new ScriptedModel({ replies: [{ content: '', error: new UfoError('MODEL_CALL_FAILED', 'the provider answered 503') }], modelId: 'gpt-test' });
    const spans = await tracedSpans({ model });
    await expect(JSON.stringify(treeOf(spans), null, 2)).toMatchFileSnapshot('./__fixtures__/failed-model-session.spans.json');
    expect(timingViolations(spans)).toEqual([]);
  });
});
