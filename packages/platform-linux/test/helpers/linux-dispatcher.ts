// Test helper: run Commands against a Linux tool server through the real dispatcher over streamable HTTP.
import { createCommand, type Result } from '@ufo-ts/core';
import { LocalCommandDispatcher } from '@ufo-ts/dispatchers';
import type { HttpToolServer } from '@ufo-ts/dispatchers/server';
import { randomBytes } from 'node:crypto';
import { createLinuxToolServer, type LinuxToolServer, type LinuxToolServerOptions } from '../../src/server/create-linux-tool-server.js';

/** A Linux tool server served over HTTP and a dispatcher talking to it. */
export interface LinuxServerFixture {
  server: LinuxToolServer;
  http: HttpToolServer;
  dispatcher: LocalCommandDispatcher;
  token: string;
  /** Runs one tool through the dispatcher and returns its Result. */
  run(tool: string, parameters?: Record<string, unknown>, toolType?: 'action' | 'data_collection'): Promise<Result>;
  /** Runs a tool and returns its result, failing the test when the Result is not a success. */
  ok<T = Record<string, unknown>>(tool: string, parameters?: Record<string, unknown>, toolType?: 'action' | 'data_collection'): Promise<T>;
  close(): Promise<void>;
}

/** Starts the tool server on 127.0.0.1 with a random token and a LocalCommandDispatcher configured for it. */
export async function startLinuxServer(options: LinuxToolServerOptions): Promise<LinuxServerFixture> {
  const token = randomBytes(16).toString('hex');
  const server = await createLinuxToolServer(options);
  const http = await server.serveHttp({ token });
  const entry = { namespace: 'linux', transport: 'http' as const, url: http.url, headers: { Authorization: `Bearer ${token}` } };
  const dispatcher = new LocalCommandDispatcher({
    config: { LinuxAgent: { default: { data_collection: [entry], action: [entry] } } },
    defaultTimeoutMs: 60_000,
  });
  const target = { agent: 'LinuxAgent' };
  const run = async (tool: string, parameters: Record<string, unknown> = {}, toolType?: 'action' | 'data_collection'): Promise<Result> => {
    const type = toolType ?? server.tools.find((t) => t.name === tool)?.toolType ?? 'action';
    const [result] = await dispatcher.execute([createCommand(tool, parameters, type)], { target });
    return result!;
  };
  return {
    server,
    http,
    dispatcher,
    token,
    run,
    async ok<T>(tool: string, parameters: Record<string, unknown> = {}, toolType?: 'action' | 'data_collection') {
      const result = await run(tool, parameters, toolType);
      if (result.status !== 'success') throw new Error(`${tool} failed: ${result.error}`);
      return result.result as T;
    },
    async close() {
      await dispatcher.close();
      await server.close();
    },
  };
}
