// bench/remote: AIP remote operation on loopback.
// 1. Command round trip server → device → server (WebSocketCommandDispatcher → DeviceClient → in-process MCP tool
//    → COMMAND_RESULTS), one command at a time: p50 and p99 (targets ≤ 1 ms and ≤ 5 ms), idle and again with
//    1,000 devices connected.
// 2. 1,000 simulated devices connected, each heartbeating every second: server RSS (target ≤ 300 MB), heartbeat
//    answer latency, missed answers and disconnects.
// Server, device and the simulated devices run in separate processes.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { summarize, writeResult } from '../stats.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const ROUND_TRIPS = Number(process.env.BENCH_ROUND_TRIPS ?? 5000);
const DEVICES = Number(process.env.BENCH_DEVICES ?? 1000);
const HEARTBEAT_MS = Number(process.env.BENCH_HEARTBEAT_MS ?? 1000);
const WINDOW_MS = Number(process.env.BENCH_WINDOW_MS ?? 10_000);

const children = [];
function start(script, args = [], env = {}) {
  const child = spawn(process.execPath, [join(here, script), ...args], { stdio: ['pipe', 'pipe', 'inherit'], env: { ...process.env, ...env } });
  children.push(child);
  const lines = createInterface({ input: child.stdout });
  const queue = [];
  const waiting = [];
  lines.on('line', (line) => (waiting.length ? waiting.shift()(JSON.parse(line)) : queue.push(JSON.parse(line))));
  return { child, next: () => (queue.length ? Promise.resolve(queue.shift()) : new Promise((resolve) => waiting.push(resolve))) };
}
const rssMb = (pid) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: Math.round(kb('VmRSS') / 102.4) / 10, peak: Math.round(kb('VmHWM') / 102.4) / 10 };
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

try {
  const server = start('server-process.mjs', [], { BENCH_HEARTBEAT_MS: String(HEARTBEAT_MS) });
  const address = await server.next();
  const api = async (method, path, body) => {
    const response = await fetch(`${address.httpUrl}${path}`, {
      method,
      headers: { 'x-api-key': address.apiKey, 'content-type': 'application/json' },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return response.json();
  };
  const roundTrips = async (taskName) => {
    await api('POST', '/api/dispatch', { client_id: 'bench-device', request: JSON.stringify({ count: ROUND_TRIPS, warmup: 500 }), task_name: taskName });
    for (;;) {
      const record = await api('GET', `/api/task_result/${taskName}`);
      if (record.status !== 'running') {
        if (record.status !== 'completed') throw new Error(`${taskName}: ${record.status} ${record.error ?? ''}`);
        const { samples, failures } = record.result.rounds[0].result;
        return { ...summarize(samples), failures };
      }
      await sleep(100);
    }
  };

  const device = start('device-process.mjs', [address.wsUrl, address.apiKey, 'bench-device']);
  await device.next();
  const rssIdle = rssMb(address.pid);
  const idle = await roundTrips('rtt-idle');
  process.stdout.write(`round trip (1 device): p50 ${idle.median} ms, p99 ${idle.p99} ms over ${idle.n}\n`);

  const swarmStarted = performance.now();
  const swarm = start('swarm-process.mjs', [address.wsUrl, address.apiKey, String(DEVICES), String(HEARTBEAT_MS)]);
  const { registered } = await swarm.next();
  const connectMs = performance.now() - swarmStarted;
  const health = await api('GET', '/api/health');
  const rssConnected = rssMb(address.pid);
  process.stdout.write(`${registered} simulated devices registered in ${Math.round(connectMs)} ms; server RSS ${rssConnected.rss} MB\n`);
  const loaded = await roundTrips('rtt-1000');
  process.stdout.write(`round trip (with ${registered} devices heartbeating): p50 ${loaded.median} ms, p99 ${loaded.p99} ms\n`);
  await sleep(WINDOW_MS);
  const rssAfter = rssMb(address.pid);
  swarm.child.stdin.write('report\n');
  const report = await swarm.next();
  const heartbeat = summarize(report.latencies);
  process.stdout.write(
    `heartbeats: ${report.heartbeats} answered, p50 ${heartbeat.median} ms, p99 ${heartbeat.p99} ms, missed ${report.missed}, disconnects ${report.disconnects}; server RSS ${rssAfter.rss} MB (peak ${rssAfter.peak} MB)\n`,
  );

  const file = writeResult('remote', {
    description:
      'AIP on loopback: command round trip server → device → server (one in-process MCP echo tool call on the device), and a server with 1,000 simulated devices heartbeating every second. Server, device and simulated devices are separate processes.',
    targets: { round_trip_p50_ms: 1, round_trip_p99_ms: 5, server_rss_mb_with_1000_devices: 300 },
    round_trip_ms: { one_device: idle, with_devices_connected: loaded },
    devices: {
      simulated: registered,
      online_reported_by_server: health.online_clients,
      connect_and_register_all_ms: Math.round(connectMs),
      heartbeat_interval_ms: HEARTBEAT_MS,
      heartbeat_window_ms: WINDOW_MS,
      heartbeat_answer_ms: heartbeat,
      heartbeats_answered: report.heartbeats,
      heartbeats_unanswered_before_next: report.missed,
      disconnects: report.disconnects,
    },
    server_rss_mb: { one_device: rssIdle.rss, devices_registered: rssConnected.rss, after_heartbeat_window: rssAfter.rss, peak: rssAfter.peak },
    per_device_kb: Math.round(((rssAfter.rss - rssIdle.rss) * 1024) / registered),
    met: {
      round_trip_p50: idle.median <= 1,
      round_trip_p99: idle.p99 <= 5,
      server_rss: rssAfter.peak <= 300,
    },
  });
  process.stdout.write(`wrote ${file}\n`);
} finally {
  for (const child of children) child.kill('SIGTERM');
}
