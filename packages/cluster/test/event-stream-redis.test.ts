// The live event stream of two server nodes sharing one real Redis (started here) through RedisStreamEventBus: a
// subscriber on the node without the device sees the task that runs on the other node, under the same ids, and
// resumes there with Last-Event-ID.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeviceClient } from '@ufo-ts/aip';
import { createUfoServer, type StreamEvent, type UfoServer } from '@ufo-ts/server';
import { createFakeDesktopDispatcher } from '@ufo-ts/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis, RedisStreamEventBus } from '../src/index.js';
import { startRedis, type TestRedis } from './helpers/redis-server.js';
import { StepScriptModel } from './helpers/scripts.js';
import { readFramesUntil, type Frame } from './helpers/sse-frames.js';

const API_KEY = 'event-stream-redis-key';
let redis: TestRedis;
let logRoot: string;
const nodes: UfoServer[] = [];
const publishers: ReturnType<typeof connectRedis>[] = [];
let device: DeviceClient;

function redisBus(name: string): RedisStreamEventBus {
  const publisher = connectRedis({ url: redis.url, name: `${name}:events-pub` });
  publishers.push(publisher);
  return new RedisStreamEventBus({
    publisher,
    reader: connectRedis({ url: redis.url, name: `${name}:events-read` }),
    key: '{ufo-test}:events',
    maxLength: 1_000,
    blockMs: 200,
  });
}

beforeAll(async () => {
  redis = await startRedis();
  logRoot = mkdtempSync(join(tmpdir(), 'ufo-cluster-events-'));
  for (const name of ['node-a', 'node-b']) {
    const server = createUfoServer({
      port: 0,
      apiKey: API_KEY,
      logRoot: join(logRoot, name),
      createModel: ({ request }) => new StepScriptModel(request),
      events: { bus: redisBus(name) },
    });
    await server.start();
    nodes.push(server);
  }
  const { dispatcher } = createFakeDesktopDispatcher();
  device = new DeviceClient({
    serverUrl: nodes[0]!.address!.wsUrl,
    apiKey: API_KEY,
    clientId: 'dev-redis',
    platform: 'linux',
    dispatcher,
    closeDispatcherOnStop: true,
  });
  await device.start();
}, 60_000);

afterAll(async () => {
  await device?.stop();
  for (const node of nodes) await node.stop();
  for (const publisher of publishers) publisher.disconnect();
  await redis?.close();
  rmSync(logRoot, { recursive: true, force: true });
});

/** Reads a node's stream until `until` matches a frame. */
const readUntil = (node: UfoServer, until: (frame: Frame) => boolean, lastEventId?: string) =>
  readFramesUntil(node.address!.httpUrl, API_KEY, until, lastEventId);

describe('the live event stream across nodes through a real Redis', () => {
  it('a subscriber on another node sees the task live with the same ids and resumes there with Last-Event-ID', async () => {
    const [a, b] = nodes as [UfoServer, UfoServer];
    const ended = (f: Frame) => f.data.type === 'task-finished' && f.data.task_name === 'calc-redis';
    const onA = readUntil(a, ended);
    const onB = readUntil(b, ended);
    await expect.poll(() => a.stream.hub.subscriberCount + b.stream.hub.subscriberCount).toBe(2);
    const dispatched = await fetch(`${a.address!.httpUrl}/api/dispatch`, {
      method: 'POST',
      headers: { 'x-api-key': API_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ client_id: 'dev-redis', request: 'compute redis', task_name: 'calc-redis' }),
    });
    expect(dispatched.status).toBe(200);
    const [framesA, framesB] = await Promise.all([onA, onB]);
    // node B has no device and runs nothing: everything it streamed came through Redis, in the same order and ids
    expect(framesB.map((f) => f.id)).toEqual(framesA.map((f) => f.id));
    expect(framesB.map((f) => f.data.type)).toEqual(expect.arrayContaining(['task-started', 'step', 'model-call', 'screenshot', 'tool-call', 'task-finished']));
    expect(framesB.every((f) => /^\d+-\d+$/.test(f.id!) && f.data.id === f.id)).toBe(true);
    const step = framesB.find((f) => f.data.type === 'step')!.data as Extract<StreamEvent, { type: 'step' }>;
    expect(step.record.thought).toBe('linux thinks');

    // a client that saw part of the stream on node A resumes on node B right after its last event
    const middle = framesA[Math.floor(framesA.length / 2)]!;
    const resumed = await readUntil(b, ended, middle.id);
    expect(resumed.map((f) => f.id)).toEqual(framesA.slice(framesA.indexOf(middle) + 1).map((f) => f.id));
  });
});
