import { afterEach, describe, expect, it } from 'vitest';
import { startInProcessDevice, type InProcessDevice } from '../helpers/in-process-device.js';
import { startInProcessServer, type InProcessServer } from '../helpers/in-process-server.js';
import { openSse, type SseClient } from '../helpers/sse-client.js';

let server: InProcessServer | undefined;
const devices: InProcessDevice[] = [];
const streams: SseClient[] = [];
afterEach(async () => {
  for (const stream of streams.splice(0)) stream.close();
  for (const device of devices.splice(0)) await device.stop();
  await server?.close();
  server = undefined;
});

const KEY_A = 'key-of-team-a-0123456789abcdef';
const KEY_B = 'key-of-team-b-0123456789abcdef';

describe('the live stream never shows a key the tasks of another key (real HTTP on 127.0.0.1)', () => {
  it("key B's subscribers never see key A's task events, streams or screenshots, and the other way round", async () => {
    // two task keys; the server's own key is the admin key, which sees both
    const s = await startInProcessServer({
      apiKeys: [
        { id: 'team-a', key: KEY_A },
        { id: 'team-b', key: KEY_B },
      ],
    });
    server = s;
    devices.push(await startInProcessDevice(s, 'dev-a'), await startInProcessDevice(s, 'dev-b'));
    const open = async (path: string, key: string) => {
      const stream = await openSse(`${s.httpUrl}${path}`, { 'x-api-key': key });
      streams.push(stream);
      return stream;
    };
    const streamA = await open('/api/events', KEY_A);
    const streamAdmin = await open('/api/events', s.apiKey);
    const streamB = await open('/api/events', KEY_B);

    const asA = await s.api('POST', '/api/dispatch', { client_id: 'dev-a', request: 'compute 12 times 34', task_name: 'task-of-a' }, { 'x-api-key': KEY_A });
    const asB = await s.api('POST', '/api/dispatch', { client_id: 'dev-b', request: 'compute 12 times 34', task_name: 'task-of-b' }, { 'x-api-key': KEY_B });
    expect([asA.status, asB.status]).toEqual([200, 200]);
    const ended = (name: string) => (f: { data?: { type?: string; task_name?: string } }) => f.data?.type === 'task-finished' && f.data.task_name === name;
    await streamA.waitFor(ended('task-of-a'), "A's task to end on A's stream");
    await streamB.waitFor(ended('task-of-b'), "B's task to end on B's stream");

    const taskNames = (stream: SseClient) =>
      new Set(
        stream
          .events()
          .filter((e) => 'task_name' in e)
          .map((e) => e.task_name),
      );
    expect(taskNames(streamA)).toEqual(new Set(['task-of-a']));
    expect(taskNames(streamB)).toEqual(new Set(['task-of-b']));
    // the admin key's stream sees both tasks
    await streamAdmin.waitFor(ended('task-of-a'), "A's task to end on the admin stream");
    await streamAdmin.waitFor(ended('task-of-b'), "B's task to end on the admin stream");
    expect(taskNames(streamAdmin)).toEqual(new Set(['task-of-a', 'task-of-b']));
    // both see many events of their own task, and device events are shared
    expect(streamB.events().filter((e) => e.task_name === 'task-of-b').length).toBeGreaterThan(10);

    // B cannot open A's task stream nor its screenshots, even when resuming from an id it never saw
    const shot = streamA.events().find((e) => e.type === 'screenshot');
    for (const path of ['/api/tasks/task-of-a/events', shot.url]) {
      expect((await fetch(`${s.httpUrl}${path}`, { headers: { 'x-api-key': KEY_B } })).status, path).toBe(404);
      expect((await fetch(`${s.httpUrl}${path}`, { headers: { 'x-api-key': KEY_A } })).status, path).toBe(200);
      expect((await fetch(`${s.httpUrl}${path}`, { headers: { 'x-api-key': s.apiKey } })).status, path).toBe(200);
    }
    const firstOfA = streamA.frames.find((f) => f.data?.task_name === 'task-of-a')!;
    const resumedB = await open('/api/events', KEY_B);
    resumedB.close();
    const replayB = await openSse(`${s.httpUrl}/api/events`, { 'x-api-key': KEY_B, 'last-event-id': firstOfA.id! });
    streams.push(replayB);
    await replayB.waitFor(ended('task-of-b'), "B's own events replayed");
    expect(taskNames(replayB)).toEqual(new Set(['task-of-b']));
  });
});
