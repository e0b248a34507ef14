import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { serverPerTest } from '../helpers/server-per-test.js';
import type { RawClient } from '../helpers/raw-client.js';

// Attack: a device (or an API caller) started task after task and grew the log root without bound (3 283 task
// folders, 112 MB in 200 s); only tasks a device started itself were rate limited. Now every task on a device,
// from the device or the HTTP API, spends its per-device token, and once the log folders of its recent tasks hold
// the byte cap, new tasks on it are refused with RATE_LIMITED (HTTP 429) and leave no folder.

const { start, connect } = serverPerTest();

async function registered(server: Awaited<ReturnType<typeof start>>, clientId: string): Promise<RawClient> {
  const client = await connect(server);
  expect(await client.register(clientId)).toMatchObject({ type: 'heartbeat' });
  return client;
}

/** Ends a running task at once (so the next one is not refused as DEVICE_BUSY) and waits for its logs. */
async function endTask(server: Awaited<ReturnType<typeof start>>, taskName: string): Promise<void> {
  const record = server.server.results.get(taskName);
  if (!record) return;
  await server.api('POST', '/api/cancel', { task_name: taskName });
  await server.server.sessions.settled(record.session_id);
}

describe('attack: growing the log root through one device', () => {
  it('tasks dispatched through the HTTP API spend the device’s task rate: past the burst, 429 RATE_LIMITED and no folder', async () => {
    const server = await start({ deviceTaskRate: { burst: 2, perMinute: 1 } });
    const device = await registered(server, 'api-target');
    const statuses = [];
    for (let i = 0; i < 6; i += 1) {
      const answer = await server.api('POST', '/api/dispatch', { client_id: 'api-target', request: 'compute 12 times 34', task_name: `api-${i}` });
      statuses.push(answer.status);
      if (answer.status === 429) expect(answer.body).toMatchObject({ code: 'RATE_LIMITED' });
      await endTask(server, `api-${i}`);
    }
    expect(statuses).toEqual([200, 200, 429, 429, 429, 429]);
    expect(readdirSync(server.logRoot).filter((name) => name.startsWith('api-'))).toHaveLength(2);
    // the device's own TASK messages share that budget
    device.send({ type: 'task', request: 'compute 12 times 34', task_name: 'own-task', request_id: 'own' });
    expect(await device.next((m) => m.response_id === 'own')).toMatchObject({ type: 'error', code: 'RATE_LIMITED' });
  });

  it('once a device’s recent tasks hold the log byte cap, new tasks on it are refused, from the device and the API; other devices go on', async () => {
    const cap = 150_000;
    const server = await start({ deviceLogBytes: { maxBytes: cap, windowMs: 3_600_000 }, deviceTaskRate: { burst: 100, perMinute: 100 } });
    const device = await registered(server, 'chatty');
    // each request is logged in full: ~90 KB of response.log per task
    const request = `write ${'y'.repeat(90_000)}`;
    const answers = [];
    for (let i = 0; i < 4; i += 1) {
      device.send({ type: 'task', request, task_name: `chatty-${i}`, request_id: `t-${i}` });
      answers.push(await device.next((m) => m.response_id === `t-${i}`, 10_000, `the answer to task ${i}`));
      await endTask(server, `chatty-${i}`);
    }
    // 0 KB and 90 KB before the first two; 180 KB before the third
    expect(answers.map((m) => m.type)).toEqual(['heartbeat', 'heartbeat', 'error', 'error']);
    expect(answers[2]).toMatchObject({ code: 'RATE_LIMITED', fatal: false, error: expect.stringContaining(`limit ${cap}`) });
    const api = await server.api('POST', '/api/dispatch', { client_id: 'chatty', request: 'compute 12 times 34', task_name: 'chatty-api' });
    expect(api).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED' } });
    expect(readdirSync(server.logRoot).filter((name) => name.startsWith('chatty-'))).toHaveLength(2);
    // another device has its own budget
    await registered(server, 'quiet');
    const other = await server.api('POST', '/api/dispatch', { client_id: 'quiet', request: 'compute 12 times 34', task_name: 'quiet-task' });
    expect(other.status).toBe(200);
    await endTask(server, 'quiet-task');
  });
});
