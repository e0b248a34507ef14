import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { EventBus, MemoryLogSink, ProgrammaticInteractor, Session } from '@ufo-ts/core';
import { ScriptedModel } from '@ufo-ts/core/testing';
import { createLinuxAgent } from '@ufo-ts/processor-strategies';
import { createFakeDesktopDispatcher } from '@ufo-ts/testkit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ChildHandle } from '../../../test-support/processes.js';
import { startDeviceProcess, startServerProcess, type ServerProcess } from './helpers/remote-setup.js';
import { SCRIPTS } from './helpers/scripts.js';

let server: ServerProcess;
let devices: ChildHandle[] = [];

beforeAll(async () => {
  server = await startServerProcess({ scripts: SCRIPTS, commandTimeoutMs: 10_000 });
});
afterAll(async () => {
  await server?.stop();
});
afterEach(async () => {
  for (const device of devices) await device.kill();
  devices = [];
});

async function device(clientId: string, platform: 'linux' | 'windows' = 'linux'): Promise<ChildHandle> {
  const handle = await startDeviceProcess(server, clientId, platform);
  devices.push(handle);
  return handle;
}

async function dispatch(clientId: string, request: string, taskName: string): Promise<{ status: number; body: any }> {
  return server.api('POST', '/api/dispatch', { client_id: clientId, request, task_name: taskName });
}

describe('remote operation: a server process and device processes on 127.0.0.1', () => {
  it('dispatches a task over HTTP, runs its commands on the device’s MCP tool servers and returns the result', async () => {
    const dev = await device('dev-main');
    const clients = await server.api('GET', '/api/clients');
    expect(clients.body.online_clients).toContain('dev-main');
    const info = clients.body.clients.find((c: { client_id: string }) => c.client_id === 'dev-main');
    expect(info).toMatchObject({
      platform: 'linux',
      busy: false,
      device_info: { device_id: 'dev-main', platform: 'linux', cpu_count: expect.any(Number), hostname: expect.any(String) },
    });
    expect(info.device_info.supported_features).toEqual(
      expect.arrayContaining(['action::click_input', 'action::wait_ms', 'data_collection::capture_desktop_screenshot']),
    );

    const dispatched = await dispatch('dev-main', 'compute 12 times 34', 'calc-main');
    expect(dispatched).toMatchObject({
      status: 200,
      body: { status: 'dispatched', task_name: 'calc-main', client_id: 'dev-main', session_id: expect.any(String) },
    });
    const result = await server.waitForResult('calc-main');
    expect(result).toMatchObject({
      status: 'completed',
      session_id: dispatched.body.session_id,
      result: { rounds: [{ request: 'compute 12 times 34', result: '408', finalState: 'FINISH' }], steps: 2, final_state: 'FINISH' },
    });
    // the clicks really happened on the device's desktop
    const desktop = await dev.waitFor(
      'stdout',
      (l) => l['type'] === 'desktop' && (l['state'] as { display: string }).display === '408',
      5_000,
      'the calculator to show 408',
    );
    expect((desktop['state'] as { calls: string[] }).calls.filter((c) => c === 'click_input')).toHaveLength(6);
    // the device was told about the task and its end
    await dev.waitFor('stdout', (l) => l['type'] === 'task-ended' && l['taskName'] === 'calc-main' && l['status'] === 'completed', 5_000, 'TASK_END');
    // logs in a per-task folder under the server's log root
    expect(relative(server.logRoot, result.log_folder)).toMatch(/^calc-main-[0-9a-f]{12}$/);
    const steps = readFileSync(join(result.log_folder, 'response.log'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
      .filter((l) => l.type === 'step');
    expect(steps.map((s) => s.agent)).toEqual(['LinuxAgent', 'LinuxAgent']);
    // the result stays fetchable after the session ended
    expect((await server.api('GET', '/api/task_result/calc-main')).body.status).toBe('completed');
  });

  it('a Windows device gets the HostAgent → AppAgent stack', async () => {
    await device('dev-win', 'windows');
    await dispatch('dev-win', 'windows: compute 12 times 34', 'calc-win');
    const result = await server.waitForResult('calc-win');
    expect(result).toMatchObject({ status: 'completed', result: { rounds: [{ result: '408 computed', finalState: 'FINISH' }], steps: 4 } });
    const steps = readFileSync(join(result.log_folder, 'response.log'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
      .filter((l) => l.type === 'step');
    expect(steps.map((s) => s.agent)).toEqual(['HostAgent', 'AppAgent/calc', 'AppAgent/calc', 'HostAgent']);
  });

  it('a remote session behaves exactly like a local one: only the dispatcher differs', async () => {
    await device('dev-same');
    await dispatch('dev-same', 'compute 12 times 34', 'calc-same');
    const remote = await server.waitForResult('calc-same');
    const remoteSteps = readFileSync(join(remote.log_folder, 'response.log'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
      .filter((l) => l.type === 'step');

    const { dispatcher, desktop } = createFakeDesktopDispatcher();
    const logSink = new MemoryLogSink();
    const interactor = new ProgrammaticInteractor();
    const model = new ScriptedModel({ replies: SCRIPTS['compute 12 times 34'] });
    const agent = createLinuxAgent({ model, dispatcher, interactor, events: new EventBus(), logSink });
    const local = await new Session({
      task: 'local',
      request: 'compute 12 times 34',
      logSink,
      interactor,
      dispatcher,
      maxRounds: 1,
      startAgent: () => (agent.reset(), agent),
    }).run();
    await dispatcher.close();

    expect(desktop.state.display).toBe('408');
    expect(remote.result.rounds).toEqual(local.rounds);
    expect(remote.result.steps).toBe(local.steps);
    const shape = (steps: Array<Record<string, any>>) =>
      steps.map((s) => ({ agent: s.agent, state: s.state, status: s.status, actions: (s.actions ?? []).map((a: any) => [a.function, a.result?.status]) }));
    expect(shape(remoteSteps)).toEqual(shape(logSink.lines.response.filter((l) => l['type'] === 'step')));
  });

  it('a device killed mid-command fails its session at once with the reason, and a restarted device takes new tasks', async () => {
    const dev = await device('dev-kill');
    await dispatch('dev-kill', 'wait a long time', 'wait-kill');
    await dev.waitFor('stdout', (l) => l['tool'] === 'wait_ms' && l['phase'] === 'start', 10_000, 'the slow tool to start');
    const killedAt = Date.now();
    await dev.kill();
    const result = await server.waitForResult('wait-kill', 10_000);
    const elapsed = Date.now() - killedAt;
    expect(result.status).toBe('failed');
    expect(result.error).toMatch(/device dev-kill disconnected during the task/);
    // it failed because the device left, not because the 12 s command deadline passed
    expect(elapsed).toBeLessThan(8_000);

    const again = await device('dev-kill');
    const clients = await server.api('GET', '/api/clients');
    expect(clients.body.clients.find((c: { client_id: string }) => c.client_id === 'dev-kill')).toMatchObject({ busy: false });
    await dispatch('dev-kill', 'compute 12 times 34', 'calc-after-restart');
    expect(await server.waitForResult('calc-after-restart')).toMatchObject({ status: 'completed', result: { rounds: [{ result: '408' }] } });
    await again.waitFor(
      'stdout',
      (l) => l['type'] === 'desktop' && (l['state'] as { display: string }).display === '408',
      5_000,
      'the restarted device to compute',
    );
  });

  it('an unknown tool comes back as a failure result at once, the device answers and nothing hangs', async () => {
    const dev = await device('dev-unknown');
    const started = Date.now();
    await dispatch('dev-unknown', 'use the frobnicator', 'frobnicate');
    const result = await server.waitForResult('frobnicate', 10_000);
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(result).toMatchObject({ status: 'failed', result: { rounds: [{ finalState: 'FAIL', result: 'no such tool' }] } });
    const end = await dev.waitFor(
      'stdout',
      (l) => l['type'] === 'command-end' && JSON.stringify(l['results']).includes('TOOL_UNKNOWN'),
      5_000,
      'the TOOL_UNKNOWN result',
    );
    expect(end['results']).toEqual([{ status: 'failure', error: expect.stringMatching(/^TOOL_UNKNOWN: .*frobnicate/) }]);
    const log = readFileSync(join(result.log_folder, 'response.log'), 'utf8');
    expect(log).toContain('TOOL_UNKNOWN');
  });

  it('cancels a running task over HTTP: the device aborts the tool call and takes the next task', async () => {
    const dev = await device('dev-cancel');
    await dispatch('dev-cancel', 'wait a long time', 'wait-cancel');
    await dev.waitFor('stdout', (l) => l['tool'] === 'wait_ms' && l['phase'] === 'start', 10_000, 'the slow tool to start');
    const cancelled = await server.api('POST', '/api/cancel', { task_name: 'wait-cancel', reason: 'user changed their mind' });
    expect(cancelled).toMatchObject({ status: 202, body: { status: 'cancelling', task_name: 'wait-cancel' } });
    const result = await server.waitForResult('wait-cancel', 5_000);
    expect(result).toMatchObject({ status: 'cancelled', error: 'user changed their mind' });
    await dev.waitFor('stdout', (l) => l['tool'] === 'wait_ms' && l['phase'] === 'aborted', 5_000, 'the tool call to be aborted on the device');
    await dev.waitFor('stdout', (l) => l['type'] === 'cancel' && l['aborted'] === 1, 5_000, 'the CANCEL message');
    // cancelling a finished task is refused clearly
    expect((await server.api('POST', '/api/cancel', { task_name: 'wait-cancel' })).body).toMatchObject({ code: 'TASK_FINISHED' });
    await dispatch('dev-cancel', 'compute 12 times 34', 'calc-after-cancel');
    expect((await server.waitForResult('calc-after-cancel')).status).toBe('completed');
  });

  it('a device runs one task at a time: a second dispatch is refused and the running one is unaffected', async () => {
    const dev = await device('dev-busy');
    await dispatch('dev-busy', 'wait a long time', 'busy-first');
    await dev.waitFor('stdout', (l) => l['tool'] === 'wait_ms' && l['phase'] === 'start', 10_000, 'the slow tool to start');
    const second = await dispatch('dev-busy', 'compute 12 times 34', 'busy-second');
    expect(second).toMatchObject({ status: 409, body: { code: 'DEVICE_BUSY', error: expect.stringContaining('busy-first') } });
    expect((await server.api('GET', '/api/task_result/busy-second')).status).toBe(404);
    expect((await server.api('GET', '/api/task_result/busy-first')).body.status).toBe('running');
    // the device's tool servers were not reset under the running call: it is still running
    expect(dev.stdout.some((l) => l['tool'] === 'wait_ms' && l['phase'] !== 'start')).toBe(false);
    await server.api('POST', '/api/cancel', { task_name: 'busy-first' });
    expect((await server.waitForResult('busy-first')).status).toBe('cancelled');
  });

  it('results are fetchable while running and after the end, and fetching never blocks the server', async () => {
    const dev = await device('dev-results');
    await dispatch('dev-results', 'wait a long time', 'results-running');
    await dev.waitFor('stdout', (l) => l['tool'] === 'wait_ms' && l['phase'] === 'start', 10_000, 'the slow tool to start');
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 50 }, () => server.api('GET', '/api/task_result/results-running')));
    expect(answers.every((a) => a.status === 200 && a.body.status === 'running')).toBe(true);
    expect((await server.api('GET', '/api/health')).body).toMatchObject({ status: 'healthy', running_tasks: 1 });
    expect(Date.now() - started).toBeLessThan(5_000);
    await server.api('POST', '/api/cancel', { task_name: 'results-running' });
    await server.waitForResult('results-running');
    expect((await server.api('GET', '/api/task_result/results-running')).body).toMatchObject({ status: 'cancelled', ended_at: expect.any(String) });
    expect((await server.api('GET', '/api/task_result/never-dispatched')).status).toBe(404);
  });

  it('runs sessions on several devices concurrently', async () => {
    const handles = await Promise.all(['dev-c1', 'dev-c2', 'dev-c3'].map((id) => device(id)));
    const dispatched = await Promise.all(['dev-c1', 'dev-c2', 'dev-c3'].map((id) => dispatch(id, 'compute 12 times 34', `calc-${id}`)));
    expect(dispatched.every((d) => d.status === 200)).toBe(true);
    expect((await server.api('GET', '/api/health')).body.running_tasks).toBeGreaterThanOrEqual(1);
    const results = await Promise.all(['dev-c1', 'dev-c2', 'dev-c3'].map((id) => server.waitForResult(`calc-${id}`)));
    expect(results.map((r) => [r.client_id, r.status, r.result.rounds[0].result])).toEqual([
      ['dev-c1', 'completed', '408'],
      ['dev-c2', 'completed', '408'],
      ['dev-c3', 'completed', '408'],
    ]);
    for (const handle of handles)
      await handle.waitFor(
        'stdout',
        (l) => l['type'] === 'desktop' && (l['state'] as { display: string }).display === '408',
        5_000,
        'each desktop to show 408',
      );
  });
});

describe('reconnection across a server restart (real processes)', () => {
  it('a device reconnects with backoff when its server restarts, and takes new tasks', async () => {
    const first = await startServerProcess({ scripts: SCRIPTS, apiKey: 'restart-key' });
    const port = Number(new URL(first.httpUrl).port);
    let second: ServerProcess | undefined;
    try {
      const dev = await startDeviceProcess(first, 'dev-restart');
      devices.push(dev);
      await first.handle.kill();
      await dev.waitFor('stdout', (l) => l['type'] === 'disconnected', 5_000, 'the device to notice');
      await dev.waitFor('stdout', (l) => l['type'] === 'reconnect-scheduled', 5_000, 'a reconnection to be scheduled');
      second = await startServerProcess({ scripts: SCRIPTS, apiKey: 'restart-key', port, logRoot: first.logRoot });
      await dev.waitFor(
        'stdout',
        (l) => l['type'] === 'registered' && dev.stdout.filter((x) => x['type'] === 'registered').length >= 2,
        10_000,
        'the device to register again',
      );
      const dispatched = await second.api('POST', '/api/dispatch', {
        client_id: 'dev-restart',
        request: 'compute 12 times 34',
        task_name: 'after-server-restart',
      });
      expect(dispatched.status).toBe(200);
      expect(await second.waitForResult('after-server-restart')).toMatchObject({ status: 'completed', result: { rounds: [{ result: '408' }] } });
    } finally {
      await second?.stop();
      await first.stop();
    }
  });
});
