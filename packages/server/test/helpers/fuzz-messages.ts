import { registerMessage } from './raw-client.js';

export { seededRandom } from '../../../../test-support/seeded-random.js';

/** One fuzz frame: what to send and whether it goes as a binary frame. */
export interface FuzzFrame {
  data: string | Buffer;
  binary: boolean;
  kind: string;
}

const alphabet = 'abcdefghijklmnopqrstuvwxyz{}[]":,0123456789 \\\u00e9\u4e2d\u0000\ud83d\ude00';

function randomText(random: () => number, length: number): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += alphabet[Math.floor(random() * alphabet.length)];
  return out;
}

/**
 * A malformed or out-of-order message for a *registered* connection: each one must be answered with exactly one
 * ERROR (never a crash, never silence). `clientId` is the connection's own id.
 */
export function malformedFrame(random: () => number, clientId: string): FuzzFrame {
  const pick = Math.floor(random() * 16);
  const text = (kind: string, data: string): FuzzFrame => ({ data, binary: false, kind });
  switch (pick) {
    case 0:
      return text('not-json', `<${randomText(random, 1 + Math.floor(random() * 200))}`);
    case 1: {
      const valid = JSON.stringify(registerMessage(clientId));
      return text('truncated-json', valid.slice(0, 1 + Math.floor(random() * (valid.length - 2))));
    }
    case 2:
      return text('not-an-object', ['[1,2,3]', '42', '"register"', 'null', 'true', '[]', '-0.5e10'][Math.floor(random() * 7)]!);
    case 3:
      return text(
        'unknown-type',
        JSON.stringify({ type: ['task_end', 'command', 'shutdown', '', 'REGISTER', randomText(random, 8)][Math.floor(random() * 6)], request_id: 'x' }),
      );
    case 4:
      return text('no-type', JSON.stringify({ client_id: clientId, request: 'do it', request_id: 'r' }));
    case 5:
      return text('wrong-field-type', JSON.stringify({ type: 'heartbeat', request_id: Math.floor(random() * 1000) }));
    case 6:
      return text('task-without-request', JSON.stringify({ type: 'task', request_id: 'q', request: random() < 0.5 ? '' : 42 }));
    case 7:
      return text(
        'results-bad-shape',
        JSON.stringify({ type: 'command_results', session_id: 's', prev_response_id: 'p', action_results: [{ status: 'maybe', call_id: 1 }] }),
      );
    case 8:
      return text(
        'results-unknown-session',
        JSON.stringify({ type: 'command_results', session_id: `ghost-${Math.floor(random() * 1e9)}`, prev_response_id: 'p', action_results: [] }),
      );
    case 9:
      return text('cancel-unknown-session', JSON.stringify({ type: 'cancel', session_id: `ghost-${Math.floor(random() * 1e9)}` }));
    case 10:
      return text('register-again', JSON.stringify(registerMessage(clientId, { request_id: 'again' })));
    case 11:
      return text('spoofed-identity', JSON.stringify({ type: 'heartbeat', client_id: `not-${clientId}` }));
    case 12:
      return text('bad-client-id', JSON.stringify({ type: 'heartbeat', client_id: '../'.repeat(1 + Math.floor(random() * 60)) }));
    case 13:
      return { data: Buffer.from(randomText(random, 64)), binary: true, kind: 'binary-frame' };
    case 14:
      return text('deep-nesting', `${'['.repeat(2_000)}${']'.repeat(2_000)}`);
    default:
      return text('proto-pollution', '{"type":"heartbeat","__proto__":{"admin":true},"constructor":{"prototype":{"x":1}},"request_id":7}');
  }
}
