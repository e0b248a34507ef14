import { describe, expect, it } from 'vitest';
import { waitUntil } from '../../../../test-support/processes.js';
import { nestedArrayFrame, stallEventLoop } from '../helpers/heartbeat-probe.js';
import { serverPerTest } from '../helpers/server-per-test.js';
import { registerMessage } from '../helpers/raw-client.js';

// Attack: a duplicate registration starts a ping probe of the holder; a stall at the same moment (a huge frame)
// made the probe's timer fire before the holder's pong was read, so the live holder was dropped and the next
// registration got its id (4 of 4 tries). Now the probe judges by any traffic since it began, and only after a
// window in which the event loop did not stall.

const PROBE_MS = 200;
const TRIES = 4;

const { start, connect } = serverPerTest();

describe('attack: stalling the event loop during a duplicate-id probe', () => {
  it(`a live holder keeps its id through a stall of 3× the probe time (${TRIES} of ${TRIES} tries)`, async () => {
    const server = await start({ duplicateProbeMs: PROBE_MS });
    const holder = await connect(server);
    await holder.register('victim');
    const attacker = await connect(server);
    await attacker.register('staller');

    for (let attempt = 1; attempt <= TRIES; attempt += 1) {
      const probesBefore = server.events.filter((e) => e.type === 'probe-ended').length;
      const impostor = await connect(server);
      impostor.send(registerMessage('victim', { request_id: `take-${attempt}` }));
      attacker.send(nestedArrayFrame('command_results', 4 * 1024 * 1024));
      expect(await impostor.next((m) => m.type === 'error')).toMatchObject({ code: 'CLIENT_ID_IN_USE' });
      // the probe's ping is out: hold the whole process (server and holder) far past the probe's deadline
      stallEventLoop(PROBE_MS * 3);
      await waitUntil(() => server.events.filter((e) => e.type === 'probe-ended').length > probesBefore, 10_000, `probe ${attempt} to end`);
      expect(server.events.filter((e) => e.type === 'probe-ended').at(-1)).toEqual({ type: 'probe-ended', clientId: 'victim', alive: true });
      expect(holder.closeCode).toBeUndefined();
      holder.send({ type: 'heartbeat', request_id: `still-${attempt}` });
      expect(await holder.next((m) => m.response_id === `still-${attempt}`)).toMatchObject({ type: 'heartbeat', status: 'ok' });
    }
    const retry = await connect(server);
    expect(await retry.register('victim')).toMatchObject({ code: 'CLIENT_ID_IN_USE' });
    expect(server.server.clients.get('victim')?.remote).toBeDefined();
    expect(attacker.received.filter((m) => m.type === 'error' && m.code === 'MESSAGE_INVALID')).toHaveLength(TRIES);
  });

  it('a holder that is really gone is still dropped after the probe, and the device gets its id back', async () => {
    const server = await start({ duplicateProbeMs: PROBE_MS });
    const dead = await connect(server);
    await dead.register('phoenix');
    (dead.socket as unknown as { _socket: { pause(): void } })._socket.pause();
    const first = await connect(server);
    expect(await first.register('phoenix')).toMatchObject({ code: 'CLIENT_ID_IN_USE' });
    stallEventLoop(PROBE_MS * 3);
    await waitUntil(() => server.events.some((e) => e.type === 'probe-ended'), 10_000, 'the probe to end');
    expect(server.events.find((e) => e.type === 'probe-ended')).toEqual({ type: 'probe-ended', clientId: 'phoenix', alive: false });
    const back = await connect(server);
    expect(await back.register('phoenix')).toMatchObject({ type: 'heartbeat', status: 'ok' });
  });
});
