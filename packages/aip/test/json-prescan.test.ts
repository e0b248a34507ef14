import { describe, expect, it } from 'vitest';
import { decodeClientMessage, DEFAULT_MAX_CONTROL_MESSAGE_BYTES, MAX_JSON_DEPTH, prescanJson } from '../src/index.js';

const bytes = (text: string) => Buffer.from(text, 'utf8');

describe('prescanJson: nesting and type before JSON.parse', () => {
  it('reads the top-level type and the depth without parsing', () => {
    expect(prescanJson(bytes('{"a":{"type":"inner"},"type":"heartbeat","b":[[1]]}'))).toEqual({ ok: true, depth: 3, type: 'heartbeat' });
    expect(prescanJson(bytes('{ "type" : "task" , "x": "\\"type\\": \\"no\\"" }'))).toEqual({ ok: true, depth: 1, type: 'task' });
    expect(prescanJson(bytes('{"type":1}'))).toMatchObject({ type: undefined });
    // runs of backslashes: an even run does not escape the quote after it
    expect(prescanJson(bytes(JSON.stringify({ s: 'a\\', t: '\\\"[[[', type: 'heartbeat', long: `${'x'.repeat(100)}\\` })))).toEqual({
      ok: true,
      depth: 1,
      type: 'heartbeat',
    });
    expect(prescanJson(bytes('{"t\\u0079pe":"command_results"}'))).toMatchObject({ type: undefined });
    expect(prescanJson(bytes('{"type":"command_results","type":{"x":1}}'))).toMatchObject({ type: undefined });
    expect(prescanJson(bytes('["type","command_results"]'))).toMatchObject({ type: undefined });
  });

  it('stops at the first container deeper than the limit', () => {
    expect(prescanJson(bytes(`${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`))).toMatchObject({ ok: true, depth: MAX_JSON_DEPTH });
    expect(prescanJson(bytes(`${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}`))).toEqual({
      ok: false,
      reason: `nesting deeper than ${MAX_JSON_DEPTH} levels`,
    });
    // brackets inside strings do not count
    expect(prescanJson(bytes(JSON.stringify({ type: 'heartbeat', s: '['.repeat(1000) })))).toMatchObject({ ok: true, depth: 1 });
  });

  it('long strings are skipped natively, not byte by byte', () => {
    const wide = bytes(JSON.stringify({ type: 'command_results', blob: 'a'.repeat(16_000_000) }));
    const started = performance.now();
    expect(prescanJson(wide)).toEqual({ ok: true, depth: 1, type: 'command_results' });
    // a byte-by-byte loop took 110-450 ms here; generous for a busy machine
    expect(performance.now() - started).toBeLessThan(100);
  });

  it('a 16 MB frame of nested arrays is refused without parsing it', () => {
    const frame = `{"type":"heartbeat","metadata":{"x":${'['.repeat(8_000_000)}${']'.repeat(8_000_000)}}}`;
    const decoded = decodeClientMessage(frame, { maxBytes: 17 * 1024 * 1024 });
    expect(decoded).toMatchObject({ ok: false, code: 'MESSAGE_INVALID', error: expect.stringContaining('nesting deeper than 64') });
  });

  it('only command_results may use the large limit; the type is judged again after parsing', () => {
    const padding = 'x'.repeat(DEFAULT_MAX_CONTROL_MESSAGE_BYTES);
    expect(decodeClientMessage(JSON.stringify({ type: 'heartbeat', metadata: { padding } }))).toMatchObject({
      ok: false,
      code: 'MESSAGE_TOO_LARGE',
      error: expect.stringContaining('"heartbeat" message'),
    });
    expect(decodeClientMessage(`{"type":"command_results","t\\u0079pe":"heartbeat","pad":"${padding}"}`)).toMatchObject({
      ok: false,
      code: 'MESSAGE_TOO_LARGE',
    });
    const results = { type: 'command_results', session_id: 's', prev_response_id: 'r', action_results: [{ status: 'success', result: padding, call_id: 'c' }] };
    expect(decodeClientMessage(JSON.stringify(results))).toMatchObject({ ok: true });
  });

  it('metadata and custom_metadata are bounded in depth and size', () => {
    let nested: unknown = 1;
    for (let i = 0; i < 20; i += 1) nested = { n: nested };
    expect(decodeClientMessage(JSON.stringify({ type: 'heartbeat', metadata: { nested } }))).toMatchObject({
      ok: false,
      code: 'MESSAGE_INVALID',
      error: expect.stringContaining('nested deeper than 8'),
    });
    const info = { device_id: 'd', platform: 'linux', os_version: 'x', cpu_count: 1, memory_total_gb: 1, hostname: 'h', custom_metadata: { nested } };
    const register = { type: 'register', protocol_version: '1.0.0', client_id: 'd', platform: 'linux', device_info: info };
    expect(decodeClientMessage(JSON.stringify(register))).toMatchObject({ ok: false, error: expect.stringContaining('custom_metadata') });
    const big = { ...register, device_info: { ...info, custom_metadata: { blob: 'y'.repeat(70_000) } } };
    expect(decodeClientMessage(JSON.stringify(big))).toMatchObject({ ok: false, error: expect.stringContaining('65536-byte limit') });
  });
});
