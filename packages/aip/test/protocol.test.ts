import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import {
  AIP_PROTOCOL_VERSION,
  AipMessageTooLargeError,
  ClientMessageSchema,
  ServerMessageSchema,
  aipJsonSchema,
  checkProtocolVersion,
  decodeClientMessage,
  decodeServerMessage,
  encodeClientMessage,
  encodeServerMessage,
} from '../src/index.js';

const here = dirname(fileURLToPath(import.meta.url));
const deviceInfo = { device_id: 'dev-1', platform: 'linux', os_version: 'Linux 6', cpu_count: 4, memory_total_gb: 8, hostname: 'box' };

const validClient = [
  { type: 'register', protocol_version: AIP_PROTOCOL_VERSION, client_id: 'dev-1', platform: 'linux', device_info: deviceInfo, request_id: 'r1' },
  { type: 'task', request: 'open the calculator', request_id: 'q1', task_name: 'calc' },
  { type: 'heartbeat', client_id: 'dev-1' },
  {
    type: 'command_results',
    session_id: 's1',
    prev_response_id: 'c1',
    action_results: [
      { status: 'success', result: { ok: 1 }, call_id: 'a' },
      { status: 'failure', error: 'TOOL_UNKNOWN: x', call_id: 'b' },
    ],
  },
  { type: 'error', error: 'could not parse', code: 'MESSAGE_INVALID' },
  { type: 'device_info_response', device_info: deviceInfo, prev_response_id: 'i1' },
  { type: 'cancel', session_id: 's1', reason: 'user stop' },
];
const validServer = [
  { type: 'task', session_id: 's1', task_name: 'calc', user_request: 'open it', response_id: 't1' },
  {
    type: 'command',
    session_id: 's1',
    response_id: 'c1',
    agent_name: 'LinuxAgent',
    actions: [{ tool_name: 'click_input', parameters: { id: '1' }, tool_type: 'action', call_id: 'a' }],
  },
  { type: 'task_end', status: 'completed', session_id: 's1', task_name: 'calc', result: [{ request: 'x', result: 'y', finalState: 'FINISH' }] },
  { type: 'heartbeat', response_id: 'r1', protocol_version: AIP_PROTOCOL_VERSION, heartbeat_interval_ms: 30_000 },
  { type: 'error', code: 'NOT_REGISTERED', error: 'register first', fatal: true },
  { type: 'device_info_request', request_id: 'i1' },
  { type: 'cancel', session_id: 's1', response_id: 'c1', reason: 'timeout' },
];

describe('AIP message schemas', () => {
  it('accept every message type of both directions and fill the defaults', () => {
    for (const message of validClient) expect(ClientMessageSchema.safeParse(message).success).toBe(true);
    for (const message of validServer) expect(ServerMessageSchema.safeParse(message).success).toBe(true);
    expect(ClientMessageSchema.parse(validClient[0])).toMatchObject({
      client_type: 'device',
      device_info: { supported_features: [], platform_type: 'computer', schema_version: '1.0' },
    });
    expect(ServerMessageSchema.parse(validServer[1])).toMatchObject({ status: 'continue', stop_on_failure: false });
    expect(ServerMessageSchema.parse(validServer[4])).toMatchObject({ status: 'error' });
  });

  it('reject malformed messages with a bounded description and the ids needed to answer', () => {
    expect(decodeClientMessage('{oops')).toMatchObject({ ok: false, code: 'MESSAGE_NOT_JSON' });
    expect(decodeClientMessage('[1]')).toMatchObject({ ok: false, code: 'MESSAGE_INVALID', error: 'a message must be a JSON object' });
    const unknown = decodeClientMessage(JSON.stringify({ type: 'task_end', request_id: 'q9' }));
    expect(unknown).toMatchObject({ ok: false, code: 'MESSAGE_INVALID', type: 'task_end', correlationId: 'q9' });
    const bad = decodeClientMessage(
      JSON.stringify({ type: 'command_results', session_id: '../x', prev_response_id: 'c7', action_results: [{ status: 'maybe' }] }),
    );
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.correlationId).toBe('c7');
      expect(bad.error).toMatch(/^invalid "command_results" message: session_id: a session id/);
      expect(bad.error.length).toBeLessThan(1_000);
    }
    expect(decodeClientMessage(JSON.stringify({ type: 'heartbeat', client_id: 'x'.repeat(129) })).ok).toBe(false);
    expect(decodeClientMessage(JSON.stringify({ type: 'command', session_id: 's', response_id: 'r', agent_name: 'a', actions: [] })).ok).toBe(false);
    expect(decodeServerMessage(JSON.stringify({ type: 'command', session_id: 's', response_id: 'r', agent_name: 'a', actions: [] })).ok).toBe(false);
  });

  it('enforce a size limit on both encoding and decoding', () => {
    const big = { type: 'error', error: 'x'.repeat(2_000) } as const;
    expect(() => encodeClientMessage(big, { maxBytes: 1_000 })).toThrow(AipMessageTooLargeError);
    expect(encodeClientMessage(big, { maxBytes: 10_000 }).length).toBeGreaterThan(2_000);
    expect(decodeClientMessage(JSON.stringify(big), { maxBytes: 1_000 })).toMatchObject({ ok: false, code: 'MESSAGE_TOO_LARGE' });
    // multi-byte characters count as bytes, not characters
    expect(decodeClientMessage(JSON.stringify({ type: 'error', error: '中'.repeat(400) }), { maxBytes: 1_000 })).toMatchObject({
      ok: false,
      code: 'MESSAGE_TOO_LARGE',
    });
    expect(() => encodeServerMessage({ type: 'heartbeat', status: 'ok' }, { maxBytes: 10 })).toThrow(/exceeds the 10-byte limit/);
  });

  it('check protocol versions: same major is compatible, anything else is refused with a reason', () => {
    expect(checkProtocolVersion(AIP_PROTOCOL_VERSION)).toEqual({ ok: true });
    expect(checkProtocolVersion('1.9.3')).toEqual({ ok: true });
    expect(checkProtocolVersion('1.0.0-beta.1')).toEqual({ ok: true });
    const major = checkProtocolVersion('2.0.0');
    expect(major.ok).toBe(false);
    if (!major.ok) expect(major.reason).toMatch(/2\.0\.0 is not compatible with this server's 1\.0\.0/);
    expect(checkProtocolVersion('one').ok).toBe(false);
    expect(checkProtocolVersion('0.3.0', '0.2.0').ok).toBe(false);
    expect(checkProtocolVersion('0.2.9', '0.2.0').ok).toBe(true);
  });
});

describe('JSON Schema export', () => {
  it('the shipped schema/aip.schema.json is the one generated from the zod schemas', () => {
    const shipped = JSON.parse(readFileSync(join(here, '..', 'schema', 'aip.schema.json'), 'utf8'));
    expect(shipped).toEqual(JSON.parse(JSON.stringify(aipJsonSchema())));
  });

  it('validates the same messages the zod schemas accept, and rejects the ones they refuse', () => {
    const ajv = new Ajv2020({ strict: false });
    const schema = aipJsonSchema();
    ajv.addSchema(schema);
    const id = schema['$id'] as string;
    const client = ajv.getSchema(`${id}#/$defs/ClientMessage`)!;
    const server = ajv.getSchema(`${id}#/$defs/ServerMessage`)!;
    for (const message of validClient) expect(client(message), JSON.stringify(client.errors)).toBe(true);
    for (const message of validServer) expect(server(ServerMessageSchema.parse(message)), JSON.stringify(server.errors)).toBe(true);
    expect(client({ type: 'task_end' })).toBe(false);
    expect(client({ type: 'heartbeat', client_id: '../etc' })).toBe(false);
    expect(client({ type: 'command_results', session_id: 's', prev_response_id: 'p', action_results: [{ status: 'maybe', call_id: 'a' }] })).toBe(false);
    expect(server({ type: 'command', status: 'continue', session_id: 's', response_id: 'r', agent_name: 'a', actions: [], stop_on_failure: false })).toBe(
      false,
    );
  });
});
