import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { waitUntil } from '../../../../test-support/processes.js';
import { serverPerTest } from '../helpers/server-per-test.js';
import type { RawClient } from '../helpers/raw-client.js';

// Attacks: four clients that never read grew the server from 454 to 744 MB (memory was bounded per connection
// only), and a device started 3 283 tasks (112 MB of log folders) in 200 s. Now queued output has a server-wide
// ceiling (the slowest reader is disconnected, with the reason in an event) and a device's own tasks are rate
// limited per client id.

const { start, connect } = serverPerTest();

async function registered(server: Awaited<ReturnType<typeof start>>, clientId: string): Promise<RawClient> {
  const client = await connect(server);
  expect(await client.register(clientId)).toMatchObject({ type: 'heartbeat' });
  return client;
}

describe('attack: flooding the server', () => {
  it('clients that never read are disconnected once the server-wide queue passes its ceiling; a good device is untouched', async () => {
    const ceiling = 512 * 1024;
    const server = await start({ maxTotalBufferedBytes: ceiling });
    const good = await registered(server, 'good-reader');
    const hogs = [await registered(server, 'hog-1'), await registered(server, 'hog-2')];
    for (const hog of hogs) (hog.socket as unknown as { _socket: { pause(): void } })._socket.pause();
    // each frame is answered by an ERROR about twice its size; the hogs never read them
    const frame = JSON.stringify({ type: 'cancel', session_id: `s${'x'.repeat(126)}` });
    const dropped = () => server.events.some((e) => e.type === 'slow-reader-disconnected');
    const refusals = () => server.events.filter((e) => e.type === 'protocol-error').length;
    let sent = 0;
    for (let chunk = 0; chunk < 100 && !dropped(); chunk += 1) {
      for (const hog of hogs) for (let i = 0; i < 1_000; i += 1) hog.send(frame);
      sent += 2_000;
      // the server answered (or dropped) everything sent so far: its queue for the hogs grew by that much
      await waitUntil(() => dropped() || refusals() >= sent, 30_000, `${sent} refusals`);
      good.send({ type: 'heartbeat', request_id: `beat-${chunk}` });
      await good.next((m) => m.response_id === `beat-${chunk}`, 30_000, `heartbeat ${chunk}`);
    }
    const event = server.events.find((e) => e.type === 'slow-reader-disconnected');
    expect(event).toMatchObject({ clientId: expect.stringMatching(/^hog-/), reason: expect.stringContaining(`would pass ${ceiling} bytes`) });
    await waitUntil(() => !server.server.clients.get((event as { clientId: string }).clientId), 5_000, 'the slow reader to be gone');
    good.send({ type: 'heartbeat', request_id: 'after' });
    expect(await good.next((m) => m.response_id === 'after')).toMatchObject({ type: 'heartbeat', status: 'ok' });
    expect(good.closeCode).toBeUndefined();
  });

  it('a device starting tasks in a loop is rate limited, which bounds its log folders', async () => {
    const server = await start({ deviceTaskRate: { burst: 3, perMinute: 1 } });
    const device = await registered(server, 'looper');
    const answers = [];
    for (let i = 0; i < 12; i += 1) {
      device.send({ type: 'task', request: 'compute 12 times 34', task_name: `loop-${i}`, request_id: `t-${i}` });
      answers.push(await device.next((m) => m.response_id === `t-${i}`, 10_000, `the answer to task ${i}`));
      // end each task at once so the next is not refused as DEVICE_BUSY
      const record = server.server.results.get(`loop-${i}`);
      if (record) {
        await server.api('POST', '/api/cancel', { task_name: `loop-${i}` });
        await server.server.sessions.settled(record.session_id);
      }
    }
    expect(answers.filter((m) => m.type === 'heartbeat')).toHaveLength(3);
    expect(answers.slice(3).every((m) => m.type === 'error' && m.code === 'RATE_LIMITED' && m.fatal === false)).toBe(true);
    expect(readdirSync(server.logRoot).filter((name) => name.startsWith('loop-'))).toHaveLength(3);
    // other devices have their own budget
    const other = await registered(server, 'patient');
    other.send({ type: 'task', request: 'compute 12 times 34', task_name: 'patient-task', request_id: 'p-1' });
    expect(await other.next((m) => m.response_id === 'p-1')).toMatchObject({ type: 'heartbeat', task_name: 'patient-task' });
    await server.api('POST', '/api/cancel', { task_name: 'patient-task' });
  });
});
