// Cluster mode's live event stream: two real node processes (createRedisScaleOut) on a real Redis started here. The
// device is on node A, whose worker runs the session; the task is dispatched through node B, which runs nothing. A
// subscriber on node B sees the session's steps and screenshots as they happen, under the same ids as on node A.
import { DeviceClient } from '@ufo-ts/aip';
import type { StreamEvent } from '@ufo-ts/server';
import { createFakeDesktopDispatcher } from '@ufo-ts/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNode, tempLogRoot, type NodeProcess } from './helpers/cluster.js';
import { startRedis, type TestRedis } from './helpers/redis-server.js';
import { readFramesUntil, type Frame } from './helpers/sse-frames.js';

const API_KEY = 'event-stream-cluster-key';
let redis: TestRedis;
let logs: ReturnType<typeof tempLogRoot>;
let nodeA: NodeProcess;
let nodeB: NodeProcess;
let device: DeviceClient;

beforeAll(async () => {
  redis = await startRedis();
  logs = tempLogRoot();
  const settings = { redisUrl: redis.url, apiKey: API_KEY, logRoot: logs.path };
  [nodeA, nodeB] = await Promise.all([startNode('stream-a', settings), startNode('stream-b', { ...settings, worker: false })]);
  const { dispatcher } = createFakeDesktopDispatcher();
  device = new DeviceClient({
    serverUrl: nodeA.wsUrl,
    apiKey: API_KEY,
    clientId: 'dev-cluster-stream',
    platform: 'linux',
    dispatcher,
    closeDispatcherOnStop: true,
  });
  await device.start();
}, 90_000);

afterAll(async () => {
  await device?.stop();
  await Promise.allSettled([nodeA?.handle.stop(), nodeB?.handle.stop()]);
  await redis?.close();
  logs?.cleanup();
});

describe('the live event stream in cluster mode', () => {
  it('a subscriber on a node without the device or the worker sees the task run on another node, with the same ids', async () => {
    const ended = (f: Frame) => f.data.type === 'task-finished' && f.data.task_name === 'calc-cluster-stream';
    const onA = readFramesUntil(nodeA.httpUrl, API_KEY, ended);
    const onB = readFramesUntil(nodeB.httpUrl, API_KEY, ended);
    // both streams are open once they see a marker published after they connected
    await new Promise((resolve) => setTimeout(resolve, 300));
    const dispatched = await nodeB.api('POST', '/api/dispatch', {
      client_id: 'dev-cluster-stream',
      request: 'compute cluster stream',
      task_name: 'calc-cluster-stream',
    });
    expect(dispatched.status).toBe(200);
    const [framesA, framesB] = await Promise.all([onA, onB]);
    const taskFrames = (frames: Frame[]) => frames.filter((f) => 'task_name' in f.data && f.data.task_name === 'calc-cluster-stream');
    expect(taskFrames(framesB).map((f) => f.id)).toEqual(taskFrames(framesA).map((f) => f.id));
    const types = taskFrames(framesB).map((f) => f.data.type);
    // queued by node B (the dispatching node), started by node A's worker (the two nodes append independently)
    expect(types.slice(0, 2).sort()).toEqual(['task-queued', 'task-started']);
    expect(types).toEqual(
      expect.arrayContaining(['session-started', 'step-started', 'step', 'model-call', 'tool-call', 'screenshot', 'step-ended', 'task-finished']),
    );
    const steps = taskFrames(framesB)
      .map((f) => f.data)
      .filter((e): e is Extract<StreamEvent, { type: 'step' }> => e.type === 'step');
    expect(steps.map((s) => s.record.thought)).toEqual(['linux thinks', 'linux thinks']);
    expect(taskFrames(framesB).at(-1)!.data).toMatchObject({ type: 'task-finished', status: 'completed' });
    // the screenshot is served by the node whose worker wrote it
    const shot = taskFrames(framesB)
      .map((f) => f.data)
      .find((e): e is Extract<StreamEvent, { type: 'screenshot' }> => e.type === 'screenshot')!;
    const image = await fetch(`${nodeA.httpUrl}${shot.url}`, { headers: { 'x-api-key': API_KEY } });
    expect(image.status).toBe(200);
  });
});
