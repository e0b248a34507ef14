import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FakeDesktop } from '@ufo-ts/testkit';
import { describe, expect, inject, it } from 'vitest';
import { openAIWireLine, perTestPrograms } from './helpers/served-programs.js';

const wire = (content: unknown) => openAIWireLine(content, 'chatcmpl-approval');
const { ufo, tempDir } = perTestPrograms();

describe('ufo serve --approval wait + ufo tasks (real processes on 127.0.0.1)', () => {
  it('a held action waits under the server-wide policy and `ufo tasks approve` from another process runs it', async () => {
    const dir = tempDir('ufo-cli-approval-');
    const calc = new FakeDesktop().windows.find((w) => w.root_name === 'calc')!.id;
    writeFileSync(
      join(dir, 'held.jsonl'),
      [
        wire({
          observation: 'desktop',
          thought: 'open the calculator',
          action: { function: 'select_application_window', arguments: { id: calc }, status: 'CONTINUE' },
        }),
        wire({ observation: 'calculator', thought: 'press 1', action: { function: 'click_input', arguments: { id: '1' }, status: 'CONFIRM' } }),
        wire({ observation: 'calculator', thought: 'done', action: [], status: 'FINISH', result: 'pressed' }),
      ].join('\n'),
    );
    writeFileSync(
      join(dir, 'tools.yaml'),
      [
        'LinuxAgent:',
        '  default:',
        '    action:',
        '      - namespace: fake-desktop',
        '        transport: stdio',
        `        command: ${JSON.stringify(process.execPath)}`,
        `        args: [${JSON.stringify(inject('programs').fakeDesktopStdio)}]`,
      ].join('\n'),
    );
    const env = { UFO_API_KEY: 'cli-approval-key' };
    const server = ufo(['serve', '--port', '0', '--replay', join(dir, 'held.jsonl'), '--log-root', join(dir, 'logs'), '--approval', 'wait', '--json'], env);
    const address = JSON.parse(await server.line('stdout', (l) => l.startsWith('{'), 15_000)) as { httpUrl: string; wsUrl: string };
    const device = ufo(
      ['client', '--server', address.wsUrl, '--client-id', 'approval-dev', '--tools', join(dir, 'tools.yaml'), '--platform', 'linux', '--json'],
      env,
    );
    await device.line('stderr', (l) => l.includes('"type":"registered"'), 15_000);
    const dispatched = await fetch(`${address.httpUrl}/api/dispatch`, {
      method: 'POST',
      headers: { 'x-api-key': env.UFO_API_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ client_id: 'approval-dev', request: 'press 1', task_name: 'held-cli' }),
    });
    expect(dispatched.status).toBe(200);
    const waitingLine = await server.line('stderr', (l) => l.includes('"type":"task-waiting"'), 15_000);
    const pendingId = (JSON.parse(waitingLine) as { pendingId: string }).pendingId;

    const tasksEnv = { ...env, UFO_SERVER_URL: address.httpUrl };
    const list = ufo(['tasks', 'list', '--status', 'waiting'], tasksEnv);
    expect(await list.exited).toBe(0);
    expect(list.stdout.join('\n')).toContain(`held-cli\twaiting\tapproval-dev\twaits for approval of click_input\tpending ${pendingId}`);
    const approve = ufo(['tasks', 'approve', 'held-cli', '--pending-id', pendingId], tasksEnv);
    expect(await approve.exited).toBe(0);
    await server.line('stderr', (l) => l.includes('"type":"task-ended"') && l.includes('held-cli'), 15_000);
    const show = ufo(['tasks', 'show', 'held-cli', '--json'], tasksEnv);
    expect(await show.exited).toBe(0);
    expect(JSON.parse(show.stdout[0]!)).toMatchObject({ status: 'completed', result: { final_state: 'FINISH' } });
    const again = ufo(['tasks', 'approve', 'held-cli', '--pending-id', pendingId], tasksEnv);
    expect(await again.exited).toBe(1);
    expect(again.stderr.join('\n')).toContain('TASK_NOT_WAITING');
    expect(await server.stop()).toBe(0);
  });
});
