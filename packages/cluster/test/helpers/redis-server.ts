import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A free loopback TCP port. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A private redis-server (Debian's) on a free loopback port, owned by the test. */
export interface TestRedis {
  url: string;
  port: number;
  /** Stops it (SIGTERM: with `persist`, the append-only file is flushed) and waits for the exit. */
  stop(): Promise<void>;
  /** Starts it again on the same port and data folder. */
  restart(): Promise<void>;
  /** Stops it and removes its data folder. */
  close(): Promise<void>;
}

/**
 * Starts `redis-server --port <free> --bind 127.0.0.1`. With `persist`, it keeps an append-only file (fsync every
 * write) in a temporary folder, so a restart keeps the queue; otherwise nothing touches the disk.
 */
export async function startRedis(options: { persist?: boolean } = {}): Promise<TestRedis> {
  if (spawnSync('redis-server', ['--version']).error) {
    throw new Error(
      'redis-server (Debian package redis-server, Redis 7) is not installed: run `npm run setup` (it installs it) or apt-get install redis-server',
    );
  }
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'ufo-cluster-redis-'));
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--daemonize', 'no', '--save', '', '--dir', dir, '--protected-mode', 'yes'];
  args.push(...(options.persist ? ['--appendonly', 'yes', '--appendfsync', 'always'] : ['--appendonly', 'no']));
  let child: ChildProcess | undefined;
  const launch = async () => {
    child = spawn('redis-server', args, { stdio: ['ignore', 'ignore', 'inherit'] });
    const deadline = Date.now() + 10_000;
    while (!(await canConnect(port))) {
      if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode}`);
      if (Date.now() > deadline) throw new Error('redis-server did not start within 10 s');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const stop = async () => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    const force = setTimeout(() => child?.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(force);
  };
  await launch();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop,
    restart: launch,
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

/**
 * Waits until every client is `ready`, as a node does before it subscribes: a subscription sent on a connection
 * that is not ready yet puts it in subscriber mode before ioredis' ready check (INFO), which then fails, and the
 * connection reconnects — a publish meanwhile reaches nobody.
 */
export async function whenRedisReady(...clients: Array<{ status: string; once(event: 'ready', listener: () => void): unknown }>): Promise<void> {
  await Promise.all(clients.map((client) => (client.status === 'ready' ? undefined : new Promise<void>((resolve) => client.once('ready', () => resolve())))));
}
