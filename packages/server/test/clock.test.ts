// One clock for the whole server: the clock given to createUfoServer stamps the device's registration (the client
// list), the live stream's events and the health route's uptime. The clock is fixed far from the real time, so any
// part still reading the system time shows up as a different timestamp.
import { ManualClock } from '@ufo-ts/core/testing';
import { afterEach, describe, expect, it } from 'vitest';
import type { StreamRecord } from '../src/index.js';
import { startInProcessDevice, type InProcessDevice } from './helpers/in-process-device.js';
import { startInProcessServer, type InProcessServer } from './helpers/in-process-server.js';
import { waitUntil } from '../../../test-support/processes.js';

const FIXED = Date.UTC(2031, 4, 6, 7, 8, 9);
const FIXED_ISO = new Date(FIXED).toISOString();

let server: InProcessServer | undefined;
let device: InProcessDevice | undefined;

afterEach(async () => {
  await device?.stop();
  await server?.close();
  device = undefined;
  server = undefined;
});

describe('the clock given to createUfoServer', () => {
  it('stamps the registration, the stream events and the uptime', async () => {
    const clock = new ManualClock(FIXED);
    server = await startInProcessServer({ clock });
    const records: StreamRecord[] = [];
    server.server.stream.bus.subscribe((record) => records.push(record));

    device = await startInProcessDevice(server, 'pc-clock');
    await waitUntil(() => records.some((r) => r.event.type === 'device-connected'), 5_000, 'the device-connected event');

    expect(records.find((r) => r.event.type === 'device-connected')?.event.time).toBe(FIXED_ISO);
    const clients = await server.api('GET', '/api/clients');
    expect(clients.body.clients).toEqual([expect.objectContaining({ client_id: 'pc-clock', connected_at: FIXED_ISO, last_seen: FIXED_ISO })]);

    clock.advance(42_000);
    expect((await server.api('GET', '/api/health')).body.uptime_s).toBe(42);
  });
});
