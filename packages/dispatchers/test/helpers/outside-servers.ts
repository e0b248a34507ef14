import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { ServerConfigInput } from '../../src/index.js';

const require = createRequire(import.meta.url);

/** The entry script of an outside MCP server installed as a dev dependency. */
function entry(pkg: '@modelcontextprotocol/server-everything' | '@modelcontextprotocol/server-filesystem'): string {
  return join(dirname(require.resolve(`${pkg}/package.json`)), 'dist', 'index.js');
}

/** `@modelcontextprotocol/server-everything` over stdio. */
export function everythingStdio(namespace = 'everything'): ServerConfigInput {
  return { namespace, transport: 'stdio', command: process.execPath, args: [entry('@modelcontextprotocol/server-everything'), 'stdio'] };
}

/** `@modelcontextprotocol/server-filesystem` over stdio, allowed to touch `root` only. */
export function filesystemStdio(root: string, namespace = 'fs'): ServerConfigInput {
  return { namespace, transport: 'stdio', command: process.execPath, args: [entry('@modelcontextprotocol/server-filesystem'), root] };
}

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return address.port;
}

/** A `server-everything` process serving streamable HTTP (SSE replies, resumable streams) on a port. */
export interface EverythingHttp {
  url: string;
  port: number;
  child: ChildProcess;
  /** SIGKILL and wait for the exit. */
  kill(): Promise<void>;
}

/** Starts `server-everything streamableHttp` on `port` (a free one when omitted) and waits until it listens. */
export async function startEverythingHttp(port?: number): Promise<EverythingHttp> {
  const chosen = port ?? (await freePort());
  const child = spawn(process.execPath, [entry('@modelcontextprotocol/server-everything'), 'streamableHttp'], {
    env: { ...process.env, PORT: String(chosen) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let text = '';
    const onData = (chunk: Buffer): void => {
      text += chunk.toString('utf8');
      if (text.includes('listening on port')) {
        child.stderr?.off('data', onData);
        child.stderr?.resume();
        resolve();
      }
    };
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server-everything exited with ${code}: ${text}`)));
  });
  return {
    url: `http://127.0.0.1:${chosen}/mcp`,
    port: chosen,
    child,
    kill: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGKILL');
      await exited;
    },
  };
}
