// Mutated AIP frames for bench/security-fuzz: valid messages of every type, mutated (bytes flipped, truncated,
// fields retyped, deep nesting, oversized strings, prototype keys, binary), from a seeded generator.

/** A small seeded PRNG (mulberry32) so a run can be repeated. */
export function seededRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = (random, list) => list[Math.floor(random() * list.length)];

function validMessages(clientId) {
  return [
    { type: 'heartbeat', client_id: clientId, request_id: 'hb' },
    { type: 'task', request: 'compute 12 times 34', task_name: 'fuzz-task', request_id: 'rq' },
    { type: 'command_results', session_id: 'nope', prev_response_id: 'r1', action_results: [{ status: 'success', result: { ok: true }, call_id: 'c1' }] },
    { type: 'cancel', session_id: 'nope', reason: 'fuzz' },
    { type: 'error', error: 'device trouble', code: 'X' },
    { type: 'device_info_response', device_info: { device_id: clientId, platform: 'linux', os_version: 'x', cpu_count: 1, memory_total_gb: 1, hostname: 'h' } },
    {
      type: 'register',
      protocol_version: '1.0.0',
      client_id: clientId,
      platform: 'linux',
      device_info: { device_id: clientId, platform: 'linux', os_version: 'x', cpu_count: 1, memory_total_gb: 1, hostname: 'h' },
    },
  ];
}

const MUTATIONS = [
  ['flip-bytes', (random, text) => [...text].map((ch) => (random() < 0.05 ? String.fromCharCode(Math.floor(random() * 128)) : ch)).join('')],
  ['truncate', (random, text) => text.slice(0, Math.floor(random() * text.length))],
  [
    'retype-field',
    (random, text, message) => JSON.stringify({ ...message, [pick(random, Object.keys(message))]: pick(random, [null, 42, [], {}, true, 'x'.repeat(200)]) }),
  ],
  [
    'deep-nesting',
    (random, text, message) =>
      JSON.stringify({ ...message, metadata: { x: 1 } }).replace('{"x":1}', `${'['.repeat(200 + Math.floor(random() * 5000))}${']'.repeat(0)}`),
  ],
  [
    'deep-balanced',
    (random, text, message) => {
      const depth = 65 + Math.floor(random() * 2000);
      return JSON.stringify({ ...message, metadata: { x: 1 } }).replace('1', `${'['.repeat(depth)}${']'.repeat(depth)}`);
    },
  ],
  ['long-string', (random, text, message) => JSON.stringify({ ...message, request: 'y'.repeat(100_000 + Math.floor(random() * 50_000)) })],
  [
    'proto-keys',
    (random, text, message) => JSON.stringify({ ...message, metadata: JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}') }),
  ],
  ['wrong-type', (random, text, message) => JSON.stringify({ ...message, type: pick(random, ['command', 'task_end', '', 'REGISTER', 42]) })],
  ['not-object', (random) => pick(random, ['[]', '"x"', '42', 'null', 'true', ''])],
  ['spoofed-id', (random, text, message) => JSON.stringify({ ...message, client_id: 'someone-else' })],
];

/** One mutated frame: `{ kind, data, binary }`. */
export function mutatedFrame(random, clientId) {
  const message = pick(random, validMessages(clientId));
  if (random() < 0.02) return { kind: 'binary', data: Buffer.from(JSON.stringify(message)), binary: true };
  const [kind, mutate] = pick(random, MUTATIONS);
  return { kind, data: mutate(random, JSON.stringify(message), message), binary: false };
}

/** A 16 MB frame of nested arrays inside a results message (the parse-stall attack). */
export function nestedArrayFrame(bytes) {
  const head = '{"type":"command_results","session_id":"s","prev_response_id":"r","action_results":[],"payload":';
  const depth = Math.floor((bytes - head.length - 1) / 2);
  return `${head}${'['.repeat(depth)}${']'.repeat(depth)}}`;
}
