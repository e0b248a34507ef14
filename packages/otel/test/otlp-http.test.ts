// Spans exported over OTLP/HTTP (JSON, the exporter's default) to a receiver this test starts on 127.0.0.1.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { afterEach, describe, expect, it } from 'vitest';
import { UfoTracing } from '../src/index.js';
import { runTracedSession } from './helpers.js';

/** An OTLP/JSON span as the receiver decodes it (the fields this test reads). */
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Array<{ key: string; value: Record<string, unknown> }>;
  status?: { code?: number; message?: string };
}

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function body(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  return request.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
}

/** Starts an OTLP/HTTP receiver for JSON trace exports; returns its URL and what it received. */
async function startReceiver(): Promise<{ url: string; requests: Array<{ path: string; contentType: string; payload: any }> }> {
  const requests: Array<{ path: string; contentType: string; payload: any }> = [];
  const server = createServer(async (request, response) => {
    const payload = JSON.parse((await body(request)).toString('utf8'));
    requests.push({ path: request.url ?? '', contentType: request.headers['content-type'] ?? '', payload });
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/traces`, requests };
}

function attribute(span: OtlpSpan, key: string): unknown {
  const value = span.attributes.find((a) => a.key === key)?.value;
  if (!value) return undefined;
  if ('stringValue' in value) return value['stringValue'];
  if ('intValue' in value) return Number(value['intValue']);
  if ('doubleValue' in value) return value['doubleValue'];
  if ('boolValue' in value) return value['boolValue'];
  return value;
}

describe('export over OTLP/HTTP', () => {
  it('a traced session’s spans reach an OTLP/HTTP receiver with their tree, GenAI attributes and resource', async () => {
    const receiver = await startReceiver();
    const provider = new BasicTracerProvider({
      resource: resourceFromAttributes({ 'service.name': 'ufo-otel-test' }),
      spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: receiver.url }))],
    });
    closers.push(() => provider.shutdown());
    const { outcome } = await runTracedSession(new UfoTracing({ tracerProvider: provider }));
    expect(outcome.rounds[0]?.finalState).toBe('FINISH');
    await provider.forceFlush();

    expect(receiver.requests.length).toBeGreaterThan(0);
    expect(receiver.requests.every((r) => r.path === '/v1/traces' && r.contentType.startsWith('application/json'))).toBe(true);
    const resourceSpans = receiver.requests.flatMap((r) => r.payload.resourceSpans as any[]);
    const service = resourceSpans[0].resource.attributes.find((a: { key: string }) => a.key === 'service.name');
    expect(service.value.stringValue).toBe('ufo-otel-test');
    const scopes = resourceSpans.flatMap((r) => r.scopeSpans as any[]);
    expect(scopes.every((s) => s.scope.name === '@ufo-ts/otel')).toBe(true);
    const spans: OtlpSpan[] = scopes.flatMap((s) => s.spans);

    const session = spans.find((s) => s.name === 'ufo.session')!;
    expect(attribute(session, 'ufo.session.id')).toBe(outcome.id);
    expect(session.parentSpanId ?? '').toBe('');
    const round = spans.find((s) => s.name === 'ufo.round')!;
    expect(round.parentSpanId).toBe(session.spanId);
    const steps = spans.filter((s) => s.name === 'ufo.step');
    expect(steps).toHaveLength(2);
    expect(steps.every((s) => s.parentSpanId === round.spanId)).toBe(true);
    const chats = spans.filter((s) => s.name === 'chat gpt-test');
    expect(chats).toHaveLength(2);
    expect(chats.map((c) => c.parentSpanId).sort()).toEqual(steps.map((s) => s.spanId).sort());
    expect(chats[0]!.kind).toBe(3); // SPAN_KIND_CLIENT in OTLP
    expect(attribute(chats[0]!, 'gen_ai.operation.name')).toBe('chat');
    expect(attribute(chats[0]!, 'gen_ai.request.model')).toBe('gpt-test');
    expect(attribute(chats[0]!, 'gen_ai.usage.input_tokens')).toBe(1200);
    expect(attribute(chats[0]!, 'gen_ai.usage.output_tokens')).toBe(80);
    expect(attribute(chats[0]!, 'ufo.cost.usd')).toBe(0.0025);
    const clicks = spans.filter((s) => s.name === 'execute_tool click_input');
    expect(clicks).toHaveLength(6);
    expect(clicks.every((c) => attribute(c, 'gen_ai.tool.name') === 'click_input' && typeof attribute(c, 'gen_ai.tool.call.id') === 'string')).toBe(true);
    expect(new Set(spans.map((s) => s.traceId))).toEqual(new Set([session.traceId]));
  });
});
