import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createCommand, type Result } from '@ufo-ts/core';
import { LocalCommandDispatcher } from '@ufo-ts/dispatchers';
import { afterEach, describe, expect, it } from 'vitest';
import { UiaBridgeClient } from '../../src/bridge/bridge-client.js';
import { AppLauncher } from '../../src/launcher/app-launcher.js';
import { createWindowsToolServers, type WindowsToolServers } from '../../src/tools/windows-tool-servers.js';
import { fakeBridgeLauncher, fixturePath } from '../support/fake-bridge.js';

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((o) => o.close()));
});

function servers(fixture: string): WindowsToolServers {
  const bridge = new UiaBridgeClient({ launcher: fakeBridgeLauncher({ transcript: fixturePath(fixture) }) });
  const s = createWindowsToolServers({
    bridge,
    launcher: new AppLauncher({ allowList: new Map(), settleMs: 0 }),
    typingPauseMs: 0,
    keyboardPauseMs: 0,
  });
  open.push(s);
  return s;
}

function dispatcher(s: WindowsToolServers): LocalCommandDispatcher {
  const server = (namespace: string) => ({ namespace, transport: 'in-process' as const, factory: namespace });
  const d = new LocalCommandDispatcher({
    factories: s.factories,
    config: {
      HostAgent: { default: { data_collection: [server('UICollector')], action: [server('HostUIExecutor'), server('CommandLineExecutor')] } },
      AppAgent: { default: { data_collection: [server('UICollector')], action: [server('AppUIExecutor'), server('CommandLineExecutor')] } },
    },
  });
  open.push(d);
  return d;
}

const run = async (
  d: LocalCommandDispatcher,
  agent: string,
  tool: string,
  params: Record<string, unknown>,
  type: 'action' | 'data_collection' = 'action',
): Promise<Result> => {
  const [result] = await d.execute([createCommand(tool, params, type)], { target: { agent } });
  return result!;
};

describe('Windows MCP tool servers', () => {
  it("offer UFO's tool names, typed with ufo/tool_type, per namespace", async () => {
    const s = servers('notepad.transcript.jsonl');
    const names = async (ns: Parameters<WindowsToolServers['createServer']>[0]) => {
      const [a, b] = InMemoryTransport.createLinkedPair();
      const server = s.createServer(ns);
      const client = new Client({ name: 'test', version: '0' });
      await server.connect(b);
      await client.connect(a);
      const { tools } = await client.listTools();
      await client.close();
      await server.close();
      return tools;
    };
    const collector = await names('UICollector');
    expect(collector.map((t) => t.name)).toEqual([
      'get_desktop_app_info',
      'get_desktop_app_target_info',
      'get_app_window_info',
      'get_app_window_controls_info',
      'get_app_window_controls_target_info',
      'capture_window_screenshot',
      'capture_desktop_screenshot',
      'capture_annotated_window_screenshot',
      'get_ui_tree',
      'add_control_list',
    ]);
    expect(collector.every((t) => t._meta?.['ufo/tool_type'] === 'data_collection')).toBe(true);
    expect((await names('HostUIExecutor')).map((t) => t.name)).toEqual(['select_application_window']);
    const app = await names('AppUIExecutor');
    expect(app.map((t) => t.name)).toEqual([
      'click_input',
      'click_on_coordinates',
      'drag_on_coordinates',
      'set_edit_text',
      'keyboard_input',
      'wheel_mouse_input',
      'texts',
      'wait',
      'summary',
    ]);
    expect(app.every((t) => t._meta?.['ufo/tool_type'] === 'action')).toBe(true);
    const click = app.find((t) => t.name === 'click_input')!;
    expect(click.inputSchema.required).toEqual(['id', 'name']);
    expect((await names('CommandLineExecutor')).map((t) => t.name)).toEqual(['run_shell', 'launch_application']);
    expect((await names('WindowsUI')).length).toBe(22);
  });

  it('run a HostAgent → AppAgent round through the dispatcher, sharing the selection', async () => {
    const d = dispatcher(servers('notepad.transcript.jsonl'));
    const windows = await run(d, 'HostAgent', 'get_desktop_app_info', {}, 'data_collection');
    expect(windows.status).toBe('success');
    expect(windows.result).toContainEqual(expect.objectContaining({ id: '1', name: 'Untitled - Notepad' }));
    const selected = await run(d, 'HostAgent', 'select_application_window', { id: '1', name: 'Untitled - Notepad' });
    expect(selected).toMatchObject({ status: 'success', result: { root_name: 'Notepad.exe' } });
    const controls = await run(d, 'AppAgent', 'get_app_window_controls_target_info', { field_list: [] }, 'data_collection');
    expect(controls.status).toBe('success');
    expect((controls.result as unknown[]).length).toBe(16);
    const click = await run(d, 'AppAgent', 'click_input', { id: '3', name: 'Add New Tab' });
    expect(click).toMatchObject({ status: 'success', result: 'Clicked control 3:Add New Tab (invoke pattern).' });
    const shot = await run(d, 'AppAgent', 'capture_window_screenshot', {}, 'data_collection');
    expect(shot.result).toMatchObject({ width: 1200, height: 800 });
  });

  it('turn errors into failure Results, never into successful error strings', async () => {
    const d = dispatcher(servers('notepad.transcript.jsonl'));
    const none = await run(d, 'AppAgent', 'get_app_window_controls_target_info', { field_list: [] }, 'data_collection');
    expect(none.status).toBe('failure');
    expect(none.error).toContain('No window is selected');
    await run(d, 'HostAgent', 'get_desktop_app_info', {}, 'data_collection');
    await run(d, 'HostAgent', 'select_application_window', { id: '1', name: 'Untitled - Notepad' });
    await run(d, 'AppAgent', 'get_app_window_controls_target_info', { field_list: [] }, 'data_collection');
    const unknown = await run(d, 'AppAgent', 'click_input', { id: '99', name: 'x' });
    expect(unknown.status).toBe('failure');
    expect(unknown.error).toContain("Control with id '99' not found");
    const keys = await run(d, 'AppAgent', 'keyboard_input', { id: '11', name: 'Text editor', keys: '{NOPE}' });
    expect(keys.status).toBe('failure');
    expect(keys.error).toContain('unknown key name {NOPE}');
    const launch = await run(d, 'AppAgent', 'run_shell', { bash_command: 'cmd /c del C:\\' });
    expect(launch.status).toBe('failure');
    expect(launch.error).toContain("'cmd' is not an allowed application");
  });

  it('report a window that vanished before a screenshot as a failure Result', async () => {
    const d = dispatcher(servers('modal-dialog.transcript.jsonl'));
    await run(d, 'HostAgent', 'get_desktop_app_info', {}, 'data_collection');
    expect((await run(d, 'HostAgent', 'select_application_window', { id: '4', name: 'Calculator' })).status).toBe('success');
    const shot = await run(d, 'AppAgent', 'capture_window_screenshot', {}, 'data_collection');
    expect(shot.status).toBe('failure');
    expect(shot.error).toContain("The window 'Calculator' no longer exists");
  });
});
