// Tracing across a cluster on a real Redis (started here): a session runs on a traced worker node (its spans exported
// over OTLP/HTTP to a receiver this test starts) while its device is connected to ANOTHER node; the device's own
// tool spans (a DeviceClient with a traced dispatcher, spans in memory) must continue the worker's, in its trace.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { DeviceClient, type TraceContext } from '@ufo-ts/aip';
import { createCommand, type Result } from '@ufo-ts/core';
import { UfoTracing } from '@ufo-ts/otel';
import { createFakeDesktopDispatcher } from '@ufo-ts/testkit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bundlePrograms } from '../../../test-support/bundle-programs.js';
import { spawnFixture, type ChildHandle } from '../../../test-support/processes.js';
import {
  ClusterKeys,
  CommandRouter,
  DeviceEnvelopeSchema,
  MessageBus,
  RoutedCommandDispatcher,
  connectRedis,
  parseJson,
  type DeviceEnvelope,
  type NodeReply,
} from '../src/index.js';
import type { RedisClient } from '../src/redis/redis-connections.js';
import { startNode, tempLogRoot, type NodeProcess } from './helpers/cluster.js';
import { startRedis, whenRedisReady, type TestRedis } from './helpers/redis-server.js';

const API_KEY = 'tracing-cluster-key';
const here = dirname(fileURLToPath(import.meta.url));

/** An OTLP/JSON span as the receiver decodes it (the fields this test reads). */
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: Array<{ key: string; value: { stringValue?: string } }>;
}

let redis: TestRedis;
let logs: ReturnType<typeof tempLogRoot>;
let fixture: Awaited<ReturnType<typeof bundlePrograms<'tracedNode'>>>;
const cleanups: Array<() => Promise<unknown> | unknown> = [];

beforeAll(async () => {
  redis = await startRedis();
  logs = tempLogRoot();
  fixture = await bundlePrograms('ufo-cluster-tracing', { tracedNode: join(here, 'fixtures/traced-node-process.ts') });
}, 60_000);

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

afterAll(async () => {
  await redis?.close();
  logs?.cleanup();
  fixture?.cleanup();
});

async function body(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  return request.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
}

/** An OTLP/HTTP receiver for JSON trace exports on 127.0.0.1; `spans` is every span received so far. */
async function startReceiver(): Promise<{ url: string; spans: OtlpSpan[] }> {
  const spans: OtlpSpan[] = [];
  const server = createServer(async (request, response) => {
    const payload = JSON.parse((await body(request)).toString('utf8')) as { resourceSpans: Array<{ scopeSpans: Array<{ spans: OtlpSpan[] }> }> };
    for (const resource of payload.resourceSpans) for (const scope of resource.scopeSpans) spans.push(...scope.spans);
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/traces`, spans };
}

/** Starts a traced worker node (spans to `otlpUrl`) and waits for its address. */
async function startTracedWorker(nodeId: string, otlpUrl: string): Promise<ChildHandle> {
  const handle = spawnFixture(fixture.paths.tracedNode, { redisUrl: redis.url, apiKey: API_KEY, logRoot: logs.path, nodeId, otlpUrl, worker: true });
  cleanups.push(() => handle.stop());
  await handle.waitFor('stdout', (line) => typeof line['httpUrl'] === 'string', 20_000, `node ${nodeId} to start`);
  return handle;
}

const attribute = (span: OtlpSpan, key: string) => span.attributes.find((a) => a.key === key)?.value.stringValue;

describe('tracing in cluster mode', () => {
  it('a device on another node than the worker: its execute_tool spans are children of the worker’s, in the session’s trace', async () => {
    const receiver = await startReceiver();
    await startTracedWorker('traced-worker', receiver.url);
    // the device's node runs no sessions, so the session runs on the traced worker and its commands cross Redis
    const deviceNode: NodeProcess = await startNode('device-node', { redisUrl: redis.url, apiKey: API_KEY, logRoot: logs.path, worker: false });
    cleanups.push(() => deviceNode.handle.stop());

    const deviceSide = new InMemorySpanExporter();
    const deviceProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(deviceSide)] });
    const fake = createFakeDesktopDispatcher();
    const client = new DeviceClient({
      serverUrl: deviceNode.wsUrl,
      apiKey: API_KEY,
      clientId: 'traced-dev',
      platform: 'linux',
      dispatcher: new UfoTracing({ tracerProvider: deviceProvider }).traceDispatcher(fake.dispatcher),
      closeDispatcherOnStop: true,
      backoff: { initialDelayMs: 100, maxDelayMs: 1_000 },
    });
    await client.start();
    cleanups.push(() => client.stop());

    const dispatched = await deviceNode.api('POST', '/api/dispatch', { client_id: 'traced-dev', request: 'compute traced', task_name: 'traced-1' });
    expect(dispatched.status, JSON.stringify(dispatched.body)).toBe(200);
    const record = await deviceNode.waitForResult('traced-1', 60_000);
    expect(record).toMatchObject({ status: 'completed' });
    expect(fake.desktop.state.display).toBe('408');
    expect(record.attempts?.map((a: { node: string }) => a.node)).toEqual(['traced-worker']);

    // the worker exports each span as it ends, one request each (they may arrive in any order): wait for the
    // session span and a worker span for every device span's parent (the wait fails when one has none)
    const deviceTools = deviceSide.getFinishedSpans().filter((s) => s.name.startsWith('execute_tool '));
    const exported = (spanId: string | undefined) => receiver.spans.some((s) => s.spanId === spanId);
    await expect
      .poll(() => receiver.spans.some((s) => s.name === 'ufo.session') && deviceTools.every((d) => exported(d.parentSpanContext?.spanId)), {
        timeout: 15_000,
        interval: 50,
        message: 'the session span and, for every device execute_tool span, its parent among the worker spans',
      })
      .toBe(true);
    const workerSpans = receiver.spans;
    const session = workerSpans.find((s) => s.name === 'ufo.session')!;
    expect(workerSpans.every((s) => s.traceId === session.traceId)).toBe(true);
    const workerTools = workerSpans.filter((s) => s.name.startsWith('execute_tool '));
    expect(workerTools.filter((s) => s.name === 'execute_tool click_input')).toHaveLength(6);

    expect(deviceTools.length).toBe(workerTools.length);
    for (const device of deviceTools) {
      const parent = workerTools.find((s) => s.spanId === device.parentSpanContext?.spanId);
      expect(parent, `${device.name} (${String(device.attributes['gen_ai.tool.call.id'])}) has the worker's span as parent`).toBeDefined();
      expect(device.spanContext().traceId).toBe(session.traceId);
      expect(device.parentSpanContext?.isRemote).toBe(true);
      expect(device.attributes['gen_ai.tool.call.id']).toBe(attribute(parent!, 'gen_ai.tool.call.id'));
      expect(device.name).toBe(parent!.name);
    }
    await deviceProvider.shutdown();
  });

  it('a routed COMMAND carries each command’s trace context as trace_contexts, in the commands’ order', async () => {
    const keys = new ClusterKeys('ufo-trace');
    const connections: RedisClient[] = ['pub', 'sub', 'dev-pub', 'dev-sub'].map((name) => connectRedis({ url: redis.url, name: `test:${name}` }));
    cleanups.push(() => connections.forEach((c) => c.disconnect()));
    const [publisher, subscriber, devicePublisher, deviceSubscriber] = connections as [RedisClient, RedisClient, RedisClient, RedisClient];
    await whenRedisReady(...connections);
    const router = new CommandRouter({ nodeId: 'sender', keys, bus: new MessageBus({ publisher, subscriber }) });
    await router.start();
    // stands in for the node holding the device: records each envelope and answers every command with successes
    const deviceBus = new MessageBus({ publisher: devicePublisher, subscriber: deviceSubscriber });
    const received: DeviceEnvelope[] = [];
    await deviceBus.subscribe(keys.deviceChannel('dev-t'), (text) => {
      const envelope = parseJson(DeviceEnvelopeSchema, text, 'an envelope');
      received.push(envelope);
      if (envelope.kind !== 'command') return;
      const results: Result[] = envelope.message.actions.map((c) => ({
        status: 'success',
        result: null,
        namespace: 'test',
        call_id: c.call_id,
        duration_ms: 1,
      }));
      const reply: NodeReply = {
        kind: 'results',
        via: 'holder',
        message: {
          type: 'command_results',
          session_id: envelope.message.session_id,
          prev_response_id: envelope.message.response_id,
          action_results: results,
          status: 'continue',
          timestamp: new Date().toISOString(),
        },
      };
      void deviceBus.publish(envelope.replyTo, JSON.stringify(reply));
    });
    const routed = new RoutedCommandDispatcher({ router, clientId: 'dev-t', sessionId: 'sess-t', offlineBudgetMs: 0 });
    const commands = [
      createCommand('click_input', { id: '1' }, 'action'),
      createCommand('screenshot', {}, 'data_collection'),
      createCommand('click_input', { id: '2' }, 'action'),
    ];
    const first: TraceContext = { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' };
    const third: TraceContext = { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-1111111111111111-01', tracestate: 'ufo=1' };
    // given in another order than the commands': the field follows the commands, null for the one without
    const traceContexts = new Map([
      [commands[2]!.call_id, third],
      [commands[0]!.call_id, first],
    ]);

    const results = await routed.execute(commands, { target: { agent: 'LinuxAgent' }, traceContexts });
    expect(results.map((r) => r.status)).toEqual(['success', 'success', 'success']);
    const untraced = await routed.execute(commands.slice(0, 1), { target: { agent: 'LinuxAgent' } });
    expect(untraced[0]?.status).toBe('success');

    const sent = received.filter((e): e is Extract<DeviceEnvelope, { kind: 'command' }> => e.kind === 'command');
    expect(sent).toHaveLength(2);
    expect(sent[0]!.message.trace_contexts).toEqual([first, null, third]);
    expect(sent[1]!.message).not.toHaveProperty('trace_contexts');
  });
});
