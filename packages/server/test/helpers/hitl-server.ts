// Test helper: an in-process server on 127.0.0.1 whose models follow HITL_SCRIPTS, skipping the replies a resumed
// session already used, and a real device process per client id.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ScriptedModel } from '@ufo-ts/core/testing';
import { afterEach } from 'vitest';
import type { ChildHandle } from '../../../../test-support/processes.js';
import { createUfoServer, type ServerEvent, type UfoServer, type UfoServerOptions } from '../../src/index.js';
import { HITL_SCRIPTS } from './hitl-scripts.js';
import { startDeviceProcess } from './remote-setup.js';

/** One model the server created: for which request, from which step, and the calls it got. */
export interface CreatedModel {
  request: string;
  fromStep: number;
  model: ScriptedModel;
}

/** A started server with its API helper. */
export interface HitlServer {
  server: UfoServer;
  httpUrl: string;
  wsUrl: string;
  apiKey: string;
  events: ServerEvent[];
  models: CreatedModel[];
  api(method: 'GET' | 'POST', path: string, body?: unknown, key?: string): Promise<{ status: number; body: any }>;
  /** Polls `GET /api/tasks/{name}` until the status is one of `statuses`. */
  waitForStatus(taskName: string, statuses: readonly string[], key?: string, timeoutMs?: number): Promise<any>;
}

/** Starts and cleans up servers, log roots and device processes of a test file. */
export function hitlPerTest() {
  const servers: UfoServer[] = [];
  const devices: ChildHandle[] = [];
  const roots: string[] = [];
  afterEach(async () => {
    for (const device of devices.splice(0)) await device.kill();
    for (const server of servers.splice(0)) await server.stop();
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
  });
  return {
    /** A fresh log root, removed after the test. */
    logRoot(): string {
      const root = mkdtempSync(join(tmpdir(), 'ufo-hitl-'));
      roots.push(root);
      return root;
    },
    async start(options: Partial<UfoServerOptions> & { logRoot: string; costPerCall?: number }): Promise<HitlServer> {
      const events: ServerEvent[] = [];
      const models: CreatedModel[] = [];
      const { costPerCall, ...rest } = options;
      const server = createUfoServer({
        port: 0,
        commandTimeoutMs: 10_000,
        deviceTaskRate: { burst: 100, perMinute: 1_000 },
        createModel: ({ request, resumedAtStep }) => {
          const fromStep = resumedAtStep ?? 0;
          const model = new ScriptedModel({
            replies: (HITL_SCRIPTS[request] ?? []).slice(fromStep) as never,
            ...(costPerCall !== undefined ? { defaultCost: costPerCall } : {}),
          });
          models.push({ request, fromStep, model });
          return model;
        },
        onEvent: (event) => {
          if (event.type !== 'engine' && event.type !== 'remote-dispatcher') events.push(event);
        },
        ...rest,
      });
      servers.push(server);
      const address = await server.start();
      const api: HitlServer['api'] = async (method, path, body, key = server.apiKey) => {
        const response = await fetch(`${address.httpUrl}${path}`, {
          method,
          headers: { 'x-api-key': key, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
          ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
        });
        return { status: response.status, body: await response.json() };
      };
      return {
        server,
        httpUrl: address.httpUrl,
        wsUrl: address.wsUrl,
        apiKey: server.apiKey,
        events,
        models,
        api,
        async waitForStatus(taskName, statuses, key, timeoutMs = 20_000) {
          const deadline = Date.now() + timeoutMs;
          for (;;) {
            const { status, body } = await api('GET', `/api/tasks/${encodeURIComponent(taskName)}`, undefined, key);
            if (status === 200 && statuses.includes(body.status)) return body;
            if (Date.now() > deadline) throw new Error(`task ${taskName} is ${body.status ?? status}, not ${statuses.join('|')}, after ${timeoutMs} ms`);
            await new Promise((resolve) => setTimeout(resolve, 25));
          }
        },
      };
    },
    /** Starts a device process registered on the server (killed after the test). */
    async device(server: { wsUrl: string; apiKey: string }, clientId: string): Promise<ChildHandle> {
      const handle = await startDeviceProcess(server, clientId);
      devices.push(handle);
      return handle;
    },
    /** Stops a server now (a restart); it is not stopped again after the test. */
    async stopServer(server: UfoServer): Promise<void> {
      servers.splice(servers.indexOf(server), 1);
      await server.stop();
    },
    /** Kills a device process now. */
    async killDevice(device: ChildHandle): Promise<void> {
      devices.splice(devices.indexOf(device), 1);
      await device.kill();
    },
  };
}
