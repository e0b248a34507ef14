import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeviceClient } from '@ufo-ts/aip';
import { ScriptedModel } from '@ufo-ts/core/testing';
import { createUfoServer, type UfoServer } from '@ufo-ts/server';
import { createFakeDesktopDispatcher, FakeDesktop } from '@ufo-ts/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import type { CliIo } from '../src/cli-io.js';
import { tasksCommand } from '../src/commands/tasks.js';

const CALC = new FakeDesktop().windows.find((w) => w.root_name === 'calc')!.id;
const linux = (action: unknown, extra: Record<string, unknown> = {}) => ({ observation: 'desktop', thought: 'thinking', action, ...extra });
const SCRIPTS: Record<string, unknown[]> = {
  'press one, carefully': [
    linux({ function: 'select_application_window', arguments: { id: CALC }, status: 'CONTINUE' }),
    linux({ function: 'click_input', arguments: { id: '1' }, status: 'CONFIRM' }),
    linux([], { status: 'FINISH', result: 'pressed' }),
  ],
  'ask which key': [linux([], { status: 'PENDING', questions: ['Which key?'] }), linux([], { status: 'FINISH', result: 'asked' })],
};

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Runs `ufo tasks ...` in this process, capturing its output. */
async function ufoTasks(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), env, signal: new AbortController().signal };
  const code = await tasksCommand.run(args, io);
  return { code, stdout, stderr };
}

async function setUp(): Promise<{
  server: UfoServer;
  env: Record<string, string>;
  desktop: FakeDesktop;
  dispatch(request: string, taskName: string): Promise<number>;
}> {
  const logRoot = mkdtempSync(join(tmpdir(), 'ufo-cli-tasks-'));
  cleanups.push(() => rmSync(logRoot, { recursive: true, force: true }));
  const server = createUfoServer({
    port: 0,
    logRoot,
    apiKey: 'cli-tasks-key',
    createModel: ({ request, resumedAtStep }) => new ScriptedModel({ replies: (SCRIPTS[request] ?? []).slice(resumedAtStep ?? 0) as never }),
  });
  const address = await server.start();
  cleanups.push(() => server.stop());
  const { desktop, dispatcher } = createFakeDesktopDispatcher();
  const device = new DeviceClient({
    serverUrl: address.wsUrl,
    clientId: 'cli-dev',
    platform: 'linux',
    dispatcher,
    apiKey: 'cli-tasks-key',
    closeDispatcherOnStop: true,
  });
  await device.start();
  cleanups.push(() => device.stop());
  return {
    server,
    desktop,
    env: { UFO_SERVER_URL: address.httpUrl, UFO_API_KEY: 'cli-tasks-key' },
    async dispatch(request, taskName) {
      const response = await fetch(`${address.httpUrl}/api/dispatch`, {
        method: 'POST',
        headers: { 'x-api-key': 'cli-tasks-key', 'content-type': 'application/json' },
        body: JSON.stringify({ client_id: 'cli-dev', request, task_name: taskName, approval: { mode: 'wait' } }),
      });
      return response.status;
    },
  };
}

async function waitForStatus(env: Record<string, string>, taskName: string, status: string): Promise<any> {
  for (let i = 0; i < 400; i += 1) {
    const shown = await ufoTasks(['show', taskName, '--json'], env);
    if (shown.code === 0 && JSON.parse(shown.stdout).status === status) return JSON.parse(shown.stdout);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`task ${taskName} never became ${status}`);
}

describe('ufo tasks against a server on 127.0.0.1', () => {
  it('lists and shows a waiting task, approves it by its pending id, and refuses a second approval', async () => {
    const { env, desktop, dispatch } = await setUp();
    expect(await dispatch('press one, carefully', 'cli-held')).toBe(200);
    const waiting = await waitForStatus(env, 'cli-held', 'waiting');
    const pendingId = waiting.waiting.pending_id as string;

    const list = await ufoTasks(['list', '--status', 'waiting'], env);
    expect(list).toMatchObject({ code: 0 });
    expect(list.stdout).toContain(`cli-held\twaiting\tcli-dev\twaits for approval of click_input\tpending ${pendingId}`);
    const shown = await ufoTasks(['show', 'cli-held'], env);
    expect(shown.stdout).toContain(`pending id: ${pendingId}`);
    expect(shown.stdout).toContain('held action: click_input({"id":"1"})');

    // an approval must name the pending id (a usage error: exit code 2 from the CLI)
    await expect(ufoTasks(['approve', 'cli-held'], env)).rejects.toThrow('--pending-id is required');
    const approved = await ufoTasks(['approve', 'cli-held', '--pending-id', pendingId], env);
    expect(approved).toMatchObject({ code: 0, stdout: 'cli-held: approve taken, the task runs again\n' });
    await waitForStatus(env, 'cli-held', 'completed');
    expect(desktop.state.display).toBe('1');
    const again = await ufoTasks(['approve', 'cli-held', '--pending-id', pendingId], env);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('TASK_NOT_WAITING');
  });

  it('answers a question and reports a wrong key', async () => {
    const { env, dispatch } = await setUp();
    await dispatch('ask which key', 'cli-ask');
    const waiting = await waitForStatus(env, 'cli-ask', 'waiting');
    expect((await ufoTasks(['show', 'cli-ask'], env)).stdout).toContain('question: Which key?');
    const wrongKey = await ufoTasks(['list', '--api-key', 'not-the-key'], env);
    expect(wrongKey).toMatchObject({ code: 1 });
    expect(wrongKey.stderr).toContain('UNAUTHORIZED');
    const answered = await ufoTasks(['answer', 'cli-ask', '--pending-id', waiting.waiting.pending_id, '--answer', 'the one'], env);
    expect(answered.code).toBe(0);
    expect((await waitForStatus(env, 'cli-ask', 'completed')).status).toBe('completed');
  });
});
