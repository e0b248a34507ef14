// A real Redis Cluster for tests: masters and replicas as private redis-server processes (Debian's, Redis 7) on free
// loopback ports in temporary folders, joined with `redis-cli --cluster create`. Every process is stopped by close().
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { freePort } from './redis-server.js';

/** One redis-server of the cluster. */
export interface ClusterServer {
  port: number;
  /** The node id Redis Cluster gave it. */
  id: string;
  /** SIGKILL (no goodbye to the cluster), and waits for the exit. */
  kill(): Promise<void>;
  readonly alive: boolean;
}

/** A running Redis Cluster. */
export interface TestRedisCluster {
  /** `redis-cluster://` URL listing every node as a seed (the form `connectRedis` takes for a cluster). */
  url: string;
  servers: ClusterServer[];
  /** Runs a command on one server (a fresh connection each time). */
  command(port: number, ...args: Array<string | number>): Promise<unknown>;
  /** The port of the master serving a key's slot, asked of a live server. */
  masterOf(key: string): Promise<number>;
  /** Master ports with, for each, the ports of its replicas (as a live server sees them). */
  topology(): Promise<Array<{ port: number; replicas: number[] }>>;
  /** Resolves when every live server reports `cluster_state:ok`, all agree on the masters and every replica synced. */
  waitHealthy(timeoutMs?: number): Promise<void>;
  /** Stops every server (SIGKILL) and removes their folders. */
  close(): Promise<void>;
}

/** True when redis-server and redis-cli are installed. */
export function redisClusterToolsAvailable(): boolean {
  return !spawnSync('redis-server', ['--version']).error && !spawnSync('redis-cli', ['--version']).error;
}

/**
 * Starts `masters` masters and `replicas` replicas of each (`--cluster-node-timeout 2000`, no persistence), creates
 * the cluster and waits until it is healthy. On any failure what was started is stopped before the error is thrown.
 */
export async function startRedisCluster(options: { masters?: number; replicas?: number; nodeTimeoutMs?: number } = {}): Promise<TestRedisCluster> {
  if (!redisClusterToolsAvailable()) {
    throw new Error(
      'redis-server and redis-cli (Debian packages redis-server and redis-tools, Redis 7) are not installed: run `npm run setup` or apt-get install redis-server redis-tools',
    );
  }
  const masters = options.masters ?? 3;
  const count = masters * (1 + (options.replicas ?? 1));
  const dir = mkdtempSync(join(tmpdir(), 'ufo-redis-cluster-'));
  const children: ChildProcess[] = [];
  const servers: ClusterServer[] = [];
  // a test process that exits without running its hooks still takes its redis-servers with it
  const killOnExit = () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  process.once('exit', killOnExit);
  const close = async () => {
    process.removeListener('exit', killOnExit);
    await Promise.all(children.map((child) => stopChild(child)));
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const ports: number[] = [];
    for (let i = 0; i < count; i += 1) {
      let port = await freePort();
      while (ports.includes(port) || ports.includes(port - 10_000) || port + 10_000 > 65_535) port = await freePort();
      ports.push(port);
    }
    for (const port of ports) {
      const child = spawn(
        'redis-server',
        [
          '--port',
          String(port),
          '--bind',
          '127.0.0.1',
          '--daemonize',
          'no',
          '--dir',
          dir,
          '--cluster-enabled',
          'yes',
          '--cluster-config-file',
          `nodes-${port}.conf`,
          '--cluster-node-timeout',
          String(options.nodeTimeoutMs ?? 2_000),
          '--appendonly',
          'no',
          '--save',
          '',
          '--protected-mode',
          'yes',
          // a replica syncs at once (the default waits 5 s for more replicas before a diskless full sync)
          '--repl-diskless-sync-delay',
          '0',
        ],
        { stdio: ['ignore', 'ignore', 'inherit'] },
      );
      children.push(child);
    }
    await Promise.all(ports.map((port, i) => waitUntil(() => ping(port), 20_000, `redis-server on ${port} to answer`, children[i])));
    const create = spawnSync(
      'redis-cli',
      ['--cluster', 'create', ...ports.map((p) => `127.0.0.1:${p}`), '--cluster-replicas', String(options.replicas ?? 1), '--cluster-yes'],
      { encoding: 'utf8', timeout: 60_000 },
    );
    if (create.status !== 0) throw new Error(`redis-cli --cluster create failed (${create.status}): ${create.stdout}\n${create.stderr}`);
    for (const [i, port] of ports.entries()) {
      const child = children[i]!;
      const id = String(await command(port, 'CLUSTER', 'MYID'));
      servers.push({
        port,
        id,
        kill: () => stopChild(child),
        get alive() {
          return child.exitCode === null && child.signalCode === null;
        },
      });
    }
    const live = () => servers.filter((s) => s.alive);
    const topology = async () => {
      const text = String(await command(live()[0]!.port, 'CLUSTER', 'NODES'));
      return parseTopology(text);
    };
    const cluster: TestRedisCluster = {
      url: `redis-cluster://${ports.map((p) => `127.0.0.1:${p}`).join(',')}`,
      servers,
      command,
      async masterOf(key) {
        const slot = Number(await command(live()[0]!.port, 'CLUSTER', 'KEYSLOT', key));
        const slots = (await command(live()[0]!.port, 'CLUSTER', 'SLOTS')) as Array<[number, number, [string, number]]>;
        const range = slots.find(([from, to]) => slot >= from && slot <= to);
        if (!range) throw new Error(`no master serves slot ${slot}`);
        return Number(range[2][1]);
      },
      topology,
      async waitHealthy(timeoutMs = 60_000) {
        await waitUntil(
          async () => {
            for (const server of live()) {
              const info = String(await command(server.port, 'CLUSTER', 'INFO'));
              if (!info.includes('cluster_state:ok')) return false;
            }
            const seen = await Promise.all(
              live().map(async (s) =>
                parseTopology(String(await command(s.port, 'CLUSTER', 'NODES')))
                  .map((m) => m.port)
                  .sort()
                  .join(','),
              ),
            );
            if (new Set(seen).size !== 1 || seen[0]!.split(',').length !== masters) return false;
            // every replica has synced with its master: one that never did refuses to be promoted (its data is too old)
            for (const server of live()) {
              const replication = String(await command(server.port, 'INFO', 'replication'));
              if (replication.includes('role:slave') && !replication.includes('master_link_status:up')) return false;
            }
            return true;
          },
          timeoutMs,
          'the Redis Cluster to be healthy',
        );
      },
      close,
    };
    await cluster.waitHealthy();
    return cluster;
  } catch (error) {
    await close();
    throw error;
  }
}

/** Masters that serve slots, with their live replicas, from `CLUSTER NODES`. */
function parseTopology(text: string): Array<{ port: number; replicas: number[] }> {
  const lines = text
    .trim()
    .split('\n')
    .map((line) => line.split(' '));
  const portOf = (address: string) => Number(address.split('@')[0]!.split(':')[1]);
  const masters = lines.filter((f) => f[2]!.includes('master') && !f[2]!.includes('fail') && f.length > 8);
  return masters.map((m) => ({
    port: portOf(m[1]!),
    replicas: lines.filter((f) => f[3] === m[0] && !f[2]!.includes('fail')).map((f) => portOf(f[1]!)),
  }));
}

async function command(port: number, ...args: Array<string | number>): Promise<unknown> {
  const client = new Redis({ port, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 2_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return await client.call(String(args[0]), ...args.slice(1).map(String));
  } finally {
    client.disconnect();
  }
}

async function ping(port: number): Promise<boolean> {
  try {
    return (await command(port, 'PING')) === 'PONG';
  } catch {
    return false;
  }
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number, what: string, child?: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let delay = 20;
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`${what}: the process exited with ${child.exitCode}`);
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, delay));
    delay = Math.min(delay * 2, 250);
  }
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  await exited;
}
