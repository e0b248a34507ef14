import { PassThrough } from 'node:stream';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { UiaBridgeClient } from '../bridge/bridge-client.js';
import { AppLauncher } from '../launcher/app-launcher.js';
import { fakeBridgeLauncher, fixturePath } from '../../test/support/fake-bridge.js';
import type { WindowsToolServers } from '../tools/windows-tool-servers.js';
import { serveWindowsTools } from './serve-windows-tools.js';

let servers: WindowsToolServers | undefined;
afterEach(async () => servers?.close());

describe('serveWindowsTools (the ufo-windows-tools stdio server)', () => {
  it('answers MCP over JSON lines: initialize, tools/list, tools/call', async () => {
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    servers = await serveWindowsTools({
      namespace: 'WindowsUI',
      stdin,
      stdout,
      exitOnStdinEnd: false,
      servers: {
        bridge: new UiaBridgeClient({ launcher: fakeBridgeLauncher({ transcript: fixturePath('notepad.transcript.jsonl') }) }),
        launcher: new AppLauncher({ allowList: new Map(), settleMs: 0 }),
      },
    });
    type Reply = { id?: number; result?: { tools?: { name: string }[]; structuredContent?: unknown } };
    const replies = new Map<number, Reply>();
    const waiters = new Map<number, () => void>();
    createInterface({ input: stdout }).on('line', (line) => {
      const message = JSON.parse(line) as Reply;
      if (message.id !== undefined) {
        replies.set(message.id, message);
        waiters.get(message.id)?.();
      }
    });
    const call = (id: number, method: string, params: unknown) => {
      const done = new Promise<void>((resolve) => waiters.set(id, resolve));
      stdin.write(JSON.stringify({ jsonrpc: '2.0', id, method, params }) + '\n');
      return done.then(() => replies.get(id));
    };
    await call(1, 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '0' } });
    stdin.write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) + '\n');
    const list = await call(2, 'tools/list', {});
    expect(list?.result?.tools?.map((t) => t.name)).toContain('select_application_window');
    const windows = await call(3, 'tools/call', { name: 'get_desktop_app_info', arguments: {} });
    expect(JSON.stringify(windows?.result?.structuredContent)).toContain('Untitled - Notepad');
    stdin.end();
  });

  it('refuses an unknown namespace', async () => {
    await expect(serveWindowsTools({ namespace: 'Nope' })).rejects.toThrow(/unknown namespace Nope/);
  });
});
