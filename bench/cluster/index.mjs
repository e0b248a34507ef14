// bench/cluster: cluster mode (several ufo-ts server nodes sharing one Redis 7, Debian's redis-server started here
// on a free loopback port). Every node and the devices run in their own processes.
// 1. Command routing round trip through Redis: bench process → SPUBLISH on the device's sharded channel → the node
//    holding the device → WebSocket → device (an in-process echo tool) → node → SPUBLISH on the reply channel → bench.
//    p50 / p99 over BENCH_ROUND_TRIPS, one command at a time.
// 2. Sessions per second through the BullMQ queue: 3 worker nodes, 100 simulated devices, BENCH_SESSIONS scripted
//    two-step LinuxAgent sessions (12 × 34 on a FakeDesktop calculator) with 100 in flight, dispatched round robin
//    over the nodes' HTTP APIs; results read back from any node.
// 3. Time to resume after a worker is killed: a session in its second step (a 3 s wait on the device), SIGKILL of
//    the worker node running it, time until another node resumes it (and until it completes), BENCH_KILLS times.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { CommandRouter, ClusterKeys, MessageBus, connectRedis } from '@ufo-ts/cluster';
import { createCommand } from '@ufo-ts/core';
import { summarize, writeResult } from '../stats.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const ROUND_TRIPS = Number(process.env.BENCH_ROUND_TRIPS ?? 5000);
const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 500);
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 100);
const KILLS = Number(process.env.BENCH_KILLS ?? 3);
const API_KEY = 'bench-cluster-key';
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const children = new Set();
function start(script, config, args = []) {
  const child = spawn(process.execPath, [join(here, script), JSON.stringify(config), ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.add(child);
  child.on('exit', () => children.delete(child));
  const lines = [];
  const waiters = new Set();
  createInterface({ input: child.stdout }).on('line', (text) => {
    let line;
    try {
      line = JSON.parse(text);
    } catch {
      return;
    }
    lines.push(line);
    for (const waiter of waiters) if (waiter.predicate(line)) (waiters.delete(waiter), waiter.resolve(line));
  });
  const waitFor = (predicate, timeoutMs = 60_000) => {
    const seen = lines.find(predicate);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const waiter = { predicate, resolve: (line) => (clearTimeout(timer), resolve(line)) };
      const timer = setTimeout(() => (waiters.delete(waiter), reject(new Error(`${script}: timed out waiting`))), timeoutMs);
      waiters.add(waiter);
    });
  };
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return { child, lines, waitFor, kill: async () => (child.kill('SIGKILL'), await exited), stop: async () => (child.kill('SIGTERM'), await exited) };
}

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function startNode(nodeId, shared, extra = {}) {
  const handle = start('node-process.mjs', { ...shared, nodeId, ...extra });
  const address = await handle.waitFor((line) => typeof line.httpUrl === 'string');
  const api = async (method, path, body) => {
    const response = await fetch(`${address.httpUrl}${path}`, {
      method,
      headers: { 'x-api-key': API_KEY, 'content-type': 'application/json' },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: response.status, body: await response.json() };
  };
  return { ...handle, nodeId, address, api };
}

async function waitForResult(node, taskName, pollMs = 20) {
  for (;;) {
    const { status, body } = await node.api('GET', `/api/task_result/${taskName}`);
    if (status === 200 && body.status !== 'running') return body;
    await sleep(pollMs);
  }
}

const redisPort = await freePort();
const redisDir = mkdtempSync(join(tmpdir(), 'bench-cluster-redis-'));
const logRoot = mkdtempSync(join(tmpdir(), 'bench-cluster-logs-'));
const redis = spawn(
  'redis-server',
  ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no', '--dir', redisDir],
  { stdio: 'ignore' },
);
const redisUrl = `redis://127.0.0.1:${redisPort}`;
const shared = { redisUrl, apiKey: API_KEY, logRoot };
let publisher;
let subscriber;

try {
  await sleep(300);
  // 1. routing round trip
  const holder = await startNode('holder', shared, { worker: false });
  const rttDevice = start('devices-process.mjs', { serverUrls: [holder.address.wsUrl], apiKey: API_KEY, clientIds: ['rtt-device'] });
  await rttDevice.waitFor((line) => line.ready);
  publisher = connectRedis({ url: redisUrl, name: 'bench:cmd' });
  subscriber = connectRedis({ url: redisUrl, name: 'bench:sub' });
  const router = new CommandRouter({ nodeId: 'bench', keys: new ClusterKeys('ufo'), bus: new MessageBus({ publisher, subscriber }) });
  await router.start();
  await holder.waitFor((line) => line.event === 'device-claimed' && line.clientId === 'rtt-device');
  const samples = [];
  let failures = 0;
  for (let i = 0; i < ROUND_TRIPS + 500; i += 1) {
    const command = createCommand('echo', { n: i });
    const message = {
      type: 'command',
      status: 'continue',
      session_id: 'bench-rtt',
      response_id: `rtt-${i}`,
      agent_name: 'LinuxAgent',
      actions: [command],
      stop_on_failure: false,
    };
    const t0 = performance.now();
    const pending = router.expect(message.response_id);
    const receivers = await router.sendCommand('rtt-device', message);
    if (receivers === 0) throw new Error('the rtt device is not held by any node');
    const reply = await pending.reply;
    const ms = performance.now() - t0;
    if (reply.action_results[0]?.status !== 'success') failures += 1;
    if (i >= 500) samples.push(ms);
  }
  const offlineT0 = performance.now();
  const offlineReceivers = await router.sendCommand('nobody', {
    type: 'command',
    status: 'continue',
    session_id: 'x',
    response_id: 'x',
    agent_name: 'LinuxAgent',
    actions: [createCommand('echo', { n: 0 })],
    stop_on_failure: false,
  });
  const offlineMs = performance.now() - offlineT0;
  const rtt = summarize(samples);
  process.stdout.write(
    `routing round trip through Redis: p50 ${rtt.median} ms, p99 ${rtt.p99} ms over ${rtt.n} (${failures} failures); offline device known in ${offlineMs.toFixed(3)} ms (${offlineReceivers} receivers)\n`,
  );
  await rttDevice.stop();

  // 2. sessions per second with IN_FLIGHT in flight
  const workers = await Promise.all(['w1', 'w2', 'w3'].map((id) => startNode(id, shared)));
  const deviceIds = Array.from({ length: IN_FLIGHT }, (_, i) => `dev-${i}`);
  const swarm = start('devices-process.mjs', { serverUrls: workers.map((w) => w.address.wsUrl), apiKey: API_KEY, clientIds: deviceIds });
  await swarm.waitFor((line) => line.ready);
  for (;;) {
    const { body } = await workers[0].api('GET', '/api/clients');
    if (body.online_clients.length >= IN_FLIGHT + 0) break;
    await sleep(50);
  }
  const latencies = [];
  const statuses = {};
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    deviceIds.map(async (clientId) => {
      for (;;) {
        const k = next++;
        if (k >= SESSIONS) return;
        const via = workers[k % workers.length];
        const s0 = performance.now();
        const dispatched = await via.api('POST', '/api/dispatch', { client_id: clientId, request: `compute q${k}`, task_name: `q${k}` });
        if (dispatched.status !== 200) throw new Error(`dispatch q${k}: ${JSON.stringify(dispatched.body)}`);
        const record = await waitForResult(workers[(k + 1) % workers.length], `q${k}`);
        latencies.push(performance.now() - s0);
        statuses[record.status] = (statuses[record.status] ?? 0) + 1;
      }
    }),
  );
  const wallMs = performance.now() - t0;
  const perSecond = Math.round((SESSIONS / (wallMs / 1000)) * 10) / 10;
  const sessionLatency = summarize(latencies);
  const byNode = Object.fromEntries(workers.map((w) => [w.nodeId, w.lines.filter((l) => l.event === 'session-ended').length]));
  process.stdout.write(
    `${SESSIONS} sessions with ${IN_FLIGHT} in flight: ${perSecond} sessions/s (${Math.round(wallMs)} ms); per session p50 ${sessionLatency.median} ms, p99 ${sessionLatency.p99} ms; ${JSON.stringify(statuses)}; by node ${JSON.stringify(byNode)}\n`,
  );
  await swarm.stop();

  // 3. time to resume after a worker kill (devices on the holder node, sessions on w1..w3)
  const resumeDevice = start('devices-process.mjs', { serverUrls: [holder.address.wsUrl], apiKey: API_KEY, clientIds: ['resume-dev'] });
  await resumeDevice.waitFor((line) => line.ready);
  const resumes = [];
  for (let i = 0; i < KILLS; i += 1) {
    const taskName = `kill${i}`;
    const toolStarts = resumeDevice.lines.filter((l) => l.type === 'tool-start').length;
    const dispatched = await holder.api('POST', '/api/dispatch', { client_id: 'resume-dev', request: `slow 3000 ${taskName}`, task_name: taskName });
    if (dispatched.status !== 200) throw new Error(`dispatch ${taskName}: ${JSON.stringify(dispatched.body)}`);
    await resumeDevice.waitFor((l) => l.type === 'tool-start' && resumeDevice.lines.filter((x) => x.type === 'tool-start').length > toolStarts);
    const index = workers.findIndex((w) => w.lines.some((l) => l.event === 'session-started' && l.taskName === taskName));
    const victim = workers[index];
    const killedAt = Date.now();
    await victim.kill();
    const others = workers.filter((_, j) => j !== index);
    const resumed = await Promise.race(others.map((w) => w.waitFor((l) => l.event === 'session-resumed' && l.taskName === taskName, 120_000)));
    const record = await waitForResult(holder, taskName);
    const doneAt = Date.now();
    resumes.push({
      resume_ms: resumed.at - killedAt,
      complete_ms: doneAt - killedAt,
      status: record.status,
      from_step: resumed.fromStep,
      tool_runs: resumeDevice.lines.filter((l) => l.type === 'tool-start').length - toolStarts,
    });
    process.stdout.write(
      `worker ${victim.nodeId} killed: resumed on ${resumed.node} after ${resumed.at - killedAt} ms (from step ${resumed.fromStep}), ${record.status} after ${doneAt - killedAt} ms\n`,
    );
    workers[index] = await startNode(`${victim.nodeId}r`, shared);
  }
  const resumeMs = summarize(resumes.map((r) => r.resume_ms));

  const file = writeResult('cluster', {
    description:
      'Cluster mode on one machine: ufo-ts server nodes (separate processes) sharing one Redis 7 (Debian redis-server on loopback), BullMQ 6 queue, sharded pub/sub command routing. Round trip: bench process → Redis → holding node → WebSocket → device echo tool → back. Throughput: two-step scripted LinuxAgent sessions on FakeDesktop devices, dispatched and read back over the HTTP APIs. Resume: SIGKILL of the worker node during a session’s second step.',
    settings: { lock_duration_ms: 5_000, stalled_interval_ms: 1_000, lease_ms: 10_000, worker_nodes: 3, concurrency_per_node: 50 },
    routing_round_trip_ms: { ...rtt, failures },
    offline_device_detected_ms: Math.round(offlineMs * 1000) / 1000,
    sessions: {
      total: SESSIONS,
      in_flight: IN_FLIGHT,
      wall_ms: Math.round(wallMs),
      per_second: perSecond,
      latency_ms: sessionLatency,
      statuses,
      by_node: byNode,
    },
    resume_after_worker_kill_ms: resumeMs,
    resume_runs: resumes,
  });
  process.stdout.write(`wrote ${file}\n`);
} finally {
  publisher?.disconnect();
  subscriber?.disconnect();
  await Promise.allSettled(
    [...children].map(
      (child) => new Promise((resolve) => (child.once('exit', resolve), child.kill('SIGTERM'), setTimeout(() => child.kill('SIGKILL'), 3_000).unref())),
    ),
  );
  redis.kill('SIGTERM');
  rmSync(logRoot, { recursive: true, force: true });
  rmSync(redisDir, { recursive: true, force: true });
}
