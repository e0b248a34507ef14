import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FakeDesktop } from '@ufo-ts/testkit';
import { describe, expect, inject, it } from 'vitest';
import { openAIWireLine, perTestPrograms } from './helpers/served-programs.js';

const wire = (content: unknown) => openAIWireLine(content);
const { ufo, tempDir } = perTestPrograms();

describe('ufo serve + ufo client (real processes on 127.0.0.1)', () => {
  it('a device started with `ufo client` runs a task dispatched to `ufo serve --replay`, and can request its own', async () => {
    const dir = tempDir('ufo-cli-');
    const calc = new FakeDesktop().windows.find((w) => w.root_name === 'calc')!.id;
    const click = (id: string, status = 'CONTINUE') => ({ function: 'click_input', arguments: { id }, status });
    writeFileSync(
      join(dir, 'calc.jsonl'),
      [
        wire({
          observation: 'desktop',
          thought: 'open the calculator',
          action: { function: 'select_application_window', arguments: { id: calc }, status: 'CONTINUE' },
        }),
        wire({
          observation: 'calculator',
          thought: 'type it',
          action: [click('1'), click('2'), click('5'), click('3'), click('4'), click('6', 'FINISH')],
          result: '408',
        }),
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

    const server = ufo(['serve', '--port', '0', '--replay', join(dir, 'calc.jsonl'), '--log-root', join(dir, 'logs'), '--json'], {
      UFO_API_KEY: 'cli-test-key',
    });
    const address = JSON.parse(await server.line('stdout', (l) => l.startsWith('{'), 15_000)) as { httpUrl: string; wsUrl: string; apiKey: string };
    expect(address.apiKey).toBe('cli-test-key');
    const api = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${address.httpUrl}${path}`, {
        method,
        headers: { 'x-api-key': 'cli-test-key', 'content-type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return { status: response.status, body: (await response.json()) as any };
    };

    const device = ufo(
      ['client', '--server', address.wsUrl, '--client-id', 'cli-device', '--tools', join(dir, 'tools.yaml'), '--platform', 'linux', '--json'],
      { UFO_API_KEY: 'cli-test-key' },
    );
    await device.line('stderr', (l) => l.includes('"type":"registered"'), 15_000);
    const clients = await api('GET', '/api/clients');
    expect(clients.body.clients[0]).toMatchObject({ client_id: 'cli-device', platform: 'linux' });
    expect(clients.body.clients[0].device_info.supported_features).toContain('action::click_input');

    expect((await api('POST', '/api/dispatch', { client_id: 'cli-device', request: 'compute 12 times 34', task_name: 'cli-calc' })).status).toBe(200);
    let result: any;
    for (let i = 0; i < 200; i += 1) {
      result = (await api('GET', '/api/task_result/cli-calc')).body;
      if (result.status !== 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(result).toMatchObject({ status: 'completed', result: { rounds: [{ result: '408', finalState: 'FINISH' }] } });
    expect(server.stderr.some((l) => l.includes('"type":"task-ended"') && l.includes('cli-calc'))).toBe(true);

    // a second device asks for its own task and exits with its result
    const own = ufo(
      [
        'client',
        '--server',
        address.wsUrl,
        '--client-id',
        'cli-own',
        '--tools',
        join(dir, 'tools.yaml'),
        '--platform',
        'linux',
        '--request',
        'compute 12 times 34',
        '--task-name',
        'own-calc',
      ],
      { UFO_API_KEY: 'cli-test-key' },
    );
    expect(await own.exited).toBe(0);
    expect(JSON.parse(own.stdout[0]!)).toMatchObject({ task_name: 'own-calc', status: 'completed', result: [{ result: '408' }] });

    // a wrong key is refused for good, without retrying forever
    const intruder = ufo(['client', '--server', address.wsUrl, '--client-id', 'intruder', '--tools', join(dir, 'tools.yaml'), '--api-key', 'wrong']);
    expect(await intruder.exited).toBe(1);
    expect(intruder.stderr.join('\n')).toContain('refused the connection (HTTP 401)');

    // SIGTERM stops the server cleanly
    expect(await server.stop()).toBe(0);
  });

  it('`ufo serve --console` serves the web console under its CSP and the live event stream behind the key', async () => {
    const dir = tempDir('ufo-cli-');
    writeFileSync(join(dir, 'empty.jsonl'), '');
    const server = ufo(['serve', '--port', '0', '--replay', join(dir, 'empty.jsonl'), '--log-root', join(dir, 'logs'), '--console'], {
      UFO_API_KEY: 'cli-console-key',
    });
    const address = JSON.parse(await server.line('stdout', (l) => l.startsWith('{'), 15_000)) as { httpUrl: string };
    await server.line('stderr', (l) => l.includes(`web console: ${address.httpUrl}/console/`), 5_000);
    const page = await fetch(`${address.httpUrl}/console/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
    expect(await page.text()).not.toContain('cli-console-key');
    expect((await fetch(`${address.httpUrl}/api/events`)).status).toBe(401);
    const stream = await fetch(`${address.httpUrl}/api/events`, { headers: { 'x-api-key': 'cli-console-key' } });
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    await stream.body?.cancel();
  });
});
