import { afterEach, describe, expect, it } from 'vitest';
import { RawClient } from '../helpers/raw-client.js';
import { nestedArrayFrame, percentile, startHeartbeatProbe } from '../helpers/heartbeat-probe.js';
import { startServerProcess, type ServerProcess } from '../helpers/remote-setup.js';

// Attack: one 16 MB frame of nested arrays froze the server for 18.5 s (every heartbeat and /api/health waited).
// Now a linear pre-scan refuses nesting deeper than 64 levels before JSON.parse, so the frame costs one short
// loop. The server runs in its own process on 127.0.0.1; a good device heartbeats through the attack.

const FRAME_BYTES = 16 * 1024 * 1024 - 1024;
const FRAMES = 4;
/** Generous for a busy 2-core machine, far below the 18 s stall this attack caused (the benchmark records p99). */
const MAX_HEARTBEAT_MS = 2_000;

let server: ServerProcess | undefined;
const clients: RawClient[] = [];

afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  await server?.stop();
  server = undefined;
});

async function registered(target: ServerProcess, clientId: string): Promise<RawClient> {
  const client = await RawClient.connect(target.wsUrl, { apiKey: target.apiKey });
  clients.push(client);
  expect(await client.register(clientId)).toMatchObject({ type: 'heartbeat', status: 'ok' });
  return client;
}

describe('attack: a huge frame of nested arrays cannot stall the server', () => {
  it('nested frames are refused before parsing while a good device’s heartbeats and /api/health stay prompt', async () => {
    server = await startServerProcess({ scripts: {} });
    const good = await registered(server, 'good-device');
    const attacker = await registered(server, 'attacker');
    const heartbeats = startHeartbeatProbe(good, 20);

    const frame = nestedArrayFrame('command_results', FRAME_BYTES);
    const healthTimes: number[] = [];
    for (let i = 0; i < FRAMES; i += 1) {
      attacker.send(frame);
      const started = performance.now();
      expect((await fetch(`${server.httpUrl}/api/health`)).status).toBe(200);
      healthTimes.push(performance.now() - started);
    }
    await attacker.next(() => attacker.received.filter((m) => m.type === 'error').length >= FRAMES, 30_000, `${FRAMES} refusals`);
    const rtts = await heartbeats.stop();

    const refusals = attacker.received.filter((m) => m.type === 'error');
    expect(refusals).toHaveLength(FRAMES);
    for (const refusal of refusals)
      expect(refusal).toMatchObject({ code: 'MESSAGE_INVALID', fatal: false, error: expect.stringContaining('nesting deeper than 64 levels') });
    expect(rtts.length).toBeGreaterThan(0);
    expect(percentile(rtts, 100)).toBeLessThan(MAX_HEARTBEAT_MS);
    expect(Math.max(...healthTimes)).toBeLessThan(MAX_HEARTBEAT_MS);
    expect(good.closeCode).toBeUndefined();
    expect(attacker.closeCode).toBeUndefined();
  });

  it('an unregistered connection sending the frame is refused and closed; a non-results message over 1 MiB is refused by type', async () => {
    server = await startServerProcess({ scripts: {} });
    const stranger = await RawClient.connect(server.wsUrl, { apiKey: server.apiKey });
    clients.push(stranger);
    stranger.send(nestedArrayFrame('register', FRAME_BYTES));
    expect(await stranger.next((m) => m.type === 'error', 10_000)).toMatchObject({ code: 'MESSAGE_INVALID', fatal: true });
    expect(await stranger.closed).toBe(1008);

    const device = await registered(server, 'chatty');
    device.send({ type: 'heartbeat', request_id: 'big', metadata: { pad: 'x'.repeat(2 * 1024 * 1024) } });
    expect(await device.next((m) => m.type === 'error', 10_000)).toMatchObject({
      code: 'MESSAGE_TOO_LARGE',
      fatal: false,
      error: expect.stringContaining('"heartbeat" message'),
    });
    device.send({ type: 'heartbeat', request_id: 'after' });
    expect(await device.next((m) => m.response_id === 'after')).toMatchObject({ type: 'heartbeat', status: 'ok' });
  });
});
