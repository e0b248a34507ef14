// A real server and a real device client over a WebSocket on 127.0.0.1: the server's tool spans travel to the device
// in each COMMAND (trace_contexts) and the device's tool spans continue them, in the server's trace.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeviceClient } from '@ufo-ts/aip';
import { ScriptedModel } from '@ufo-ts/core/testing';
import { createUfoServer, ServiceSession, type UfoServer } from '@ufo-ts/server';
import { createFakeDesktopDispatcher } from '@ufo-ts/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { UfoTracing } from '../src/index.js';
import { CALC_REPLIES, childrenOf, memoryProvider } from './helpers.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function waitForTask(httpUrl: string, apiKey: string, taskName: string): Promise<Record<string, unknown>> {
  for (let attempt = 0; ; attempt += 1) {
    const response = await fetch(`${httpUrl}/api/task_result/${taskName}`, { headers: { 'x-api-key': apiKey } });
    const body = (await response.json()) as Record<string, unknown>;
    if (response.status === 200 && body['status'] !== 'running') return body;
    if (attempt > 600) throw new Error(`task ${taskName} did not finish: ${JSON.stringify(body)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('trace context over AIP to a remote device', () => {
  it('the device’s execute_tool spans are children of the server’s, in the server session’s trace', async () => {
    const serverSide = memoryProvider();
    const deviceSide = memoryProvider();
    const serverTracing = new UfoTracing({ tracerProvider: serverSide.provider });
    const deviceTracing = new UfoTracing({ tracerProvider: deviceSide.provider });
    const logRoot = mkdtempSync(join(tmpdir(), 'ufo-otel-remote-'));
    cleanups.push(() => rmSync(logRoot, { recursive: true, force: true }));

    const server: UfoServer = createUfoServer({
      port: 0,
      logRoot,
      commandTimeoutMs: 20_000,
      createSession: (input) => {
        const traced = serverTracing.traceSession(input.events);
        return new ServiceSession({
          sessionId: input.sessionId,
          taskName: input.taskName,
          request: input.request,
          clientId: input.clientId,
          platform: input.platform,
          dispatcher: traced.dispatcher(input.dispatcher),
          model: traced.model(new ScriptedModel({ replies: CALC_REPLIES, modelId: 'gpt-remote' })),
          logRoot: input.logRoot,
          events: input.events,
        });
      },
    });
    const address = await server.start();
    cleanups.push(() => server.stop());

    const fake = createFakeDesktopDispatcher();
    const client = new DeviceClient({
      serverUrl: address.wsUrl,
      apiKey: server.apiKey,
      clientId: 'traced-device',
      platform: 'linux',
      dispatcher: deviceTracing.traceDispatcher(fake.dispatcher),
      closeDispatcherOnStop: true,
      backoff: { initialDelayMs: 100, maxDelayMs: 1_000 },
    });
    await client.start();
    cleanups.push(() => client.stop());

    const dispatched = await fetch(`${address.httpUrl}/api/dispatch`, {
      method: 'POST',
      headers: { 'x-api-key': server.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ client_id: 'traced-device', request: 'compute 12 times 34', task_name: 'traced-calc' }),
    });
    expect(dispatched.status).toBe(200);
    const result = await waitForTask(address.httpUrl, server.apiKey, 'traced-calc');
    expect(result).toMatchObject({ status: 'completed', result: { final_state: 'FINISH' } });
    expect(fake.desktop.state.display).toBe('408');

    const serverSpans = serverSide.exporter.getFinishedSpans();
    const deviceSpans = deviceSide.exporter.getFinishedSpans();
    const session = serverSpans.find((s) => s.name === 'ufo.session')!;
    const traceId = session.spanContext().traceId;
    const [round] = childrenOf(serverSpans, session);
    const steps = childrenOf(serverSpans, round!).filter((s) => s.name === 'ufo.step');
    expect(steps).toHaveLength(2);
    const serverClicks = childrenOf(serverSpans, steps[1]!).filter((s) => s.name === 'execute_tool click_input');
    expect(serverClicks).toHaveLength(6);

    // every command the server traced ran on the device under a span whose parent is the server's span of it
    const serverTools = serverSpans.filter((s) => s.name.startsWith('execute_tool '));
    const deviceTools = deviceSpans.filter((s) => s.name.startsWith('execute_tool '));
    expect(deviceTools.length).toBe(serverTools.length);
    for (const device of deviceTools) {
      const parent = serverTools.find((s) => s.spanContext().spanId === device.parentSpanContext?.spanId);
      expect(parent, `${device.name} has a server parent`).toBeDefined();
      expect(device.spanContext().traceId).toBe(traceId);
      expect(device.parentSpanContext?.isRemote).toBe(true);
      expect(device.attributes['gen_ai.tool.call.id']).toBe(parent!.attributes['gen_ai.tool.call.id']);
      expect(device.attributes['gen_ai.tool.name']).toBe(parent!.attributes['gen_ai.tool.name']);
    }
    const deviceClicks = deviceTools.filter((s) => s.name === 'execute_tool click_input');
    expect(deviceClicks.map((s) => s.parentSpanContext?.spanId).sort()).toEqual(serverClicks.map((s) => s.spanContext().spanId).sort());
    expect(deviceClicks.every((s) => s.attributes['ufo.status'] === 'success' && s.attributes['ufo.tool.namespace'] === 'fake-desktop')).toBe(true);
  });
});
