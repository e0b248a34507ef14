// bench/remote helper: N simulated devices on raw WebSockets. Each registers, then sends a heartbeat every
// HEARTBEAT_MS (phases spread evenly) and times the server's answer. Prints {registered} once all are registered,
// then, when sent "report" on stdin, {latencies summary inputs, missed, disconnects} and exits.
import { createInterface } from 'node:readline';
import WebSocket from 'ws';
import { AIP_PROTOCOL_VERSION } from '@ufo-ts/aip';

const [url, apiKey, countText, heartbeatText] = process.argv.slice(2);
const count = Number(countText);
const heartbeatMs = Number(heartbeatText);
const latencies = [];
let disconnects = 0;
let missed = 0;
const sockets = [];

function connect(i) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers: { 'x-api-key': apiKey }, perMessageDeflate: false });
    const id = `sim-${i}`;
    let pending;
    socket.on('open', () =>
      socket.send(
        JSON.stringify({
          type: 'register',
          protocol_version: AIP_PROTOCOL_VERSION,
          client_id: id,
          client_type: 'device',
          platform: 'linux',
          request_id: `reg-${i}`,
          device_info: {
            device_id: id,
            platform: 'linux',
            os_version: 'Linux sim',
            cpu_count: 2,
            memory_total_gb: 4,
            hostname: `sim-host-${i}`,
            supported_features: ['action::click_input', 'action::type_text', 'data_collection::capture_desktop_screenshot'],
          },
        }),
      ),
    );
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString());
      if (message.response_id === `reg-${i}`) {
        resolve(socket);
        return;
      }
      if (message.type === 'heartbeat' && pending && message.response_id === pending.id) {
        latencies.push(performance.now() - pending.t0);
        pending = undefined;
      }
    });
    socket.on('close', () => (disconnects += 1));
    socket.on('error', reject);
    socket.beat = (n) => {
      if (pending) missed += 1;
      pending = { id: `hb-${i}-${n}`, t0: performance.now() };
      socket.send(JSON.stringify({ type: 'heartbeat', client_id: id, request_id: pending.id }));
    };
  });
}

for (let start = 0; start < count; start += 50) {
  const batch = await Promise.all(Array.from({ length: Math.min(50, count - start) }, (_, k) => connect(start + k)));
  sockets.push(...batch);
}
process.stdout.write(`${JSON.stringify({ registered: sockets.length })}\n`);
sockets.forEach((socket, i) => {
  let n = 0;
  setTimeout(
    () => {
      socket.beat(n++);
      setInterval(() => socket.beat(n++), heartbeatMs);
    },
    (i / sockets.length) * heartbeatMs,
  );
});
createInterface({ input: process.stdin }).on('line', (line) => {
  if (line.trim() !== 'report') return;
  for (const socket of sockets) socket.terminate();
  // Exit only once the report is flushed: stdout is a pipe, and exiting early cuts a large line short.
  process.stdout.write(`${JSON.stringify({ latencies, missed, disconnects, heartbeats: latencies.length })}\n`, () => process.exit(0));
});
