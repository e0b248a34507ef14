import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startInProcessServer, type InProcessServer } from '../helpers/in-process-server.js';
import { openSse, type SseClient } from '../helpers/sse-client.js';
import { RawClient } from '../helpers/raw-client.js';
import { waitUntil } from '../../../../test-support/processes.js';

// Attack: 1,000 event-stream subscribers that never read took the server from 87 MB to 622 MB with none dropped
// (each had its own bound, their sum had none), and the memory stayed after they left. Now event streams count
// against the server-wide ceiling on queued output they share with device sockets: past it the slowest readers are
// dropped with a last `subscriber-dropped` event giving the reason, and a subscriber's queue is released as soon as
// it leaves. Real sockets on 127.0.0.1 that stop reading (paused), and one subscriber that keeps reading.

let server: InProcessServer | undefined;
const sockets: Socket[] = [];
const raws: RawClient[] = [];
const streams: SseClient[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  for (const raw of raws.splice(0)) raw.socket.terminate();
  for (const stream of streams.splice(0)) stream.close();
  await server?.close();
  server = undefined;
});

const CEILING = 2 * 1024 * 1024;
const BIG = 'x'.repeat(16 * 1024);

/** A raw HTTP client subscribed to `/api/events` that reads nothing (paused) and keeps what it gets once resumed. */
async function nonReader(s: InProcessServer): Promise<{ socket: Socket; text: () => string; ended: Promise<void> }> {
  const socket = connect(Number(new URL(s.httpUrl).port), '127.0.0.1');
  sockets.push(socket);
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.write(`GET /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nX-API-Key: ${s.apiKey}\r\n\r\n`);
  socket.pause();
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return { socket, text: () => Buffer.concat(chunks).toString('utf8'), ended };
}

async function setup(): Promise<{ s: InProcessServer; reader: SseClient; publish: () => Promise<void> }> {
  const s = (server = await startInProcessServer({ maxTotalBufferedBytes: CEILING }));
  const reader = await openSse(`${s.httpUrl}/api/events`, { 'x-api-key': s.apiKey });
  streams.push(reader);
  let published = 0;
  const publish = async () => {
    s.server.stream.publish({ type: 'warning', time: new Date().toISOString(), task_name: 'no-such-task', message: BIG });
    published += 1;
    // the reading client keeps up: it has each event before the next is published
    await reader.waitFor(() => reader.events().filter((e) => e.type === 'warning').length === published, `event ${published} at the reading client`);
    // the ceiling holds after every event
    expect(s.server.queuedOutputBytes).toBeLessThanOrEqual(CEILING);
  };
  return { s, reader, publish };
}

describe('attack: event-stream subscribers that never read', () => {
  it('past the server-wide ceiling the slowest are dropped with the reason; the reader keeps streaming and the queued bytes go back to 0', async () => {
    const { s, reader, publish } = await setup();
    const hub = s.server.stream.hub;
    const idle = await Promise.all(Array.from({ length: 40 }, () => nonReader(s)));
    await expect.poll(() => hub.subscriberCount).toBe(41);
    let rounds = 0;
    // the kernel's socket buffers take some megabytes first; then the server's queues fill up to the ceiling
    while (hub.subscriberCount > 1 && rounds < 5_000) {
      await publish();
      rounds += 1;
    }
    expect(hub.subscriberCount).toBe(1);
    expect(s.server.queuedOutputBytes).toBe(0);
    // each dropped subscriber gets its last event, with the reason, once it reads again; then its connection ends
    for (const client of idle) client.socket.resume();
    await Promise.all(idle.map((client) => client.ended));
    const reasons = idle
      .map((client) => /event: subscriber-dropped\ndata: (.*)\n/.exec(client.text())?.[1])
      .map((data) => (data ? (JSON.parse(data) as { reason: string }).reason : undefined));
    expect(
      reasons.every((reason) => reason !== undefined),
      JSON.stringify(reasons),
    ).toBe(true);
    expect(reasons.some((reason) => reason!.includes(`would pass ${CEILING} bytes`) && reason!.includes('the slowest reader'))).toBe(true);
    await publish();
    expect(reader.events().some((e) => e.type === 'subscriber-dropped')).toBe(false);
  }, 120_000);

  it('subscribers that leave give their queued bytes back at once', async () => {
    const { s, publish } = await setup();
    const hub = s.server.stream.hub;
    const idle = await Promise.all(Array.from({ length: 10 }, () => nonReader(s)));
    await expect.poll(() => hub.subscriberCount).toBe(11);
    let rounds = 0;
    while (s.server.queuedOutputBytes < 256 * 1024 && rounds < 5_000) {
      await publish();
      rounds += 1;
    }
    expect(s.server.queuedOutputBytes).toBeGreaterThanOrEqual(256 * 1024);
    for (const client of idle) client.socket.destroy();
    await expect.poll(() => hub.subscriberCount, { timeout: 5_000 }).toBe(1);
    await expect.poll(() => s.server.queuedOutputBytes, { timeout: 5_000 }).toBe(0);
  }, 120_000);

  it('device sockets and event subscribers share the one ceiling: a non-reading device counts against it', async () => {
    const { s, publish } = await setup();
    const hub = s.server.stream.hub;
    const hog = await RawClient.connect(s.wsUrl, { apiKey: s.apiKey });
    raws.push(hog);
    expect(await hog.register('hog-device')).toMatchObject({ type: 'heartbeat' });
    (hog.socket as unknown as { _socket: { pause(): void } })._socket.pause();
    // each frame is answered by an ERROR the hog never reads, until its queue holds a fair share of the ceiling
    const frame = JSON.stringify({ type: 'cancel', session_id: `s${'x'.repeat(126)}` });
    const disconnected = () => s.events.some((e) => e.type === 'slow-reader-disconnected');
    for (let chunk = 0; chunk < 200 && s.server.queuedOutputBytes < CEILING / 2 && !disconnected(); chunk += 1) {
      for (let i = 0; i < 1_000; i += 1) hog.send(frame);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await waitUntil(() => s.server.queuedOutputBytes >= CEILING / 2 || disconnected(), 30_000, 'the hog to hold half the ceiling');
    expect(disconnected()).toBe(false);
    const idle = await nonReader(s);
    await expect.poll(() => hub.subscriberCount).toBe(2);
    let rounds = 0;
    while (!disconnected() && hub.subscriberCount > 1 && rounds < 5_000) {
      await publish();
      rounds += 1;
    }
    // the first reader dropped is the slowest of both kinds, for the shared ceiling
    const slow = s.events.find((e) => e.type === 'slow-reader-disconnected') as { reason: string } | undefined;
    if (slow) expect(slow.reason).toContain(`would pass ${CEILING} bytes`);
    else {
      idle.socket.resume();
      await idle.ended;
      expect(idle.text()).toContain(`would pass ${CEILING} bytes`);
    }
  }, 120_000);
});
