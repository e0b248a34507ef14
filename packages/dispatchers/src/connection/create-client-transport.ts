import type { Readable } from 'node:stream';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { ServerConfig } from '../config/tool-servers-config.js';
import { ServerStartError } from '../errors.js';
import { createTrackedFetch } from './http-fetch.js';
import { httpTransportModule, inMemoryTransportModule, stdioTransportModule } from './mcp-sdk.js';

/** Who an instance serves: set only for `reset: true` servers (one instance per application). */
export interface InstanceTarget {
  agent: string;
  root: string | undefined;
  process: string | undefined;
}

/** What an in-process factory is told about the instance it creates. */
export interface InProcessFactoryContext {
  /** The server's configured namespace. */
  namespace: string;
  /** The application the instance is dedicated to (`reset: true` servers); undefined for shared instances. */
  target: InstanceTarget | undefined;
}

/** Creates a fresh MCP server for an `in-process` server entry. Called once per instance. */
export type InProcessServerFactory = (context: InProcessFactoryContext) => McpServer | Promise<McpServer>;

/** A client transport plus what it takes to clean up after it. */
export interface ClientTransportHandle {
  transport: Transport;
  /** The child's pid (stdio), once spawned. */
  pid(): number | undefined;
  /** The child's stderr (stdio). */
  stderr: Readable | undefined;
  /** Ends the server-side session before the client closes (HTTP `DELETE`). */
  terminate(): Promise<void>;
  /** Releases what the transport does not (in-process server, in-flight HTTP requests). */
  dispose(): Promise<void>;
}

/** Builds the client transport for a server entry, loading that transport's SDK module on first use. */
export async function createClientTransport(
  config: ServerConfig,
  target: InstanceTarget | undefined,
  factories: Readonly<Record<string, InProcessServerFactory>>,
): Promise<ClientTransportHandle> {
  switch (config.transport) {
    case 'stdio': {
      const env: Record<string, string> = {};
      if (config.inheritEnv) {
        for (const [key, value] of Object.entries(process.env)) if (value !== undefined) env[key] = value;
      }
      Object.assign(env, config.env);
      if (target) {
        env['UFO_TARGET_AGENT'] = target.agent;
        if (target.root !== undefined) env['UFO_TARGET_ROOT'] = target.root;
        if (target.process !== undefined) env['UFO_TARGET_PROCESS'] = target.process;
      }
      const { StdioClientTransport } = await stdioTransportModule.load();
      const transport = new StdioClientTransport({
        command: config.command,
        args: config.args,
        env,
        stderr: 'pipe',
        ...(config.cwd !== undefined ? { cwd: config.cwd } : {}),
      });
      return {
        transport,
        pid: () => transport.pid ?? undefined,
        stderr: (transport.stderr as Readable | undefined) ?? undefined,
        terminate: async () => undefined,
        dispose: async () => undefined,
      };
    }
    case 'http': {
      const { StreamableHTTPClientTransport } = await httpTransportModule.load();
      const tracked = createTrackedFetch();
      const transport = new StreamableHTTPClientTransport(new URL(config.url), {
        fetch: tracked.fetch,
        ...(config.headers ? { requestInit: { headers: config.headers } } : {}),
      });
      return {
        transport,
        pid: () => undefined,
        stderr: undefined,
        terminate: () => transport.terminateSession(),
        dispose: async () => tracked.abortAll(),
      };
    }
    case 'in-process': {
      const factory = factories[config.factory];
      if (!factory) {
        throw new ServerStartError(`No in-process factory named "${config.factory}" (known: ${Object.keys(factories).join(', ') || 'none'})`);
      }
      const { InMemoryTransport } = await inMemoryTransportModule.load();
      const server = await factory({ namespace: config.namespace, target });
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      await server.connect(serverSide);
      return {
        transport: clientSide,
        pid: () => undefined,
        stderr: undefined,
        terminate: async () => undefined,
        dispose: () => server.close(),
      };
    }
  }
}
