import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { StreamEventSchema, type StreamEvent } from '../../src/index.js';
import { compareEventIds } from '../../src/events/event-id.js';
import { startInProcessDevice, type InProcessDevice } from '../helpers/in-process-device.js';
import { startInProcessServer, type InProcessServer } from '../helpers/in-process-server.js';
import { openSse, type SseClient } from '../helpers/sse-client.js';

let server: InProcessServer | undefined;
let device: InProcessDevice | undefined;
const streams: SseClient[] = [];
afterEach(async () => {
  for (const stream of streams.splice(0)) stream.close();
  await device?.stop();
  await server?.close();
  server = undefined;
  device = undefined;
});

async function setup(options: Parameters<typeof startInProcessServer>[0] = {}): Promise<InProcessServer> {
  server = await startInProcessServer(options);
  device = await startInProcessDevice(server, 'dev-events');
  return server;
}

async function sse(path: string, headers: Record<string, string> = {}): Promise<SseClient> {
  const stream = await openSse(`${server!.httpUrl}${path}`, { 'x-api-key': server!.apiKey, ...headers });
  streams.push(stream);
  return stream;
}

const finished = (name: string) => (f: { data?: StreamEvent }) => f.data?.type === 'task-finished' && f.data.task_name === name;

describe('the live event stream over real HTTP on 127.0.0.1', () => {
  it('streams a task from dispatch to finish: typed events with ids, steps with thoughts and actions, model calls, screenshots by URL', async () => {
    const s = await setup();
    const all = await sse('/api/events');
    expect(all.status).toBe(200);
    const dispatched = await s.api('POST', '/api/dispatch', { client_id: 'dev-events', request: 'compute 12 times 34', task_name: 'calc-stream' });
    expect(dispatched.status).toBe(200);
    const task = await sse('/api/tasks/calc-stream/events');
    await all.waitFor(finished('calc-stream'), 'the task to finish');
    await task.waitFor(finished('calc-stream'), 'the task stream to see the end');

    const events = all.events() as StreamEvent[];
    for (const event of events) expect(StreamEventSchema.safeParse(event).success, JSON.stringify(event).slice(0, 300)).toBe(true);
    // every event frame has an id, increasing
    const ids = all.frames.filter((f) => f.data).map((f) => f.id!);
    expect(ids.every((id) => /^\d+-\d+$/.test(id))).toBe(true);
    for (let i = 1; i < ids.length; i += 1) expect(compareEventIds(ids[i - 1]!, ids[i]!)).toBeLessThan(0);
    expect(all.frames.filter((f) => f.data).every((f) => f.event === f.data.type && f.data.id === f.id)).toBe(true);

    const types = events.map((e) => e.type);
    expect(types[0]).toBe('task-started');
    expect(types).toEqual(
      expect.arrayContaining([
        'session-started',
        'round-started',
        'step-started',
        'step',
        'model-call',
        'tool-call',
        'screenshot',
        'step-ended',
        'transition',
        'round-ended',
        'session-ended',
        'task-finished',
      ]),
    );
    expect(types.indexOf('task-finished')).toBe(types.length - 1);
    const steps = events.filter((e): e is Extract<StreamEvent, { type: 'step' }> => e.type === 'step');
    expect(steps.map((e) => e.record.thought)).toEqual(['linux thinks', 'linux thinks']);
    expect(steps[1]!.record.actions.map((a) => a.function)).toEqual(['click_input', 'click_input', 'click_input', 'click_input', 'click_input', 'click_input']);
    expect(events.find((e) => e.type === 'task-finished')).toMatchObject({ status: 'completed' });
    const calls = events.filter((e): e is Extract<StreamEvent, { type: 'model-call' }> => e.type === 'model-call');
    expect(calls).toHaveLength(2);
    expect(calls[0]).toMatchObject({
      agent: 'LinuxAgent',
      step: 0,
      model: expect.any(String),
      input_tokens: expect.any(Number),
      output_tokens: expect.any(Number),
    });

    // screenshots travel as URLs (never inline) and the URL needs the key
    const shot = events.find((e): e is Extract<StreamEvent, { type: 'screenshot' }> => e.type === 'screenshot')!;
    expect(shot.url).toBe(`/api/tasks/calc-stream/screenshots/${shot.file}`);
    expect(JSON.stringify(events)).not.toMatch(/base64|iVBORw0KGgo/);
    expect(JSON.stringify(events)).not.toContain(s.logRoot);
    const image = await fetch(`${s.httpUrl}${shot.url}`, { headers: { 'x-api-key': s.apiKey } });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(
      Buffer.from(await image.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    expect((await fetch(`${s.httpUrl}${shot.url}`)).status).toBe(401);
    expect(steps[0]!.screenshot_urls['screenshot']).toBe(`/api/tasks/calc-stream/screenshots/${steps[0]!.record.screenshots!['screenshot']}`);

    // the task stream holds the same task events (its kept events were replayed on connect)
    const taskTypes = (task.events() as StreamEvent[]).map((e) => e.type);
    expect(taskTypes).toEqual(types.filter((t, i) => 'task_name' in events[i]!));
  });

  it('Last-Event-ID resumes right after the given event; from too far back a typed stream-gap comes first', async () => {
    const s = await setup({ events: { serverBufferSize: 12 } });
    const all = await sse('/api/events');
    await s.api('POST', '/api/dispatch', { client_id: 'dev-events', request: 'compute 12 times 34', task_name: 'calc-resume' });
    await all.waitFor(finished('calc-resume'), 'the task to finish');
    const frames = all.frames.filter((f) => f.data);
    expect(frames.length).toBeGreaterThan(12);

    // resume from an event still buffered: exactly the events after it
    const from = frames[frames.length - 5]!;
    const resumed = await sse('/api/events', { 'last-event-id': from.id! });
    await resumed.waitFor(finished('calc-resume'), 'the replayed end');
    expect(resumed.frames.filter((f) => f.data).map((f) => f.id)).toEqual(frames.slice(-4).map((f) => f.id));

    // resume from before the buffer: stream-gap, then the oldest kept events
    const old = await sse('/api/events', { 'last-event-id': frames[0]!.id! });
    await old.waitFor(finished('calc-resume'), 'the replayed end after the gap');
    const replayed = old.frames.filter((f) => f.data);
    expect(replayed[0]!.data).toMatchObject({ type: 'stream-gap', after_id: frames[0]!.id, resumes_at: frames[frames.length - 12]!.id });
    expect(replayed[0]!.id).toBeUndefined();
    expect(replayed.slice(1).map((f) => f.id)).toEqual(frames.slice(-12).map((f) => f.id));
    // and it continues live
    await s.api('POST', '/api/dispatch', { client_id: 'dev-events', request: 'compute 12 times 34', task_name: 'calc-after-gap' });
    await old.waitFor((f) => f.data?.type === 'task-started' && f.data.task_name === 'calc-after-gap', 'the next task live');

    expect((await fetch(`${s.httpUrl}/api/events`, { headers: { 'x-api-key': s.apiKey, 'last-event-id': 'nonsense' } })).status).toBe(400);
  });

  it('every stream route needs the API key; unknown tasks and odd screenshot names are 404', async () => {
    const s = await setup();
    for (const path of ['/api/events', '/api/tasks/x/events', '/api/tasks/x/screenshots/a.png']) {
      expect((await fetch(`${s.httpUrl}${path}`)).status).toBe(401);
      expect((await fetch(`${s.httpUrl}${path}`, { headers: { 'x-api-key': 'wrong' } })).status).toBe(401);
    }
    expect((await fetch(`${s.httpUrl}/api/tasks/none/events`, { headers: { 'x-api-key': s.apiKey } })).status).toBe(404);
    await s.api('POST', '/api/dispatch', { client_id: 'dev-events', request: 'compute 12 times 34', task_name: 'calc-paths' });
    const task = await sse('/api/tasks/calc-paths/events');
    await task.waitFor(finished('calc-paths'), 'the task to finish');
    for (const file of ['..%2Fresponse.log', 'response.log', '.hidden.png', '..%2F..%2Fetc%2Fpasswd']) {
      const response = await fetch(`${s.httpUrl}/api/tasks/calc-paths/screenshots/${file}`, { headers: { 'x-api-key': s.apiKey } });
      expect(response.status, file).toBe(404);
    }
  });

  it('sends heartbeat comments on idle streams and forgets a subscriber when its client disconnects', async () => {
    const s = await setup({ events: { heartbeatMs: 30 } });
    const idle = await sse('/api/events');
    await idle.waitFor((f) => f.comment === 'heartbeat', 'a heartbeat');
    await sse('/api/events');
    const hub = s.server.stream.hub;
    await expect.poll(() => hub.subscriberCount).toBe(2);
    idle.close();
    await expect.poll(() => hub.subscriberCount, { timeout: 5_000 }).toBe(1);
  });

  it('stopping the server ends open streams with subscriber-dropped', async () => {
    const s = await setup();
    const stream = await sse('/api/events');
    await expect.poll(() => s.server.stream.hub.subscriberCount).toBe(1);
    const stopping = s.server.stop();
    await stream.ended;
    await stopping;
    expect(stream.events().at(-1)).toMatchObject({ type: 'subscriber-dropped', reason: 'the server is stopping' });
  });

  it('a client that stops reading is dropped once its bounded queue is full; the others keep streaming', async () => {
    const s = await setup({ events: { maxQueuedBytes: 64 * 1024 } });
    const reader = await sse('/api/events');
    const socket = connect(Number(new URL(s.httpUrl).port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(`GET /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-Key: ${s.apiKey}\r\n\r\n`);
    socket.pause();
    const hub = s.server.stream.hub;
    await expect.poll(() => hub.subscriberCount).toBe(2);
    const big = 'x'.repeat(16 * 1024);
    let published = 0;
    // the kernel's socket buffers take some megabytes first; then the server's queue fills and the reader is dropped
    const warnings = () => reader.events().filter((e) => e.type === 'warning').length;
    while (hub.subscriberCount === 2 && published < 5_000) {
      s.server.stream.publish({ type: 'warning', time: new Date().toISOString(), task_name: 'no-such-task', message: big });
      published += 1;
      // the reading client keeps up (it has each event before the next is published)
      await reader.waitFor(() => warnings() === published, `event ${published} at the reading client`);
    }
    expect(hub.subscriberCount).toBe(1);
    socket.destroy();
    expect(published).toBeGreaterThan(2);
    s.server.stream.publish({ type: 'warning', time: new Date().toISOString(), task_name: 'no-such-task', message: 'after the drop' });
    await reader.waitFor((f) => f.data?.message === 'after the drop', 'the reading client to go on');
  });
});
