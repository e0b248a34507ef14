import { afterEach, describe, expect, it } from 'vitest';
import type { ChildHandle } from '../../../test-support/processes.js';
import { seededRandom, malformedFrame } from './helpers/fuzz-messages.js';
import { RawClient } from './helpers/raw-client.js';
import { startDeviceProcess, startServerProcess, type ServerProcess } from './helpers/remote-setup.js';
import { SCRIPTS } from './helpers/scripts.js';

const MAX_MESSAGE_BYTES = 64 * 1024;
const REGISTERED_CONNECTIONS = 8;
const FRAMES_PER_CONNECTION = 1_250;
const UNREGISTERED_CONNECTIONS = 300;
const OVERSIZED_CONNECTIONS = 40;
const CHUNK = 125;

/** Sends `frames` on a registered connection in chunks and waits until each one got its ERROR. */
async function fuzzRegistered(server: ServerProcess, index: number, seed: number): Promise<{ sent: number; errors: number; kinds: Set<string> }> {
  const client = await RawClient.connect(server.wsUrl, { apiKey: server.apiKey });
  const clientId = `fuzz-${index}`;
  expect((await client.register(clientId)).type).toBe('heartbeat');
  const random = seededRandom(seed);
  const kinds = new Set<string>();
  let sent = 0;
  const errorsNow = () => client.received.filter((m) => m.type === 'error').length;
  while (sent < FRAMES_PER_CONNECTION) {
    for (let i = 0; i < CHUNK; i += 1) {
      const frame = malformedFrame(random, clientId);
      kinds.add(frame.kind);
      client.send(frame.data, frame.binary);
      sent += 1;
    }
    await client.next(() => errorsNow() >= sent, 10_000, `${sent} ERRORs on ${clientId}`).catch(() => undefined);
    const deadline = Date.now() + 10_000;
    while (errorsNow() < sent && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const errors = errorsNow();
  expect(client.closeCode).toBeUndefined();
  client.close();
  return { sent, errors, kinds };
}

/** Sends one garbage first frame: the server must answer with a fatal ERROR and close. */
async function fuzzUnregistered(server: ServerProcess, random: () => number): Promise<{ error: boolean; code: number }> {
  const client = await RawClient.connect(server.wsUrl, { apiKey: server.apiKey });
  let frame = malformedFrame(random, 'nobody');
  while (frame.kind === 'register-again') frame = malformedFrame(random, 'nobody'); // a valid first REGISTER is not garbage
  client.send(frame.data, frame.binary);
  const code = await withTimeout(client.closed, 5_000, `the close after a garbage first frame (${frame.kind})`);
  return { error: client.received.some((m) => m.type === 'error' && m.fatal === true), code };
}

/** Registers, then sends a frame over the size limit: the server closes with 1009. */
async function fuzzOversized(server: ServerProcess, index: number): Promise<number> {
  const client = await RawClient.connect(server.wsUrl, { apiKey: server.apiKey });
  await client.register(`big-${index}`);
  client.send(JSON.stringify({ type: 'heartbeat', metadata: { blob: 'x'.repeat(MAX_MESSAGE_BYTES + 10 * index) } }));
  return withTimeout(client.closed, 5_000, 'the close after an oversized frame');
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([promise, new Promise<T>((_, reject) => (timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms)))]).finally(
    () => clearTimeout(timer),
  );
}

let cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const fn of cleanup.reverse()) await fn();
  cleanup = [];
});

describe('fuzz: malformed, oversized and out-of-order messages from many connections', () => {
  it('the server answers each with ERROR or a close, stays up, and a well-behaved device completes its task meanwhile', async () => {
    const server = await startServerProcess({ scripts: SCRIPTS, maxMessageBytes: MAX_MESSAGE_BYTES });
    cleanup.push(() => server.stop());
    const device: ChildHandle = await startDeviceProcess(server, 'good-device');
    cleanup.push(() => device.kill());
    const random = seededRandom(20261122);
    const fuzzing = Promise.all([
      ...Array.from({ length: REGISTERED_CONNECTIONS }, (_, i) => fuzzRegistered(server, i, 1_000 + i)),
      (async () => {
        const out: Array<{ error: boolean; code: number }> = [];
        for (let i = 0; i < UNREGISTERED_CONNECTIONS; i += 1) out.push(await fuzzUnregistered(server, random));
        return out;
      })(),
      Promise.all(Array.from({ length: OVERSIZED_CONNECTIONS }, (_, i) => fuzzOversized(server, i))),
    ]);
    // meanwhile, a real task runs on a real device
    const dispatched = await server.api('POST', '/api/dispatch', { client_id: 'good-device', request: 'compute 12 times 34', task_name: 'during-fuzz' });
    expect(dispatched.status).toBe(200);
    const results = await fuzzing;
    const task = await server.waitForResult('during-fuzz', 20_000);
    expect(task).toMatchObject({ status: 'completed', result: { rounds: [{ result: '408', finalState: 'FINISH' }] } });

    const registered = results.slice(0, REGISTERED_CONNECTIONS) as Array<{ sent: number; errors: number; kinds: Set<string> }>;
    const unregistered = results[REGISTERED_CONNECTIONS] as Array<{ error: boolean; code: number }>;
    const oversized = results[REGISTERED_CONNECTIONS + 1] as number[];
    for (const connection of registered) expect(connection.errors).toBe(connection.sent);
    expect(new Set(registered.flatMap((r) => [...r.kinds])).size).toBe(16);
    expect(unregistered.every((r) => r.error && r.code === 1008)).toBe(true);
    expect(oversized.every((code) => code === 1009)).toBe(true);
    const total = registered.reduce((n, r) => n + r.sent, 0) + unregistered.length + oversized.length;
    expect(total).toBeGreaterThanOrEqual(10_000);

    // still up and healthy, with only the good device left online
    expect(server.handle.child.exitCode).toBeNull();
    const health = await server.api('GET', '/api/health');
    expect(health).toMatchObject({ status: 200, body: { status: 'healthy', running_tasks: 0 } });
    const clients = await server.api('GET', '/api/clients');
    expect(clients.body.online_clients).toEqual(['good-device']);
  }, 45_000);
});
