import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { spawnFixture, type ChildHandle } from '../../../../test-support/processes.js';

/** A server process, its address and key, and an HTTP helper for its API. */
export interface ServerProcess {
  handle: ChildHandle;
  httpUrl: string;
  wsUrl: string;
  apiKey: string;
  logRoot: string;
  /** Calls the HTTP API with the key; returns status and JSON body. */
  api(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: any }>;
  /** Polls `GET /api/task_result/{name}` until the task is no longer running. */
  waitForResult(taskName: string, timeoutMs?: number): Promise<any>;
  stop(): Promise<void>;
}

/** Starts a server fixture process with ScriptedModel scripts keyed by request text. */
export async function startServerProcess(options: {
  scripts: Record<string, unknown[]>;
  commandTimeoutMs?: number;
  heartbeatIntervalMs?: number;
  maxMessageBytes?: number;
  port?: number;
  apiKey?: string;
  logRoot?: string;
}): Promise<ServerProcess> {
  const logRoot = options.logRoot ?? mkdtempSync(join(tmpdir(), 'ufo-server-logs-'));
  const handle = spawnFixture(inject('fixtures').server, { ...options, logRoot });
  const info = await handle.waitFor('stdout', (line) => typeof line['httpUrl'] === 'string', 15_000, 'the server address');
  const httpUrl = info['httpUrl'] as string;
  const apiKey = info['apiKey'] as string;
  const api: ServerProcess['api'] = async (method, path, body) => {
    const response = await fetch(`${httpUrl}${path}`, {
      method,
      headers: { 'x-api-key': apiKey, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return { status: response.status, body: await response.json() };
  };
  return {
    handle,
    httpUrl,
    wsUrl: info['wsUrl'] as string,
    apiKey,
    logRoot,
    api,
    async waitForResult(taskName, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const { status, body } = await api('GET', `/api/task_result/${encodeURIComponent(taskName)}`);
        if (status === 200 && body.status !== 'running') return body;
        if (Date.now() > deadline) throw new Error(`task ${taskName} still ${body.status ?? status} after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    async stop() {
      await handle.stop();
      if (!options.logRoot) rmSync(logRoot, { recursive: true, force: true });
    },
  };
}

/** Starts a device fixture process and waits until it registered. */
export async function startDeviceProcess(
  server: { wsUrl: string; apiKey: string },
  clientId: string,
  platform: 'linux' | 'windows' = 'linux',
): Promise<ChildHandle> {
  const handle = spawnFixture(inject('fixtures').device, { serverUrl: server.wsUrl, apiKey: server.apiKey, clientId, platform });
  await handle.waitFor('stdout', (line) => line['type'] === 'ready', 15_000, `device ${clientId} to register`);
  return handle;
}
