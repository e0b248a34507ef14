import { randomBytes } from 'node:crypto';
import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { waitUntil } from '../../../../test-support/processes.js';
import { serverPerTest } from '../helpers/server-per-test.js';
import type { RawClient } from '../helpers/raw-client.js';

// Attack: clients that each send most of a large frame and never finish it made the server hold every partial
// frame (only one connection's frame was bounded, by the message size), so four of them grew the process from
// 454 to 744 MB. Now the inbound bytes of all connections together have a ceiling: past it the largest sender
// is paused, and disconnected (with the reason) if the total stays over it; a good device's heartbeats go on.

const { start, connect } = serverPerTest();

async function registered(server: Awaited<ReturnType<typeof start>>, clientId: string): Promise<RawClient> {
  const client = await connect(server);
  expect(await client.register(clientId)).toMatchObject({ type: 'heartbeat' });
  return client;
}

/** The TCP socket under a raw client, to write frame bytes by hand. */
function tcp(client: RawClient): Socket {
  return (client.socket as unknown as { _socket: Socket })._socket;
}

/** Header of a masked text frame announcing `payloadBytes` (client frames must be masked). */
function frameHeader(payloadBytes: number): Buffer {
  const header = Buffer.alloc(14);
  header[0] = 0x81;
  header[1] = 0x80 | 127;
  header.writeBigUInt64BE(BigInt(payloadBytes), 2);
  randomBytes(4).copy(header, 10);
  return header;
}

describe('attack: partial frames from many connections', () => {
  it('past the server-wide inbound ceiling the largest sender is paused, then disconnected with the reason; a good device keeps its heartbeats', async () => {
    const ceiling = 1024 * 1024;
    const server = await start({ maxTotalInboundBytes: ceiling, maxMessageBytes: 16 * 1024 * 1024 });
    const good = await registered(server, 'good-device');
    const hogs = [await registered(server, 'hog-1'), await registered(server, 'hog-2'), await registered(server, 'hog-3')];
    // each hog announces an 8 MiB frame and sends 2 MiB of it (6 MiB in all, six times the ceiling), never the rest
    for (const hog of hogs) tcp(hog).write(frameHeader(8 * 1024 * 1024));
    const chunk = randomBytes(128 * 1024);
    for (let round = 0; round < 16; round += 1) {
      for (const hog of hogs) if (hog.closeCode === undefined) tcp(hog).write(chunk);
      good.send({ type: 'heartbeat', request_id: `beat-${round}` });
      expect(await good.next((m) => m.response_id === `beat-${round}`, 20_000, `heartbeat ${round}`)).toMatchObject({ type: 'heartbeat', status: 'ok' });
    }
    const limits = () => server.events.filter((e) => e.type === 'inbound-limit');
    await waitUntil(() => limits().some((e) => e.action === 'disconnected'), 20_000, 'a hog disconnected for the inbound ceiling');
    expect(limits().find((e) => e.action === 'paused')).toMatchObject({
      clientId: expect.stringMatching(/^hog-/),
      reason: expect.stringContaining(`passed ${ceiling}`),
    });
    const dropped = limits().find((e) => e.action === 'disconnected');
    expect(dropped).toMatchObject({ clientId: expect.stringMatching(/^hog-/), reason: expect.stringContaining(`over ${ceiling}`) });
    expect(limits().every((e) => e.clientId !== 'good-device')).toBe(true);
    const droppedHog = hogs[Number((dropped as { clientId: string }).clientId.slice(4)) - 1]!;
    await droppedHog.closed;
    await waitUntil(() => !server.server.clients.get((dropped as { clientId: string }).clientId), 5_000, 'the hog to be gone');
    good.send({ type: 'heartbeat', request_id: 'after' });
    expect(await good.next((m) => m.response_id === 'after', 20_000)).toMatchObject({ type: 'heartbeat', status: 'ok' });
    expect(good.closeCode).toBeUndefined();
  });

  it('frames under the ceiling are read in full: a large message and many small ones are delivered, nothing paused', async () => {
    const server = await start({ maxTotalInboundBytes: 1024 * 1024 });
    const device = await registered(server, 'busy-device');
    // a 600 KB message and 200 heartbeats, all read and answered
    device.send({ type: 'heartbeat', request_id: 'big', padding: 'x'.repeat(600_000) });
    expect(await device.next((m) => m.response_id === 'big', 20_000)).toMatchObject({ type: 'heartbeat' });
    for (let i = 0; i < 200; i += 1) device.send({ type: 'heartbeat', request_id: `beat-${i}` });
    expect(await device.next((m) => m.response_id === 'beat-199', 20_000)).toMatchObject({ type: 'heartbeat', status: 'ok' });
    expect(server.events.filter((e) => e.type === 'inbound-limit')).toEqual([]);
  });
});
