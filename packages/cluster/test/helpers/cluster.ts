import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ScaleOutEventName, ScaleOutEventNamed } from '@ufo-ts/server';
import { inject } from 'vitest';
import { spawnFixture, type ChildHandle, type Line } from '../../../../test-support/processes.js';

/** A cluster node process and an HTTP helper for its API. */
export interface NodeProcess {
  nodeId: string;
  handle: ChildHandle;
  httpUrl: string;
  /** The device WebSocket endpoint. */
  wsUrl: string;
  port: number;
  /** Calls the HTTP API with the key; returns status and JSON body. */
  api(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown, key?: string): Promise<{ status: number; body: any }>;
  /** Polls `GET /api/task_result/{name}` on this node until the task is no longer running (nor waiting). */
  waitForResult(taskName: string, timeoutMs?: number, key?: string): Promise<any>;
  /** The scale-out events named `name` this node reported. */
  events<N extends ScaleOutEventName>(name: N): ScaleOutEventNamed<N>[];
}

/** Settings every node of a test cluster shares. */
export interface NodeSettings {
  redisUrl: string;
  apiKey: string;
  logRoot: string;
  worker?: boolean;
  lockDurationMs?: number;
  stalledIntervalMs?: number;
  leaseMs?: number;
  /** How long a holder probed at another node's request has to answer (ms). */
  duplicateProbeMs?: number;
  offlineBudgetMs?: number;
  resendEveryMs?: number;
  onUnknownOutcome?: 'tell-model' | 'ask' | 'fail';
  confirm?: boolean;
  /** Refuse devices without an issued credential. */
  requireDeviceCredentials?: boolean;
  apiKeys?: { id: string; key: string; role?: 'admin' | 'task' }[];
  approval?: { mode: 'auto-approve' | 'auto-reject' | 'wait'; timeout_ms?: number; on_timeout?: 'approve' | 'reject'; default_answer?: string };
  budgets?: { session?: { max_steps?: number; max_cost_usd?: number }; keys?: Record<string, { max_steps?: number; max_cost_usd?: number }> };
  costPerCall?: number;
  /** The server's action policy. */
  actionPolicy?: unknown;
}

/** Starts a node fixture process and waits for its address. */
export async function startNode(nodeId: string, settings: NodeSettings): Promise<NodeProcess> {
  const handle = spawnFixture(inject('fixtures').node, { ...settings, nodeId });
  const info = await handle.waitFor('stdout', (line) => typeof line['httpUrl'] === 'string', 20_000, `node ${nodeId} to start`);
  const httpUrl = info['httpUrl'] as string;
  const api: NodeProcess['api'] = async (method, path, body, key = settings.apiKey) => {
    const response = await fetch(`${httpUrl}${path}`, {
      method,
      headers: { 'x-api-key': key, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return { status: response.status, body: await response.json() };
  };
  return {
    nodeId,
    handle,
    httpUrl,
    wsUrl: info['wsUrl'] as string,
    port: info['port'] as number,
    api,
    async waitForResult(taskName, timeoutMs = 30_000, key) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const { status, body } = await api('GET', `/api/task_result/${encodeURIComponent(taskName)}`, undefined, key);
        if (status === 200 && body.status !== 'running' && body.status !== 'waiting') return body;
        if (Date.now() > deadline) throw new Error(`task ${taskName} still ${body.status ?? status} after ${timeoutMs} ms (asked ${nodeId})`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    // the node process writes each server event as a JSON line: the scale-out ones are ScaleOutEvents
    events: <N extends ScaleOutEventName>(name: N) =>
      handle.stderr.filter((line) => line['type'] === 'scale-out' && line['name'] === name) as unknown as ScaleOutEventNamed<N>[],
  };
}

/** Starts a process with simulated devices and waits until all registered. */
export async function startDevices(wsUrl: string, apiKey: string, clientIds: string[]): Promise<ChildHandle> {
  const handle = spawnFixture(inject('fixtures').devices, { serverUrl: wsUrl, apiKey, clientIds });
  await handle.waitFor('stdout', (line) => line['type'] === 'ready', 30_000, `devices ${clientIds.join(',')} to register`);
  return handle;
}

/** A temporary log root removed by `cleanup`. */
export function tempLogRoot(): { path: string; cleanup(): void } {
  const path = mkdtempSync(join(tmpdir(), 'ufo-cluster-logs-'));
  return { path, cleanup: () => rmSync(path, { recursive: true, force: true }) };
}

/** The lines a devices process printed for one device. */
export function linesOf(handle: ChildHandle, clientId: string, type?: string): Line[] {
  return handle.stdout.filter((line) => line['clientId'] === clientId && (type === undefined || line['type'] === type));
}

/** Command ids that started more than once on a device (must be none: de-duplication). */
export function commandsRunTwice(handle: ChildHandle, clientId: string): string[] {
  const seen = new Map<string, number>();
  for (const line of linesOf(handle, clientId, 'command-start')) seen.set(line['responseId'] as string, (seen.get(line['responseId'] as string) ?? 0) + 1);
  return [...seen].filter(([, n]) => n > 1).map(([id]) => id);
}
