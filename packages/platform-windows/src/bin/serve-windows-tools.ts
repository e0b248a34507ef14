import type { Readable, Writable } from 'node:stream';
import { serveStdio } from '@ufo-ts/dispatchers/server';
import { InputInvalidError } from '../errors.js';
import {
  createWindowsToolServers,
  WINDOWS_NAMESPACES,
  type WindowsNamespace,
  type WindowsToolServers,
  type WindowsToolServersOptions,
} from '../tools/windows-tool-servers.js';

/** Options of {@link serveWindowsTools}. */
export interface ServeWindowsToolsOptions {
  /** Which server to serve (default `WindowsUI`: every tool, one shared state). */
  namespace?: string;
  /** Streams (default the process's stdin/stdout). */
  stdin?: Readable;
  stdout?: Writable;
  /** Exit when stdin ends (default true on the process's own stdin). */
  exitOnStdinEnd?: boolean;
  /** Options of the servers (default: PowerShell bridge, UFO allow-list). */
  servers?: WindowsToolServersOptions;
}

/**
 * Serves the Windows tools over MCP stdio: what `ufo-windows-tools [namespace]` runs. Returns the servers so the
 * caller can close the bridge.
 * @throws InputInvalidError for an unknown namespace.
 */
export async function serveWindowsTools(options: ServeWindowsToolsOptions = {}): Promise<WindowsToolServers> {
  const namespace = options.namespace ?? 'WindowsUI';
  if (!(WINDOWS_NAMESPACES as readonly string[]).includes(namespace)) {
    throw new InputInvalidError(`unknown namespace ${namespace}; use one of ${WINDOWS_NAMESPACES.join(', ')}`);
  }
  const servers = createWindowsToolServers(options.servers);
  await serveStdio(servers.createServer(namespace as WindowsNamespace), {
    ...(options.stdin ? { stdin: options.stdin } : {}),
    ...(options.stdout ? { stdout: options.stdout } : {}),
    ...(options.exitOnStdinEnd === undefined ? {} : { exitOnStdinEnd: options.exitOnStdinEnd }),
  });
  return servers;
}
