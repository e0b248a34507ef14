import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ScriptedModel, type ScriptedModelOptions } from '@ufo-ts/core/testing';
import { createUfoServer, type ServerEvent, type UfoServer, type UfoServerOptions } from '../../src/index.js';
import { SCRIPTS } from './scripts.js';

/** A server started in the test process on 127.0.0.1 with scripted models, plus helpers. */
export interface InProcessServer {
  server: UfoServer;
  wsUrl: string;
  httpUrl: string;
  apiKey: string;
  logRoot: string;
  events: ServerEvent[];
  api(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; body: any }>;
  close(): Promise<void>;
}

/** Starts a server in this process (port 0) whose model follows {@link SCRIPTS} by request text. */
export async function startInProcessServer(options: Partial<UfoServerOptions> = {}): Promise<InProcessServer> {
  const logRoot = mkdtempSync(join(tmpdir(), 'ufo-server-test-'));
  const events: ServerEvent[] = [];
  const server = createUfoServer({
    port: 0,
    logRoot,
    commandTimeoutMs: 5_000,
    createModel: ({ request }) => new ScriptedModel({ replies: (SCRIPTS as Record<string, ScriptedModelOptions['replies']>)[request] ?? [] }),
    onEvent: (event) => {
      if (event.type !== 'engine') events.push(event);
    },
    ...options,
  });
  const address = await server.start();
  const api: InProcessServer['api'] = async (method, path, body, headers = { 'x-api-key': server.apiKey }) => {
    const response = await fetch(`${address.httpUrl}${path}`, {
      method,
      headers: { ...headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    });
    return { status: response.status, body: await response.json() };
  };
  return {
    server,
    wsUrl: address.wsUrl,
    httpUrl: address.httpUrl,
    apiKey: server.apiKey,
    logRoot,
    events,
    api,
    async close() {
      await server.stop();
      rmSync(logRoot, { recursive: true, force: true });
    },
  };
}
