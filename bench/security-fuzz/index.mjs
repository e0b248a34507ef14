// bench/security-fuzz: 100,000 mutated AIP messages (plus a 16 MB nested-array frame every 10,000) from 8
// registered connections in one process, while a good device in this process heartbeats every 20 ms and a real
// device runs tasks one after another. Records the good device's heartbeat round trips (the security suite asks
// for p99 under 100 ms), the tasks' success, the server's peak RSS and what the fuzzer saw.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { summarize, writeResult } from '../stats.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const TOTAL = Number(process.env.BENCH_FUZZ_MESSAGES ?? 100_000);
const CONNECTIONS = Number(process.env.BENCH_FUZZ_CONNECTIONS ?? 8);
const NESTED_EVERY = Number(process.env.BENCH_FUZZ_NESTED_EVERY ?? 10_000);
const SEED = Number(process.env.BENCH_FUZZ_SEED ?? 16);

const children = [];
function start(script, args = [], env = {}) {
  const child = spawn(process.execPath, [script, ...args], { stdio: ['pipe', 'pipe', 'inherit'], env: { ...process.env, ...env } });
  children.push(child);
  const lines = createInterface({ input: child.stdout });
  const queue = [];
  const waiting = [];
  lines.on('line', (line) => (waiting.length ? waiting.shift()(JSON.parse(line)) : queue.push(JSON.parse(line))));
  return { child, next: () => (queue.length ? Promise.resolve(queue.shift()) : new Promise((resolve) => waiting.push(resolve))) };
}
const peakRssMb = (pid) => Math.round(Number(/^VmHWM:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 102.4) / 10;

/** A registered raw device that heartbeats every `everyMs` and times each answer. */
async function goodDevice(wsUrl, apiKey, everyMs, clientId) {
  const socket = new WebSocket(wsUrl, { headers: { 'x-api-key': apiKey } });
  await new Promise((resolve, reject) => (socket.once('open', resolve), socket.once('error', reject)));
  const sentAt = new Map();
  const rtts = [];
  let registered;
  const ready = new Promise((resolve) => (registered = resolve));
  let closed = false;
  socket.on('close', () => (closed = true));
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString());
    if (message.response_id === 'reg') return registered(message);
    const started = sentAt.get(message.response_id);
    if (started !== undefined) {
      sentAt.delete(message.response_id);
      rtts.push(performance.now() - started);
    }
  });
  socket.send(
    JSON.stringify({
      type: 'register',
      protocol_version: '1.0.0',
      client_id: clientId,
      platform: 'linux',
      request_id: 'reg',
      device_info: { device_id: clientId, platform: 'linux', os_version: 'x', cpu_count: 1, memory_total_gb: 1, hostname: 'good' },
    }),
  );
  await ready;
  let n = 0;
  const timer = setInterval(() => {
    const id = `hb-${(n += 1)}`;
    sentAt.set(id, performance.now());
    socket.send(JSON.stringify({ type: 'heartbeat', request_id: id }));
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      const now = performance.now();
      const unanswered = [...sentAt.values()].map((t) => now - t);
      socket.terminate();
      return { rtts: [...rtts, ...unanswered], unanswered: unanswered.length, closed };
    },
  };
}

try {
  const server = start(join(here, '..', 'remote', 'server-process.mjs'), [], { BENCH_HEARTBEAT_MS: '1000' });
  const address = await server.next();
  const api = async (method, path, body) => {
    const response = await fetch(`${address.httpUrl}${path}`, {
      method,
      headers: { 'x-api-key': address.apiKey, 'content-type': 'application/json' },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return response.json();
  };
  const device = start(join(here, '..', 'remote', 'device-process.mjs'), [address.wsUrl, address.apiKey, 'bench-device']);
  await device.next();
  // the same heartbeats without any fuzzing first: what this machine's load alone costs
  const baselineDevice = await goodDevice(address.wsUrl, address.apiKey, 20, 'baseline-heartbeat');
  await new Promise((resolve) => setTimeout(resolve, Number(process.env.BENCH_FUZZ_BASELINE_MS ?? 5_000)));
  const baseline = summarize(baselineDevice.stop().rtts);
  const good = await goodDevice(address.wsUrl, address.apiKey, 20, 'good-heartbeat');

  const started = performance.now();
  const fuzzer = start(join(here, 'fuzz-process.mjs'), [address.wsUrl, address.apiKey, String(TOTAL), String(CONNECTIONS), String(SEED), String(NESTED_EVERY)]);
  let fuzzing = true;
  const fuzzDone = fuzzer.next().then((report) => ((fuzzing = false), report));
  const tasks = { completed: 0, failed: 0, durations: [] };
  let k = 0;
  while (fuzzing) {
    const taskName = `during-fuzz-${(k += 1)}`;
    const t0 = performance.now();
    await api('POST', '/api/dispatch', { client_id: 'bench-device', request: JSON.stringify({ count: 20, warmup: 0 }), task_name: taskName });
    for (;;) {
      const record = await api('GET', `/api/task_result/${taskName}`);
      if (record.status === 'running') {
        await new Promise((resolve) => setTimeout(resolve, 20));
        continue;
      }
      if (record.status === 'completed' && record.result.rounds[0].result.failures === 0) tasks.completed += 1;
      else tasks.failed += 1;
      tasks.durations.push(performance.now() - t0);
      break;
    }
  }
  const fuzz = await fuzzDone;
  const elapsedS = Math.round((performance.now() - started) / 100) / 10;
  const heartbeat = good.stop();
  const health = await api('GET', '/api/health');
  const summary = summarize(heartbeat.rtts);
  process.stdout.write(
    `heartbeat before fuzzing: p50 ${baseline.median} ms, p99 ${baseline.p99} ms\n${fuzz.sent} mutated messages (+${fuzz.nested} 16 MB nested frames) in ${elapsedS} s: good device heartbeat p50 ${summary.median} ms, p99 ${summary.p99} ms, max ${summary.max} ms (${summary.n} beats, ${heartbeat.unanswered} unanswered); tasks ${tasks.completed} completed, ${tasks.failed} failed; server peak RSS ${peakRssMb(address.pid)} MB\n`,
  );
  const file = writeResult('security-fuzz', {
    messages: fuzz.sent,
    nestedFrames16MB: fuzz.nested,
    connections: CONNECTIONS,
    seed: SEED,
    durationS: elapsedS,
    fuzzer: { errorsReceived: fuzz.errors, connectionsClosedByServer: fuzz.closes, kinds: fuzz.kinds },
    goodDeviceHeartbeatMs: { ...summary, unanswered: heartbeat.unanswered, disconnected: heartbeat.closed, target: { p99: 100 } },
    heartbeatWithoutFuzzMs: baseline,
    tasksDuringFuzz: { completed: tasks.completed, failed: tasks.failed, durationMs: tasks.durations.length ? summarize(tasks.durations) : null },
    serverAfter: { status: health.status, peakRssMb: peakRssMb(address.pid) },
  });
  process.stdout.write(`wrote ${file}\n`);
} finally {
  for (const child of children) child.kill('SIGKILL');
}
