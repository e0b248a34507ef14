// bench/security-fuzz helper: registered connections sending mutated AIP frames in chunks, each chunk closed by a
// heartbeat whose answer shows the server handled it (the server answers a connection's frames in order). Every
// `nestedEvery` frames one connection also sends a 16 MB frame of nested arrays.
// argv: wsUrl apiKey total connections seed nestedEvery. Prints one JSON line when done.
import WebSocket from 'ws';
import { mutatedFrame, nestedArrayFrame, seededRandom } from './fuzz-frames.mjs';

const [wsUrl, apiKey, totalArg, connectionsArg, seedArg, nestedEveryArg] = process.argv.slice(2);
const TOTAL = Number(totalArg);
const CONNECTIONS = Number(connectionsArg);
const NESTED_EVERY = Number(nestedEveryArg);
const CHUNK = 250;
const random = seededRandom(Number(seedArg));
const kinds = {};
let sent = 0;
let nested = 0;
let errors = 0;
let closes = 0;
let generation = 0;

function connect(index) {
  const clientId = `fuzz-${index}-${(generation += 1)}`;
  const socket = new WebSocket(wsUrl, { headers: { 'x-api-key': apiKey }, maxPayload: 64 * 1024 * 1024 });
  const waiters = new Map();
  const conn = { clientId, socket, waiters, closed: false };
  socket.on('message', (data) => {
    let message;
    try {
      message = JSON.parse(data.toString());
    } catch {
      return;
    }
    if (message.type === 'error') errors += 1;
    const waiter = message.response_id && waiters.get(message.response_id);
    if (waiter) {
      waiters.delete(message.response_id);
      waiter(message);
    }
  });
  socket.on('error', () => undefined);
  socket.on('close', () => {
    conn.closed = true;
    for (const waiter of waiters.values()) waiter(undefined);
    waiters.clear();
  });
  return new Promise((resolve, reject) => {
    socket.once('open', () => {
      waiters.set('reg', (message) =>
        message?.type === 'heartbeat' ? resolve(conn) : reject(new Error(`registration of ${clientId} refused: ${JSON.stringify(message)}`)),
      );
      socket.send(
        JSON.stringify({
          type: 'register',
          protocol_version: '1.0.0',
          client_id: clientId,
          platform: 'linux',
          request_id: 'reg',
          device_info: { device_id: clientId, platform: 'linux', os_version: 'x', cpu_count: 1, memory_total_gb: 1, hostname: 'fuzz' },
        }),
      );
    });
    socket.once('error', reject);
  });
}

function roundTrip(conn, id) {
  return new Promise((resolve) => {
    if (conn.closed) return resolve(undefined);
    conn.waiters.set(id, resolve);
    conn.socket.send(JSON.stringify({ type: 'heartbeat', request_id: id }));
  });
}

const conns = await Promise.all(Array.from({ length: CONNECTIONS }, (_, i) => connect(i)));
let round = 0;
while (sent < TOTAL) {
  round += 1;
  await Promise.all(
    conns.map(async (conn, index) => {
      for (let i = 0; i < CHUNK && sent < TOTAL; i += 1) {
        const frame = mutatedFrame(random, conn.clientId);
        kinds[frame.kind] = (kinds[frame.kind] ?? 0) + 1;
        if (!conn.closed) conn.socket.send(frame.data, { binary: frame.binary });
        sent += 1;
        if (sent % NESTED_EVERY === 0 && !conn.closed) {
          conn.socket.send(nestedArrayFrame(16 * 1024 * 1024 - 1024));
          nested += 1;
        }
      }
      const answer = await roundTrip(conn, `sentinel-${round}`);
      if (answer === undefined) {
        closes += 1;
        conns[index] = await connect(index);
      }
    }),
  );
}
for (const conn of conns) conn.socket.terminate();
process.stdout.write(`${JSON.stringify({ sent, nested, errors, closes, kinds })}\n`);
process.exit(0);
