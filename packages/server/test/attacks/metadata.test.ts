import { describe, expect, it } from 'vitest';
import { serverPerTest } from '../helpers/server-per-test.js';
import { registerMessage } from '../helpers/raw-client.js';

// Attack: a device registered with a deeply nested custom_metadata and GET /api/clients answered 500 while it was
// connected. Now metadata objects are bounded (8 levels, 64 KiB of JSON) and such a registration is refused.

const { start, connect } = serverPerTest();

/** `levels` nested objects as JSON text (built as text: too deep for JSON.stringify at 5 000 levels). */
function nestedText(levels: number): string {
  return `${'{"n":'.repeat(levels - 1)}{}${'}'.repeat(levels - 1)}`;
}
const nested = (levels: number) => JSON.parse(nestedText(Math.min(levels, 1_000))) as Record<string, unknown>;

const info = (clientId: string, custom: Record<string, unknown>) => ({
  device_id: clientId,
  platform: 'linux',
  os_version: 'x',
  cpu_count: 1,
  memory_total_gb: 1,
  hostname: 'h',
  custom_metadata: custom,
});

describe('attack: metadata that breaks whoever lists it', () => {
  it('deep or huge custom_metadata is refused at registration and in updates; /api/clients keeps answering', async () => {
    const server = await start();
    for (const [clientId, customText] of [
      ['deep-60', nestedText(60)],
      ['deep-5000', nestedText(5_000)],
      ['huge', JSON.stringify({ blob: 'z'.repeat(100_000) })],
    ] as const) {
      const client = await connect(server);
      client.send(JSON.stringify(registerMessage(clientId, { device_info: info(clientId, { hole: 0 }) })).replace('{"hole":0}', customText));
      expect(await client.next((m) => m.type === 'error')).toMatchObject({ code: 'MESSAGE_INVALID', fatal: true });
      expect(await client.closed).toBe(1008);
    }
    const fine = await connect(server);
    expect(await fine.register('fine', { device_info: info('fine', { deep: nested(7), note: 'ok' }) })).toMatchObject({ type: 'heartbeat' });
    await fine.expectError({ type: 'device_info_response', device_info: info('fine', nested(9)) }, 'MESSAGE_INVALID');
    const listed = await server.api('GET', '/api/clients');
    expect(listed.status).toBe(200);
    expect(listed.body.online_clients).toEqual(['fine']);
  });
});
