import { describe, expect, it } from 'vitest';
import { serverPerTest } from '../helpers/server-per-test.js';
import { registerMessage } from '../helpers/raw-client.js';

// Attack: anyone with the shared API key could register as any device id. Now a device can have its own credential
// (issued through the API, stored hashed, bound to its client id): its id cannot be registered without it, a live
// holder is never replaced, and a revoked credential disconnects the device.

const { start, connect } = serverPerTest();

describe('attack: registering as a device with only the shared API key', () => {
  it('a device with a credential cannot be registered without it, or with another device’s; a live holder keeps its id', async () => {
    const server = await start();
    const issued = await server.api('POST', '/api/devices/laptop/credential');
    expect(issued).toMatchObject({ status: 201, body: { client_id: 'laptop', credential: expect.stringMatching(/^ufo_dev_/) } });
    const credential = issued.body.credential as string;
    const other = (await server.api('POST', '/api/devices/desktop/credential')).body.credential as string;
    expect((await server.api('POST', '/api/devices/..%2Fetc/credential')).status).toBe(400);
    expect((await server.api('POST', '/api/devices/laptop/credential', undefined, {})).status).toBe(401);

    for (const presented of [undefined, 'ufo_dev_guess', other]) {
      const thief = await connect(server);
      const refusal = await thief.register('laptop', presented === undefined ? {} : { credential: presented });
      expect(refusal).toMatchObject({ type: 'error', code: 'CREDENTIAL_INVALID', fatal: true });
      expect(await thief.closed).toBe(1008);
    }
    const laptop = await connect(server);
    expect(await laptop.register('laptop', { credential })).toMatchObject({ type: 'heartbeat', status: 'ok' });
    // even the right credential does not replace a live connection
    const twin = await connect(server);
    expect(await twin.register('laptop', { credential })).toMatchObject({ code: 'CLIENT_ID_IN_USE' });
    expect(laptop.closeCode).toBeUndefined();
    // devices without a credential still register with the API key alone (unless the server requires credentials)
    const plain = await connect(server);
    expect(await plain.register('no-credential-yet')).toMatchObject({ type: 'heartbeat' });

    expect(await server.api('DELETE', '/api/devices/laptop/credential')).toMatchObject({ status: 200, body: { revoked: true } });
    expect(await laptop.closed).toBe(4003);
  });

  it('with require, ids without a credential are refused and a revoked credential stops working', async () => {
    const server = await start({ deviceCredentials: { require: true } });
    const stranger = await connect(server);
    expect(await stranger.register('anyone')).toMatchObject({ code: 'CREDENTIAL_INVALID', error: expect.stringContaining('requires a device credential') });
    const credential = (await server.api('POST', '/api/devices/kiosk/credential')).body.credential as string;
    const kiosk = await connect(server);
    expect(await kiosk.register('kiosk', { credential })).toMatchObject({ type: 'heartbeat' });
    await server.api('DELETE', '/api/devices/kiosk/credential');
    expect(await kiosk.closed).toBe(4003);
    const again = await connect(server);
    expect(await again.register('kiosk', { credential })).toMatchObject({ code: 'CREDENTIAL_INVALID' });
    // nothing but hashes is kept
    expect(JSON.stringify([...((server.server.credentials as unknown as { hashes: Map<string, string> }).hashes ?? new Map())])).not.toContain(credential);
  });

  it('without require, a revoked credential never registers again (with it, without one, or with a guess) until one is issued again', async () => {
    const server = await start();
    const credential = (await server.api('POST', '/api/devices/tablet/credential')).body.credential as string;
    const tablet = await connect(server);
    expect(await tablet.register('tablet', { credential })).toMatchObject({ type: 'heartbeat' });
    expect(await server.api('DELETE', '/api/devices/tablet/credential')).toMatchObject({ status: 200, body: { revoked: true } });
    expect(await tablet.closed).toBe(4003);
    for (const presented of [credential, undefined, 'ufo_dev_guess']) {
      const again = await connect(server);
      const refusal = await again.register('tablet', presented === undefined ? {} : { credential: presented });
      expect(refusal).toMatchObject({ type: 'error', code: 'CREDENTIAL_INVALID', fatal: true, error: expect.stringContaining('revoked') });
      expect(await again.closed).toBe(1008);
    }
    expect((await server.api('GET', '/api/clients')).body.online_clients).not.toContain('tablet');
    // revoking again reports nothing to revoke, and the id stays refused
    expect(await server.api('DELETE', '/api/devices/tablet/credential')).toMatchObject({ body: { revoked: false } });
    expect(await (await connect(server)).register('tablet')).toMatchObject({ code: 'CREDENTIAL_INVALID' });
    // an explicitly issued new credential lifts the revocation; the old one stays useless
    const fresh = (await server.api('POST', '/api/devices/tablet/credential')).body.credential as string;
    expect(await (await connect(server)).register('tablet', { credential })).toMatchObject({ code: 'CREDENTIAL_INVALID' });
    expect(await (await connect(server)).register('tablet', { credential: fresh })).toMatchObject({ type: 'heartbeat', status: 'ok' });
  });

  it('a task key cannot revoke or re-issue the credential of a device another key uses; an admin key can', async () => {
    const TASK_KEY = 'key-of-team-a-0123456789abcdef';
    const ADMIN_KEY = 'key-of-ops-0123456789abcdefghij';
    const server = await start({
      apiKeys: [
        { id: 'team-a', key: TASK_KEY },
        { id: 'ops', key: ADMIN_KEY, role: 'admin' },
      ],
    });
    const credential = (await server.api('POST', '/api/devices/shared/credential')).body.credential as string;
    const device = await connect(server);
    expect(await device.register('shared', { credential })).toMatchObject({ type: 'heartbeat' });
    // the attack: revoke the live device's credential, then issue one the attacker holds
    const asTask = { 'x-api-key': TASK_KEY };
    expect(await server.api('DELETE', '/api/devices/shared/credential', undefined, asTask)).toMatchObject({ status: 403, body: { code: 'ROLE_FORBIDDEN' } });
    expect(await server.api('POST', '/api/devices/shared/credential', undefined, asTask)).toMatchObject({ status: 403, body: { code: 'ROLE_FORBIDDEN' } });
    expect(await server.api('POST', '/api/devices/fresh-id/credential', undefined, asTask)).toMatchObject({ status: 403 });
    // the device stayed connected and its credential still works
    expect((await server.api('GET', '/api/clients', undefined, asTask)).body.online_clients).toContain('shared');
    expect(device.closeCode).toBeUndefined();
    const twin = await connect(server);
    expect(await twin.register('shared', { credential })).toMatchObject({ code: 'CLIENT_ID_IN_USE' });
    // an admin key manages devices
    expect(await server.api('POST', '/api/devices/other/credential', undefined, { 'x-api-key': ADMIN_KEY })).toMatchObject({ status: 201 });
    expect(await server.api('DELETE', '/api/devices/shared/credential', undefined, { 'x-api-key': ADMIN_KEY })).toMatchObject({
      status: 200,
      body: { revoked: true },
    });
    expect(await device.closed).toBe(4003);
  });

  it('messages sent while a registration is being checked are refused without ending the connection', async () => {
    const server = await start();
    const client = await connect(server);
    client.send(registerMessage('quick', { request_id: 'reg-quick' }));
    client.send({ type: 'heartbeat', request_id: 'early' });
    expect(await client.next((m) => m.response_id === 'reg-quick')).toMatchObject({ type: 'heartbeat', status: 'ok' });
    // the early heartbeat is answered or refused as too early, never fatal
    expect(await client.next((m) => m.response_id === 'early')).toMatchObject({ type: expect.stringMatching(/^(heartbeat|error)$/) });
    expect(client.received.filter((m) => m.type === 'error').every((m) => m.code === 'NOT_REGISTERED' && m.fatal === false)).toBe(true);
    client.send({ type: 'heartbeat', request_id: 'after' });
    expect(await client.next((m) => m.response_id === 'after')).toMatchObject({ type: 'heartbeat' });
    expect(client.closeCode).toBeUndefined();
  });
});
